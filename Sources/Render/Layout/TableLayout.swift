/// Measures one table: column widths and the lines of each header and body cell.
struct TableLayout {
    let table: Table
    let m: TextMeasurer
    let widths: [Double]
    let xs: [Double]  // column left edges relative to the frame
    let totalWidth: Double
    private(set) var header: MeasuredRow?
    /// Height a body cell's text may take with `.truncatingCells`: an empty page under the header.
    private(set) var cellRoom: Double

    init(table: Table, measurer: TextMeasurer, frameWidth: Double, pageCapacity: Double) {
        self.table = table; m = measurer
        widths = TableLayout.columnWidths(table.columns, available: frameWidth)
        var x = 0.0
        var xs: [Double] = []
        for w in widths { xs.append(x); x += w }
        self.xs = xs; totalWidth = x
        header = nil
        cellRoom = .infinity
        header = measureHeader()
        cellRoom = pageCapacity - (header?.height ?? 0) - table.cellPadding.top - table.cellPadding.bottom
    }

    /// "table "name" row 3 (tag)": how layout errors name body row `i`.
    func rowName(_ i: Int) -> String {
        let tag = i < table.rows.count ? table.rows[i].tag.map { " (\($0))" } ?? "" : ""
        return "table \"\(table.name)\" row \(i + 1)\(tag)"
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
                 forceWrap: Bool, truncateTall: Bool) -> MeasuredRow {
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
            } else if truncateTall {
                lines = wrapTruncated(text, style: style, width: w, lineHeight: lh)
            } else {
                lines = m.wrap(text, style: style, width: w)
            }
            contentH = max(contentH, Double(lines.count) * lh)
            cells.append((lines, style, lh))
        }
        return MeasuredRow(cells: cells, height: max(minHeight, contentH + pad.top + pad.bottom))
    }

    /// The lines of a cell, at most as many as `cellRoom` holds; the last one kept ends with "…"
    /// when lines were left out. Only the lines kept are broken, however long the text.
    func wrapTruncated(_ text: String, style: TextStyle, width: Double, lineHeight: Double) -> [String] {
        let limit = max(1, Counting.lines(fitting: cellRoom, lineHeight: lineHeight))
        var lines = m.wrap(text, style: style, width: width, limit: limit == .max ? limit : limit + 1)
        guard lines.count > limit else { return lines }
        lines.removeLast(lines.count - limit)
        lines[limit - 1] = m.truncate(lines[limit - 1] + "…", style: style, width: width)
        return lines
    }

    private func measureHeader() -> MeasuredRow? {
        guard !table.header.isEmpty else { return nil }
        return measure(texts: table.header, styles: [], base: table.headerStyle,
                       minHeight: table.minHeaderHeight, forceWrap: true, truncateTall: false)
    }

    func measureBody(_ i: Int) -> MeasuredRow {
        let row = table.rows[i]
        return measure(texts: row.cells.map(\.text), styles: row.cells.map(\.style), base: table.bodyStyle,
                       minHeight: table.minRowHeight, forceWrap: false,
                       truncateTall: table.rowSplitting == .truncatingCells)
    }

    /// Header plus the rows a break may not leave at a page's foot (`minimumRowsAtBreak`, at
    /// least one): what must fit for the table to start on a page.
    func leadHeight() -> Double {
        let rows = min(max(1, table.minimumRowsAtBreak), table.rows.count)
        return (header?.height ?? 0) + (0..<rows).reduce(0) { $0 + measureBody($1).height }
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
            let n = min(cell.lines.count, Counting.lines(fitting: room, lineHeight: cell.lineHeight))
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
