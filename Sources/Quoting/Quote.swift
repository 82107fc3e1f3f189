/// The one rule for showing a value from the input or the command line in a message: input
/// errors (`Diagnostic`), layout errors naming a paragraph, and any other message that quotes
/// text a person wrote. Below every module that prints messages, so that none has its own.
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

    /// `text` with the characters that could change a terminal (control, DEL, C1, bidi and line
    /// separators) written as `\u{1B}`; everything else, backslashes included, as it is. For file
    /// names and other text that is shown whole.
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for s in text.unicodeScalars { out += isControl(s) ? "\\u{" + String(s.value, radix: 16, uppercase: true) + "}" : String(s) }
        return out
    }

    static func isControl(_ s: Unicode.Scalar) -> Bool {
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
