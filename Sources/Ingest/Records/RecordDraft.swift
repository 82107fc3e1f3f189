/// A leaf field of a record: its name in messages (the JSON path) and its CSV column.
protocol RecordField: CaseIterable, Hashable {
    var path: String { get }
    var csvName: String { get }
}

/// Reading one JSON record: the parser plus helpers shared by the record types.
struct JSONRecordContext {
    let parser: JSONParser
    /// Reports an unknown key (by its dotted path) once per read.
    let warnUnknown: (String, Pos) -> Void

    func pos() -> Pos {
        let p = parser.position
        return Pos(line: p.line, lineStart: p.lineStart, offset: p.offset)
    }

    func pos(_ p: JSONPosition) -> Pos { Pos(line: p.line, lineStart: p.lineStart, offset: p.offset) }

    /// Reads the next value as a scalar; objects and arrays are skipped and described.
    func scalar() throws -> FieldValue {
        switch try parser.peekKind() {
        case .string: return .text(try parser.readString())
        case .number: return .number(try parser.readNumber())
        case .bool: return .bool(try parser.readBool())
        case .null: try parser.readNull(); return .null
        case .object: try parser.skipValue(); return .container(isObject: true)
        case .array: try parser.skipValue(); return .container(isObject: false)
        }
    }

    func unknownKey(_ prefix: String, _ key: UnsafeRawBufferPointer, _ keyPos: JSONPosition) throws {
        warnUnknown(prefix + makeString(key), pos(keyPos))
        try parser.skipValue()
    }
}

/// A record being read; collects its problems as `issues`.
protocol RecordDraft {
    associatedtype Record
    associatedtype Field: RecordField

    /// `logs` or `days`.
    static var recordsKey: String { get }
    /// What must be unique: `id` or `date`.
    static var uniqueName: String { get }
    static var requiredFields: [Field] { get }

    init()
    var issues: [Issue] { get set }
    /// Sets a field from a CSV column (or a JSON scalar).
    mutating func set(_ field: Field, _ value: FieldValue, at pos: Pos)
    /// Reads the value of one member of a JSON record object.
    mutating func readJSONMember(_ key: UnsafeRawBufferPointer, _ keyPos: JSONPosition,
                                 _ ctx: JSONRecordContext) throws
    /// Checks required and cross-field rules; the record when there are no issues.
    mutating func finish(recordPos: Pos, locate: (Pos) -> SourceLocation) -> Record?
    /// The unique key and where it was written.
    var uniqueKey: (key: String, pos: Pos)? { get }
}

/// Matches key bytes against a small table of fields.
struct KeyTable<F> {
    let entries: [([UInt8], F)]
    init(_ entries: [(String, F)]) { self.entries = entries.map { (Array($0.0.utf8), $0.1) } }

    func match(_ key: UnsafeRawBufferPointer) -> F? {
        let n = key.count
        for (bytes, f) in entries where bytes.count == n {
            var equal = true
            var i = 0
            while i < n { if bytes[i] != key[i] { equal = false; break }; i += 1 }
            if equal { return f }
        }
        return nil
    }
}

/// CSV header names compare ignoring ASCII case and underscores (`onset_at`, `ONSET_AT`, `onsetAt`).
func normalizedColumnName(_ s: String) -> String {
    String(String.UnicodeScalarView(s.unicodeScalars.filter { $0 != "_" })).lowercased()
}
