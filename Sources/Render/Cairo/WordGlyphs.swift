import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// Lines of plain Latin text drawn from words shaped once.
///
/// Shaping is most of the cost of drawing text: HarfBuzz runs every lookup of Inter's OpenType
/// tables over each string it shapes. Yet the lines of a report are made of few distinct words:
/// month names, years, times, severities, weather, medication names, the words of notes. A line
/// of plain text (Latin letters, digits, common punctuation; no other script, no combining mark,
/// nothing right-to-left) is cut into words (`words(_:into:)`); each word is shaped by Pango
/// once, alone, and kept; the line is drawn as one glyph run put together from its words'
/// glyphs, with the line's text attached so the PDF keeps it searchable and copyable.
///
/// The words are cut so that no glyph depends on anything across a cut (a word keeps the spaces
/// after it; a dash joins the words on both sides): the glyphs and advances drawn are the ones
/// shaping the line whole gives. This was checked on 85,844 lines of report text in seven
/// weights and sizes of Inter. A line with a word Pango sets in more than one run or in another
/// font (a character Inter lacks) takes the ordinary path. Not thread-safe: one per `ShapedTextCache`.
final class WordGlyphs {
    /// A line ready to draw: its width and the distance from its top to its baseline, in points.
    struct Line {
        let width: Double
        let baseline: Double
    }

    fileprivate final class Word {
        let glyphs: [PangoGlyphInfo]
        /// Each glyph's byte offset within the word.
        let clusters: [Int32]
        let width: Int32
        /// The glyphs that put something on the page (all but PANGO_GLYPH_EMPTY).
        let drawnGlyphs: Int
        init(glyphs: [PangoGlyphInfo], clusters: [Int32], width: Int32) {
            self.glyphs = glyphs; self.clusters = clusters; self.width = width
            drawnGlyphs = glyphs.reduce(0) { $1.glyph == 0x0FFF_FFFF ? $0 : $0 + 1 }  // PANGO_GLYPH_EMPTY
        }
    }

    /// One font: its description (what its words are itemized in), the font and item every line
    /// of it must share, and its words.
    private final class Face {
        let desc: OpaquePointer
        var font: UnsafeMutablePointer<PangoFont>?
        var item: UnsafeMutablePointer<PangoItem>?
        var baseline: Int32 = 0
        /// The item of the face's first Latin word: further words are shaped with its analysis.
        var latinItem: UnsafeMutablePointer<PangoItem>?
        var words: [String: Word] = [:]
        /// Words Pango does not set as one run in this font.
        var unshaped: Set<String> = []
        /// Counts the times the face's font changed and its words were dropped.
        var generation = 0
        /// The face's place in `ahead`, once registered there.
        var aheadIndex: Int?
        init(desc: OpaquePointer) { self.desc = desc }
        deinit {
            pango_font_description_free(desc)
            if let item { pango_item_free(item) }
            if let latinItem { pango_item_free(latinItem) }
            if let font { g_object_unref(UnsafeMutableRawPointer(font)) }
        }
    }

    private let context: OpaquePointer
    private var faces: [FontSpec: Face] = [:]
    private var lastSpec: FontSpec?
    private var lastFace: Face?
    /// The prepared line: its words with their byte offsets, its face and its text.
    private var parts: [(word: Word, offset: Int32)] = []
    private var ranges: [(start: Int, end: Int)] = []
    private var preparedFace: Face?
    private var preparedText = ""
    private let glyphs: UnsafeMutablePointer<PangoGlyphString>
    /// Where words are shaped directly.
    private let scratch = pango_glyph_string_new()!
    /// Words kept per font before the font's words are forgotten.
    static let wordLimit = 16_384
    /// Longer lines take the ordinary path.
    static let maxBytes = 1_024
    /// Words shaped ahead on a spare core while a single report is laid out and drawn (`Ahead`).
    var ahead: Ahead? {
        didSet { for face in faces.values { face.aheadIndex = nil } }
    }
    /// Words taken from `ahead` instead of shaped here, for tests.
    private(set) var wordsTakenAhead = 0
    /// Draws every line through Pango's renderer (`pango_cairo_show_glyph_item`) rather than
    /// making its cairo calls directly (`report_show_glyph_item`), for tests comparing the two.
    var drawsThroughPango = false
    /// Lines drawn with `report_show_glyph_item` or queued, for tests.
    private(set) var linesDrawnDirectly = 0
    /// Lines queued to be drawn with the lines around them (`report_glyph_batch`), for tests.
    private(set) var linesQueued = 0
    /// Whether lines may be queued at all; off, every line is drawn at once, for tests comparing
    /// the two.
    var queuesLines = true
    /// The lines queued and not yet drawn: drawn by `flush` as one call to cairo. Nil when it
    /// could not be allocated (every line is then drawn on its own).
    private let batch = report_glyph_batch_new()

    init(context: OpaquePointer) {
        self.context = context
        glyphs = pango_glyph_string_new()
    }

    deinit {
        pango_glyph_string_free(glyphs)
        pango_glyph_string_free(scratch)
        report_glyph_batch_free(batch)
    }

    /// Draws the lines `draw(_:x:baseline:queued:)` queued, if any, on `cr`, the context they
    /// were queued for. The painter calls it before drawing anything else, changing the
    /// context's source, clip, group or transformation, and at the end of every page.
    func flush(_ cr: OpaquePointer) {
        if let batch, batch.pointee.font != nil { report_glyph_batch_flush(batch, cr) }
    }


    /// Whether every scalar of `text` is one this path draws: printable Latin (to U+024F, no
    /// soft hyphen), general punctuation, currency signs, letterlike symbols and arrows.
    static func isPlain(_ text: String) -> Bool {
        // Printable ASCII, most lines, read as bytes.
        var ascii = true
        for b in text.utf8 where b < 0x20 || b > 0x7E { ascii = false; break }
        if ascii { return true }
        for s in text.unicodeScalars {
            let v = s.value
            if v >= 0x20 && v <= 0x7E { continue }
            if v >= 0xA0 && v <= 0x24F && v != 0xAD { continue }
            if (v >= 0x2010 && v <= 0x2027) || (v >= 0x2030 && v <= 0x205E) { continue }
            if (v >= 0x20A0 && v <= 0x20C0) || (v >= 0x2100 && v <= 0x214F) || (v >= 0x2190 && v <= 0x21FF) { continue }
            return false
        }
        return true
    }

    /// Prepares `text` (one line) in `font` for `draw`, or returns nil when the line must be
    /// drawn the ordinary way.
    ///
    /// The line is cut before each word that follows a space, so a word keeps its spaces (Inter
    /// kerns a comma with the space after it). A piece with no letter or digit (a dash, a middle
    /// dot) is joined to the pieces on both sides: Inter picks the form of a dash between
    /// figures or capitals from its neighbours.
    func prepare(_ text: String, font: FontSpec) -> Line? {
        var text = text
        let bytes = text.utf8.count
        guard bytes > 0, bytes <= Self.maxBytes, Self.isPlain(text) else { return nil }
        let face = self.face(font)
        let width = text.withUTF8 { cut($0, face) }
        guard let width, !parts.isEmpty else { return nil }
        preparedFace = face
        preparedText = text
        return Line(width: Double(width) / Double(PANGO_SCALE), baseline: Double(face.baseline) / Double(PANGO_SCALE))
    }

    /// Cuts the line in `utf8` into its words (in `parts`) and returns its width in Pango
    /// units, or nil when a word cannot be drawn this way. A word not seen before is shaped
    /// alone and kept. (Shaping the new words of a line together, in one call, was measured: no
    /// faster, as HarfBuzz's cost with Inter is per glyph far more than per call.)
    private func cut(_ utf8: UnsafeBufferPointer<UInt8>, _ face: Face) -> Int32? {
        Self.words(utf8, into: &ranges)
        // A second pass when the first found the face's font changed (its words were dropped).
        pass: for _ in 0..<2 {
            parts.removeAll(keepingCapacity: true)
            var width: Int32 = 0
            for r in ranges {
                let slice = UnsafeBufferPointer(rebasing: utf8[r.start..<r.end])
                let key = String(decoding: slice, as: UTF8.self)
                let word: Word
                if let known = face.words[key] { word = known } else {
                    guard !face.unshaped.contains(key) else { return nil }
                    if face.words.count >= Self.wordLimit { face.words.removeAll(keepingCapacity: true) }
                    if let index = face.aheadIndex, let ahead, let shaped = ahead.take(index, key, font: face.font) {
                        face.words[key] = shaped
                        wordsTakenAhead &+= 1
                        parts.append((shaped, Int32(r.start)))
                        width &+= shaped.width
                        continue
                    }
                    let wordsBefore = face.generation
                    guard let shaped = shape(slice, face) else {
                        if face.unshaped.count >= Self.wordLimit { face.unshaped.removeAll(keepingCapacity: true) }
                        face.unshaped.insert(key)
                        return nil
                    }
                    word = Word(glyphs: shaped.glyphs, clusters: shaped.clusters,
                                width: shaped.glyphs.reduce(0) { $0 &+ $1.geometry.width })
                    face.words[key] = word
                    if face.generation != wordsBefore && !parts.isEmpty { continue pass }
                }
                parts.append((word, Int32(r.start)))
                width &+= word.width
            }
            return width
        }
        return nil
    }

    /// The byte ranges of the line's words. The line is cut before each word that follows a
    /// space or a no-break space ("2h 14m", "18 °C"), so a word keeps its spaces (Inter kerns a comma with the space after it). A piece
    /// with no letter or digit (a dash, a middle dot) is joined to the pieces on both sides:
    /// Inter picks the form of a dash between figures or capitals from its neighbours.
    static func words(_ utf8: UnsafeBufferPointer<UInt8>, into ranges: inout [(start: Int, end: Int)]) {
        ranges.removeAll(keepingCapacity: true)
        var pieceStart = 0       // the piece being read
        var pendingStart = 0     // the run of joined pieces not cut off yet
        var pieceHasLetter = false
        var joinNext = false
        var previousSpace = false  // a space or a no-break space (C2 A0) ended the last byte
        var lead: UInt8 = 0
        func endPiece(at end: Int) {
            if pieceStart > pendingStart && !pieceHasLetter {
                joinNext = true                       // joined to the pending pieces and the next
            } else if joinNext {
                joinNext = !pieceHasLetter
            } else {
                if pieceStart > pendingStart { ranges.append((pendingStart, pieceStart)) }
                pendingStart = pieceStart
                joinNext = !pieceHasLetter
            }
            pieceStart = end
            pieceHasLetter = false
        }
        for offset in 0..<utf8.count {
            let b = utf8[offset]
            let space = b == 0x20 || (b == 0xA0 && lead == 0xC2)
            if !space && previousSpace { endPiece(at: offset) }
            if !pieceHasLetter && isLetterOrDigit(b, after: lead) { pieceHasLetter = true }
            lead = b >= 0xC0 ? b : 0
            previousSpace = space
        }
        endPiece(at: utf8.count)
        if utf8.count > pendingStart { ranges.append((pendingStart, utf8.count)) }
    }

    /// The width in points of `text` (one line) in `font`, from its words (shaping the new
    /// ones), or nil when the line is not plain text. The width is the one `prepare` gives
    /// and the one Pango gives the whole line. Leaves a prepared line alone.
    func width(_ text: String, font: FontSpec) -> Double? {
        var text = text
        let bytes = text.utf8.count
        guard bytes > 0, bytes <= Self.maxBytes, Self.isPlain(text) else { return nil }
        let face = self.face(font)
        let saved = parts
        defer { parts = saved }
        guard let width = text.withUTF8({ cut($0, face) }) else { return nil }
        return Double(width) / Double(PANGO_SCALE)
    }

    /// Registers `font` with `ahead`, so that its words on laid-out pages are shaped there. The
    /// face gets its font and Latin item here, as from a first word drawn in it (`establish`):
    /// the spare core shapes words with that analysis, as `shape` does.
    func registerAhead(_ font: FontSpec) {
        guard let ahead else { return }
        let face = self.face(font)
        guard face.aheadIndex == nil else { return }
        if face.latinItem == nil { establish(face) }
        guard let latin = face.latinItem, let pangoFont = face.font else { return }
        face.aheadIndex = ahead.register(font, pangoFont, item: latin)
    }

    /// The glyph ids `prepare` would draw for `text` (one line) in `font`, or nil when the line
    /// takes the ordinary path. Leaves a prepared line alone.
    func glyphIDs(_ text: String, font: FontSpec) -> [UInt32]? {
        var text = text
        guard text.utf8.count <= Self.maxBytes, Self.isPlain(text) else { return nil }
        let face = self.face(font)
        let saved = parts
        defer { parts = saved }
        guard text.withUTF8({ cut($0, face) }) != nil else { return nil }
        return parts.flatMap { $0.word.glyphs.map(\.glyph) }
    }

    /// Whether byte `b` ends a letter or digit: ASCII letters and digits, and the Latin letters
    /// U+00C0–U+024F but × and ÷ (`lead` is the byte before `b` when that began a sequence).
    static func isLetterOrDigit(_ b: UInt8, after lead: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0x80...0xBF:
            if lead == 0xC3 { return b != 0x97 && b != 0xB7 }
            return lead >= 0xC4 && lead <= 0xC9
        default: return false
        }
    }

    /// The glyphs the line last prepared puts on the page (empty glyphs draw nothing).
    var preparedGlyphCount: Int {
        var n = 0
        for part in parts { n += part.word.drawnGlyphs }
        return n
    }

    /// Draws the line last prepared with its baseline starting at (`x`, `baseline`). With
    /// `queued`, a line that gives the same file drawn in one call with the lines around it is
    /// queued instead (`report_glyph_batch_queue`), until `flush`; any other line flushes the
    /// queue and is drawn at once. The caller queues only while the source is an opaque colour
    /// and no clip or group is set.
    func draw(_ cr: OpaquePointer, x: Double, baseline: Double, queued: Bool = false) {
        guard let face = preparedFace, let item = face.item else { return }
        var count = 0
        for part in parts { count += part.word.glyphs.count }
        pango_glyph_string_set_size(glyphs, Int32(clamping: count))
        guard let infos = glyphs.pointee.glyphs, let clusters = glyphs.pointee.log_clusters else { return }
        var i = 0
        for part in parts {
            for (g, c) in zip(part.word.glyphs, part.word.clusters) {
                infos[i] = g
                clusters[i] = part.offset &+ c
                i += 1
            }
        }
        var text = preparedText
        text.withUTF8 { buf in
            guard let base = buf.baseAddress else { return }
            item.pointee.offset = 0
            item.pointee.length = Int32(clamping: buf.count)
            var run = PangoGlyphItem(item: item, glyphs: glyphs, y_offset: 0, start_x_offset: 0, end_x_offset: 0)
            cairo_move_to(cr, x, baseline)
            base.withMemoryRebound(to: CChar.self, capacity: buf.count) { p in
                if queued, queuesLines, !drawsThroughPango, let batch, report_glyph_batch_queue(batch, cr, p, &run) != 0 {
                    linesDrawnDirectly &+= 1
                    linesQueued &+= 1
                    return
                }
                flush(cr)
                // Pango's own calls, made directly (the same bytes); Pango draws what that cannot,
                // with the item's character count its glyph item iterator reads.
                if !drawsThroughPango, report_show_glyph_item(cr, p, &run) != 0 {
                    linesDrawnDirectly &+= 1
                } else {
                    item.pointee.num_chars = Int32(clamping: buf.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 })
                    pango_cairo_show_glyph_item(cr, p, &run)
                }
            }
        }
        preparedFace = nil
    }

    private func face(_ font: FontSpec) -> Face {
        if let f = lastFace, lastSpec == font { return f }
        let face: Face
        if let found = faces[font] { face = found } else {
            face = Face(desc: PangoMeasurer.fontDescription(font))
            faces[font] = face
        }
        lastSpec = font; lastFace = face
        return face
    }

    /// Shapes `utf8` (a word) alone with Pango: its glyphs and their byte offsets, or nil
    /// unless it comes out as one left-to-right run in the face's font with no missing glyph.
    ///
    /// The first word is itemized as a layout of it would be (`PangoLine`). Once a Latin word has
    /// come out so, the face shapes further words directly with that word's analysis (font, Latin
    /// script, language), skipping the itemizing: the glyphs are those of the word inside a
    /// line, where Pango's itemizer gives figures and punctuation the script of the Latin text
    /// around them.
    private func shape(_ utf8: UnsafeBufferPointer<UInt8>, _ face: Face) -> (glyphs: [PangoGlyphInfo], clusters: [Int32])? {
        guard let base = utf8.baseAddress, utf8.count > 0 else { return nil }
        if let latin = face.latinItem {
            base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { p in
                pango_shape_with_flags(p, Int32(clamping: utf8.count), p, Int32(clamping: utf8.count),
                                       &latin.pointee.analysis, scratch, PANGO_SHAPE_NONE)
            }
            return Self.glyphs(of: scratch)
        }
        // The first word of the face: itemized as a layout of it would be, without the layout
        // (whose line breaking would make the font's metrics: `PangoLine`).
        let text = UnsafeBufferPointer(start: UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), count: utf8.count)
        guard let items = PangoLine.items(text, desc: face.desc, context: context) else { return nil }
        defer { PangoLine.free(items) }
        guard items.pointee.next == nil, let item = items.pointee.data?.assumingMemoryBound(to: PangoItem.self),
              let font = item.pointee.analysis.font,
              item.pointee.analysis.level % 2 == 0, item.pointee.offset == 0, Int(item.pointee.length) == utf8.count
        else { return nil }
        adopt(font, item, of: items, into: face)
        pango_shape_with_flags(text.baseAddress, Int32(clamping: utf8.count), text.baseAddress, Int32(clamping: utf8.count),
                               &item.pointee.analysis, scratch, PANGO_SHAPE_NONE)
        guard let result = Self.glyphs(of: scratch) else { return nil }
        if face.latinItem == nil && Int(item.pointee.analysis.script) == Int(PANGO_SCRIPT_LATIN.rawValue) {
            face.latinItem = pango_item_copy(item)
        }
        return result
    }

    /// Makes `font` (of `item`, the one item of `items`) the face's font: its first word's, or
    /// another now that the context gives another (other font options), when the words shaped
    /// in the old one are dropped.
    private func adopt(_ font: UnsafeMutablePointer<PangoFont>, _ item: UnsafeMutablePointer<PangoItem>,
                       of items: UnsafeMutablePointer<GList>, into face: Face) {
        guard face.font != font else { return }
        if let old = face.font {
            g_object_unref(UnsafeMutableRawPointer(old))
            face.words.removeAll()
            face.unshaped.removeAll()
            face.generation &+= 1
        }
        if let old = face.item { pango_item_free(old) }
        if let old = face.latinItem { pango_item_free(old) }
        face.latinItem = nil
        face.font = font
        g_object_ref(UnsafeMutableRawPointer(font))
        face.item = pango_item_copy(item)
        face.baseline = PangoLine.box(items).baseline
    }

    /// Gives the face its font and Latin item from "Ag" itemized as a first word is, without
    /// shaping it: the spare core shapes its words (`registerAhead`). The font's HarfBuzz font is
    /// made here, as Pango makes it once, unlocked, on first use.
    private func establish(_ face: Face) {
        let sample: StaticString = "Ag"
        sample.withUTF8Buffer { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { text in
                guard let items = PangoLine.items(text, desc: face.desc, context: context) else { return }
                defer { PangoLine.free(items) }
                guard items.pointee.next == nil, let item = items.pointee.data?.assumingMemoryBound(to: PangoItem.self),
                      let font = item.pointee.analysis.font, item.pointee.analysis.level % 2 == 0,
                      item.pointee.offset == 0, Int(item.pointee.length) == text.count,
                      Int(item.pointee.analysis.script) == Int(PANGO_SCRIPT_LATIN.rawValue),
                      pango_font_get_hb_font(font) != nil
                else { return }
                adopt(font, item, of: items, into: face)
                if face.latinItem == nil { face.latinItem = pango_item_copy(item) }
            }
        }
    }

    /// The glyphs of `shaped` and their byte offsets; nil when one is missing from the font.
    private static func glyphs(of shaped: UnsafeMutablePointer<PangoGlyphString>) -> (glyphs: [PangoGlyphInfo], clusters: [Int32])? {
        let n = Int(shaped.pointee.num_glyphs)
        guard n > 0, let infos = shaped.pointee.glyphs, let logs = shaped.pointee.log_clusters else { return nil }
        var glyphs: [PangoGlyphInfo] = []
        var clusters: [Int32] = []
        glyphs.reserveCapacity(n); clusters.reserveCapacity(n)
        for i in 0..<n {
            // An unknown glyph (a box) means the font lacks a character: the line is drawn the
            // ordinary way, which falls back to another font.
            guard infos[i].glyph & 0x1000_0000 == 0 else { return nil }
            glyphs.append(infos[i])
            clusters.append(logs[i])
        }
        return (glyphs, clusters)
    }
}

extension WordGlyphs {
    /// Words of laid-out pages shaped on a thread of its own, while the main thread lays the
    /// rest of the document out and draws.
    ///
    /// Shaping new words was a seventh of a single report's work on the main thread (HarfBuzz
    /// running Inter's lookups, ~43,000 instructions a word), done while drawing, with the
    /// second core idle once the PDF stack is loaded. As each page is laid out
    /// (`TextMeasurer.pageLaidOut`), its lines go to this thread, which cuts them into words as
    /// `prepare` does and shapes those not claimed yet with its face's Latin analysis (made on
    /// the main thread by `registerAhead`), as `shape` would. The main thread takes a word shaped here
    /// instead of shaping it (`take`); a word it finds unclaimed it claims and shapes itself, so
    /// no word is shaped twice unless both reach it at once. The glyphs are the ones the main
    /// thread would make: the same font, analysis and call. Pango's shaping keeps no state
    /// between calls but the font's HarfBuzz font (safe to share) and a buffer it takes with a
    /// lock; the main thread meanwhile draws through cairo, which locks its own fonts.
    ///
    /// For a single report only: a batch keeps both cores busy with its workers. Made, fed and
    /// stopped by the main thread (`PangoMeasurer.startShapingAhead`, `stopShapingAhead`).
    final class Ahead: @unchecked Sendable {
        private enum State { case claimed, done(Word) }
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var thread: pthread_t?
        // Guarded by `mutex`:
        /// Each registered face's font and a copy of its Latin item (holding the font).
        private var faces: [(font: UnsafeMutablePointer<PangoFont>, item: UnsafeMutablePointer<PangoItem>)] = []
        private var indexOf: [FontSpec: Int] = [:]
        private var states: [[String: State]] = []
        private var pending: [DisplayPage] = []
        private var stopping = false
        /// Pages taken from `pending` and not done yet.
        private var working = false
        private var shapedCount = 0

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(wake, nil)
        }

        deinit {
            for face in faces { pango_item_free(face.item) }
            pthread_cond_destroy(wake); wake.deallocate()
            pthread_mutex_destroy(mutex); mutex.deallocate()
        }

        private func locked<T>(_ body: () -> T) -> T {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body()
        }

        /// Starts the thread; false when none can be started.
        func start() -> Bool {
            let box = Unmanaged.passRetained(self)
            var t = pthread_t()
            let status = pthread_create(&t, nil, { context in
                guard let context else { return nil }
                Unmanaged<Ahead>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, box.toOpaque())
            guard status == 0 else { box.release(); return false }
            thread = t
            return true
        }

        /// Stops the thread after the word it is shaping, and waits for it.
        func stop() {
            locked { stopping = true; pending.removeAll() }
            pthread_cond_signal(wake)
            if let thread { pthread_join(thread, nil) }
            thread = nil
        }

        /// The face of `spec`, in `font`, with a copy of its Latin item: its index.
        func register(_ spec: FontSpec, _ font: UnsafeMutablePointer<PangoFont>, item: UnsafeMutablePointer<PangoItem>) -> Int? {
            guard let copy = pango_item_copy(item) else { return nil }
            return locked {
                faces.append((font, copy))
                states.append([:])
                indexOf[spec] = faces.count - 1
                return faces.count - 1
            }
        }

        /// Whether every page given has been done, and how many words were shaped here: for tests.
        var idle: (done: Bool, shaped: Int) { locked { (pending.isEmpty && !working, shapedCount) } }

        /// A laid-out page whose words are to be shaped.
        func add(_ page: DisplayPage) {
            locked { pending.append(page) }
            pthread_cond_signal(wake)
        }

        /// The word shaped here for face `index` in `font`, or nil: then the caller shapes it
        /// (and claims it, when it could). The main thread never waits here: when this thread
        /// holds the lock (it may have been preempted holding it), shaping the word costs less
        /// than a sleep on the lock.
        fileprivate func take(_ index: Int, _ key: String, font: UnsafeMutablePointer<PangoFont>?) -> Word? {
            var tries = 0
            while pthread_mutex_trylock(mutex) != 0 {
                tries += 1
                if tries >= Ahead.tries { return nil }
            }
            defer { pthread_mutex_unlock(mutex) }
            guard index < states.count, faces[index].font == font else { return nil }
            switch states[index][key] {
            case .done(let word)?: return word
            case .claimed?: return nil
            case nil: states[index][key] = .claimed; return nil
            }
        }
        /// How many times `take` tries the lock.
        static let tries = 64

        /// Records the word shaped last (nil: it cannot be drawn from words; the main thread finds
        /// so itself). Holding the lock.
        private func publish(_ face: Int, _ key: String, _ result: State?) {
            states[face][key] = result
            if result != nil { shapedCount &+= 1 }
        }

        private func run() {
            let scratch = pango_glyph_string_new()!
            defer { pango_glyph_string_free(scratch) }
            var ranges: [(start: Int, end: Int)] = []
            var seen: [Set<String>] = []
            /// The word shaped last, not published yet.
            var last: (face: Int, key: String, state: State?)?
            while true {
                pthread_mutex_lock(mutex)
                if let (face, word, result) = last.take() { publish(face, word, result) }
                working = false
                while pending.isEmpty && !stopping { pthread_cond_wait(wake, mutex) }
                let pages = pending
                pending.removeAll()
                working = true
                let stop = stopping
                let indexOf = self.indexOf
                let faces = self.faces
                pthread_mutex_unlock(mutex)
                if stop { return }
                while seen.count < faces.count { seen.append([]) }
                var stopped = false
                for page in pages {
                    page.forEachStyledText { text, style in
                        guard !stopped, let index = indexOf[style.font], index < faces.count else { return }
                        var text = text
                        let bytes = text.utf8.count
                        guard bytes > 0, bytes <= WordGlyphs.maxBytes, WordGlyphs.isPlain(text) else { return }
                        text.withUTF8 { utf8 in
                            WordGlyphs.words(utf8, into: &ranges)
                            for r in ranges {
                                let slice = UnsafeBufferPointer(rebasing: utf8[r.start..<r.end])
                                let key = String(decoding: slice, as: UTF8.self)
                                guard seen[index].insert(key).inserted else { continue }
                                let claimed: Bool? = locked {
                                    if let (face, word, result) = last.take() { publish(face, word, result) }
                                    if stopping { return nil }
                                    if states[index][key] != nil { return false }
                                    states[index][key] = .claimed
                                    return true
                                }
                                guard let claimed else { stopped = true; return }
                                guard claimed, let base = slice.baseAddress else { continue }
                                let item = faces[index].item
                                base.withMemoryRebound(to: CChar.self, capacity: slice.count) { p in
                                    pango_shape_with_flags(p, Int32(clamping: slice.count), p, Int32(clamping: slice.count),
                                                           &item.pointee.analysis, scratch, PANGO_SHAPE_NONE)
                                }
                                // Published with the next word's claim, or before waiting for pages.
                                // A word that cannot be drawn this way is left to the main thread.
                                let shaped = WordGlyphs.glyphs(of: scratch)
                                last = (index, key, shaped.map {
                                    .done(Word(glyphs: $0.glyphs, clusters: $0.clusters, width: $0.glyphs.reduce(0) { $0 &+ $1.geometry.width }))
                                })
                            }
                        }
                    }
                    if stopped { return }
                }
            }
        }
    }
}
