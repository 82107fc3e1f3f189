/// Blocks that open a document but are made after the rest of it is laid out, so that they can
/// name the pages where its sections landed: a table of contents, or a summary page that points
/// into the report ("and 4 more on page 5").
///
/// As the document's first block, the layout engine lays out the blocks after it first (from
/// the page after the front matter, with the continuation header on each of their pages), then
/// makes the front matter with those page numbers and lays it out on its own pages. Anywhere else
/// it flows like the blocks it makes, made with no page known (`Pages.unknown`).
public struct FrontMatter: LayoutElement {
    /// Where the outline entries of the rest of the document landed, as printed page numbers.
    public struct Pages: Sendable {
        let entries: [OutlineEntry]
        /// Added to an entry's 0-based page index to give its printed page number.
        let offset: Int
        /// The front matter opens the document on pages of its own (else it flows where it is,
        /// and no page is known).
        public let opensDocument: Bool
        /// How many times the front matter was made before and took more pages than it should:
        /// a second or third making can say less (shorter lists) to keep to its pages.
        public let attempt: Int

        init(entries: [OutlineEntry], offset: Int, attempt: Int) {
            self.entries = entries; self.offset = offset; self.attempt = attempt; opensDocument = true
        }
        private init() { entries = []; offset = 0; attempt = 0; opensDocument = false }

        /// No page is known (the front matter is not the document's first block).
        public static let unknown = Pages()

        /// The printed page number of the first outline entry titled `title` at `level`.
        public func page(of title: String, level: Int = 1) -> Int? {
            entries.first { $0.title == title && $0.level == level }.map { $0.pageIndex + offset }
        }
    }

    /// The pages the front matter is to take: made with the body's numbers counted from after
    /// them, and made again (`Pages.attempt`) when it takes more.
    public var pages: Int
    public var make: @Sendable (Pages) throws -> [Block]

    public init(pages: Int = 1, _ make: @escaping @Sendable (Pages) throws -> [Block]) {
        self.pages = pages; self.make = make
    }

    public func wrap(in context: LayoutContext) throws -> Wrapped { .sequence(try make(.unknown)) }
}

/// Blocks that may break across pages, with `continuation` (a title line marked "(continued)")
/// placed at the top of each page they continue on. Nothing is repeated when the group moves
/// to a new page before any of it is placed.
public struct ContinuedGroup: LayoutElement {
    public var blocks: [Block]
    public var continuation: [Block]

    public init(_ blocks: [Block], continuation: [Block]) {
        self.blocks = blocks; self.continuation = continuation
    }

    public var keepWithNext: Bool { false }

    public func wrap(in context: LayoutContext) throws -> Wrapped { .group(blocks, continuation: continuation) }

    /// The lead of its blocks, as the paginator reckons a lead.
    public func leadHeight(in context: LayoutContext) -> LeadHeight {
        .piece(Paginator.leadHeight(blocks[...], context: context))
    }
}

extension Block {
    /// Blocks made after the rest of the document is laid out, with its page numbers (`FrontMatter`).
    public static func frontMatter(pages: Int = 1, _ make: @escaping @Sendable (FrontMatter.Pages) throws -> [Block]) -> Block {
        Block(FrontMatter(pages: pages, make))
    }

    /// Blocks with a title repeated on each page they continue on (`ContinuedGroup`).
    public static func continued(_ blocks: [Block], continuation: [Block]) -> Block {
        Block(ContinuedGroup(blocks, continuation: continuation))
    }
}

/// Any element kept on the page of the first unbreakable piece of what follows, as a heading is
/// (an introduction line between a heading and its table).
public struct KeptWithNext: LayoutElement {
    public var element: any LayoutElement
    public init(_ element: any LayoutElement) { self.element = element }
    public var keepWithNext: Bool { true }
    public func wrap(in context: LayoutContext) throws -> Wrapped { try element.wrap(in: context) }
    public func leadHeight(in context: LayoutContext) -> LeadHeight { element.leadHeight(in: context) }
}

extension Block {
    /// `block` kept on the page of the first unbreakable piece of what follows.
    public static func keptWithNext(_ block: Block) -> Block { Block(KeptWithNext(block.element)) }
}
