extension StructureTree {
    /// Sets each element's `language` from `languages(of:documentLanguage:)`.
    public mutating func assignLanguages(of doc: LaidOutDocument, documentLanguage: String) {
        languages = languages(of: doc, documentLanguage: documentLanguage)
    }

    /// The language of each element whose text is written in a script one language writes and
    /// that is not the document's (`ScriptLanguage`): the `/Lang` a screen reader switches its
    /// voice by. An element's text is what it drew itself (a table cell's lines, a paragraph's);
    /// figures are left out (they are read by their alternative text, in the document's
    /// language). Only an element with a letter of such a script is counted; text that is all ASCII
    /// is passed over at the cost of one look at its bytes, a dash or a Latin accent at little more.
    public func languages(of doc: LaidOutDocument, documentLanguage: String) -> [Int: String] {
        var candidate = [Bool](repeating: false, count: nodes.count)
        var any = false
        for (p, page) in doc.pages.enumerated() where p < owners.count {
            let owners = owners[p]
            page.forEachText { i, t in
                guard i < owners.count, case .node(let n) = owners[i], !candidate[n],
                      ScriptLanguage.mayTellLanguage(t), nodes[n].role != .figure else { return }
                candidate[n] = true
                any = true
            }
        }
        guard any else { return [:] }
        var counts: [Int: ScriptLanguage.Counts] = [:]
        for (p, page) in doc.pages.enumerated() where p < owners.count {
            let owners = owners[p]
            page.forEachText { i, t in
                guard i < owners.count, case .node(let n) = owners[i], candidate[n] else { return }
                counts[n, default: ScriptLanguage.Counts()].add(t)
            }
        }
        let primary = documentLanguage.split(separator: "-").first.map { $0.lowercased() } ?? ""
        var out: [Int: String] = [:]
        for (n, c) in counts {
            if let language = c.language, language != primary { out[n] = language }
        }
        return out
    }
}
