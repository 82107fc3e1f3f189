/// Reading one JSON record: the parser plus the helpers every record kind uses.
public struct JSONRecordContext {
    public let parser: JSONParser
    /// Reports an unknown key (the known path it sits in, and the key) once per read.
    @usableFromInline let warnUnknown: (String, String, InputPosition) -> Void

    @usableFromInline init(parser: JSONParser, warnUnknown: @escaping (String, String, InputPosition) -> Void) {
        self.parser = parser; self.warnUnknown = warnUnknown
    }

    /// The position of the next value.
    @inlinable
    public func pos() -> InputPosition { InputPosition(parser.position) }

    /// Reads the next value as a scalar; objects and arrays are skipped and described.
    @inlinable
    public func scalar() throws -> FieldValue {
        switch try parser.peekKind() {
        case .string: return .text(try parser.readString())
        case .number: return .number(try parser.readNumber())
        case .bool: return .bool(try parser.readBool())
        case .null: try parser.readNull(); return .null
        case .object: try parser.skipValue(); return .container(isObject: true)
        case .array: try parser.skipValue(); return .container(isObject: false)
        }
    }

    /// Warns about the key `prefix` + `key` (once per read) and skips its value.
    public func unknownKey(_ prefix: String, _ key: UnsafeRawBufferPointer, _ keyPos: JSONPosition) throws {
        warnUnknown(prefix, makeString(key), InputPosition(keyPos))
        try parser.skipValue()
    }
}
