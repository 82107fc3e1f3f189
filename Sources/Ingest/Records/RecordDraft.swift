/// A record being read, one per input record: the reader feeds it fields (`set` for CSV columns,
/// `readJSONMember` for JSON members), then asks for the finished record. Problems are collected
/// as `issues`; a record with issues is reported (or skipped) instead of kept.
///
/// Defining a new record kind takes a `RecordField` enum (its columns and JSON paths), a draft
/// conforming to this protocol, and `RecordReader<Draft>.read` as the entry point.
public protocol RecordDraft {
    associatedtype Record
    associatedtype Field: RecordField

    /// The top-level key of the records array in JSON (`logs`, `days`).
    static var recordsKey: String { get }
    /// Top-level JSON keys of the other record kinds of the same export family: a file holding
    /// one of them instead of `recordsKey` is reported as the wrong kind of file.
    static var otherRecordsKeys: [String] { get }
    /// The field whose value must be unique across all inputs of one read (`id`, `date`).
    static var uniqueField: Field { get }
    /// The columns a CSV header must have.
    static var requiredFields: [Field] { get }

    init()
    var issues: [Issue] { get set }
    /// Sets a field from a CSV column (or a JSON scalar).
    mutating func set(_ field: Field, _ value: FieldValue, at pos: InputPosition)
    /// Reads the value of one member of a JSON record object; `ctx` reads values and reports
    /// unknown keys.
    mutating func readJSONMember(_ key: UnsafeRawBufferPointer, _ keyPos: JSONPosition,
                                 _ ctx: JSONRecordContext) throws
    /// Checks required and cross-field rules; the record when there are no issues. `locate`
    /// turns a position into the location messages show (for the record's `source`).
    mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> Record?
    /// The value of `uniqueField` and where it was written; `nil` when it has none.
    var uniqueKey: (key: String, pos: InputPosition)? { get }
}
