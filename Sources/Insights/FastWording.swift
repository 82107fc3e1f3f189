import Catalog

/// Pre-split wording templates for sentences rendered once per item (a flagged episode, a
/// medication, a month). Each template is rendered once through `Wording.render` (Mustache) with
/// marker values; the output is split at the markers so that later renders only join the literal
/// parts with the values — the same text Mustache produces for plain `{{name}}` tags, without its
/// per-call cost. Templates where that does not hold (sections, repeated tags) fall back to
/// `Wording.render`.
struct FastWording: Sendable {
    enum Part: Sendable { case literal(String), value(String) }
    let wording: Wording
    private let split: [String: [Part]]

    init(wording: Wording, keys: [(key: String, placeholders: Set<String>)]) {
        self.wording = wording
        var split: [String: [Part]] = [:]
        for use in keys {
            var markers: [String: Any] = [:]
            for p in use.placeholders { markers[p] = "\u{1}" + p + "\u{1}" }
            guard let rendered = try? wording.render(use.key, markers) else { continue }
            var parts: [Part] = []
            var seen = Set<String>()
            var ok = true
            for (i, piece) in rendered.split(separator: "\u{1}", omittingEmptySubsequences: false).enumerated() {
                if i % 2 == 0 {
                    if !piece.isEmpty { parts.append(.literal(String(piece))) }
                } else {
                    let name = String(piece)
                    if !use.placeholders.contains(name) || !seen.insert(name).inserted { ok = false; break }
                    parts.append(.value(name))
                }
            }
            if ok && seen == use.placeholders && rendered.split(separator: "\u{1}", omittingEmptySubsequences: false).count % 2 == 1 {
                split[use.key] = parts
            }
        }
        self.split = split
    }

    func render(_ key: String, _ values: [String: String] = [:]) throws -> String {
        guard let parts = split[key] else { return try wording.render(key, values) }
        var out = ""
        for p in parts {
            switch p {
            case .literal(let s): out += s
            case .value(let name):
                guard let v = values[name] else { throw CatalogError.missingValue(key: key, placeholder: name) }
                out += v
            }
        }
        return out
    }
}
