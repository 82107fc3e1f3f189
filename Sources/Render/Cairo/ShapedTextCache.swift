import CCairo

/// The Pango context text is drawn with, its plain lines' shaped words (`words`), and the
/// shaped layouts of other lines that repeat, kept from one document to the next.
///
/// Plain Latin lines (most of a report) are drawn from `WordGlyphs`. The rest (other scripts,
/// emoji, marks) take a `PangoLayout`, and a cached one is drawn again without being shaped
/// again: short strings are kept from their first use, longer ones from their second (most are
/// unique). At the start of each document, when the cache holds more than half its limit, the
/// strings the previous document did not draw are dropped, so what keeps repeating stays. Drawing
/// a cached layout gives the same glyphs as shaping it again: the context's font map, resolution
/// and options are the same for every document of the cache.
///
/// Not thread-safe: one per measurer, which is one per thread.
final class ShapedTextCache {
    let context: OpaquePointer
    /// Plain lines drawn from shaped words, kept with the same lifetime.
    private(set) lazy var words = WordGlyphs(context: context)
    private var layouts: [FontSpec: OpaquePointer] = [:]
    private var lastSpec: FontSpec?
    private var lastLayout: OpaquePointer?
    private struct Key: Hashable { let font: FontSpec; let text: String }
    private final class Entry {
        let layout: OpaquePointer
        var lastDocument: Int
        init(_ layout: OpaquePointer, document: Int) { self.layout = layout; lastDocument = document }
    }
    private var shaped: [Key: Entry] = [:]
    /// Longer strings drawn once so far, forgotten when the set reaches `limit`.
    private var seenOnce: Set<Key> = []
    private var document = 0
    static let limit = 4096
    static let shortBytes = 32
    static let repeatedMaxBytes = 256

    /// `pdf`: the context starts with the font options a PDF surface gives (those `begin` then
    /// finds unchanged), so that words shaped to measure text before drawing stay valid.
    init(fontMap: UnsafeMutablePointer<PangoFontMap>, pdf: Bool, fontSet: Int = 0) {
        context = pango_font_map_create_context(fontMap)!
        pango_cairo_context_set_resolution(context, 72)
        if pdf { PangoMeasurer.applyPDFFontOptions(context, fontSet: fontSet) } else { PangoMeasurer.applyFontOptions(context) }
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        for l in layouts.values { g_object_unref(UnsafeMutableRawPointer(l)) }
        for e in shaped.values { g_object_unref(UnsafeMutableRawPointer(e.layout)) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// Starts drawing a document on `cr`: the context takes `cr`'s transformation and its
    /// surface's font options (unchanged from one PDF to the next, so cached layouts stay
    /// shaped), and strings the previous document did not draw are dropped when the cache is
    /// more than half full.
    func begin(_ cr: OpaquePointer) {
        pango_cairo_update_context(cr, context)
        document += 1
        guard shaped.count > Self.limit / 2 else { return }
        let stale = shaped.filter { $0.value.lastDocument < document - 1 }
        for (key, entry) in stale {
            g_object_unref(UnsafeMutableRawPointer(entry.layout))
            shaped.removeValue(forKey: key)
        }
    }

    /// The layout to draw `text` in `font` with: a cached, already shaped one for a repeated
    /// string, else the font's reusable layout with the text set.
    func layout(_ text: String, font: FontSpec) -> OpaquePointer {
        let bytes = text.utf8.count
        guard bytes <= Self.repeatedMaxBytes else { return unshared(text, font) }
        let key = Key(font: font, text: text)
        if let entry = shaped[key] {
            entry.lastDocument = document
            return entry.layout
        }
        if shaped.count >= Self.limit { return unshared(text, font) }
        if bytes > Self.shortBytes {
            if seenOnce.count >= Self.limit { seenOnce.removeAll(keepingCapacity: true) }
            if seenOnce.insert(key).inserted { return unshared(text, font) }
            seenOnce.remove(key)
        }
        let l = newLayout(font)
        setText(l, text)
        shaped[key] = Entry(l, document: document)
        return l
    }

    private func unshared(_ text: String, _ font: FontSpec) -> OpaquePointer {
        let l: OpaquePointer
        if let last = lastLayout, lastSpec == font { l = last } else {
            if let found = layouts[font] { l = found } else {
                l = newLayout(font)
                layouts[font] = l
            }
            lastSpec = font; lastLayout = l
        }
        setText(l, text)
        return l
    }

    private func newLayout(_ font: FontSpec) -> OpaquePointer {
        let l = pango_layout_new(context)!
        let d = PangoMeasurer.fontDescription(font)
        pango_layout_set_font_description(l, d)
        pango_font_description_free(d)
        return l
    }

    private func setText(_ l: OpaquePointer, _ text: String) {
        var t = text
        t.withUTF8 { buf in
            guard let base = buf.baseAddress, buf.count > 0 else { return }
            base.withMemoryRebound(to: CChar.self, capacity: buf.count) { p in
                pango_layout_set_text(l, p, Int32(clamping: buf.count))
            }
        }
    }
}
