/// A syntax or limit error in an input file, with its 1-based line and column (for CSV the
/// record's first line and the field number). Raised by the JSON parser and the CSV reader and
/// turned into a `Diagnostic` with the file name by the record readers.
public struct InputSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    /// `message` without the input it quotes (see `Diagnostic.messageWithoutValues`).
    public var messageWithoutValues: String
    public init(line: Int, column: Int, message: String, withoutValues: String? = nil) {
        self.line = line; self.column = column; self.message = message
        self.messageWithoutValues = withoutValues ?? message
    }
    public var description: String { "\(line):\(column): \(message)" }

    /// Errors compare by position and message (the value-free form follows from the message).
    public static func == (a: Self, b: Self) -> Bool {
        a.line == b.line && a.column == b.column && a.message == b.message
    }

    public func hash(into h: inout Hasher) {
        h.combine(line); h.combine(column); h.combine(message)
    }
}
