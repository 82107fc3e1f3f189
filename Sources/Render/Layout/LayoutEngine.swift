/// Paginates a `Document` into a `LaidOutDocument`. Text is measured through a `TextMeasurer`;
/// this file and its helpers never call a drawing API.
public struct LayoutEngine {
    /// A last page whose flow takes at most this share of a page is nearly empty: the document
    /// is laid out again with the space between blocks tightened on the page before it, so that
    /// it goes; or, when that cannot take it in, with the page before it ending earlier, so that
    /// the last page holds more than a few lines.
    static let nearlyEmptyPage = 0.2
    /// What the page before a nearly empty last page gives up beyond the difference, as a share
    /// of a page.
    static let balanceMargin = 0.05
    /// How many more times front matter that takes too many pages is made.
    static let frontMatterAttempts = 2
    public let measurer: TextMeasurer
    /// How many measured pieces the layout keeps for a second layout (`WrapCache`).
    var wrapCacheBudget = WrapCache.budget
    public init(measurer: TextMeasurer) { self.measurer = measurer }

    public func layout(_ doc: Document) throws -> LaidOutDocument {
        let t = doc.template
        let frame = Rect(x: t.margins.left, y: t.margins.top,
                         width: t.size.width - t.margins.left - t.margins.right,
                         height: t.size.height - t.margins.top - t.margins.bottom)
        /// The pages of `blocks`; when the last page would hold only a little (`nearlyEmptyPage`
        /// of a page or less), laid out again with the space between blocks tightened on the
        /// page before it, and that taken when the last page then goes.
        func paginate(_ blocks: ArraySlice<Block>, continuationFirst: Bool) throws -> (pages: [DisplayPage], outline: [OutlineEntry]) {
            let cache = WrapCache(budget: wrapCacheBudget)
            func run(tight: Int? = nil, short: (index: Int, by: Double)? = nil)
                throws -> (pages: [DisplayPage], outline: [OutlineEntry], used: Double, squeeze: Bool, capacity: Double) {
                let p = try Paginator(measurer: measurer, pageSize: t.size, frame: frame, continuationHeader: t.continuationHeader,
                                      continuationOnFirstPage: continuationFirst, cache: cache)
                p.tightPage = tight
                p.shortPage = short
                try p.place(Array(blocks))
                // Tightening is worth a second layout only when the space the page before
                // would give up could hold what the last page holds.
                let used = p.usedHeight, before = p.spacingByPage.last
                let squeeze = (before.map { $0.between * (1 - Paginator.tightSpacing) + $0.left } ?? 0) >= used
                var pages = p.finish()
                for i in pages.indices { pages[i].marks = p.canvas.structure(forPage: i) }
                return (pages, p.outline, used, squeeze, p.capacity)
            }
            let first = try run()
            let nearlyEmpty = first.capacity * LayoutEngine.nearlyEmptyPage
            guard t.balancesLastPage, first.pages.count >= 2, first.used <= nearlyEmpty else { return (first.pages, first.outline) }
            let last = first.pages.count - 2
            // A second layout that cannot be made (a piece that no longer fits the shorter page)
            // leaves the first.
            if first.squeeze, let tighter = try? run(tight: last), tighter.pages.count < first.pages.count {
                return (tighter.pages, tighter.outline)
            }
            // Else the page before ends earlier, so that the last page holds more than a few lines.
            if let balanced = try? run(short: (last, nearlyEmpty - first.used + first.capacity * LayoutEngine.balanceMargin)),
               balanced.pages.count == first.pages.count && balanced.used > first.used {
                return (balanced.pages, balanced.outline)
            }
            return (first.pages, first.outline)
        }
        var pages: [DisplayPage], outline: [OutlineEntry]
        if let front = doc.blocks.first?.element as? FrontMatter {
            // The body first, from the page after the front matter; then the front matter with
            // the body's page numbers, made again once if it takes another number of pages.
            let rest = doc.blocks.dropFirst()
            let body: (pages: [DisplayPage], outline: [OutlineEntry]) = rest.isEmpty ? ([], []) : try paginate(rest, continuationFirst: true)
            let frontPages = max(1, front.pages)
            var made = try paginate(try front.make(.init(entries: body.outline, offset: frontPages + 1, attempt: 0))[...],
                                    continuationFirst: false)
            var attempt = 0
            while made.pages.count > frontPages && attempt < LayoutEngine.frontMatterAttempts {
                attempt += 1
                made = try paginate(try front.make(.init(entries: body.outline, offset: frontPages + 1, attempt: attempt))[...],
                                    continuationFirst: false)
            }
            if made.pages.count != frontPages {  // the body's page numbers as they will be printed
                made = try paginate(try front.make(.init(entries: body.outline, offset: made.pages.count + 1, attempt: attempt))[...],
                                    continuationFirst: false)
            }
            let shift = made.pages.count
            pages = made.pages + body.pages
            outline = made.outline + body.outline.map {
                OutlineEntry(title: $0.title, level: $0.level, pageIndex: $0.pageIndex + shift, y: $0.y)
            }
        } else {
            (pages, outline) = try paginate(doc.blocks[...], continuationFirst: false)
        }
        try BandLayout(measurer: measurer, template: t, frame: frame).addBands(to: &pages)
        return LaidOutDocument(pages: pages, outline: outline, metadata: doc.metadata)
    }
}

/// Running header and footer lines, laid out after pagination so the page count is final.
struct BandLayout {
    let measurer: TextMeasurer
    let template: PageTemplate
    let frame: Rect

    func addBands(to pages: inout [DisplayPage]) throws {
        let count = pages.count
        let m = template.margins
        let h = template.size.height
        for i in pages.indices {
            let ctx = PageContext(pageNumber: i + 1, pageCount: count)
            let header = try template.header(ctx)
            if !header.isEmpty {
                let total = height(of: header)
                let gap = min(12, max(0, (m.top - total) / 2))
                emit(header, top: max(0, m.top - gap - total), as: .header, into: &pages[i])
            }
            let footer = try template.footer(ctx)
            if !footer.isEmpty {
                let total = height(of: footer)
                let gap = min(12, max(0, (m.bottom - total) / 2))
                emit(footer, top: h - m.bottom + gap, as: .footer, into: &pages[i])
            }
        }
    }

    private func lineHeight(_ line: [BandText]) -> Double {
        line.reduce(0) { max($0, measurer.lineMetrics($1.style).height) }
    }

    private func height(of lines: [[BandText]]) -> Double {
        lines.reduce(0) { $0 + lineHeight($1) }
    }

    /// Adds the band's lines to `page` as artifacts of `kind`.
    private func emit(_ lines: [[BandText]], top: Double, as kind: ArtifactKind, into page: inout DisplayPage) {
        page.marks.append(StructureMark(itemIndex: page.itemCount, event: .beginArtifact(kind)))
        defer { page.marks.append(StructureMark(itemIndex: page.itemCount, event: .endArtifact)) }
        var y = top
        for line in lines {
            let lh = lineHeight(line)
            for part in line where !part.text.isEmpty {
                let text = measurer.truncate(part.text, style: part.style, width: frame.width)
                let partH = measurer.lineMetrics(part.style).height
                page.append(.text(TextRun(text: text, origin: Point(x: frame.minX, y: y + (lh - partH) / 2),
                                           width: frame.width, alignment: part.alignment, style: part.style)))
            }
            y += lh
        }
    }
}
