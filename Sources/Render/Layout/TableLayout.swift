/// Measures one table: column widths and the lines of each header and body cell.
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
}

extension TableLayout {
    /// Splits a body row between text lines so that its first part is at most `height` tall:
    /// each cell keeps the lines that fit and continues with the rest. `nil` when no line fits.
    func split(_ row: MeasuredRow, height: Double) -> (first: MeasuredRow, rest: MeasuredRow)? {
        let pad = table.cellPadding
        let room = height - pad.top - pad.bottom
        var first = row, rest = row
        var firstH = 0.0, restH = 0.0, moved = false
        for c in row.cells.indices {
            let cell = row.cells[c]
            let fitting = cell.lineHeight > 0 ? (room + Paginator.eps) / cell.lineHeight : Double(cell.lines.count)
            let n = fitting >= Double(cell.lines.count) ? cell.lines.count : Int(max(0, fitting))
            first.cells[c].lines = Array(cell.lines.prefix(n))
            rest.cells[c].lines = Array(cell.lines.dropFirst(n))
            moved = moved || n > 0
            firstH = max(firstH, Double(n) * cell.lineHeight)
            restH = max(restH, Double(cell.lines.count - n) * cell.lineHeight)
        }
        guard moved else { return nil }
        first.height = firstH + pad.top + pad.bottom
        rest.height = max(table.minRowHeight, restH + pad.top + pad.bottom)
        return (first, rest)
    }
}
