/// A keep-together group is laid out in an unbounded frame and placed as one unsplittable box;
/// a group taller than a page cannot stay together and flows block by block.
extension KeepTogether: LayoutElement {
    public func wrap(in context: LayoutContext) throws -> Wrapped {
        let sub = try Paginator.measure(blocks, measurer: context.measurer, frame: context.frame,
                                        pageSize: context.pageSize)
        if sub.height > context.pageCapacity + Paginator.eps { return .sequence(blocks) }
        return .box(GroupBox(items: sub.items, outline: sub.outline, height: sub.height,
                             measuredTop: context.frame.minY, path: context.path))
    }

    public func leadHeight(in context: LayoutContext) -> LeadHeight {
        let sub = try? Paginator.measure(blocks, measurer: context.measurer, frame: context.frame,
                                         pageSize: context.pageSize)
        return .piece(sub?.height ?? 0)
    }
}

/// Items laid out once, moved to where the group lands.
struct GroupBox: LayoutBox {
    let items: [DisplayItem]
    let outline: [OutlineEntry]
    let height: Double
    /// The y the items were laid out from.
    let measuredTop: Double
    let path: String

    var name: String { "\(path) (keep-together group)" }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) {
        let dy = origin.y - measuredTop
        for item in items { canvas.add(item.offset(dy: dy)) }
        for e in outline { canvas.addOutlineEntry(title: e.title, level: e.level, y: e.y + dy) }
    }
}
