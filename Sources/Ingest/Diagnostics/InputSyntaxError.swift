/// A syntax or limit error in an input file, with its 1-based line and column (for CSV the
/// record's first line and the field number). Raised by the JSON parser and the CSV reader and
/// turned into a `Diagnostic` with the file name by the record readers.
public struct InputSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public init(line: Int, column: Int, message: String) {
        self.line = line; self.column = column; self.message = message
    }
    public var description: String { "\(line):\(column): \(message)" }
}
