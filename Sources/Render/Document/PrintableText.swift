/// Text as a document prints it: the characters that have no business on a page are left out.
///
/// An export's free text can hold what a keyboard or a paste puts there — a bell, an escape
/// sequence, a C1 control — which a font draws as a box of hex digits and a PDF's text layer
/// would copy out; and the bidirectional embeddings and overrides (U+202A–U+202E), which make
/// the page show characters in another order than they were written (`\u{202E}reversed` printed
/// as "desrever"). Neither may change what a clinician reads, so every text a document block
/// is made with (paragraphs, headings, list items, table cells, bands, chart labels) and every
/// figure's alternative text passes through `printable`. Line breaks (LF, CR) and tabs stay, as
/// do the isolates and marks (U+2066–U+2069, U+200E, U+200F), which only keep mixed-direction
/// text in the order it was written.
public enum PrintableText {
    /// `text` without C0 controls other than tab, LF and CR, DEL, C1 controls and the
    /// bidirectional embeddings and overrides; the same string when it has none.
    public static func printable(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }),
              text.unicodeScalars.contains(where: isDropped) else { return text }
        var scalars = String.UnicodeScalarView()
        for s in text.unicodeScalars where !isDropped(s) { scalars.append(s) }
        return String(scalars)
    }

    /// `value` — a name set into a line of other text ("Patient: {name} · 1 Feb 2027 – 18 Apr
    /// 2027") — between U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE when it
    /// holds right-to-left letters, so that the bidirectional algorithm orders it apart from the
    /// text around it: the figures after a Hebrew or Arabic name otherwise join it, and the line
    /// shows "Patient: 1 · שרה לוי Feb 2027". Likewise when its script tells its language
    /// (`ScriptLanguage`: Greek, Korean, Japanese, …): the sentence around it keeps the
    /// document's language, and the name is tagged a span of its own language (a screen reader
    /// reads "Patient:" in English and "Ελένη Παπαδοπούλου" in Greek). The same string otherwise.
    /// The isolates draw nothing, and a line's `ActualText` leaves them out (`withoutIsolates`).
    public static func isolated(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: isRightToLeft) || ScriptLanguage.mayTellLanguage(value) else { return value }
        // Isolates inside the name (from the input) could close this one early or leave one
        // open past it: left out, so the name is one isolate.
        var scalars = String.UnicodeScalarView()
        for s in value.unicodeScalars where !(0x2066...0x2069).contains(s.value) { scalars.append(s) }
        return "\u{2068}" + String(scalars) + "\u{2069}"
    }

    /// The UTF-8 ranges of `text` (one line of a paragraph) that `isolated` set apart: the text
    /// between each outermost U+2066…U+2068 and its U+2069. A line of a long name wrapped may
    /// start inside an isolate (`startsInside`: the line before ended inside one, or, not
    /// knowing, a closing isolate comes before any opening one) and end inside one
    /// (`endsInside`, to tell the next line).
    public static func isolatedRanges(_ text: String, startsInside: Bool = false) -> (ranges: [Range<Int>], endsInside: Bool) {
        guard text.utf8.contains(0xE2) else { return (startsInside && !text.isEmpty ? [0..<text.utf8.count] : [], startsInside) }
        var ranges: [Range<Int>] = []
        var depth = startsInside ? 1 : 0, start = 0, offset = 0
        var sawOpening = false
        for s in text.unicodeScalars {
            let next = offset + UTF8.width(s)
            switch s.value {
            case 0x2066...0x2068:
                if depth == 0 { start = next }
                depth += 1; sawOpening = true
            case 0x2069:
                if depth > 0 {
                    depth -= 1
                    if depth == 0, offset > start { ranges.append(start..<offset) }
                } else if !sawOpening, ranges.isEmpty, offset > 0 {
                    ranges.append(0..<offset)  // the rest of an isolate the line before opened
                }
            default: break
            }
            offset = next
        }
        if depth > 0, offset > start { ranges.append(start..<offset) }
        return (ranges, depth > 0)
    }

    /// `text` without the isolates `isolated` adds.
    public static func withoutIsolates(_ text: String) -> String {
        guard text.utf8.contains(0xE2), text.unicodeScalars.contains(where: { $0.value == 0x2068 || $0.value == 0x2069 }) else { return text }
        var scalars = String.UnicodeScalarView()
        for s in text.unicodeScalars where s.value != 0x2068 && s.value != 0x2069 { scalars.append(s) }
        return String(scalars)
    }

    /// Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan,
    /// Mandaic and their presentation forms).
    static func isRightToLeft(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFC, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    static func isDropped(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E: return true
        default: return false
        }
    }
}
