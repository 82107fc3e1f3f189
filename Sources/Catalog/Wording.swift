import Foundation
import Mustache

/// The approved wording of one app: every user-facing sentence, as Mustache templates.
///
/// `templates/wording/<app>.json` has two groups: `verbatim` (clinically approved strings that
/// must appear character for character) and `text` (everything else, checked against the copy
/// rules). Keys are dotted paths (`summary.columns.date`). Placeholders are `{{name}}`; text is
/// rendered without HTML escaping. Rendering checks that every placeholder gets a value and that
/// no value is passed for a placeholder the sentence does not have.
public struct Wording: Sendable {
    public let file: String
    /// Dotted key → the raw template text.
    public let entries: [String: String]
    /// Keys that are verbatim, approved strings.
    public let verbatimKeys: Set<String>
    private let compiled: [String: MustacheTemplate]
    private let placeholders: [String: Set<String>]

    public init(directory: URL, app: String) throws {
        let rel = "wording/\(app).json"
        let json = try JSONFile(directory: directory, relativePath: rel)
        let verbatim = try json.flattenedStrings("verbatim")
        let text = try json.flattenedStrings("text")
        try self.init(file: rel, verbatim: verbatim, text: text)
    }

    public init(file: String, verbatim: [String: String], text: [String: String]) throws {
        self.file = file
        var all = text
        for (k, v) in verbatim { all["verbatim." + k] = v }
        var entries: [String: String] = [:]
        for (k, v) in text { entries[k] = v }
        for (k, v) in verbatim { entries[k] = v }
        guard entries.count == all.count else {
            let dup = Set(text.keys).intersection(verbatim.keys).sorted().first ?? "?"
            throw CatalogError.badTemplate(file: file, key: dup, reason: "defined both as verbatim and as text")
        }
        self.entries = entries
        self.verbatimKeys = Set(verbatim.keys)
        var compiled: [String: MustacheTemplate] = [:]
        var placeholders: [String: Set<String>] = [:]
        for (key, value) in entries {
            do {
                compiled[key] = try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + value)
            } catch {
                throw CatalogError.badTemplate(file: file, key: key, reason: "\(error)")
            }
            placeholders[key] = Wording.placeholderNames(in: value)
        }
        self.compiled = compiled
        self.placeholders = placeholders
    }

    /// Checks at load time that every key the code uses exists with exactly the placeholders the
    /// code fills.
    public func require(_ uses: [(key: String, placeholders: Set<String>)]) throws {
        for use in uses {
            guard let have = placeholders[use.key] else { throw CatalogError.missingKey(file: file, key: use.key) }
            if let missing = use.placeholders.subtracting(have).sorted().first {
                throw CatalogError.badTemplate(file: file, key: use.key, reason: "has no {{\(missing)}}")
            }
            if let extra = have.subtracting(use.placeholders).sorted().first {
                throw CatalogError.unknownPlaceholder(key: use.key, placeholder: extra)
            }
        }
    }

    public func has(_ key: String) -> Bool { compiled[key] != nil }

    /// Renders the sentence at `key` with `values`. Throws when the key is missing or a
    /// placeholder is left without a value.
    public func render(_ key: String, _ values: [String: Any] = [:]) throws -> String {
        guard let template = compiled[key], let names = placeholders[key] else {
            throw CatalogError.missingKey(file: file, key: key)
        }
        for name in names where values[name] == nil {
            throw CatalogError.missingValue(key: key, placeholder: name)
        }
        if names.isEmpty { return entries[key] ?? "" }
        return template.render(values)
    }

    /// The top-level variable names used by a template (`{{name}}`, `{{{name}}}`, `{{#name}}`,
    /// `{{^name}}`, `{{&name}}`); names inside sections and dotted lookups count by first part.
    static func placeholderNames(in text: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(text)
        var depth = 0
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { break }
            var tag = rest[..<close.lowerBound]
            rest = rest[close.upperBound...]
            if rest.hasPrefix("}") { rest = rest.dropFirst() }
            tag = tag.drop(while: { $0 == "{" })
            guard let first = tag.first else { continue }
            switch first {
            case "!", "%", ">", "=": continue
            case "/": depth -= 1; continue
            case "#", "^":
                let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
                if depth == 0 { names.insert(String(name.split(separator: ".").first ?? "")) }
                depth += 1
                continue
            case "&": tag = tag.dropFirst()
            default: break
            }
            let name = tag.trimmingCharacters(in: .whitespaces)
            if depth == 0 && name != "." {
                names.insert(String(name.split(separator: ".").first ?? ""))
            }
        }
        return names
    }
}
