import CCairo
import Foundation

/// Errors from the Cairo backend.
public enum RenderError: Error, CustomStringConvertible, Sendable {
    case cairo(String)
    case pageOutOfRange(Int, pageCount: Int)
    case invalidPNG(String)
    /// An image size a cairo surface cannot hold (not a whole number of pixels in 1...32767).
    case invalidSize(width: Double, height: Double)

    public var description: String {
        switch self {
        case .cairo(let s): return "cairo: \(s)"
        case let .pageOutOfRange(i, n): return "page index \(i) out of range (document has \(n) pages)"
        case .invalidPNG(let s): return "invalid PNG: \(s)"
        case let .invalidSize(w, h): return "cannot make a \(w) × \(h) pixel image (each side must be 1 to 32767)"
        }
    }
}

/// Writes a laid-out document as a tagged PDF: real text through PangoCairo, embedded font
/// subsets, metadata, an outline, and the structure tree, language and XMP metadata of PDF/UA-1
/// (`TaggedPDF`). Same document + same metadata date = identical bytes.
public enum PDFRenderer {
    /// Renders `doc` as a tagged PDF and hands its bytes to `sink` in chunks, in order, as the
    /// file is finished (it is never whole in memory). An error thrown by the sink stops writing
    /// and is rethrown; nothing reaches the sink before every page has been marked (a file that
    /// cannot be tagged writes nothing). Pages whose content could not be matched to what was
    /// drawn (their tags may be off) are named in `warnings`.
    /// The layout is consumed: each page is freed once drawn, with the structure tree's record of
    /// who owns its items.
    public static func render(_ doc: consuming LaidOutDocument, measurer: PangoMeasurer,
                              warnings: ((String) -> Void)? = nil,
                              to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        var tree = StructureTree(copy doc)
        tree.assignLanguages(of: doc, documentLanguage: doc.metadata.language)
        var figures = Set<Int>()
        for (i, node) in tree.nodes.enumerated() where node.role == .figure { figures.insert(i) }
        var segments: [[ContentSegment]] = []
        segments.reserveCapacity(doc.pages.count)
        let metadata = doc.metadata
        let drawn = try renderCairo(&doc, measurer: measurer) { painter, index, page in
            segments.append(painter.drawTagged(page, owners: tree.takeOwners(ofPage: index), figures: figures))
        }
        _ = consume doc
        let pageWarnings = try TaggedPDF.finish(drawn, tree: tree, segments: consume segments, metadata: metadata, to: sink)
        for w in pageWarnings { warnings?(w) }
    }

    /// Asks cairo to leave page contents uncompressed (its `CAIRO_DEBUG_PDF` switch, read when a
    /// PDF surface is made): `TaggedPDF` marks them and compresses them once, instead of
    /// inflating what cairo compressed and compressing it again (measured: 30 M instructions
    /// less on a 1,000-row summary). Set once, the first time a measurer is made — before any
    /// worker thread of the batch exists, as a batch makes its measurers on the main thread — so
    /// no other thread reads the environment while it changes. When a cairo ignores the switch,
    /// its compressed contents are inflated as before.
    static func writeContentUncompressed() { _ = uncompressedContent }

    private static let uncompressedContent: Bool = {
        setenv("CAIRO_DEBUG_PDF", "1", 0)
        return true
    }()

    /// Cairo's PDF of `doc`, each page drawn by `drawPage` and then dropped from `doc` (its
    /// size kept), in memory of its own.
    static func renderCairo(_ doc: inout LaidOutDocument, measurer: PangoMeasurer,
                            drawPage: (CairoPainter, Int, DisplayPage) -> Void) throws -> CairoOutput {
        // Cairo writes an uncompressed page a token at a time (200,000 writes for a 1,000-row
        // summary): the callback (C, `report_byte_map_write`) only copies, into memory mapped for
        // the file alone, so that growing it to megabytes leaves no holes in the heap.
        let map = UnsafeMutablePointer<report_byte_map>.allocate(capacity: 1)
        map.initialize(to: report_byte_map())
        defer { report_byte_map_free(map); map.deallocate() }
        let first = doc.pages.first?.size ?? .a4
        let surface = report_pdf_surface_for_map(map, first.width, first.height)!
        defer { cairo_surface_destroy(surface) }
        setMetadata(surface, doc.metadata)
        let cr = cairo_create(surface)!
        do {
            let painter = CairoPainter(cr: cr, text: measurer.pdfText)
            for index in doc.pages.indices {
                let page = doc.pages[index]
                doc.pages[index] = DisplayPage(size: page.size)
                cairo_pdf_surface_set_size(surface, page.size.width, page.size.height)
                // The paper, white under everything, as in the PNG. Cairo's PDF surface
                // merges each drawing operation's box into a region of the page; with the
                // whole page in it first, that region stays one rectangle instead of
                // growing (and slowing) with every line of text.
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_rectangle(cr, 0, 0, page.size.width, page.size.height)
                cairo_fill(cr)
                drawPage(painter, index, page)
                cairo_show_page(cr)
            }
        }
        addOutline(surface, doc.outline)
        let crStatus = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        if crStatus != CAIRO_STATUS_SUCCESS { throw RenderError.cairo(String(cString: cairo_status_to_string(crStatus))) }
        let status = cairo_surface_status(surface)
        if status != CAIRO_STATUS_SUCCESS { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
        let output = CairoOutput(taking: map.pointee)
        map.initialize(to: report_byte_map())
        return output
    }

    /// Renders `doc` to PDF bytes in memory.
    public static func pdfData(_ doc: LaidOutDocument, measurer: PangoMeasurer) throws -> Data {
        var data = Data()
        try render(doc, measurer: measurer) { data.append(contentsOf: $0) }
        return data
    }

    static func setMetadata(_ surface: OpaquePointer, _ m: DocumentMetadata) {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, m.title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, m.author)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, m.subject)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, m.creator)
        let date = iso8601UTC(m.creationDate)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date)
    }

    static func addOutline(_ surface: OpaquePointer, _ outline: [OutlineEntry]) {
        var stack: [(level: Int, id: Int32)] = []
        for e in outline {
            while let last = stack.last, last.level >= e.level { stack.removeLast() }
            let parent = stack.last?.id ?? Int32(CAIRO_PDF_OUTLINE_ROOT)
            let attrs = "page=\(e.pageIndex + 1) pos=[0 \(fmt(max(0, e.y)))]"
            let id = cairo_pdf_surface_add_outline(surface, parent, e.title, attrs, cairo_pdf_outline_flags_t(rawValue: 0))
            stack.append((e.level, id))
        }
    }

    /// `YYYY-MM-DDThh:mm:ssZ` in UTC (fixed format: no locale or machine time zone involved).
    static func iso8601UTC(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }
}
