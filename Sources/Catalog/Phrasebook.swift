/// One precompiled sentence: literal text and plain `{{name}}` values.
public struct Phrase: Sendable {
    enum Segment: Sendable { case literal(String), value(Int) }
    /// The forms of a sentence with plural forms: the position of the placeholder that picks
    /// one, the language's rule, and each category's segments (at most six: a list, not a
    /// dictionary, whose storage type the runtime would instantiate, with a conformance lookup,
    /// at start).
    struct PluralForms: Sendable {
        let selector: Int
        let rule: PluralRule
        let forms: [(category: PluralCategory, segments: [Segment])]

        func segments(_ category: PluralCategory) -> [Segment]? { forms.first { $0.category == category }?.segments }
    }
    public let key: WordingKey
    /// `.value(i)` is the value of `key.placeholders[i]`; for a plural sentence, its `other` form.
    let segments: [Segment]
    let plural: PluralForms?

    init(key: WordingKey, segments: [Segment], plural: PluralForms? = nil) {
        self.key = key; self.segments = segments; self.plural = plural
    }

    /// The sentence with each placeholder filled by the value passed under its name:
    /// `phrase.render(["page": "2", "pages": "7"])`. The names must be exactly the key's
    /// placeholders, in any order; a name it lacks, a name given twice or a placeholder left
    /// without a value is a `CatalogError` naming the key. Values are passed by name, not by
    /// position, so a swap shows at the call site.
    public func render(_ values: KeyValuePairs<String, String> = [:]) throws -> String {
        try render(pairs: values)
    }

    /// `render(_:)` for values built at run time (the test suite, the Mustache check).
    func render<Values: RandomAccessCollection>(pairs values: Values) throws -> String
        where Values.Element == (key: String, value: String) {
        let names = key.placeholders
        // The usual call names the values in the declared order: checked without allocating.
        if values.count == names.count && zip(names, values).allSatisfy({ $0 == $1.key }) {
            return fill { values[values.index(values.startIndex, offsetBy: $0)].value }
        }
        let ordered = try Self.ordered(values, for: key)
        return fill { ordered[$0] }
    }

    private func fill(_ value: (Int) -> String) -> String {
        var out = ""
        var segments = segments
        if let plural { segments = plural.segments(plural.rule.category(of: value(plural.selector))) ?? segments }
        for segment in segments {
            switch segment {
            case .literal(let text): out += text
            case .value(let i): out += value(i)
            }
        }
        return out
    }

    /// The values in the order of `key.placeholders`, or the error for the first name that is
    /// not a placeholder, the first given twice, or the first placeholder without a value.
    static func ordered<Values: Collection>(_ values: Values, for key: WordingKey) throws -> [String]
        where Values.Element == (key: String, value: String) {
        var ordered = [String?](repeating: nil, count: key.placeholders.count)
        for (name, value) in values {
            guard let i = key.placeholders.firstIndex(of: name) else {
                throw CatalogError.unknownValue(key: key.key, name: name, placeholders: key.placeholders)
            }
            guard ordered[i] == nil else { throw CatalogError.repeatedValue(key: key.key, name: name) }
            ordered[i] = value
        }
        return try zip(key.placeholders, ordered).map { name, value in
            guard let value else { throw CatalogError.missingValue(key: key.key, placeholder: name) }
            return value
        }
    }
}

/// The sentences one command uses, compiled once when the catalog loads (`Wording.compile`).
public struct Phrasebook: Sendable {
    public let file: String
    private let phrases: [String: Phrase]

    init(file: String, phrases: [String: Phrase]) {
        self.file = file
        self.phrases = phrases
    }

    /// The compiled sentence for `key`; throws when the key was not compiled into this book.
    public func phrase(_ key: WordingKey) throws -> Phrase {
        guard let p = phrases[key.key] else { throw CatalogError.missingKey(file: file, key: key.key) }
        return p
    }

    /// Renders `key` with each value under its placeholder's name (see `Phrase.render`):
    /// `try book.render(k.overuseCount, ["days": days, "month": month])`.
    public func render(_ key: WordingKey, _ values: KeyValuePairs<String, String> = [:]) throws -> String {
        try phrase(key).render(values)
    }
}
