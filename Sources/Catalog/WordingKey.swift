/// One sentence a report renders: its dotted key in the wording file and the names of the
/// placeholders the code fills (each render passes a value under every one of these names).
public struct WordingKey: Hashable, Sendable, CustomStringConvertible {
    public let key: String
    public let placeholders: [String]
    /// For a sentence with plural forms, the placeholder whose number picks the form; `nil` for
    /// a sentence of one form.
    public let pluralSelector: String?

    public init(_ key: String, _ placeholders: String...) { self.init(key, placeholders: placeholders) }

    public init(_ key: String, placeholders: [String], pluralBy selector: String? = nil) {
        self.key = key
        self.placeholders = placeholders
        pluralSelector = selector
    }

    /// A sentence with plural forms: `key` is a group of one text per plural category of the
    /// wording's language (`"days": {"one": "{{count}} day", "other": "{{count}} days"}`), and
    /// the number passed under `selector` (one of `placeholders`) picks the form at render, as
    /// Unicode CLDR's cardinal rules do. Call sites render it like any key.
    public static func plural(_ key: String, _ placeholders: String..., by selector: String = "count") -> WordingKey {
        WordingKey(key, placeholders: placeholders, pluralBy: selector)
    }

    public var description: String { key }
}

/// The wording a report declares: every stored property that is a `WordingKey`, a list of them,
/// a `WordingKeyFamily` or a nested key set is collected, so the keys checked at load are
/// exactly the declared ones.
public protocol WordingKeySet {
    /// Every key declared by this set and the sets it holds, in declaration order.
    var declaredKeys: [WordingKey] { get }
}

extension WordingKeySet {
    /// The stored properties' keys, found by reflection.
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
