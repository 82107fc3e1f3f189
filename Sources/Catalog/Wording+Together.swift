import Mustache

extension Wording {
    /// Between two keys' texts in the template `checkedTogether` parses.
    static let keySeparator = "\u{1}\u{2}\u{1}"

    /// The phrases of `keys` when every key is sound, checked with swift-mustache in one
    /// template: the texts joined by `keySeparator`, parsed once and rendered once with each
    /// placeholder's probe value, must render as the compiled phrases do. Parsing and rendering
    /// each key alone costs far more than the one template. Nil when anything is wrong (a
    /// missing key, a bad tag, a key declared twice differently, a mismatch): `compile` then
    /// checks key by key to name the problem.
    func checkedTogether(_ keys: [WordingKey]) -> [String: Phrase]? {
        var phrases: [String: Phrase] = [:]
        var texts: [String] = [], expected: [String] = []
        var values: [String: Any] = [:]
        for key in keys {
            if let seen = phrases[key.key] {
                guard seen.key == key else { return nil }
                continue
            }
            guard let text = entries[key.key], !text.contains(Self.keySeparator),
                  let phrase = try? Self.segments(of: text, key: key, bad: { _ in .missingKey(file: file, key: key.key) })
            else { return nil }
            phrases[key.key] = phrase
            texts.append(text)
            expected.append(phrase.render(Self.probe(key)))
            values.merge(Self.probeValues(key)) { a, _ in a }
        }
        guard let mustache = try? MustacheTemplate(string: Self.textPragma + texts.joined(separator: Self.keySeparator)),
              mustache.render(values) == expected.joined(separator: Self.keySeparator) else { return nil }
        return phrases
    }
}
