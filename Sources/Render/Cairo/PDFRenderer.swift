import CCairo
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Errors from the Cairo backend.
public enum RenderError: Error, CustomStringConvertible, Sendable {
    case cairo(String)
    case pageOutOfRange(Int, pageCount: Int)
    case invalidPNG(String)
    /// An image size a cairo surface cannot hold (not a whole number of pixels in 1...32767).
    case invalidSize(width: Double, height: Double)
    /// The PDF libraries could not be loaded (`PDFLibraries`): why.
    case libraries(String)

    public var description: String {
        switch self {
        case .cairo(let s): return "cairo: \(s)"
        case let .pageOutOfRange(i, n): return "page index \(i) out of range (document has \(n) pages)"
        case .invalidPNG(let s): return "invalid PNG: \(s)"
        case let .invalidSize(w, h): return "cannot make a \(w) × \(h) pixel image (each side must be 1 to 32767)"
        case .libraries(let why): return why
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
        try render(doc, measurer: measurer, packContentFromPages: ContentPacker.fromPages, warnings: warnings, to: sink)
    }

    /// `render`, packing page contents while drawing (`ContentPacker`) from that many pages on.
    static func render(_ doc: consuming LaidOutDocument, measurer: PangoMeasurer, packContentFromPages: Int,
                       warnings: ((String) -> Void)? = nil,
                       to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        FreedMemory.giveBack(pages: doc.pages.count)  // the document and its measurements, freed once laid out
        var tree = StructureTree(copy doc)
        tree.assignLanguages(of: doc, documentLanguage: doc.metadata.language)
        var figures = Set<Int>()
        for (i, node) in tree.nodes.enumerated() where node.role == .figure { figures.insert(i) }
        var segments: [[ContentSegment]] = []
        segments.reserveCapacity(doc.pages.count)
        let metadata = doc.metadata
        let drawn = try renderCairo(&doc, measurer: measurer, packContentFromPages: packContentFromPages) { painter, index, page in
            segments.append(painter.drawTagged(page, owners: tree.takeOwners(ofPage: index), figures: figures,
                                               spans: tree.takeInlineSpans(ofPage: index), nextNode: tree.nodes.count))
            for span in painter.newSpans { _ = tree.addSpan(parent: span.parent, language: span.language) }
        }
        _ = consume doc
        let pageWarnings = try TaggedPDF.finish(drawn, tree: tree, segments: consume segments, metadata: metadata, to: sink)
        for w in pageWarnings { warnings?(w) }
    }

    /// How many threads the finishing step marks and compresses pages (and the structure's
    /// object streams) on at once, the calling thread among them: one a core, up to 8, so that a
    /// single report's tagging costs little of its time (docs/performance.md). The nightly batch
    /// sets 1 before its workers start: they keep every core busy with a report each. Set it only
    /// while no PDF is being rendered.
    nonisolated(unsafe) public static var finishingThreads = max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

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
                            packContentFromPages: Int = ContentPacker.fromPages,
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
        var packer = doc.pages.count >= packContentFromPages ? ContentPacker() : nil
        do {
            let painter = CairoPainter(cr: cr, text: measurer.pdfText)
            for index in doc.pages.indices {
                let written = map.pointee.count
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
                packer?.packPage(map, from: written)
                if index % FreedMemory.pageInterval == FreedMemory.pageInterval - 1 { FreedMemory.giveBack(pages: doc.pages.count) }
            }
        }
        addOutline(surface, doc.outline)
        let crStatus = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        if crStatus != CAIRO_STATUS_SUCCESS { throw RenderError.cairo(String(cString: cairo_status_to_string(crStatus))) }
        let status = cairo_surface_status(surface)
        if status != CAIRO_STATUS_SUCCESS { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
        let output = CairoOutput(taking: map.pointee, packed: packer?.packed ?? .init())
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

    /// `YYYY-MM-DDThh:mm:ssZ` in UTC (fixed format: no locale or machine time zone involved),
    /// the date's whole seconds, clamped to the years 0001–9999 this form can write. Civil-date
    /// arithmetic on the epoch seconds (Howard Hinnant's `civil_from_days`): a date formatter
    /// would load ICU's calendar data at start for these twenty characters.
    static func iso8601UTC(_ date: Date) -> String {
        let first = -62_135_596_800.0, last = 253_402_300_799.0  // 0001-01-01T00:00:00Z, 9999-12-31T23:59:59Z
        let t = date.timeIntervalSince1970
        let seconds = t.isNaN ? 0 : Int(min(max(t.rounded(.down), first), last))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T" + padded(time / 3_600, 2) + ":"
            + padded(time / 60 % 60, 2) + ":" + padded(time % 60, 2) + "Z"
    }
}
