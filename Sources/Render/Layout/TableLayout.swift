/// Lays out one table: column widths, measured rows (never split), the header row repeated at
/// the top of every page the table continues on, zebra and cell fills.
struct TableLayout {
    let table: Table
    let m: TextMeasurer
    let widths: [Double]
    let xs: [Double]  // column left edges relative to the frame
    let totalWidth: Double

    init(table: Table, measurer: TextMeasurer, frameWidth: Double) {
        self.table = table; m = measurer
        widths = TableLayout.columnWidths(table.columns, available: frameWidth)
        var x = 0.0
        var xs: [Double] = []
        for w in widths { xs.append(x); x += w }
        self.xs = xs; totalWidth = x
    }

    /// Fixed columns get their width; flexible ones share what is left by weight.
    static func columnWidths(_ columns: [TableColumn], available: Double) -> [Double] {
        var fixed = 0.0, weights = 0.0
        for c in columns {
            switch c.width {
            case .fixed(let w): fixed += max(0, w)
            case .flexible(let wt): weights += max(0, wt)
            }
        }
        let rest = max(0, available - fixed)
        return columns.map { c in
            switch c.width {
            case .fixed(let w): return max(0, w)
            case .flexible(let wt): return weights > 0 ? rest * max(0, wt) / weights : 0
            }
        }
    }

    /// A measured row: per column, its lines and style; and the row height.
    struct MeasuredRow {
        var cells: [(lines: [String], style: TextStyle, lineHeight: Double)]
        var height: Double
    }

    func measure(texts: [String], styles: [TextStyle?], base: TextStyle, minHeight: Double,
                 forceWrap: Bool) -> MeasuredRow {
        let pad = table.cellPadding
        var cells: [(lines: [String], style: TextStyle, lineHeight: Double)] = []
        cells.reserveCapacity(widths.count)
        var contentH = 0.0
        for c in widths.indices {
            let text = c < texts.count ? texts[c] : ""
            let style = (c < styles.count ? styles[c] : nil) ?? base
            let lh = m.lineMetrics(style).height
            if text.isEmpty { cells.append(([], style, lh)); continue }
            let w = max(1, widths[c] - pad.left - pad.right)
            let lines: [String]
            if !forceWrap, table.columns[c].overflow == .truncate {
                lines = [m.truncate(text, style: style, width: w)]
            } else {
                lines = m.wrap(text, style: style, width: w)
            }
            contentH = max(contentH, Double(lines.count) * lh)
            cells.append((lines, style, lh))
        }
        return MeasuredRow(cells: cells, height: max(minHeight, contentH + pad.top + pad.bottom))
    }

    func measureHeader() -> MeasuredRow? {
        guard !table.header.isEmpty else { return nil }
        return measure(texts: table.header, styles: [], base: table.headerStyle,
                       minHeight: table.minHeaderHeight, forceWrap: true)
    }

    func measureBody(_ i: Int) -> MeasuredRow {
        let row = table.rows[i]
        return measure(texts: row.cells.map(\.text), styles: row.cells.map(\.style), base: table.bodyStyle,
                       minHeight: table.minRowHeight, forceWrap: false)
    }

    /// Header plus first body row: what must fit for the table to start on a page.
    func leadHeight() -> Double {
        (measureHeader()?.height ?? 0) + (table.rows.isEmpty ? 0 : measureBody(0).height)
    }

    func place(in p: Paginator) throws {
        let header = measureHeader()
        let headerH = header?.height ?? 0
        let name = "table \"\(table.name)\""
        let first = table.rows.isEmpty ? nil : measureBody(0)
        if let first, headerH + first.height > p.capacity + Paginator.eps {
            throw LayoutError.doesNotFit(element: "\(name) row 1", size: first.height,
                                         available: p.capacity - headerH)
        }
        try p.reserve(headerH + (first?.height ?? 0), spaceBefore: table.spaceBefore,
                      element: "\(name) header")
        if let header { emit(header, top: p.y, fill: table.headerFill, cellFills: [], alignmentsFrom: true, in: p) }
        p.y += headerH
        for i in table.rows.indices {
            let row = i == 0 ? first! : measureBody(i)
            if p.y + row.height > p.bottom + Paginator.eps {
                if headerH + row.height > p.capacity + Paginator.eps {
                    throw LayoutError.doesNotFit(element: "\(name) row \(i + 1)", size: row.height,
                                                 available: p.capacity - headerH)
                }
                p.newPage()
                if let header { emit(header, top: p.y, fill: table.headerFill, cellFills: [], alignmentsFrom: true, in: p) }
                p.y += headerH
            }
            let r = table.rows[i]
            if i % 2 == 1, let z = table.zebraFill {
                p.items.append(.rect(Rect(x: p.frame.minX, y: p.y, width: totalWidth, height: row.height),
                                     .solid(z), opacity: 1))
            }
            emit(row, top: p.y, fill: r.fill, cellFills: r.cells.map(\.fill), alignmentsFrom: true, in: p)
            p.y += row.height
        }
        p.y += table.spaceAfter
    }

    private func emit(_ row: MeasuredRow, top: Double, fill: Color?, cellFills: [Color?],
                      alignmentsFrom: Bool, in p: Paginator) {
        let x0 = p.frame.minX
        if let fill {
            p.items.append(.rect(Rect(x: x0, y: top, width: totalWidth, height: row.height), .solid(fill), opacity: 1))
        }
        for (c, f) in cellFills.enumerated() where c < widths.count {
            if let f {
                p.items.append(.rect(Rect(x: x0 + xs[c], y: top, width: widths[c], height: row.height),
                                     .solid(f), opacity: 1))
            }
        }
        let pad = table.cellPadding
        let inner = row.height - pad.top - pad.bottom
        for c in row.cells.indices {
            let cell = row.cells[c]
            if cell.lines.isEmpty { continue }
            let textH = Double(cell.lines.count) * cell.lineHeight
            var ly = top + pad.top + max(0, (inner - textH) / 2)
            let w = max(0, widths[c] - pad.left - pad.right)
            let align = table.columns[c].alignment
            for line in cell.lines {
                if !line.isEmpty {
                    p.items.append(.text(TextRun(text: line, origin: Point(x: x0 + xs[c] + pad.left, y: ly),
                                                 width: w, alignment: align, style: cell.style)))
                }
                ly += cell.lineHeight
            }
        }
    }
}
