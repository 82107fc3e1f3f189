import Quoting

/// A paragraph is a box of wrapped lines (with optional fill and padding) that splits between
/// lines, keeping its `lineControl`; each part keeps the fill and padding.
extension Paragraph: LayoutElement {
    /// Width of the text lines in a frame `frameWidth` wide.
    func innerWidth(_ frameWidth: Double) -> Double { frameWidth - indent - padding.left - padding.right }

    public func wrap(in context: LayoutContext) throws -> Wrapped {
        let m = context.measurer
        let lines = m.wrap(text, style: style, width: innerWidth(context.frameWidth))
        return .box(ParagraphBox(paragraph: self, lines: lines[...], lineHeight: m.lineMetrics(style).height,
                                 frameWidth: context.frameWidth, spaceBefore: spaceBefore, path: context.path))
    }

    /// The first unbreakable lines (one, or two with widow/orphan control) with the padding
    /// above them, and below them too when they are the whole paragraph.
    public func leadHeight(in context: LayoutContext) -> LeadHeight {
        let m = context.measurer
        let count = m.wrap(text, style: style, width: innerWidth(context.frameWidth)).count
        let lead = lineControl == .none ? 1 : (count < 4 ? count : 2)
        let whole = lead >= count
        return .piece(spaceBefore + padding.top + Double(max(1, lead)) * m.lineMetrics(style).height
                      + (whole ? padding.bottom : 0))
    }
}

struct ParagraphBox: LayoutBox {
    let paragraph: Paragraph
    var lines: ArraySlice<String>
    let lineHeight: Double
    let frameWidth: Double
    var spaceBefore: Double
    let path: String

    var padding: Double { paragraph.padding.top + paragraph.padding.bottom }
    var height: Double { padding + Double(lines.count) * lineHeight }
    var spaceAfter: Double { paragraph.spaceAfter }
    var minimumHeight: Double { padding + lineHeight }
    /// Lines that must stay together on each side of a break.
    var minimumLinesAtBreak: Int { paragraph.lineControl == .none ? 1 : 2 }
    var name: String { "\(path) (paragraph \(Quote.value(paragraph.text)))" }
    /// The lines a page break may not separate (one, or two with widow/orphan control; all of
    /// a paragraph of up to three), with the padding above them and below them when they are all.
    var leadPiece: Double? {
        let count = lines.count
        let lead = paragraph.lineControl == .none ? 1 : (count < 4 ? count : 2)
        return spaceBefore + paragraph.padding.top + Double(max(1, lead)) * lineHeight + (lead >= count ? paragraph.padding.bottom : 0)
    }

    func split(availableHeight: Double, in context: LayoutContext) throws -> BoxSplit {
        var n = Counting.lines(fitting: availableHeight - padding, lineHeight: lineHeight)
        if n >= lines.count { return .split(head: self, tail: nil) }
        // On an empty page the rule gives way: the lines that fit are better than no layout.
        let k = availableHeight + Paginator.eps >= context.pageCapacity ? 1 : minimumLinesAtBreak
        n = min(n, lines.count - k)
        if n < max(1, k) { return .refuse }
        var head = self, tail = self
        head.lines = lines.prefix(n)
        tail.lines = lines.dropFirst(n)
        tail.spaceBefore = 0
        return .split(head: head, tail: tail)
    }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) {
        let p = paragraph
        canvas.addBackground(p.fill, at: origin, indent: p.indent, frameWidth: frameWidth, height: height)
        // A part after a page break continues the paragraph of the page before.
        canvas.beginElement(StructureElement(p.role, continues: lines.startIndex > 0))
        defer { canvas.endElement() }
        let x = origin.x + p.indent + p.padding.left
        let innerW = p.innerWidth(frameWidth)
        let joins = TextBreaking.joins(lines, in: p.text)
        for (k, line) in lines.enumerated() where !line.isEmpty {
            canvas.add(.text(TextRun(text: line, origin: Point(x: x, y: origin.y + p.padding.top + Double(k) * lineHeight),
                                     width: innerW, alignment: p.alignment, style: p.style, joinsNext: joins[k])))
        }
    }
}
