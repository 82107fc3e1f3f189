/// A 1-based position in an input file: for CSV the record's first line and the field number,
/// for JSON the line and column of the value.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) {
        self.file = file; self.line = line; self.column = column
    }
    /// `file:line:column`, with control and bidi characters of the file name escaped.
    public var description: String { "\(Diagnostic.escapingControls(file)):\(line):\(column)" }
}

/// One message about the input, printed as `file:line:column: error: message`.
///
/// Messages never carry health data beyond a field name, a position and at most the first
/// 20 characters of an invalid value (see `Diagnostic.quote`); `messageWithoutValues` carries
/// none at all.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible, Error {
    public enum Severity: String, Sendable { case error, warning }
    public var severity: Severity
    public var location: SourceLocation?
    public var message: String
    /// The same message with every value from the input left out (quoted values, and column or
    /// key names from the file that are not known field names), for logs that promise no health
    /// data (`--log-format json`).
    public var messageWithoutValues: String

    /// A message; `withoutValues` is its value-free form, needed whenever `message` quotes input
    /// (when `nil`, the message is taken to hold no values).
    public init(_ severity: Severity, _ message: String, withoutValues: String? = nil, at location: SourceLocation?) {
        self.severity = severity; self.message = message; self.location = location
        self.messageWithoutValues = withoutValues ?? message
    }

    public var description: String {
        if let location { return "\(location): \(severity.rawValue): \(message)" }
        return "report: \(severity.rawValue): \(message)"
    }

    /// Most grapheme clusters of a value that `quote` shows.
    public static let quoteMaxCharacters = 20
    /// Most UTF-8 bytes `quote` shows between its quotes, the "…" excluded (escapes counted as written).
    public static let quoteMaxBytes = 80

    /// At most the first 20 characters (and 80 bytes) of a value, in double quotes, with control
    /// and bidi characters escaped, for an error message.
    ///
    /// Line breaks, tabs, NUL, `"` and `\` are escaped C-style; other C0 controls, DEL, C1
    /// controls, bidi marks, embeddings, overrides and isolates and the Unicode line and
    /// paragraph separators are written as `\u{1B}`, so that nothing in a value can move the
    /// cursor, change colours, ring a bell or reorder the rest of the line on a terminal. A cut
    /// value ends with "…".
    public static func quote<S: StringProtocol>(_ value: S) -> String {
        var out = "\""
        var bytes = 0
        var characters = 0
        outer: for ch in value {
            if characters == quoteMaxCharacters { out += "…"; break }
            for scalar in ch.unicodeScalars {
                let piece = escaped(scalar)
                if bytes + piece.utf8.count > quoteMaxBytes { out += "…"; break outer }
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

    /// One scalar as `quote` writes it.
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
