/// A table is measured row by row once; its box splits between rows (and, when the table allows
/// it, inside rows taller than a page), repeating the header at the top of every part.
extension Table: LayoutElement {
    public func wrap(in context: LayoutContext) throws -> Wrapped {
        let layout = TableLayout(table: self, measurer: context.measurer, frameWidth: context.frameWidth,
                                 pageCapacity: context.pageCapacity)
        let header = layout.header
        let headerH = header?.height ?? 0
        var measured: [TableLayout.MeasuredRow] = []
        measured.reserveCapacity(rows.count)
        var prefix: [Double] = [0]
        prefix.reserveCapacity(rows.count + 1)
        var total = 0.0
        for i in rows.indices {
            let row = layout.measureBody(i)
            if i == 0, rowSplitting != .atLineBoundaries, headerH + row.height > context.pageCapacity + Paginator.eps {
                throw LayoutError.doesNotFit(element: layout.rowName(0), size: row.height,
                                             available: context.pageCapacity - headerH)
            }
            measured.append(row)
            total += row.height
            prefix.append(total)
        }
        return .box(TableBox(layout: layout, header: header, rows: measured, prefix: prefix,
                             start: 0, end: measured.count, spaceBefore: spaceBefore))
    }

    /// The header and the body rows a page break may not leave behind (`minimumRowsAtBreak`).
    public func leadHeight(in context: LayoutContext) -> LeadHeight {
        let layout = TableLayout(table: self, measurer: context.measurer, frameWidth: context.frameWidth,
                                 pageCapacity: context.pageCapacity)
        return .piece(spaceBefore + layout.leadHeight())
    }
}

/// Body rows `start..<end` under the header; `first` and `last` replace those rows when they are
/// parts of a split row.
struct TableBox: LayoutBox {
    typealias Row = TableLayout.MeasuredRow
    let layout: TableLayout
    let header: Row?
    let rows: [Row]
    /// `prefix[i]` is the height of rows `0..<i`.
    let prefix: [Double]
    var start: Int
    var end: Int
    var first: Row?
    var last: Row?
    var spaceBefore: Double

    var table: Table { layout.table }
    var headerHeight: Double { header?.height ?? 0 }
    var spaceAfter: Double { table.spaceAfter }

    func row(_ i: Int) -> Row {
        if i == end - 1, let last { return last }
        if i == start, let first { return first }
        return rows[i]
    }

    var height: Double {
        guard start < end else { return headerHeight }
        var h = headerHeight + prefix[end] - prefix[start]
        if first != nil || last != nil {
            h += row(start).height - rows[start].height
            if end - 1 > start { h += row(end - 1).height - rows[end - 1].height }
        }
        return h
    }

    var minimumHeight: Double { headerHeight + (start < end ? row(start).height : 0) }
    var measuredPieces: Int { 1 + rows.count }
    /// The header and the rows a break may not leave at a page's foot.
    var leadPiece: Double? {
        let n = min(max(1, table.minimumRowsAtBreak), end - start)
        return spaceBefore + headerHeight + (0..<max(0, n)).reduce(0) { $0 + row(start + $1).height }
    }

    var name: String {
        start == 0 && first == nil ? "table \"\(table.name)\" header" : layout.rowName(start)
    }

    func split(availableHeight: Double, in context: LayoutContext) throws -> BoxSplit {
        let headerH = headerHeight
        if headerH > availableHeight + Paginator.eps { return .refuse }
        var used = headerH
        var i = start
        while i < end, used + row(i).height <= availableHeight + Paginator.eps {
            used += row(i).height
            i += 1
        }
        if i == end { return .split(head: self, tail: nil) }
        // At least `minimumRowsAtBreak` rows (or all that are left) at the page's foot, unless the
        // page is empty.
        let least = min(max(1, table.minimumRowsAtBreak), end - start)
        if i - start < least, i > start, availableHeight + Paginator.eps < context.pageCapacity {
            return .refuse
        }
        // As many at the head of the next page: a break that would leave fewer there comes
        // earlier, or the table moves when it cannot keep enough on both sides.
        if end - i < least, i > start {
            if end - least - start >= least { i = end - least }
            else if availableHeight + Paginator.eps < context.pageCapacity { return .refuse }
        }
        let r = row(i)
        var head = self, tail = self
        head.end = i; head.last = nil
        tail.start = i; tail.spaceBefore = 0
        if i != start { tail.first = nil }
        if headerH + r.height > context.pageCapacity + Paginator.eps {
            guard table.rowSplitting == .atLineBoundaries else {
                throw LayoutError.doesNotFit(element: layout.rowName(i), size: r.height,
                                             available: context.pageCapacity - headerH)
            }
            if let parts = layout.split(r, height: availableHeight - used) {
                head.end = i + 1; head.last = parts.first
                tail.first = parts.rest
                return .split(head: head, tail: tail)
            }
        }
        return i == start ? .refuse : .split(head: head, tail: tail)
    }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) {
        // One table across pages; the header row, repeated on each page, is header cells there.
        canvas.beginElement(StructureElement(.table, continues: start > 0 || first != nil))
        defer { canvas.endElement() }
        var y = origin.y
        if let header {
            emit(header, top: y, x0: origin.x, fill: table.headerFill, cellFills: [], texts: table.header,
                 cell: .tableHeaderCell, continues: false, into: &canvas)
        }
        y += headerHeight
        for i in start..<end {
            let row = row(i)
            let r = table.rows[i]
            if i % 2 == 1, let z = table.zebraFill {
                canvas.add(.rect(Rect(x: origin.x, y: y, width: layout.totalWidth, height: row.height),
                                 .solid(z), opacity: 1))
            }
            emit(row, top: y, x0: origin.x, fill: r.fill, cellFills: r.cells.map(\.fill), texts: r.cells.map(\.text),
                 cell: .tableDataCell, continues: i == start && first != nil, into: &canvas)
            y += row.height
        }
    }

    /// Draws one row as a row of `cell`s; `continues` when it is the rest of a row split at the
    /// page break before.
    private func emit(_ row: Row, top: Double, x0: Double, fill: Color?, cellFills: [Color?], texts: [String],
                      cell role: StructureRole, continues: Bool, into canvas: inout DisplayCanvas) {
        canvas.beginElement(StructureElement(.tableRow, continues: continues))
        defer { canvas.endElement() }
        let widths = layout.widths, xs = layout.xs
        if let fill {
            canvas.add(.rect(Rect(x: x0, y: top, width: layout.totalWidth, height: row.height), .solid(fill), opacity: 1))
        }
        for (c, f) in cellFills.enumerated() where c < widths.count {
            if let f {
                canvas.add(.rect(Rect(x: x0 + xs[c], y: top, width: widths[c], height: row.height),
                                 .solid(f), opacity: 1))
            }
        }
        let pad = table.cellPadding
        let inner = row.height - pad.top - pad.bottom
        for c in 0..<row.cellCount {
            let lines = row.lines(c), style = row.styles[c], lineHeight = row.lineHeights[c]
            if c < table.columns.count && table.columns[c].filler { continue }
            let cellRole = role == .tableDataCell && c < table.rowHeaderColumns ? StructureRole.tableRowHeaderCell : role
            canvas.beginElement(StructureElement(cellRole, continues: continues))
            defer { canvas.endElement() }
            if lines.isEmpty { continue }
            let textH = Double(lines.count) * lineHeight
            var ly = top + pad.top + max(0, (inner - textH) / 2)
            let w = max(0, widths[c] - pad.left - pad.right)
            let align = table.columns[c].alignment
            let joins = lines.count > 1 && c < texts.count ? TextBreaking.joins(lines, in: texts[c]) : []
            for (k, line) in lines.enumerated() {
                if !line.isEmpty {
                    canvas.add(.text(TextRun(text: line, origin: Point(x: x0 + xs[c] + pad.left, y: ly),
                                             width: w, alignment: align, style: style, joinsNext: k < joins.count && joins[k])))
                }
                ly += lineHeight
            }
        }
    }
}
