import Quoting

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
    /// How many problems this message stands for: 1, or N for the closing note "N more errors not
    /// shown" (which is what lets a count of the errors be true however many were shown).
    public var represents: Int

    /// A message; `withoutValues` is its value-free form, needed whenever `message` quotes input
    /// (when `nil`, the message is taken to hold no values).
    public init(_ severity: Severity, _ message: String, withoutValues: String? = nil, at location: SourceLocation?) {
        self.severity = severity; self.message = message; self.location = location
        self.messageWithoutValues = withoutValues ?? message
        represents = 1
    }

    /// The note closing a capped list: "N more errors not shown" (or warnings), standing for N.
    public static func notShown(_ count: Int, _ severity: Severity) -> Diagnostic {
        let noun = severity == .error ? "error" : "warning"
        var d = Diagnostic(severity, "\(count) more \(noun)\(count == 1 ? "" : "s") not shown", at: nil)
        d.represents = count
        return d
    }

    public var description: String {
        if let location { return "\(location): \(severity.rawValue): \(message)" }
        return "report: \(severity.rawValue): \(message)"
    }

    /// Most grapheme clusters of a value that `quote` shows.
    public static let quoteMaxCharacters = Quote.maxCharacters
    /// Most UTF-8 bytes `quote` shows between its quotes.
    public static let quoteMaxBytes = Quote.maxBytes

    /// A value as every message of the tool shows it (`Quote.value`, the one rule).
    public static func quote<S: StringProtocol>(_ value: S) -> String { Quote.value(value) }

    /// Text shown whole with its terminal controls escaped (`Quote.escapingControls`).
    public static func escapingControls(_ text: String) -> String { Quote.escapingControls(text) }
}
