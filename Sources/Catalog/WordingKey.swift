/// One sentence a report renders: its dotted key in the wording file and the placeholders the
/// code fills, in the order the code passes their values.
public struct WordingKey: Hashable, Sendable, CustomStringConvertible {
    public let key: String
    public let placeholders: [String]

    public init(_ key: String, _ placeholders: String...) { self.init(key, placeholders: placeholders) }

    public init(_ key: String, placeholders: [String]) {
        self.key = key
        self.placeholders = placeholders
    }

    /// A family of keys without placeholders, `stem.member` for each member (`month.1`…`month.12`).
    public static func family<S: Sequence>(_ stem: String, _ members: S) -> [WordingKey]
        where S.Element: CustomStringConvertible {
        members.map { WordingKey(stem + "." + $0.description) }
    }

    public var description: String { key }
}

/// The wording a report declares: every stored property that is a `WordingKey`, a list of them
/// or a nested key set is collected, so the keys checked at load are exactly the declared ones.
public protocol WordingKeySet {}

extension WordingKeySet {
    /// Every key declared by this set and the sets it holds, in declaration order.
    public var declaredKeys: [WordingKey] {
        var out: [WordingKey] = []
        func collect(_ value: Any) {
            switch value {
            case let key as WordingKey: out.append(key)
            case let keys as [WordingKey]: out.append(contentsOf: keys)
            case let set as WordingKeySet: out.append(contentsOf: set.declaredKeys)
            default: break
            }
        }
        for child in Mirror(reflecting: self).children { collect(child.value) }
        return out
    }
}
