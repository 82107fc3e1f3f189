/// One element of the document model: what a report says, with no positions. The layout engine
/// measures blocks, paginates them into a display list, and only then does a backend draw anything.
/// A block wraps any `LayoutElement`; the static members build the standard ones.
public struct Block: Sendable {
    public var element: any LayoutElement
    public init(_ element: any LayoutElement) { self.element = element }

    /// A section heading. With `outlineLevel` set it also becomes a PDF bookmark.
    public static func heading(_ heading: Heading) -> Block { Block(heading) }
    public static func paragraph(_ paragraph: Paragraph) -> Block { Block(paragraph) }
    /// Items read one after another (PDF `L`), each with an optional label (a bullet) beside it.
    public static func list(_ list: List) -> Block { Block(list) }
    public static func table(_ table: Table) -> Block { Block(table) }
    /// Vertical space in points (dropped at the top of a page).
    public static func spacer(_ height: Double) -> Block { Block(Spacer(height)) }
    /// A filled bar across the frame (or `width` points of it), e.g. an accent bar.
    public static func rule(_ rule: Rule) -> Block { Block(rule) }
    /// A fixed-size vector drawing (marks, charts, legends) placed as one unit.
    public static func drawing(_ drawing: Drawing) -> Block { Block(drawing) }
    /// Blocks kept on one page; moved whole to the next page when they do not fit.
    public static func keepTogether(_ blocks: [Block]) -> Block { Block(KeepTogether(blocks)) }
    /// Forces the following blocks onto a new page.
    public static var pageBreak: Block { Block(PageBreak()) }
}
