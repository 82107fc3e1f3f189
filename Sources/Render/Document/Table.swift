/// A table: fixed columns, a header row repeated on every page it continues on, body rows that
/// are not split across pages (unless `rowSplitting` allows it for rows taller than a page).
public struct Table: Sendable {
    public var columns: [TableColumn]
    public var header: [String]
    public var rows: [TableRow]
    public var headerStyle: TextStyle
    public var bodyStyle: TextStyle
    public var headerFill: Color?
    /// Fill for every second body row (counted from the first body row of the table).
    public var zebraFill: Color?
    public var cellPadding: EdgeInsets
    /// Minimum heights; rows grow with wrapped text.
    public var minHeaderHeight: Double
    public var minRowHeight: Double
    public var spaceBefore: Double
    public var spaceAfter: Double
    /// Bookmark/description used in layout errors.
    public var name: String
    /// What happens to a body row taller than a page; by default it is a layout error that names
    /// the row (and its `tag`).
    public var rowSplitting: RowSplitting
    /// How many leading cells of each body row label that row (header cells with row scope for a
    /// reader who does not see the page: a label–value table, a month or a payer column).
    public var rowHeaderColumns: Int
    /// The fewest body rows a page break may leave at a page's foot, and at the next page's head
    /// (all of them when the table has fewer); the rule gives way on an empty page.
    public var minimumRowsAtBreak = 1

    public init(name: String, columns: [TableColumn], header: [String], rows: [TableRow],
                headerStyle: TextStyle, bodyStyle: TextStyle, headerFill: Color? = nil,
                zebraFill: Color? = nil, cellPadding: EdgeInsets = EdgeInsets(horizontal: 3, vertical: 2),
                minHeaderHeight: Double = 0, minRowHeight: Double = 0,
                spaceBefore: Double = 0, spaceAfter: Double = 0, rowSplitting: RowSplitting = .never,
                rowHeaderColumns: Int = 0) {
        self.rowSplitting = rowSplitting; self.rowHeaderColumns = rowHeaderColumns
        self.name = name; self.columns = columns; self.header = header; self.rows = rows
        self.headerStyle = headerStyle; self.bodyStyle = bodyStyle; self.headerFill = headerFill
        self.zebraFill = zebraFill; self.cellPadding = cellPadding
        self.minHeaderHeight = minHeaderHeight; self.minRowHeight = minRowHeight
        self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
    }
}

/// Whether a body row taller than a page may be split.
public enum RowSplitting: Sendable {
    /// Such a row cannot be placed: layout fails naming it.
    case never
    /// Such a row is split between text lines: each cell continues on the next page, under the
    /// repeated header.
    case atLineBoundaries
    /// No such row is made: a cell with more lines than an empty page holds under the header
    /// keeps the lines that fit, and its last line ends with "…".
    case truncatingCells
}

public struct TableColumn: Sendable {
    public enum Width: Sendable {
        /// Exactly this many points.
        case fixed(Double)
        /// A share of what is left after fixed columns, by weight.
        case flexible(Double)
    }
    public enum Overflow: Sendable {
        /// Long text wraps onto more lines; the row grows.
        case wrap
        /// Text stays on one line and is cut with "…" when it does not fit.
        case truncate
    }
    public var width: Width
    public var alignment: Alignment
    public var overflow: Overflow
    /// The style of this column's body cells, in place of the table's body style (a label
    /// column): kept once for the column, not in each of thousands of cells. A cell's own style
    /// still overrides it.
    public var style: TextStyle?
    /// A column that only widens the table (its rows' fills reach the frame's edge): drawn, but
    /// not a column of the table a reader hears — its cells are not tagged. Its cells hold no text.
    public var filler: Bool
    public init(_ width: Width, alignment: Alignment = .leading, overflow: Overflow = .wrap, style: TextStyle? = nil,
                filler: Bool = false) {
        self.width = width; self.alignment = alignment; self.overflow = overflow; self.style = style; self.filler = filler
    }
}

/// A long table holds every cell until it is laid out (10,000 rows of a clinical report), and most
/// cells have neither a style nor a fill of their own: a cell keeps those two out of line, 24 bytes
/// instead of 136.
public struct TableCell: Sendable, ExpressibleByStringLiteral {
    public var text: String
    /// The style and fill of a cell that has one (immutable, so copies of a cell may share it).
    private final class Own: Sendable {
        let style: TextStyle?
        let fill: Color?
        init(style: TextStyle?, fill: Color?) { self.style = style; self.fill = fill }
    }
    private var own: Own?

    /// Overrides the table's body style for this cell.
    public var style: TextStyle? {
        get { own?.style }
        set { own = Self.own(style: newValue, fill: fill) }
    }
    /// Background of this cell (drawn over the row fill).
    public var fill: Color? {
        get { own?.fill }
        set { own = Self.own(style: style, fill: newValue) }
    }
    public init(_ text: String, style: TextStyle? = nil, fill: Color? = nil) {
        self.text = PrintableText.printable(text); own = Self.own(style: style, fill: fill)
    }
    public init(stringLiteral value: String) { self.init(value) }

    private static func own(style: TextStyle?, fill: Color?) -> Own? {
        style == nil && fill == nil ? nil : Own(style: style, fill: fill)
    }
}

public struct TableRow: Sendable {
    public var cells: [TableCell]
    public var fill: Color?
    /// What the row shows (e.g. which record), named in layout errors after the row number; not
    /// drawn.
    public var tag: String? {
        get { makeTag?() }
        set {
            if let newValue {
                makeTag = { newValue }
            } else {
                makeTag = nil
            }
        }
    }
    /// Makes `tag`: only when a message names the row.
    private var makeTag: (@Sendable () -> String)?
    public init(_ cells: [TableCell], fill: Color? = nil, tag: String? = nil) {
        self.cells = cells; self.fill = fill; self.tag = tag
    }
    /// A row whose tag is made only when a message names it: most rows are never named, and a
    /// tag that quotes a record and its place in a file costs more than the row's cells.
    public init(_ cells: [TableCell], fill: Color? = nil, tag: @escaping @Sendable () -> String) {
        self.cells = cells; self.fill = fill; makeTag = tag
    }
}

