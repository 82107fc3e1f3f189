import Ingest

/// One known value of a record written back in its input schema; the kind decides how each
/// format writes it (docs/export.md).
public enum SchemaValue: Hashable, Sendable {
    /// Free text: a JSON string; in CSV a text field, neutralised against formula injection.
    case text(String)
    /// A timestamp, a date or a name from a fixed list: a JSON string, a plain CSV field.
    case symbol(String)
    /// A number as written by `schemaNumber`: a JSON number, a plain CSV field.
    case number(String)
    case bool(Bool)
    /// A list of names or free text: a JSON array of strings; in CSV one `;`-separated text field.
    case list([String])
    /// A list of entries with members in a fixed order (`nil` = unknown): a JSON array of objects
    /// without the unknown members; in CSV one text field, entries separated by `;`, members by `|`.
    case entries([[SchemaMember]])
}

/// One member of an entry of `SchemaValue.entries`.
public struct SchemaMember: Hashable, Sendable {
    public var key: String
    public var value: SchemaValue?
    public init(_ key: String, _ value: SchemaValue?) { self.key = key; self.value = value }
}

/// A field of a record kind's schema: its JSON object (nil for the record itself), its key there
/// and its CSV column.
public struct SchemaField: Hashable, Sendable {
    public var group: String?
    public var key: String
    public var csvName: String
}

/// `value` so that the readers give back exactly the same `Double`: integers without a point
/// (`72`, never `72.0`), other values in the shortest form that round-trips (`1013.25`, `1e-07`).
public func schemaNumber(_ value: Double) -> String {
    if value.rounded() == value, let i = Int64(exactly: value), i.magnitude < 1 << 53 { return String(i) }
    return value.description
}
