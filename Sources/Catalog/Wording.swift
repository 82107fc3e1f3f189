import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import Quoting

/// The approved wording of one app: every user-facing sentence, parsed once per run.
///
/// `templates/wording/<app>.json` has two groups: `verbatim` (clinically approved strings that
/// must appear character for character) and `text` (everything else, checked against the copy
/// rules). Keys are dotted paths (`summary.columns.date`). Placeholders are plain `{{name}}`;
/// text is never HTML-escaped. A command compiles the keys it uses with `compile(_:)`.
public struct Wording: Sendable {
    public let file: String
    /// Dotted key → the raw template text.
    public let entries: [String: String]
    /// Keys that are verbatim, approved strings.
    public let verbatimKeys: Set<String>
    /// How sentences with plural forms pick their form: the rule of the file's `language`
    /// (default `en`).
    public let pluralRule: PluralRule

    public init(directory: URL, app: String) throws {
        let rel = "wording/\(app).json"
        let top = try ConfigNode.read(directory: directory, file: rel)
        var verbatim: [String: String] = [:], text: [String: String] = [:]
        try Self.flatten(try top["verbatim"], into: &verbatim)
        try Self.flatten(try top["text"], into: &text)
        var language = "en"
        if let node = try? top["language"] {  // the top is an object: only a missing key throws
            guard case .string(let code) = node.value else { throw node.wrong("a language code") }
            language = code
        }
        try self.init(file: rel, verbatim: verbatim, text: text, language: language)
    }

    /// Flattens one group of the wording file into dotted keys → text.
    ///
    /// The file is read as a JSON tree (`ConfigNode`) rather than a `Decodable` type: it is the
    /// largest template file and every command loads it, so its start-up cost matters.
    static func flatten(_ group: ConfigNode, into out: inout [String: String]) throws {
        func walk(_ value: JSONValue, prefix: String) throws {
            switch value {
            case .string(let text):
                out[prefix] = text
            case .object(let children):
                for child in children {
                    try walk(child.value, prefix: prefix.isEmpty ? child.key : prefix + "." + child.key)
                }
            default:
                let path = prefix.isEmpty ? group.path : group.path + "." + prefix
                throw CatalogError.wrongType(file: group.file, key: path, expected: "a string or a group of strings")
            }
        }
        try walk(group.value, prefix: "")
    }

    public init(file: String, verbatim: [String: String], text: consuming [String: String], language: String = "en") throws {
        self.file = file
        guard let rule = PluralRule(language: language) else {
            throw CatalogError.wrongType(file: file, key: "language", expected: "a language with known plural rules, not \"\(language)\"")
        }
        pluralRule = rule
        // The few verbatim keys looked up among the many texts, and added to them: no set of
        // every text key, no copy of the texts.
        if let dup = verbatim.keys.filter({ text[$0] != nil }).sorted().first {
            throw CatalogError.badTemplate(file: file, key: dup, reason: "defined both as verbatim and as text")
        }
        var entries = consume text
        for (key, value) in verbatim { entries[key] = value }
        self.entries = entries
        verbatimKeys = Set(verbatim.keys)
    }

    /// Compiles `keys` once: each must exist, be made only of literal text and plain `{{name}}`
    /// tags, and use exactly the key's placeholders. Every problem is an error naming the file
    /// and the key.
    ///
    /// The texts are compiled by the strict phrase parser (`segments`) alone: anything but
    /// literal text and plain tags is refused, so a phrase renders as swift-mustache, the
    /// engine of record, renders the same text. That agreement is checked for every text of
    /// every wording file by `mustacheMismatches()` in the test suite, not on each run, where
    /// parsing the report's texts with swift-mustache cost more than the rest of loading the
    /// templates (about 50 M instructions for the clinical report).
    public func compile(_ keys: [WordingKey]) throws -> Phrasebook {
        var phrases: [String: Phrase] = [:]
        for key in keys {
            if let seen = phrases[key.key] {
                guard seen.key == key else {
                    throw CatalogError.badTemplate(file: file, key: key.key, reason: "declared twice with different placeholders")
                }
                continue
            }
            phrases[key.key] = try compile(key)
        }
        return Phrasebook(file: file, phrases: phrases)
    }

    /// Compiles the key set a report declares. Debug builds (the tests') first check that the
    /// set lists every key its stored properties hold (`WordingKeySet.undeclaredKeys`).
    public func compile(_ set: WordingKeySet) throws -> Phrasebook {
        #if DEBUG
        if let why = set.undeclaredKeys { preconditionFailure(why) }
        #endif
        return try compile(set.declaredKeys)
    }

    func compile(_ key: WordingKey) throws -> Phrase {
        guard let selector = key.pluralSelector else {
            guard let text = entries[key.key] else { throw CatalogError.missingKey(file: file, key: key.key) }
            return try Self.segments(of: text, key: key) { .badTemplate(file: file, key: key.key, reason: $0) }
        }
        return try compilePlural(key, selector: selector)
    }

    /// A sentence with plural forms: one text under `key.<category>` for each category of the
    /// file's language, none for a category it lacks, each with exactly the key's placeholders.
    func compilePlural(_ key: WordingKey, selector: String) throws -> Phrase {
        guard let index = key.placeholders.firstIndex(of: selector) else {
            throw CatalogError.badTemplate(file: file, key: key.key, reason: "its plural form is picked by {{\(selector)}}, which it does not declare")
        }
        if entries[key.key] != nil {
            throw CatalogError.wrongType(file: file, key: key.key, expected: "a group of plural forms (\(pluralRule.categories.map(\.rawValue).joined(separator: ", ")))")
        }
        var forms: [(category: PluralCategory, segments: [Phrase.Segment])] = []
        for category in PluralCategory.allCases {
            let formKey = key.key + "." + category.rawValue
            let uses = pluralRule.categories.contains(category)
            guard let text = entries[formKey] else {
                if uses { throw CatalogError.missingKey(file: file, key: formKey) }
                continue
            }
            guard uses else {
                throw CatalogError.badTemplate(file: file, key: formKey, reason: "the language \"\(pluralRule.language)\" has no \(category.rawValue) form")
            }
            forms.append((category, try Self.segments(of: text, key: key) { .badTemplate(file: file, key: formKey, reason: $0) }.segments))
        }
        let plural = Phrase.PluralForms(selector: index, rule: pluralRule, forms: forms)
        return Phrase(key: key, segments: plural.segments(.other) ?? [], plural: plural)
    }

    /// The keys of the file a declared key is compiled from: itself, or for a sentence with
    /// plural forms the form of each category of the file's language.
    public func entryKeys(of key: WordingKey) -> [String] {
        key.pluralSelector == nil ? [key.key] : pluralRule.categories.map { key.key + "." + $0.rawValue }
    }

    /// Mustache renders the wording as plain text, never HTML-escaped.
    static let textPragma = "{{% CONTENT_TYPE: TEXT}}"

    /// The phrase of `text`: literal text and plain `{{name}}` tags naming exactly the key's
    /// placeholders, each declared once (values are passed by name, so a name declared twice
    /// could not be told apart).
    static func segments(of text: String, key: WordingKey, bad: (String) -> CatalogError) throws -> Phrase {
        if let twice = key.placeholders.enumerated().first(where: { key.placeholders[..<$0.offset].contains($0.element) }) {
            throw bad("declares {{\(twice.element)}} twice")
        }
        var segments: [Phrase.Segment] = []
        var used = Set<String>()
        for piece in try pieces(of: text, bad: bad) {
            switch piece {
            case .literal(let literal): segments.append(.literal(literal))
            case .tag(let name):
                guard let index = key.placeholders.firstIndex(of: name) else {
                    throw bad("{{\(name)}} is not a placeholder the code fills (it fills: \(key.placeholders.joined(separator: ", ")))")
                }
                used.insert(name)
                segments.append(.value(index))
            }
        }
        if let missing = key.placeholders.first(where: { !used.contains($0) }) { throw bad("has no {{\(missing)}}") }
        return Phrase(key: key, segments: segments)
    }

    /// A wording text cut into literal text and the names of its `{{name}}` tags.
    enum Piece: Equatable {
        case literal(String)
        case tag(String)
    }

    /// The pieces of `text`; anything but literal text and plain `{{name}}` tags is an error.
    /// Scanned on the UTF-8 bytes ("{" and "}" never occur inside a multi-byte character).
    static func pieces<E: Error>(of text: String, bad: (String) -> E) throws -> [Piece] {
        let bytes = Array(text.utf8)
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        func string(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        var pieces: [Piece] = []
        var start = 0, i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == open && bytes[i + 1] == open else { i += 1; continue }
            if i > start { pieces.append(.literal(string(start..<i))) }
            var j = i + 2
            while j + 1 < bytes.count && !(bytes[j] == close && bytes[j + 1] == close) { j += 1 }
            guard j + 1 < bytes.count else { throw bad("unclosed tag") }
            let name = string((i + 2)..<j).trimmed(.spaces)
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw bad("only plain {{name}} placeholders are supported, not {{\(name)}}")
            }
            pieces.append(.tag(name))
            i = j + 2
            start = i
        }
        if start < bytes.count { pieces.append(.literal(string(start..<bytes.count))) }
        return pieces
    }

    /// A value per placeholder that shows where it landed: `⟨name⟩`.
    static func probe(_ key: WordingKey) -> [(key: String, value: String)] { key.placeholders.map { ($0, "⟨\($0)⟩") } }

    static func probeValues(_ key: WordingKey) -> [String: Any] {
        var values: [String: Any] = [:]
        for (name, value) in probe(key) { values[name] = value }
        return values
    }
}
