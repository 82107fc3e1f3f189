import Foundation
import Mustache

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

    /// A group of the wording file: sentences and nested groups.
    enum Node: Decodable {
        case text(String)
        case group([String: Node])

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { self = .text(s) } else { self = .group(try c.decode([String: Node].self)) }
        }

        func flatten(_ prefix: String, into out: inout [String: String]) {
            switch self {
            case .text(let s): out[prefix] = s
            case .group(let children):
                for (k, v) in children { v.flatten(prefix.isEmpty ? k : prefix + "." + k, into: &out) }
            }
        }
    }

    struct FileLayout: Decodable {
        let verbatim: [String: Node]
        let text: [String: Node]
    }

    public init(directory: URL, app: String) throws {
        let rel = "wording/\(app).json"
        let layout = try ConfigFile.decode(FileLayout.self, directory: directory, file: rel)
        var verbatim: [String: String] = [:], text: [String: String] = [:]
        Node.group(layout.verbatim).flatten("", into: &verbatim)
        Node.group(layout.text).flatten("", into: &text)
        try self.init(file: rel, verbatim: verbatim, text: text)
    }

    public init(file: String, verbatim: [String: String], text: [String: String]) throws {
        self.file = file
        if let dup = Set(text.keys).intersection(verbatim.keys).sorted().first {
            throw CatalogError.badTemplate(file: file, key: dup, reason: "defined both as verbatim and as text")
        }
        entries = text.merging(verbatim) { a, _ in a }
        verbatimKeys = Set(verbatim.keys)
    }

    /// Compiles `keys` once: each must exist, be a valid Mustache template made only of literal
    /// text and plain `{{name}}` tags, and use exactly the key's placeholders. Every problem is
    /// an error naming the file and the key.
    ///
    /// All keys are checked with swift-mustache in one template (`checkedTogether`); only when
    /// that fails is each key compiled alone, to name the key and the problem.
    public func compile(_ keys: [WordingKey]) throws -> Phrasebook {
        if let phrases = checkedTogether(keys) { return Phrasebook(file: file, phrases: phrases) }
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

    /// Compiles the key set a report declares.
    public func compile(_ set: WordingKeySet) throws -> Phrasebook { try compile(set.declaredKeys) }

    func compile(_ key: WordingKey) throws -> Phrase {
        guard let text = entries[key.key] else { throw CatalogError.missingKey(file: file, key: key.key) }
        func bad(_ reason: String) -> CatalogError { .badTemplate(file: file, key: key.key, reason: reason) }
        let mustache: MustacheTemplate
        do { mustache = try MustacheTemplate(string: Self.textPragma + text) } catch { throw bad("\(error)") }
        let phrase = try Self.segments(of: text, key: key, bad: bad)
        // Swift-mustache stays the engine of record: the compiled form must render as it does.
        let probe = Self.probe(key)
        guard mustache.render(Self.probeValues(key)) == phrase.render(probe) else { throw bad("needs the full template engine") }
        return phrase
    }

    /// Mustache renders the wording as plain text, never HTML-escaped.
    static let textPragma = "{{% CONTENT_TYPE: TEXT}}"

    /// The phrase of `text`: literal text and plain `{{name}}` tags naming exactly the key's
    /// placeholders.
    static func segments(of text: String, key: WordingKey, bad: (String) -> CatalogError) throws -> Phrase {
        var segments: [Phrase.Segment] = []
        var used = Set<String>()
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { segments.append(.literal(String(rest[..<open.lowerBound]))) }
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { throw bad("unclosed tag") }
            let name = rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw bad("only plain {{name}} placeholders are supported, not {{\(name)}}")
            }
            guard let index = key.placeholders.firstIndex(of: name) else {
                throw bad("{{\(name)}} is not a placeholder the code fills (it fills: \(key.placeholders.joined(separator: ", ")))")
            }
            used.insert(name)
            segments.append(.value(index))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { segments.append(.literal(String(rest))) }
        if let missing = key.placeholders.first(where: { !used.contains($0) }) { throw bad("has no {{\(missing)}}") }
        return Phrase(key: key, segments: segments)
    }

    /// A value per placeholder that shows where it landed: `⟨name⟩`.
    static func probe(_ key: WordingKey) -> [String] { key.placeholders.map { "⟨\($0)⟩" } }

    static func probeValues(_ key: WordingKey) -> [String: Any] {
        var values: [String: Any] = [:]
        for (name, value) in zip(key.placeholders, probe(key)) { values[name] = value }
        return values
    }
}
