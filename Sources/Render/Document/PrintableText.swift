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

    static func isDropped(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E: return true
        default: return false
        }
    }
}
