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
    /// The body style in every column, shared by the rows without styles of their own.
    let body: SharedStyles

    init(table: Table, measurer: TextMeasurer, frameWidth: Double, pageCapacity: Double) {
        self.table = table; m = measurer
        widths = TableLayout.columnWidths(table.columns, available: frameWidth)
        var x = 0.0
        var xs: [Double] = []
        for w in widths { xs.append(x); x += w }
        self.xs = xs; totalWidth = x
        body = SharedStyles(table.bodyStyle, columns: table.columns.map(\.style), count: widths.count, measurer: measurer)
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

    /// A measured row: per column, its lines, style and line height; and the row height. A
    /// table keeps every row measured until it is placed (10,000 rows in a long report), so a row
    /// holds its cells' lines in one array, and its styles and line heights are the table's shared
    /// arrays unless a cell has a style of its own.
    struct MeasuredRow {
        /// Every cell's lines, cell after cell: cell `c`'s end at `ends[c]`.
        private(set) var lines: [String]
        private(set) var ends: [Int]
        /// Per cell: its style and the height of one of its lines.
        let styles: [TextStyle]
        let lineHeights: [Double]
        var height: Double

        init(lines: [String], ends: [Int], styles: [TextStyle], lineHeights: [Double], height: Double) {
            self.lines = lines; self.ends = ends; self.styles = styles; self.lineHeights = lineHeights; self.height = height
        }

        var cellCount: Int { ends.count }

        /// The lines of cell `c`.
        func lines(_ c: Int) -> ArraySlice<String> { lines[(c == 0 ? 0 : ends[c - 1])..<ends[c]] }

        /// The same cells with `take(c)` lines each.
        func replacingLines(_ take: (Int) -> ArraySlice<String>) -> MeasuredRow {
            var out = self
            out.lines = []; out.ends = []
            out.ends.reserveCapacity(ends.count)
            for c in ends.indices { out.lines += take(c); out.ends.append(out.lines.count) }
            return out
        }
    }

    /// A style for every column and its line height: what a row without styles of its own shares.
    struct SharedStyles {
        let styles: [TextStyle]
        let lineHeights: [Double]
        /// `style` in every column, or the column's own where it has one.
        init(_ style: TextStyle, columns: [TextStyle?] = [], count: Int, measurer: TextMeasurer) {
            let height = measurer.lineMetrics(style).height
            var styles: [TextStyle] = [], lineHeights: [Double] = []
            for c in 0..<count {
                let own = c < columns.count ? columns[c] : nil
                styles.append(own ?? style)
                lineHeights.append(own.map { measurer.lineMetrics($0).height } ?? height)
            }
            self.styles = styles; self.lineHeights = lineHeights
        }
    }

    func measure(texts: [String], styles: [TextStyle?], base: SharedStyles, minHeight: Double,
                 forceWrap: Bool, truncateTall: Bool) -> MeasuredRow {
        let pad = table.cellPadding
        var lines: [String] = [], ends: [Int] = []
        lines.reserveCapacity(widths.count); ends.reserveCapacity(widths.count)
        // The shared arrays unless a cell has a style of its own.
        var own: (styles: [TextStyle], lineHeights: [Double])?
        var contentH = 0.0
        for c in widths.indices {
            let text = c < texts.count ? texts[c] : ""
            let cellStyle = c < styles.count ? styles[c] : nil
            let style = cellStyle ?? base.styles[c]
            let lh = cellStyle.map { m.lineMetrics($0).height } ?? base.lineHeights[c]
            if cellStyle != nil {
                if own == nil { own = (base.styles, base.lineHeights) }
                own?.styles[c] = style; own?.lineHeights[c] = lh
            }
            defer { ends.append(lines.count) }
            if text.isEmpty { continue }
            let w = max(1, widths[c] - pad.left - pad.right)
            let cellLines: [String]
            if !forceWrap, table.columns[c].overflow == .truncate {
                cellLines = [m.truncate(text, style: style, width: w)]
            } else if truncateTall {
                cellLines = wrapTruncated(text, style: style, width: w, lineHeight: lh)
            } else {
                cellLines = m.wrap(text, style: style, width: w)
            }
            contentH = max(contentH, Double(cellLines.count) * lh)
            lines += cellLines
        }
        return MeasuredRow(lines: lines, ends: ends, styles: own?.styles ?? base.styles,
                           lineHeights: own?.lineHeights ?? base.lineHeights,
                           height: max(minHeight, contentH + pad.top + pad.bottom))
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
        return measure(texts: table.header, styles: [], base: SharedStyles(table.headerStyle, count: widths.count, measurer: m),
                       minHeight: table.minHeaderHeight, forceWrap: true, truncateTall: false)
    }

    func measureBody(_ i: Int) -> MeasuredRow {
        let row = table.rows[i]
        return measure(texts: row.cells.map(\.text), styles: row.cells.map(\.style), base: body,
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
        var firstH = 0.0, restH = 0.0, moved = false
        var kept: [Int] = []
        kept.reserveCapacity(row.cellCount)
        for c in 0..<row.cellCount {
            let lines = row.lines(c), lh = row.lineHeights[c]
            let n = min(lines.count, Counting.lines(fitting: room, lineHeight: lh))
            kept.append(n)
            moved = moved || n > 0
            firstH = max(firstH, Double(n) * lh)
            restH = max(restH, Double(lines.count - n) * lh)
        }
        var first = row.replacingLines { row.lines($0).prefix(kept[$0]) }
        var rest = row.replacingLines { row.lines($0).dropFirst(kept[$0]) }
        guard moved else { return nil }
        first.height = firstH + pad.top + pad.bottom
        rest.height = max(table.minRowHeight, restH + pad.top + pad.bottom)
        return (first, rest)
    }
}
