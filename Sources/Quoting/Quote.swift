/// The one rule for showing a value from the input or the command line in text: in a message
/// (input errors, `Diagnostic`; layout errors naming a paragraph; any other message that quotes
/// text a person wrote) with `value`, and in a line of text output (a terminal, cron mail, a
/// text file) with `text`. Both escape the same characters the same way; a message quotes and
/// cuts, output shows the whole value. Below every module that prints, so that none has its own.
public enum Quote {
    /// Most grapheme clusters of a value that `value` shows.
    public static let maxCharacters = 20
    /// Most UTF-8 bytes `value` shows between its quotes, the "…" excluded (escapes counted as written).
    public static let maxBytes = 80

    /// At most the first 20 characters (and 80 bytes) of a value, in double quotes, with control
    /// and bidi characters escaped, for an error message.
    ///
    /// Line breaks, tabs, NUL, `"` and `\` are escaped C-style; other C0 controls, DEL, C1
    /// controls, bidi marks, embeddings, overrides and isolates and the Unicode line and
    /// paragraph separators are written as `\u{1B}`, so that nothing in a value can move the
    /// cursor, change colours, ring a bell or reorder the rest of the line on a terminal. A cut
    /// value ends with "…".
    public static func value<S: StringProtocol>(_ value: S) -> String {
        var out = "\""
        var bytes = 0
        var characters = 0
        outer: for ch in value {
            if characters == maxCharacters { out += "…"; break }
            for scalar in ch.unicodeScalars {
                let piece = escaped(scalar)
                if bytes + piece.utf8.count > maxBytes { out += "…"; break outer }
                bytes += piece.utf8.count
                out += piece
            }
            characters += 1
        }
        return out + "\""
    }

    /// A value from the input (an id, a name, a symptom) as a line of text output shows it:
    /// whole, with the escapes of `value` — `\n`, `\r`, `\t`, `\0` and `\\` C-style; other C0
    /// controls, DEL, C1 controls (U+0085 among them), bidi marks, embeddings, overrides and
    /// isolates, and the line and paragraph separators U+2028 and U+2029 as `\u{1B}` — and no
    /// quotes, so `"` stays as it is. Nothing in a value can move the cursor, set the terminal's
    /// title or clipboard (OSC), reorder the line or start a new one; and since `\` is escaped
    /// too, no value can pass for another one's escaped form.
    ///
    /// Every text output applies it to each value it did not write itself:
    /// `try book.render(key, ["userId": Quote.text(userId)])`.
    public static func text<S: StringProtocol>(_ value: S) -> String {
        guard value.unicodeScalars.contains(where: { isControl($0) || $0 == "\\" }) else { return String(value) }
        var out = ""
        for scalar in value.unicodeScalars { out += scalar == "\"" ? "\"" : escaped(scalar) }
        return out
    }

    /// A file name in a message: the characters that could change a terminal (control, DEL, C1,
    /// bidi and line separators) written as `\u{1B}`; everything else, backslashes included, as it
    /// is, so that the path stays the one to type. Values from the input use `text`.
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for s in text.unicodeScalars { out += isControl(s) ? "\\u{" + String(s.value, radix: 16, uppercase: true) + "}" : String(s) }
        return out
    }

    /// Whether `s` could change a terminal or a line: C0 controls, DEL, C1 controls, the Arabic
    /// letter mark, LRM/RLM, U+2028/U+2029, bidi embeddings, overrides and isolates. What every
    /// rule here escapes (and what the JSON writer writes as `\uXXXX`).
    public static func isControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// One scalar as `value` writes it.
    static func escaped(_ s: Unicode.Scalar) -> String {
        switch s.value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x00: return "\\0"
        case 0x22: return "\\\""
        case 0x5C: return "\\\\"
        default: return isControl(s) ? "\\u{" + String(s.value, radix: 16, uppercase: true) + "}" : String(s)
        }
    }
}
