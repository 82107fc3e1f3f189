/// Paginates a `Document` into a `LaidOutDocument`. Text is measured through a `TextMeasurer`;
/// this file and its helpers never call a drawing API.
public struct LayoutEngine {
    public let measurer: TextMeasurer
    public init(measurer: TextMeasurer) { self.measurer = measurer }

    public func layout(_ doc: Document) throws -> LaidOutDocument {
        let t = doc.template
        let frame = Rect(x: t.margins.left, y: t.margins.top,
                         width: t.size.width - t.margins.left - t.margins.right,
                         height: t.size.height - t.margins.top - t.margins.bottom)
        let p = try Paginator(measurer: measurer, pageSize: t.size, frame: frame,
                              continuationHeader: t.continuationHeader)
        try p.place(doc.blocks)
        var pages = p.finish()
        for i in pages.indices { pages[i].structure = p.canvas.structure(forPage: i) }
        try BandLayout(measurer: measurer, template: t, frame: frame).addBands(to: &pages)
        return LaidOutDocument(pages: pages, outline: p.outline, metadata: doc.metadata)
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
        page.structure.append(StructureMark(itemIndex: page.items.count, event: .beginArtifact(kind)))
        defer { page.structure.append(StructureMark(itemIndex: page.items.count, event: .endArtifact)) }
        var y = top
        for line in lines {
            let lh = lineHeight(line)
            for part in line where !part.text.isEmpty {
                let text = measurer.truncate(part.text, style: part.style, width: frame.width)
                let partH = measurer.lineMetrics(part.style).height
                page.items.append(.text(TextRun(text: text, origin: Point(x: frame.minX, y: y + (lh - partH) / 2),
                                           width: frame.width, alignment: part.alignment, style: part.style)))
            }
            y += lh
        }
    }
}
