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
/// a `WordingKeyFamily` or a nested key set, so the keys checked at load are exactly the
/// declared ones.
///
/// A set lists its stored properties in `declaredKeys`, in declaration order
/// (`keys(format, title, …)`). Found by reflection instead, the same list cost a report about
/// 4 M instructions at every start (`Mirror` and the runtime's conformance scans, issue 23);
/// debug builds, which the tests run, check every compiled set's list against its stored
/// properties (`undeclaredKeys`), so a key left out of the list stops the first test that
/// loads the report.
public protocol WordingKeySet: DeclaredWording {
    /// Every key declared by this set and the sets it holds, in declaration order.
    var declaredKeys: [WordingKey] { get }
    /// The keys the set's stored properties hold, found by reflection: what `declaredKeys` must
    /// list. Checks only, never at run time.
    var reflectedKeys: [WordingKey] { get }
}

/// What a key set's stored properties hold: a key, a list of keys, a family, a nested set.
public protocol DeclaredWording {
    var declaredKeys: [WordingKey] { get }
}

extension WordingKey: DeclaredWording {
    public var declaredKeys: [WordingKey] { [self] }
}

extension Array: DeclaredWording where Element == WordingKey {
    public var declaredKeys: [WordingKey] { self }
}

extension WordingKeySet {
    /// The keys of `items` (a set's stored properties, in declaration order), one list.
    public func keys(_ items: any DeclaredWording...) -> [WordingKey] {
        var out: [WordingKey] = []
        for item in items { out.append(contentsOf: item.declaredKeys) }
        return out
    }

    public var reflectedKeys: [WordingKey] {
        var out: [WordingKey] = []
        for child in Mirror(reflecting: self).children {
            switch child.value {
            case let key as WordingKey: out.append(key)
            case let keys as [WordingKey]: out.append(contentsOf: keys)
            case let set as WordingKeySet: out.append(contentsOf: set.reflectedKeys)
            default: break
            }
        }
        return out
    }

    /// Why `declaredKeys` is not what the stored properties hold (the keys it leaves out or
    /// adds, or a different order), or nil when it is. Names keys only.
    public var undeclaredKeys: String? {
        let declared = declaredKeys, stored = reflectedKeys
        guard declared != stored else { return nil }
        let missing = stored.filter { !declared.contains($0) }.map(\.key)
        let extra = declared.filter { !stored.contains($0) }.map(\.key)
        var why = "\(String(reflecting: type(of: self))).declaredKeys does not list its stored keys in order"
        if !missing.isEmpty { why += "; leaves out \(missing.joined(separator: ", "))" }
        if !extra.isEmpty { why += "; lists \(extra.joined(separator: ", ")), which no stored property holds" }
        return why
    }
}
