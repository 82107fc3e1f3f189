/// The document model: what a report says, with no positions. The layout engine measures these
/// blocks, paginates them into a display list, and only then does a backend draw anything.
public indirect enum Block: Sendable {
    /// A section heading. With `outlineLevel` set it also becomes a PDF bookmark.
    case heading(Heading)
    case paragraph(Paragraph)
    case table(Table)
    /// Vertical space in points (dropped at the top of a page).
    case spacer(Double)
    /// A filled bar across the frame (or `width` points of it), e.g. an accent bar.
    case rule(Rule)
    /// A fixed-size vector drawing (marks, charts, legends) placed as one unit.
    case drawing(Drawing)
    /// Blocks kept on one page; moved whole to the next page when they do not fit.
    case keepTogether([Block])
    /// Forces the following blocks onto a new page.
    case pageBreak
}

public struct Heading: Sendable {
    public var text: String
    public var style: TextStyle
    /// Outline (bookmark) level, 1 for top level; `nil` for no bookmark.
    public var outlineLevel: Int?
    public var spaceBefore: Double
    public var spaceAfter: Double
    public init(_ text: String, style: TextStyle, outlineLevel: Int? = 1,
                spaceBefore: Double = 0, spaceAfter: Double = 0) {
        self.text = text; self.style = style; self.outlineLevel = outlineLevel
        self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
    }
}

public struct Paragraph: Sendable {
    public var text: String
    public var style: TextStyle
    public var alignment: Alignment
    public var spaceBefore: Double
    public var spaceAfter: Double
    /// Background fill behind the whole paragraph box (e.g. a safety banner).
    public var fill: Color?
    /// Padding inside the fill.
    public var padding: EdgeInsets
    /// Indentation from the frame's left edge.
    public var indent: Double
    public init(_ text: String, style: TextStyle, alignment: Alignment = .leading,
                spaceBefore: Double = 0, spaceAfter: Double = 0, fill: Color? = nil,
                padding: EdgeInsets = EdgeInsets(), indent: Double = 0) {
        self.text = text; self.style = style; self.alignment = alignment
        self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
        self.fill = fill; self.padding = padding; self.indent = indent
    }
}

public struct Rule: Sendable {
    public var height: Double
    public var color: Color
    /// `nil` spans the whole frame width.
    public var width: Double?
    public var spaceBefore: Double
    public var spaceAfter: Double
    public init(height: Double, color: Color, width: Double? = nil, spaceBefore: Double = 0,
                spaceAfter: Double = 0) {
        self.height = height; self.color = color; self.width = width
        self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
    }
}

/// A table: fixed columns, a header row repeated on every page it continues on, body rows that
/// are never split across pages.
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

    public init(name: String, columns: [TableColumn], header: [String], rows: [TableRow],
                headerStyle: TextStyle, bodyStyle: TextStyle, headerFill: Color? = nil,
                zebraFill: Color? = nil, cellPadding: EdgeInsets = EdgeInsets(horizontal: 3, vertical: 2),
                minHeaderHeight: Double = 0, minRowHeight: Double = 0,
                spaceBefore: Double = 0, spaceAfter: Double = 0) {
        self.name = name; self.columns = columns; self.header = header; self.rows = rows
        self.headerStyle = headerStyle; self.bodyStyle = bodyStyle; self.headerFill = headerFill
        self.zebraFill = zebraFill; self.cellPadding = cellPadding
        self.minHeaderHeight = minHeaderHeight; self.minRowHeight = minRowHeight
        self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
    }
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
    public init(_ width: Width, alignment: Alignment = .leading, overflow: Overflow = .wrap) {
        self.width = width; self.alignment = alignment; self.overflow = overflow
    }
}

public struct TableCell: Sendable, ExpressibleByStringLiteral {
    public var text: String
    /// Overrides the table's body style for this cell.
    public var style: TextStyle?
    /// Background of this cell (drawn over the row fill).
    public var fill: Color?
    public init(_ text: String, style: TextStyle? = nil, fill: Color? = nil) {
        self.text = text; self.style = style; self.fill = fill
    }
    public init(stringLiteral value: String) { self.init(value) }
}

public struct TableRow: Sendable {
    public var cells: [TableCell]
    public var fill: Color?
    public init(_ cells: [TableCell], fill: Color? = nil) { self.cells = cells; self.fill = fill }
}

/// A vector drawing of a fixed size: shapes and single-line text in its own coordinates
/// (origin top left, y down).
public struct Drawing: Sendable {
    public var size: Size
    public var shapes: [Shape]
    public var spaceBefore: Double
    public var spaceAfter: Double
    public init(size: Size, shapes: [Shape], spaceBefore: Double = 0, spaceAfter: Double = 0) {
        self.size = size; self.shapes = shapes; self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
    }
}

public enum Shape: Sendable {
    case rect(Rect, Paint, opacity: Double = 1)
    case ellipse(Rect, Paint, opacity: Double = 1)
    case line(from: Point, to: Point, color: Color, width: Double)
    /// One line of text whose top-left corner is at `origin`.
    case text(String, origin: Point, style: TextStyle)
}
