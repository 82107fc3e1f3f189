/// A section heading, kept on the page of the first line or row of what follows. With
/// `outlineLevel` set it also becomes a PDF bookmark.
public struct Heading: Sendable {
    public var text: String
    public var style: TextStyle
    /// Outline (bookmark) level, 1 for top level; `nil` for no bookmark.
    public var outlineLevel: Int?
    public var spaceBefore: Double
    public var spaceAfter: Double
    /// The heading's level in the document's structure (H1–H6); `nil` follows the outline
    /// under the title: a heading without a bookmark (the document's title) is H1, a bookmark of
    /// level n is H(n + 1). Set it for a heading that is neither (a caption kept with its table).
    public var structureLevel: Int?
    /// The structure level used: `structureLevel`, else one below the outline level (the title
    /// being the one H1), at most 6.
    public var level: Int { structureLevel ?? min(6, (outlineLevel ?? 0) + 1) }
    public init(_ text: String, style: TextStyle, outlineLevel: Int? = 1,
                spaceBefore: Double = 0, spaceAfter: Double = 0) {
        self.text = PrintableText.printable(text); self.style = style; self.outlineLevel = outlineLevel
        self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
    }
}

/// Wrapped text, split between lines across pages.
public struct Paragraph: Sendable {
    /// The least number of lines a page break may leave at the bottom of a page (orphans) and
    /// carry to the top of the next (widows).
    public enum LineControl: Sendable, Hashable {
        /// Any split between lines (one line may stand alone).
        case none
        /// The usual typesetting rule: at least two lines on each side of a break, so a
        /// paragraph of two or three lines moves whole, and a longer one splits 2+2 or better.
        /// It gives way only on an empty page, where the paragraph could not be placed otherwise.
        case widowsAndOrphans
    }
    public var text: String
    public var style: TextStyle
    public var alignment: Alignment
    public var spaceBefore: Double
    public var spaceAfter: Double
    /// Background fill behind the whole paragraph box (e.g. a safety banner).
    public var fill: Color?
    /// Padding inside the fill.
    public var padding: EdgeInsets
    /// What the paragraph is in the document's structure (a paragraph unless said otherwise,
    /// e.g. a list item's body).
    public var role: StructureRole = .paragraph
    /// Indentation from the frame's left edge.
    public var indent: Double
    /// How the paragraph may split across pages (`.none`, today's behaviour, by default).
    public var lineControl: LineControl
    public init(_ text: String, style: TextStyle, alignment: Alignment = .leading,
                spaceBefore: Double = 0, spaceAfter: Double = 0, fill: Color? = nil,
                padding: EdgeInsets = EdgeInsets(), indent: Double = 0, lineControl: LineControl = .none) {
        self.text = PrintableText.printable(text); self.style = style; self.alignment = alignment
        self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
        self.fill = fill; self.padding = padding; self.indent = indent; self.lineControl = lineControl
    }
}

/// A list: items read one after another (PDF `L` of `LI`), each with an optional label (a bullet
/// or a number, `Lbl`) in a column of its own and its text (`LBody`) wrapped beside it, so that a
/// wrapped line hangs under the text, not under the label. It splits between items across pages,
/// and inside an item only when the item cannot fit an empty page; each part keeps the fill and
/// padding. `note` is a closing line drawn in the same box ("… and 4 more on page 5"), read as a
/// paragraph after the list (it is not one of the items).
public struct List: Sendable {
    public struct Item: Hashable, Sendable {
        public var text: String
        /// Drawn in the label column on the item's first line (`nil` or empty: no label).
        public var label: String?
        public init(_ text: String, label: String? = nil) {
            self.text = PrintableText.printable(text); self.label = label.map(PrintableText.printable)
        }
    }
    public var items: [Item]
    public var style: TextStyle
    /// The labels' style (`nil`: `style`).
    public var labelStyle: TextStyle?
    /// Width of the label column; the items' text starts this far right of the labels (0 for a
    /// list without labels).
    public var labelWidth: Double
    /// Space between two items, and between the last item and the note.
    public var itemSpacing: Double
    public var spaceBefore: Double
    public var spaceAfter: Double
    /// Background fill behind the whole list box (e.g. the clinical report's alerts).
    public var fill: Color?
    /// Padding inside the fill.
    public var padding: EdgeInsets
    /// Indentation from the frame's left edge.
    public var indent: Double
    /// A line after the items, in the box, aligned with their text; read as a paragraph.
    public var note: String?
    public init(_ items: [Item], style: TextStyle, labelStyle: TextStyle? = nil, labelWidth: Double = 0,
                itemSpacing: Double = 0, spaceBefore: Double = 0, spaceAfter: Double = 0, fill: Color? = nil,
                padding: EdgeInsets = EdgeInsets(), indent: Double = 0, note: String? = nil) {
        self.items = items; self.style = style; self.labelStyle = labelStyle; self.labelWidth = labelWidth
        self.itemSpacing = itemSpacing; self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
        self.fill = fill; self.padding = padding; self.indent = indent; self.note = note
    }
}

/// A filled bar across the frame (or `width` points of it), e.g. an accent bar.
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

/// Vertical space in points; dropped at the top of a page, cut at the bottom of one.
public struct Spacer: Sendable {
    public var height: Double
    public init(_ height: Double) { self.height = height }
}

/// Forces what follows onto a new page (nothing happens at the top of a page).
public struct PageBreak: Sendable {
    public init() {}
}

/// Blocks kept on one page; moved whole to the next page when they do not fit. A group taller
/// than a page splits at its block boundaries instead: each block (a field of a record) is then
/// kept whole on its own, and only a block taller than a page splits inside.
public struct KeepTogether: Sendable {
    public var blocks: [Block]
    public init(_ blocks: [Block]) { self.blocks = blocks }
}
