import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// PDF document information. `creationDate` is written as both the creation and modification
/// date; callers pass the `SOURCE_DATE_EPOCH` time when it is set, so output is reproducible.
public struct DocumentMetadata: Sendable {
    public var title: String
    public var subject: String
    public var author: String
    public var creator: String
    public var creationDate: Date
    /// The document's language as a BCP 47 tag ("en", "nl"): the PDF's `/Lang`, so that a screen
    /// reader speaks it with the right voice.
    public var language: String
    public init(title: String, subject: String, author: String, creator: String, creationDate: Date,
                language: String = "en") {
        self.title = title; self.subject = subject; self.author = author
        self.creator = creator; self.creationDate = creationDate; self.language = language
    }
}

/// What a page template knows when it draws the running header and footer: the page number and
/// the page count, which are final because the whole document is paginated before drawing.
public struct PageContext: Sendable {
    public var pageNumber: Int
    public var pageCount: Int
    public init(pageNumber: Int, pageCount: Int) { self.pageNumber = pageNumber; self.pageCount = pageCount }
}

/// One piece of running text in a header or footer band.
public struct BandText: Sendable {
    public var text: String
    public var style: TextStyle
    public var alignment: Alignment
    public init(_ text: String, style: TextStyle, alignment: Alignment) {
        self.text = PrintableText.printable(text); self.style = style; self.alignment = alignment
    }
}

/// Page size, margins and the running header/footer bands. The body frame is the page less
/// the margins; the footer band sits inside the bottom margin, the header band inside the top.
public struct PageTemplate: Sendable {
    public var size: Size
    public var margins: EdgeInsets
    /// Lines of the footer, top to bottom; each line holds left/center/right texts. A band may
    /// throw (its wording is rendered per page); the layout then fails with that error.
    public var footer: @Sendable (PageContext) throws -> [[BandText]]
    public var header: @Sendable (PageContext) throws -> [[BandText]]
    /// Blocks drawn at the top of the body frame on every page after the first (e.g. a compact
    /// title line); they take space from the frame.
    public var continuationHeader: [Block]
    /// No nearly empty last page: when the last page would hold only a few lines, the layout
    /// tightens the space between blocks on the page before it, or ends that page earlier.
    public var balancesLastPage = false

    public init(size: Size = .a4, margins: EdgeInsets,
                header: @escaping @Sendable (PageContext) throws -> [[BandText]] = { _ in [] },
                footer: @escaping @Sendable (PageContext) throws -> [[BandText]] = { _ in [] },
                continuationHeader: [Block] = []) {
        self.size = size; self.margins = margins; self.header = header; self.footer = footer
        self.continuationHeader = continuationHeader
    }
}

public struct Document: Sendable {
    public var metadata: DocumentMetadata
    public var template: PageTemplate
    public var blocks: [Block]
    public init(metadata: DocumentMetadata, template: PageTemplate, blocks: [Block]) {
        self.metadata = metadata; self.template = template; self.blocks = blocks
    }
}
