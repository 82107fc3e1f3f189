import Ingest

/// What the CuraKnot drafts share: every record is keyed by `id`, required fields are checked the
/// same way, and list fields are a JSON array of strings or `;`-separated CSV text. A kind gives
/// its scalar conversions (`setValue`) and where list items go (`addItem`).
protocol CareDraft: RecordDraft where Field: Hashable {
    static var listFields: Set<Field> { get }
    var given: Set<Field> { get set }
    var id: String? { get }
    var idPos: InputPosition? { get }
    mutating func setValue(_ field: Field, _ value: FieldValue, at pos: InputPosition)
    mutating func addItem(_ field: Field, _ item: String)
}

extension CareDraft {
    static var uniqueField: Field { requiredFields[0] }

    var uniqueKey: (key: String, pos: InputPosition)? {
        guard let id, let idPos else { return nil }
        return (id, idPos)
    }

    mutating func set(_ f: Field, _ v: FieldValue, at pos: InputPosition) {
        given.insert(f)
        if Self.requiredFields.contains(f) && v.isUnknown {
            issues.append(Issue(field: f, problem: .required, pos: pos))
            return
        }
        guard Self.listFields.contains(f) else { setValue(f, v, at: pos); return }
        switch v {
        case .null: break
        case .text(let b): Convert.splitList(b) { addItem(f, makeString($0)) }
        default: issues.append(Issue(field: f, problem: .mustBe(.list, found: v.found), pos: pos))
        }
    }

    /// Reports every required field the record did not give.
    mutating func checkRequired(_ recordPos: InputPosition) {
        for f in Self.requiredFields where !given.contains(f) {
            issues.append(Issue(field: f, problem: .required, pos: recordPos))
        }
    }
}

/// JSON members of a CuraKnot record: known keys by name, lists as arrays of strings.
protocol CareJSONDraft: CareDraft {
    static var keyTable: KeyTable<Field> { get }
}

extension CareJSONDraft {
    mutating func readJSONMember(_ key: UnsafeRawBufferPointer, _ keyPos: JSONPosition, _ ctx: JSONRecordContext) throws {
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
                if !t.isEmpty { addItem(f, makeString(t)) }
            case let other: issues.append(Issue(field: f, problem: .itemsMustBeStrings(found: other.found), pos: ipos))
            }
        }
    }
}
