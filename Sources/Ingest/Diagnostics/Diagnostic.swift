/// A 1-based position in an input file: for CSV the record's first line and the field number,
/// for JSON the line and column of the value.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) {
        self.file = file; self.line = line; self.column = column
    }
    public var description: String { "\(file):\(line):\(column)" }
}

/// One message about the input, printed as `file:line:column: error: message`.
///
/// Messages never carry health data beyond a field name, a position and at most the first
/// 20 characters of an invalid value (see `Diagnostic.quote`).
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible, Error {
    public enum Severity: String, Sendable { case error, warning }
    public var severity: Severity
    public var location: SourceLocation?
    public var message: String

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?) {
        self.severity = severity; self.message = message; self.location = location
    }

    public var description: String {
        if let location { return "\(location): \(severity.rawValue): \(message)" }
        return "report: \(severity.rawValue): \(message)"
    }

    /// At most the first 20 characters of a value, in double quotes, for an error message.
    public static func quote<S: StringProtocol>(_ value: S) -> String {
        let limit = 20
        var out = ""
        var n = 0
        for ch in value {
            if n == limit { out += "…"; break }
            switch ch {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\0": out += "\\0"
            default: out.append(ch)
            }
            n += 1
        }
        return "\"" + out + "\""
    }
}
