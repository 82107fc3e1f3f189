/// A family of wording keys, one per member of an enum or a table (`month.1`…`month.12`,
/// `chip.<id>`, a label per factor), declared once in a key set.
///
/// Every member's key is compiled, and so checked, when the report loads, and a use site looks a
/// member's key up here (`keys.chips[chip]`) instead of spelling it: a typo cannot compile, and a
/// new enum case without wording fails at load, not in the middle of a run.
public struct WordingKeyFamily<Member: Hashable & Sendable>: WordingKeySet, Sendable {
    /// Every member's key, in the order the members were given.
    public let keys: [WordingKey]
    /// Each member's position in `keys`.
    let index: [Member: Int]
    private let keyOf: @Sendable (Member) -> String
    private let placeholders: [String]

    /// One key per member, `key(member)` its dotted name; each has `placeholders`.
    public init<S: Sequence>(_ members: S, placeholders: [String] = [], key: @escaping @Sendable (Member) -> String)
        where S.Element == Member {
        var keys: [WordingKey] = [], index: [Member: Int] = [:]
        for member in members where index[member] == nil {
            index[member] = keys.count
            keys.append(WordingKey(key(member), placeholders: placeholders))
        }
        self.keys = keys
        self.index = index
        self.keyOf = key
        self.placeholders = placeholders
    }

    /// `stem.<member>` for each member (`month.1` for the member 1).
    public init<S: Sequence>(_ stem: String, _ members: S, placeholders: [String] = [])
        where S.Element == Member, Member: CustomStringConvertible {
        self.init(members, placeholders: placeholders) { stem + "." + $0.description }
    }

    /// `stem.<raw value>` for every case of the enum (`chip.needing_space`).
    public init(_ stem: String, placeholders: [String] = []) where Member: CaseIterable & RawRepresentable, Member.RawValue == String {
        self.init(Member.allCases, placeholders: placeholders) { stem + "." + $0.rawValue }
    }

    /// The key of `member`. A value that is not a member (a month 13) gets a key no wording
    /// declares, so rendering it is a `CatalogError` naming that key, never a trap.
    public subscript(member: Member) -> WordingKey {
        guard let i = index[member] else { return WordingKey(keyOf(member), placeholders: placeholders) }
        return keys[i]
    }

    public var declaredKeys: [WordingKey] { keys }
    public var reflectedKeys: [WordingKey] { keys }
}

extension Phrasebook {
    /// Every member's text of a family without placeholders, rendered once (at load).
    public func texts<Member>(of family: WordingKeyFamily<Member>) throws -> [Member: String] {
        var out: [Member: String] = [:]
        for (member, i) in family.index { out[member] = try render(family.keys[i]) }
        return out
    }
}
