import Render

/// A table that is never left with a row or two at a page's foot, nor continued with a row or
/// two on the next page (spec 40-care-circle.md: "a table is never left with one row at a page's
/// foot"): it breaks only where at least `minimumAtFoot` body rows stay on the page and at least
/// `minimumCarried` go on, else it moves on whole (or breaks earlier). On an empty page it takes
/// what fits, so nothing is ever refused for good.
///
/// The paginator knows no such rule, so this element adds it around a `Table` from outside the
/// layout engine: it measures each body row as a one-row table (what the table itself measures)
/// and asks the table's own box to split at the height of the rows it chose.
struct KeptTable: LayoutElement {
    let table: Table
    let minimumAtFoot: Int
    let minimumCarried: Int

    func wrap(in context: LayoutContext) throws -> Wrapped {
        let wrapped = try table.wrap(in: context)
        guard case .box(let box) = wrapped else { return wrapped }
        let measured = try rowHeights(in: context)
        return .box(KeptTableBox(inner: box, header: measured.header, rows: measured.rows[...],
                                 minimumAtFoot: minimumAtFoot, minimumCarried: minimumCarried))
    }

    /// The header and the rows that must stay at a page's foot.
    func leadHeight(in context: LayoutContext) -> LeadHeight {
        guard let measured = try? rowHeights(in: context) else { return table.leadHeight(in: context) }
        return .piece(table.spaceBefore + measured.header + measured.rows.prefix(minimumAtFoot).reduce(0, +))
    }

    /// The header row's height and each body row's, as the table measures them.
    func rowHeights(in context: LayoutContext) throws -> (header: Double, rows: [Double]) {
        var bare = table
        bare.rows = []
        bare.spaceBefore = 0
        func height(_ t: Table) throws -> Double {
            guard case .box(let box) = try t.wrap(in: context) else { return 0 }
            return box.height
        }
        let header = try height(bare)
        let rows = try table.rows.map { row -> Double in
            var one = bare
            one.rows = [row]
            return try height(one) - header
        }
        return (header, rows)
    }
}

/// The table's own box, split only where the rule allows.
struct KeptTableBox: LayoutBox {
    let inner: any LayoutBox
    let header: Double
    /// The heights of the body rows this box holds.
    let rows: ArraySlice<Double>
    let minimumAtFoot: Int
    let minimumCarried: Int

    static let eps = 1e-6

    var height: Double { inner.height }
    var spaceBefore: Double { inner.spaceBefore }
    var spaceAfter: Double { inner.spaceAfter }
    var minimumHeight: Double { header + rows.prefix(minimumAtFoot).reduce(0, +) }
    var name: String { inner.name }

    func split(availableHeight: Double, in context: LayoutContext) throws -> BoxSplit {
        let n = rows.count
        var used = header, fits = 0
        for h in rows {
            guard used + h <= availableHeight + Self.eps else { break }
            used += h
            fits += 1
        }
        if fits == n { return .split(head: self, tail: nil) }
        let emptyPage = availableHeight >= context.pageCapacity - Self.eps
        var take = fits
        if n - take < minimumCarried { take = n - minimumCarried }
        if take < min(minimumAtFoot, n) {
            guard emptyPage else { return .refuse }
            take = fits
        }
        guard take > 0 else { return emptyPage ? try inner.split(availableHeight: availableHeight, in: context) : .refuse }
        let cut = rows.startIndex + take
        var target = header
        for h in rows[rows.startIndex..<cut] { target += h }  // summed as the table sums them
        switch try inner.split(availableHeight: target, in: context) {
        case .refuse:
            return .refuse
        case .split(let head, let tail):
            return .split(head: KeptTableBox(inner: head, header: header, rows: rows[..<cut], minimumAtFoot: minimumAtFoot,
                                             minimumCarried: minimumCarried),
                          tail: tail.map { KeptTableBox(inner: $0, header: header, rows: rows[cut...], minimumAtFoot: minimumAtFoot,
                                                        minimumCarried: minimumCarried) })
        }
    }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) { inner.draw(at: origin, into: &canvas) }
}
