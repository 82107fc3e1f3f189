/// A draft of a record kind keyed by an `id` field, with the common field handling: the first
/// required field is the unique key, a required field given empty is reported, and list fields
/// are a JSON array of strings or `;`-separated CSV text. A kind gives its scalar conversions
/// (`setValue`) and where list items go (`addItem`). Used by the CuraKnot and Gentle Days records.
public protocol KeyedDraft: RecordDraft {
    static var listFields: Set<Field> { get }
    var given: Set<Field> { get set }
    var id: String? { get }
    var idPos: InputPosition? { get }
    mutating func setValue(_ field: Field, _ value: FieldValue, at pos: InputPosition)
    mutating func addItem(_ field: Field, _ item: String)
    /// Adds a list item read at `pos` (the item's position in JSON, the field's in CSV), for a
    /// kind that checks its items; by default `addItem(_:_:)`.
    mutating func addItem(_ field: Field, _ item: String, at pos: InputPosition)
}

extension KeyedDraft {
    @inlinable public static var uniqueField: Field { requiredFields[0] }

    @inlinable public mutating func addItem(_ field: Field, _ item: String, at pos: InputPosition) { addItem(field, item) }

    @inlinable public var uniqueKey: (key: String, pos: InputPosition)? {
        guard let id, let idPos else { return nil }
        return (id, idPos)
    }

    @inlinable
    public mutating func set(_ f: Field, _ v: FieldValue, at pos: InputPosition) {
        given.insert(f)
        if Self.requiredFields.contains(f) && v.isUnknown {
            issues.append(Issue(field: f, problem: .required, pos: pos))
            return
        }
        guard Self.listFields.contains(f) else { setValue(f, v, at: pos); return }
        switch v {
        case .null: break
        case .text(let b): Convert.splitList(b) { addItem(f, makeString($0), at: pos) }
        default: issues.append(Issue(field: f, problem: .mustBe(.list, found: v.found), pos: pos))
        }
    }

    /// Reports every required field the record did not give.
    @inlinable
    public mutating func checkRequired(_ recordPos: InputPosition) {
        for f in Self.requiredFields where !given.contains(f) {
            issues.append(Issue(field: f, problem: .required, pos: recordPos))
        }
    }
}

/// JSON members of a keyed record: known keys by name, lists as arrays of strings.
public protocol KeyedJSONDraft: KeyedDraft {
    static var keyTable: KeyTable<Field> { get }
}

extension KeyedJSONDraft {
    @inlinable
    public mutating func readJSONMember(_ key: UnsafeRawBufferPointer, _ keyPos: JSONPosition, _ ctx: JSONRecordContext) throws {
        guard let f = Self.keyTable.match(key) else { try ctx.unknownKey("", key, keyPos); return }
        let pos = ctx.pos()
        guard Self.listFields.contains(f), try ctx.parser.peekKind() == .array else {
            set(f, try ctx.scalar(), at: pos)
            return
        }
        given.insert(f)
        try ctx.parser.readArray { _ in
            let ipos = ctx.pos()
            switch try ctx.scalar() {
            case .null: break
            case .text(let b):
                let t = trimmed(b)
                if !t.isEmpty { addItem(f, makeString(t), at: ipos) }
            case let other: issues.append(Issue(field: f, problem: .itemsMustBeStrings(found: other.found), pos: ipos))
            }
        }
    }
}
