extension StructureTree {
    /// Sets each element's `language` from `languages(of:documentLanguage:)`.
    /// Finds, too, the isolated parts of lines (names) whose language is not their element's
    /// (`inlineSpans`).
    public mutating func assignLanguages(of doc: LaidOutDocument, documentLanguage: String) {
        let found = languagesAndSpans(of: doc, documentLanguage: documentLanguage)
        languages = found.languages
        inlineSpans = found.spans
    }

    /// The language of each element whose text is written in a script one language writes and
    /// that is not the document's (`ScriptLanguage`): the `/Lang` a screen reader switches its
    /// voice by. An element's text is what it drew itself (a table cell's lines, a paragraph's);
    /// figures are left out (they are read by their alternative text, in the document's
    /// language). Only an element with a letter of such a script is counted; text that is all ASCII
    /// is passed over at the cost of one look at its bytes, a dash or a Latin accent at little more.
    public func languages(of doc: LaidOutDocument, documentLanguage: String) -> [Int: String] {
        languagesAndSpans(of: doc, documentLanguage: documentLanguage).languages
    }

    /// `languages(of:documentLanguage:)`, and per page the text items with an isolated part
    /// (`PrintableText.isolatedRanges`) whose script tells a language that is neither the
    /// document's nor its element's. Only the items of elements already looked at for their
    /// language are searched: an isolated part that tells a language makes its element one.
    func languagesAndSpans(of doc: LaidOutDocument, documentLanguage: String)
        -> (languages: [Int: String], spans: [[Int: [InlineSpan]]])
    {
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
        guard any else { return ([:], []) }
        var counts: [Int: ScriptLanguage.Counts] = [:]
        // The elements whose last line counted ended inside an isolate (a long name wrapped:
        // its middle lines hold no isolate of their own).
        var inside = Set<Int>()
        // (page, item, node, isolated range, its language)
        var isolated: [(page: Int, item: Int, node: Int, range: Range<Int>, language: String)] = []
        for (p, page) in doc.pages.enumerated() where p < owners.count {
            let owners = owners[p]
            page.forEachText { i, t in
                guard i < owners.count, case .node(let n) = owners[i], candidate[n] else { return }
                let startsInside = inside.contains(n)
                if counts[n, default: ScriptLanguage.Counts()].add(t, startsInside: startsInside) { inside.insert(n) } else { inside.remove(n) }
                for r in PrintableText.isolatedRanges(t, startsInside: startsInside).ranges {
                    let part = String(decoding: Array(t.utf8)[r], as: UTF8.self)
                    if let language = ScriptLanguage.language(of: part) { isolated.append((p, i, n, r, language)) }
                }
            }
        }
        let primary = documentLanguage.split(separator: "-").first.map { $0.lowercased() } ?? ""
        var out: [Int: String] = [:]
        for (n, c) in counts {
            if let language = c.language, language != primary { out[n] = language }
        }
        var spans: [[Int: [InlineSpan]]] = []
        for part in isolated where part.language != primary && part.language != out[part.node] {
            if spans.count <= part.page { spans += Array(repeating: [:], count: part.page + 1 - spans.count) }
            spans[part.page][part.item, default: []].append(InlineSpan(range: part.range, language: part.language))
        }
        return (out, spans)
    }
}
