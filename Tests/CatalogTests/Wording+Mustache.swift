@testable import Catalog
import Mustache

extension Wording {
    /// Between two keys' texts in the one template `mustacheMismatches` parses.
    static let keySeparator = "\u{1}\u{2}\u{1}"

    /// The keys of this file whose text swift-mustache, the engine of record, renders otherwise
    /// than the compiled phrase (each placeholder, in the order the text names them, filled with
    /// a probe value showing where it landed), or that either cannot parse; empty when all
    /// agree. Every text is parsed and rendered in one template (texts joined by
    /// `keySeparator`), then key by key only when that one disagrees, to name the keys.
    public func mustacheMismatches() -> [String] {
        var keys: [WordingKey] = []
        var bad: [String] = []
        for (name, text) in entries.sorted(by: { $0.key < $1.key }) {
            guard !text.contains(Self.keySeparator), let names = Self.placeholderNames(text) else { bad.append(name); continue }
            keys.append(WordingKey(name, placeholders: names))
        }
        if agree(keys) { return bad }
        return bad + keys.filter { !agree([$0]) }.map(\.key)
    }

    /// Whether swift-mustache renders `keys`' texts, in one template, as their phrases do.
    func agree(_ keys: [WordingKey]) -> Bool {
        var texts: [String] = [], expected: [String] = []
        var values: [String: Any] = [:]
        for key in keys {
            guard let text = entries[key.key], let phrase = try? compile(key),
                  let rendered = try? phrase.render(pairs: Self.probe(key)) else { return false }
            texts.append(text)
            expected.append(rendered)
            values.merge(Self.probeValues(key)) { a, _ in a }
        }
        guard let mustache = try? MustacheTemplate(string: Self.textPragma + texts.joined(separator: Self.keySeparator)) else { return false }
        return mustache.render(values) == expected.joined(separator: Self.keySeparator)
    }

    /// The distinct names of the plain `{{name}}` tags of `text`, in order; nil when a tag is
    /// not plain.
    static func placeholderNames(_ text: String) -> [String]? {
        guard let pieces = try? pieces(of: text, bad: { _ in CatalogError.missingKey(file: "", key: "") }) else { return nil }
        var names: [String] = []
        for case .tag(let name) in pieces where !names.contains(name) { names.append(name) }
        return names
    }
}
