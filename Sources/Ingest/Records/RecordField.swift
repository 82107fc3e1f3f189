/// How messages name a field: by its JSON path for JSON input and by its CSV column for CSV input.
public protocol FieldNaming: Sendable {
    /// The name in messages about JSON input: the dotted path (`weather.humidityPct`).
    var jsonName: String { get }
    /// The name in messages about CSV input: the column (`humidity_pct`).
    var csvName: String { get }
}

extension FieldNaming {
    /// The name that messages about input of `format` use.
    public func name(in format: InputFormat) -> String {
        format == .csv ? csvName : jsonName
    }
}

/// A field named by two literal names (a column number, a group of fields, ...).
public struct NamedField: FieldNaming, Hashable {
    public var jsonName: String
    public var csvName: String
    public init(jsonName: String, csvName: String) { self.jsonName = jsonName; self.csvName = csvName }
    /// The same name in both formats.
    public init(_ name: String) { self.init(jsonName: name, csvName: name) }
}

/// A leaf field of a record kind: one CSV column, one JSON path. Usually an `Int` enum, so a
/// draft can track which fields it has seen in a bit mask.
public protocol RecordField: FieldNaming, CaseIterable, Hashable {
    /// Whether the field holds free text (or a list of it): `CSVWriter` neutralises it against
    /// formula injection and the CSV reader undoes that (`CSVFormula.readText`) and keeps the
    /// field's white space, so both apply the same rule to the same fields.
    var isText: Bool { get }
}

extension RecordField {
    public var isText: Bool { false }
}

/// Matches key bytes against a small table of names (JSON keys of one object).
public struct KeyTable<F> {
    @usableFromInline let entries: [([UInt8], F)]

    public init(_ entries: [(String, F)]) { self.entries = entries.map { (Array($0.0.utf8), $0.1) } }

    /// The entry whose name is exactly `key`.
    @inlinable
    public func match(_ key: UnsafeRawBufferPointer) -> F? {
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

extension KeyTable: Sendable where F: Sendable {}

extension KeyTable where F: RecordField {
    /// The fields in `fields` by their JSON names.
    public init(jsonNamesOf fields: some Sequence<F>) { self.init(fields.map { ($0.jsonName, $0) }) }
}

/// The CSV column name of a camel-case JSON key: `onsetAt` → `onset_at`.
public func snakeCaseColumn(_ key: String) -> String {
    var out = ""
    for ch in key {
        if ch.isUppercase { out += "_" + ch.lowercased() } else { out.append(ch) }
    }
    return out
}

/// CSV header names compare ignoring ASCII case and underscores (`onset_at`, `ONSET_AT`, `onsetAt`).
public func normalizedColumnName(_ s: String) -> String {
    String(String.UnicodeScalarView(s.unicodeScalars.filter { $0 != "_" })).lowercased()
}
