/// A record kind whose records are flat (JSON objects of scalars, one CSV column per field) and
/// keyed by a text `id`: the kind gives its conversions in `setValue`; the required-field check,
/// the JSON members, unknown keys and the unique key are shared here.
public protocol FlatRecordDraft: RecordDraft {
    /// The kind's fields by their JSON names.
    static var keyTable: KeyTable<Field> { get }
    /// The fields the record gave (so a missing required one is reported once, at the record).
    var given: Set<Field> { get set }
    var id: String? { get }
    var idPos: InputPosition? { get }
    /// Converts and stores one field's value; a required field never arrives here unknown.
    mutating func setValue(_ field: Field, _ value: FieldValue, at pos: InputPosition)
}

extension FlatRecordDraft {
    public var uniqueKey: (key: String, pos: InputPosition)? {
        guard let id, let idPos else { return nil }
        return (id, idPos)
    }

    public mutating func set(_ field: Field, _ value: FieldValue, at pos: InputPosition) {
        given.insert(field)
        if Self.requiredFields.contains(field) && value.isUnknown {
            issues.append(Issue(field: field, problem: .required, pos: pos))
            return
        }
        setValue(field, value, at: pos)
    }

    public mutating func readJSONMember(_ key: UnsafeRawBufferPointer, _ keyPos: JSONPosition,
                                        _ ctx: JSONRecordContext) throws {
        guard let field = Self.keyTable.match(key) else { try ctx.unknownKey("", key, keyPos); return }
        let pos = ctx.pos()
        set(field, try ctx.scalar(), at: pos)
    }

    /// Reports every required field the record did not give, at the record's position.
    public mutating func checkRequired(_ recordPos: InputPosition) {
        for field in Self.requiredFields where !given.contains(field) {
            issues.append(Issue(field: field, problem: .required, pos: recordPos))
        }
    }
}
