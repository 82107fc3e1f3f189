import CCairo
import Synchronization

/// Measures text with Pango (the same font map and options the Cairo backend draws with), and
/// checks through fontconfig that each family asked for is the one it gets.
///
/// Widths of short Latin strings are estimated from cached per-character advances; only text near
/// the limit (or outside the cached ranges) is shaped, so a table cell is usually shaped once —
/// when it is drawn. Not thread-safe: use one measurer per thread.
public final class PangoMeasurer: TextMeasurer {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    private(set) var entries: [FontSpec: FontEntry] = [:]
    private var lastSpec: FontSpec?
    private var lastEntry: FontEntry?
    private var checkedFamilies: Set<String> = []
    /// The PDF painter's context and shaped layouts, kept across the documents this measurer
    /// draws (a batch worker draws every user's PDFs with one measurer).
    lazy var pdfText = ShapedTextCache(fontMap: fontMap, pdf: true, fontSet: fontSet)

    /// One message per requested family that fontconfig replaced with another.
    public private(set) var fontWarnings: [String] = []
    /// Called once per substituted family, as the warning is recorded.
    public var onFontWarning: ((String) -> Void)?

    /// Which of Cairo's scaled fonts this measurer's PDF text uses (see `applyPDFFontOptions`).
    let fontSet: Int
    /// How many measurers were made before: the next one's `fontSet`.
    private static let made = Atomic<Int>(0)

    public init() {
        PDFRenderer.writeContentUncompressed()
        fontSet = PangoMeasurer.made.add(1, ordering: .relaxed).oldValue
        fontMap = pango_cairo_font_map_new()!
        // Pango measures a font's metrics (the first time a layout's extents need its height)
        // on a sample sentence in a context it makes from the font map, with the font's options
        // and the font map's resolution — 96 dpi unless set — where every context of ours is at
        // 72: another fontset key, so fontconfig matched and sorted every font a second time
        // (15 fontsets against 8 on the 100-row summary, 21 M instructions). At 72 here too, those
        // contexts find our fontsets. Sizes are absolute (pixels), so no size changes. Set
        // without the family list Pango's own setter rebuilds (`report_font_map_set_resolution`).
        report_font_map_set_resolution(fontMap, 72)
        context = pango_font_map_create_context(fontMap)!
        pango_cairo_context_set_resolution(context, 72)
        PangoMeasurer.applyPDFFontOptions(context, fontSet: fontSet)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        for e in entries.values { e.release() }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// Unhinted metrics everywhere, so PDF, PNG and measurement agree.
    static func applyFontOptions(_ ctx: OpaquePointer) {
        let opts = cairo_font_options_create()
        cairo_font_options_set_hint_style(opts, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(opts, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(ctx, opts)
        cairo_font_options_destroy(opts)
    }

    /// The options of `applyFontOptions` merged into those a PDF surface gives its fonts, which
    /// are what the PDF painter's context ends up with. Pango keys its fonts by these options:
    /// with equal options the painter reuses the measurer's fonts instead of loading each one
    /// again through fontconfig. The extra options (antialiasing, glyph rounding) change no
    /// metric, so measurement agrees with the PNG painter too.
    ///
    /// Cairo keeps one scaled font per face, size and options for the whole process, and locks
    /// it while it draws or measures glyphs with it: the measurers of a batch's workers, drawing
    /// the same reports on two cores, took turns at that lock. Each measurer's `fontSet` gives
    /// its fonts a subpixel order of their own (`DEFAULT`, `RGB`, `BGR`, `VRGB`, `VBGR`), an
    /// option that only subpixel antialiasing reads, which PDF surfaces never do: the same
    /// bytes, and five measurers without a scaled font in common.
    static func applyPDFFontOptions(_ ctx: OpaquePointer, fontSet: Int) {
        let surface = cairo_pdf_surface_create_for_stream(nil, nil, 1, 1)
        defer { cairo_surface_destroy(surface) }
        let opts = cairo_font_options_create()
        defer { cairo_font_options_destroy(opts) }
        cairo_surface_get_font_options(surface, opts)
        cairo_font_options_set_hint_style(opts, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(opts, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(opts, cairo_subpixel_order_t(rawValue: UInt32(fontSet % 5)))
        pango_cairo_context_set_font_options(ctx, opts)
    }

    /// A font size Pango and FreeType accept: `size` within 0.1...10,000 pt (NaN counts as 0.1).
    static func fontSize(_ size: Double) -> Double {
        size >= 0.1 ? min(size, 10_000) : 0.1
    }

    static func fontDescription(_ f: FontSpec) -> OpaquePointer {
        let d = pango_font_description_new()!
        pango_font_description_set_family(d, f.family)
        pango_font_description_set_weight(d, PangoWeight(rawValue: UInt32(f.weight.rawValue)))
        pango_font_description_set_style(d, f.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(d, fontSize(f.size) * Double(PANGO_SCALE))
        return d
    }

    func entry(_ f: FontSpec) -> FontEntry {
        if let e = lastEntry, lastSpec == f { return e }
        let e: FontEntry
        if let found = entries[f] { e = found } else {
            checkFamily(f)
            e = FontEntry(spec: f, context: context)
            // Plain lines are measured from the painter's shaped words: the words a line is
            // measured with are the ones it is drawn with, shaped once for both.
            e.exactWidth = { [unowned self] text in self.pdfText.words.width(text, font: f) }
            entries[f] = e
            if shapingAhead { pdfText.words.registerAhead(f) }
        }
        lastSpec = f; lastEntry = e
        return e
    }

    private func checkFamily(_ f: FontSpec) {
        guard checkedFamilies.insert(f.family.lowercased()).inserted else { return }
        let d = PangoMeasurer.fontDescription(f)
        defer { pango_font_description_free(d) }
        // The fontset the first line in this font is set with (the default language: no context
        // of ours sets one), not another of the same font for no language.
        guard let font = report_context_load_font_for(context, d, pango_language_get_default()) else {
            record("font family \"\(f.family)\" could not be loaded; text may be missing")
            return
        }
        defer { g_object_unref(font) }
        let got = pango_font_describe(font)
        defer { pango_font_description_free(got) }
        let family = pango_font_description_get_family(got).map { String(cString: $0) } ?? "?"
        if family.lowercased() != f.family.lowercased() {
            record("font family \"\(f.family)\" is not installed; fontconfig substituted \"\(family)\"")
        }
    }

    private func record(_ warning: String) {
        fontWarnings.append(warning)
        onFontWarning?(warning)
    }

    // MARK: Words shaped ahead

    /// Whether the words of laid-out pages are being shaped on a spare core (`WordGlyphs.Ahead`).
    private var shapingAhead = false

    /// Starts shaping the words of each page as it is laid out on a thread of its own, for a
    /// single report drawn with this measurer: the main thread then finds most words shaped
    /// when it draws them. Same glyphs, same bytes. Does nothing when no thread can be started.
    /// Call `stopShapingAhead` once the document is drawn.
    public func startShapingAhead() {
        guard !shapingAhead else { return }
        let ahead = WordGlyphs.Ahead()
        guard ahead.start() else { return }
        shapingAhead = true
        let words = pdfText.words
        words.ahead = ahead
        for spec in entries.keys { words.registerAhead(spec) }
    }

    /// Stops the thread `startShapingAhead` started and waits for it.
    public func stopShapingAhead() {
        guard shapingAhead else { return }
        shapingAhead = false
        pdfText.words.ahead?.stop()
        pdfText.words.ahead = nil
    }

    public func pageLaidOut(_ page: DisplayPage) {
        guard shapingAhead else { return }
        pdfText.words.ahead?.add(page)
    }

    // MARK: TextMeasurer

    public func lineMetrics(_ style: TextStyle) -> (ascent: Double, height: Double) {
        let e = entry(style.font)
        return (e.ascent, e.height * style.lineSpacing)
    }

    public func width(_ text: String, style: TextStyle) -> Double {
        let e = entry(style.font)
        if let w = e.memo[text] { return w }
        let w = e.measure(text)
        if e.memo.count > 4096 { e.memo.removeAll(keepingCapacity: true) }
        e.memo[text] = w
        return w
    }

    public func wrap(_ text: String, style: TextStyle, width: Double) -> [String] {
        wrap(text, style: style, width: width, limit: .max)
    }

    public func wrap(_ text: String, style: TextStyle, width: Double, limit: Int) -> [String] {
        let e = entry(style.font)
        if !text.utf8.contains(10), e.fits(text, width) { return [text] }
        let key = FontEntry.WrapKey(text: text, width: width, limit: max(1, limit))
        if let lines = e.wrapMemo[key] { return lines }
        let lines = e.wrap(text, width: width, limit: key.limit)
        if e.wrapMemo.count >= FontEntry.wrapMemoLimit { e.wrapMemo.removeAll(keepingCapacity: true) }
        e.wrapMemo[key] = lines
        return lines
    }

    public func truncate(_ text: String, style: TextStyle, width: Double) -> String {
        let e = entry(style.font)
        let line = TextBreaking.oneLine(text)
        if e.fits(line, width) { return line }
        let scalars = Array(line.unicodeScalars)
        func candidate(_ k: Int) -> String {
            var s = String(String.UnicodeScalarView(scalars[0..<k]))
            s = TextBreaking.trimTrailingSpaces(s)
            return s + "…"
        }
        var lo = 0, hi = scalars.count - 1  // lo always fits (or is 0)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if e.measure(candidate(mid)) <= width + 0.01 { lo = mid } else { hi = mid - 1 }
        }
        return candidate(lo)
    }
}

/// Per-font state: description, one reused layout, metrics and a cache of advances.
final class FontEntry {
    let desc: OpaquePointer
    let layout: OpaquePointer
    let ascent: Double
    /// Natural line height (ascent + descent as Pango lays out a line).
    let height: Double
    /// Advances for U+0000–U+02FF and U+2000–U+20CF; negative = not measured yet.
    private var advances = [Float](repeating: -1, count: 0x300 + 0xD0)
    /// The font a line of Latin text starts in (the one "Ag" is set in), kept alive for its
    /// HarfBuzz font: the estimate's advances are its glyphs' (`estimate`).
    private var font: UnsafeMutablePointer<PangoFont>?
    var memo: [String: Double] = [:]
    /// A paragraph's lines by text, width and line limit: layout asks for the same paragraph
    /// more than once (a keep-together group is measured for its lead and again to place it).
    struct WrapKey: Hashable { let text: String; let width: Double; let limit: Int }
    var wrapMemo: [WrapKey: [String]] = [:]
    static let wrapMemoLimit = 1024
    /// UTF-8 bytes handed to Pango for line breaking so far: the work `wrap` did.
    var shapedBytes = 0
    /// The width of a line of plain text from shaped words (the same width Pango gives the
    /// line), or nil for other text.
    var exactWidth: ((String) -> Double?)?

    init(spec: FontSpec, context: OpaquePointer) {
        let desc = PangoMeasurer.fontDescription(spec)
        self.desc = desc
        layout = pango_layout_new(context)
        pango_layout_set_font_description(layout, desc)
        // The box of a line "Ag": from the items, not the layout, whose extents would make the
        // font's metrics (`PangoLine`).
        let sample: StaticString = "Ag"
        let items = sample.withUTF8Buffer { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { PangoLine.items($0, desc: desc, context: context) }
        }
        if let items {
            let box = PangoLine.box(items)
            if let first = items.pointee.data?.assumingMemoryBound(to: PangoItem.self).pointee.analysis.font {
                g_object_ref(UnsafeMutableRawPointer(first))
                font = first
            }
            PangoLine.free(items)
            height = Double(box.height) / Double(PANGO_SCALE)
            ascent = Double(box.baseline) / Double(PANGO_SCALE)
        } else {
            pango_layout_set_text(layout, "Ag", -1)
            var w: Int32 = 0, h: Int32 = 0
            pango_layout_get_size(layout, &w, &h)
            height = Double(h) / Double(PANGO_SCALE)
            ascent = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        }
    }

    func release() {
        if let font { g_object_unref(UnsafeMutableRawPointer(font)) }
        g_object_unref(UnsafeMutableRawPointer(layout))
        pango_font_description_free(desc)
    }

    func setText(_ text: String) {
        var t = text
        t.withUTF8 { buf in
            guard let base = buf.baseAddress, buf.count > 0 else { pango_layout_set_text(layout, "", 0); return }
            base.withMemoryRebound(to: CChar.self, capacity: buf.count) { p in
                pango_layout_set_text(layout, p, Int32(clamping: buf.count))
            }
        }
    }

    /// Shaped width of one line.
    func measure(_ text: String) -> Double {
        if let w = exactWidth?(text) { return w }
        setText(text)
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_size(layout, &w, &h)
        return Double(w) / Double(PANGO_SCALE)
    }

    /// Sum of cached advances, or nil when the text has characters outside the cached ranges
    /// (other scripts, controls) and must be shaped.
    func estimate(_ text: String) -> Double? {
        var sum: Float = 0
        for s in text.unicodeScalars {
            let v = s.value
            let i: Int
            if v >= 0x20 && v < 0x300 { i = Int(v) }
            else if v >= 0x2000 && v < 0x20D0 { i = 0x300 + Int(v - 0x2000) }
            else { return nil }
            var a = advances[i]
            if a < 0 {
                a = nominalAdvance(s) ?? Float(measure(String(s)))
                advances[i] = a
            }
            sum += a
        }
        return Double(sum)
    }

    /// The advance of the font's own glyph for `s`, in points, or nil when the font has none
    /// (the character is shaped, in whatever font Pango falls back to). A character alone is
    /// not shaped for this: the estimate only decides which lines are surely short or surely
    /// long, within a margin kerning and substitutions cannot cross (144 single-character
    /// words shaped on the 100-row summary, 5 M instructions, before).
    private func nominalAdvance(_ s: Unicode.Scalar) -> Float? {
        guard let font, let hb = pango_font_get_hb_font(font) else { return nil }
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hb, s.value, &glyph) != 0, glyph != 0 else { return nil }
        return Float(hb_font_get_glyph_h_advance(hb, glyph)) / Float(PANGO_SCALE)
    }

    /// Whether `text` fits on one line of `width`: trusts the estimate when it is comfortably
    /// below the limit or more than half again above it (kerning cannot close either gap),
    /// otherwise shapes the text.
    func fits(_ text: String, _ width: Double) -> Bool {
        if let est = estimate(text) {
            if est <= width - max(1.0, est * 0.04) { return true }
            if est > width * 1.5 + 1 { return false }
        }
        return measure(text) <= width + 0.01
    }
}
