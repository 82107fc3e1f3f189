import Quoting

/// A heading is one unsplittable box of wrapped lines, kept with what follows; it adds its
/// bookmark where it lands.
extension Heading: LayoutElement {
    public var keepWithNext: Bool { true }

    public func wrap(in context: LayoutContext) throws -> Wrapped {
        let m = context.measurer
        return .box(HeadingBox(heading: self, lines: m.wrap(text, style: style, width: context.frameWidth),
                               lineHeight: m.lineMetrics(style).height, width: context.frameWidth, path: context.path))
    }

    public func leadHeight(in context: LayoutContext) -> LeadHeight {
        .piece(spaceBefore + context.measurer.lineMetrics(style).height)
    }
}

struct HeadingBox: LayoutBox {
    let heading: Heading
    let lines: [String]
    let lineHeight: Double
    let width: Double
    let path: String

    var height: Double { Double(lines.count) * lineHeight }
    var spaceBefore: Double { heading.spaceBefore }
    var spaceAfter: Double { heading.spaceAfter }
    var name: String { "\(path) (heading \(Quote.value(heading.text)))" }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) {
        if let level = heading.outlineLevel {
            canvas.addOutlineEntry(title: heading.text, level: level, y: origin.y)
        }
        canvas.beginElement(StructureElement(.heading(heading.level)))
        defer { canvas.endElement() }
        let joins = TextBreaking.joins(lines, in: heading.text)
        for (i, line) in lines.enumerated() where !line.isEmpty {
            canvas.add(.text(TextRun(text: line, origin: Point(x: origin.x, y: origin.y + Double(i) * lineHeight),
                                     width: width, alignment: .leading, style: heading.style, joinsNext: joins[i])))
        }
    }
}
