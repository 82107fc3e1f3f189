/// A drawing is one unsplittable box; its shapes become display items offset to where it lands.
extension Drawing: LayoutElement {
    public func wrap(in context: LayoutContext) throws -> Wrapped {
        .box(DrawingBox(drawing: self, path: context.path))
    }
}

struct DrawingBox: LayoutBox {
    let drawing: Drawing
    let path: String
    /// A later piece of a figure split over pages.
    var continuesFigure = false

    var height: Double { drawing.size.height }
    var spaceBefore: Double { drawing.spaceBefore }
    var spaceAfter: Double { drawing.spaceAfter }
    var name: String { "\(path) (drawing \(fmt(drawing.size.width)) × \(fmt(drawing.size.height)) pt)" }
    /// Placed whole: all of it.
    var leadPiece: Double? { spaceBefore + height }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) {
        // A figure, read as its alternative text (or its words); without either it is decoration.
        let alt = drawing.alternativeText ?? drawing.words
        if let alt { canvas.beginElement(StructureElement(.figure, alternativeText: alt, continues: continuesFigure)) }
        for shape in drawing.shapes { canvas.add(shape.displayItem(at: origin, drawingWidth: drawing.size.width)) }
        if alt != nil { canvas.endElement() }
    }
}

extension Drawing {
    /// The drawing's text in drawing order, joined with "; ", or nil when it has none.
    var words: String? {
        var out: [String] = []
        func collect(_ shapes: [Shape]) {
            for s in shapes {
                switch s {
                case .text(let t, _, _), .label(let t, _, _, _): if !t.isEmpty { out.append(t) }
                case .clipped(_, let inner): collect(inner)
                default: break
                }
            }
        }
        collect(shapes)
        return out.isEmpty ? nil : out.joined(separator: "; ")
    }
}

extension Shape {
    /// The display item of this shape drawn with the drawing's top-left corner at `o`.
    public func displayItem(at o: Point, drawingWidth: Double) -> DisplayItem {
        switch self {
        case let .rect(r, paint, opacity):
            return .rect(r.offset(o), paint.offset(o), opacity: opacity)
        case let .ellipse(r, paint, opacity):
            return .ellipse(r.offset(o), paint.offset(o), opacity: opacity)
        case let .line(from, to, color, width):
            return .line(from: from.offset(o), to: to.offset(o), color: color, width: width)
        case let .text(s, origin, style):
            return .text(TextRun(text: s, origin: origin.offset(o), width: max(0, drawingWidth - origin.x),
                                 alignment: .leading, style: style))
        case let .path(p, fill, stroke):
            return .path(p.offset(o), fill: fill?.offset(o), stroke: stroke)
        case let .clipped(clip, shapes):
            return .clip(clip.offset(o), shapes.map { $0.displayItem(at: o, drawingWidth: drawingWidth) })
        case let .label(s, at, anchor, style):
            return .label(TextLabel(text: s, position: at.offset(o), anchor: anchor, style: style))
        }
    }
}
