/// A pre-split sentence for hot loops (one table cell per episode): literal text and plain
/// `{{name}}` variables only, filled positionally. Built from the same wording entry as
/// `Wording.render` and checked against it when created, so both always agree.
public struct FastTemplate: Sendable {
    enum Segment: Sendable { case literal(String), value(Int) }
    private let segments: [Segment]
    public let names: [String]

    init(key: String, text: String, names: [String], wording: Wording) throws {
        var segments: [Segment] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { segments.append(.literal(String(rest[..<open.lowerBound]))) }
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else {
                throw CatalogError.badTemplate(file: wording.file, key: key, reason: "unclosed tag")
            }
            let name = rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard let index = names.firstIndex(of: name) else {
                throw CatalogError.badTemplate(file: wording.file, key: key,
                                               reason: "{{\(name)}} is not a plain variable the code fills")
            }
            segments.append(.value(index))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { segments.append(.literal(String(rest))) }
        self.segments = segments
        self.names = names
        // Same output as the Mustache engine for a probe value set.
        var probe: [String: Any] = [:]
        for (i, n) in names.enumerated() { probe[n] = "⟨\(i)⟩" }
        let expected = try wording.render(key, probe)
        let got = render(names.indices.map { "⟨\($0)⟩" })
        guard expected == got else {
            throw CatalogError.badTemplate(file: wording.file, key: key, reason: "needs the full template engine")
        }
    }

    /// Fills the variables in the order of `names`.
    public func render(_ values: [String]) -> String {
        var out = ""
        for s in segments {
            switch s {
            case .literal(let t): out += t
            case .value(let i): out += values[i]
            }
        }
        return out
    }
}

extension Wording {
    /// A positional fast template for `key`, whose placeholders must be exactly `names`.
    public func fast(_ key: String, _ names: [String]) throws -> FastTemplate {
        try require([(key, Set(names))])
        guard let text = entries[key] else { throw CatalogError.missingKey(file: file, key: key) }
        return try FastTemplate(key: key, text: text, names: names, wording: self)
    }
}
