/// A position inside one input, resolved to a line and column only when a message needs it.
/// JSON: `offset` and `lineStart` are byte offsets. CSV: `lineStart == -1` and `offset` is the
/// 1-based field number.
public struct InputPosition: Hashable, Sendable {
    public var line: Int
    public var lineStart: Int
    public var offset: Int

    public init(line: Int, lineStart: Int, offset: Int) {
        self.line = line; self.lineStart = lineStart; self.offset = offset
    }

    /// The position of a JSON value or key.
    public init(_ p: JSONPosition) { self.init(line: p.line, lineStart: p.lineStart, offset: p.offset) }

    /// Field `field` (1-based) of the CSV record that starts on `line`.
    public static func csv(line: Int, field: Int) -> InputPosition {
        InputPosition(line: line, lineStart: -1, offset: field)
    }

    public var isCSV: Bool { lineStart < 0 }
}
