/// One precompiled sentence: literal text and plain `{{name}}` values, filled positionally in the
/// order of its key's placeholders.
public struct Phrase: Sendable {
    enum Segment: Sendable { case literal(String), value(Int) }
    public let key: WordingKey
    let segments: [Segment]

    /// The sentence with `values` in the order of `key.placeholders` (a value not passed is empty).
    public func render(_ values: [String]) -> String {
        var out = ""
        for segment in segments {
            switch segment {
            case .literal(let text): out += text
            case .value(let i): if i < values.count { out += values[i] }
            }
        }
        return out
    }

    public func render(_ values: String...) -> String { render(values) }
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

    /// Renders `key` with `values` in the order of its placeholders.
    public func render(_ key: WordingKey, _ values: String...) throws -> String {
        let p = try phrase(key)
        if values.count < key.placeholders.count {
            throw CatalogError.missingValue(key: key.key, placeholder: key.placeholders[values.count])
        }
        return p.render(values)
    }
}
