/// A keep-together group is laid out in an unbounded frame and placed as one unsplittable box;
/// a group taller than a page cannot stay together and splits at its block boundaries: its
/// blocks flow one after the other, each kept whole (nested groups recursively).
extension KeepTogether: LayoutElement {
    public func wrap(in context: LayoutContext) throws -> Wrapped {
        let sub = try Paginator.measureWithStructure(blocks, measurer: context.measurer, frame: context.frame,
                                                     pageSize: context.pageSize)
        if sub.height > context.pageCapacity + Paginator.eps {
            return .sequence(blocks.map { Block(KeptWhole(element: $0.element)) })
        }
        return .box(GroupBox(items: sub.items, outline: sub.outline, height: sub.height,
                             measuredTop: context.frame.minY, path: context.path, structure: sub.structure))
    }

    public func leadHeight(in context: LayoutContext) -> LeadHeight {
        let sub = try? Paginator.measure(blocks, measurer: context.measurer, frame: context.frame,
                                         pageSize: context.pageSize)
        return .piece(sub?.height ?? 0)
    }
}

/// One block of a group too tall for a page: placed whole (moved to the next page rather than
/// split), unless it is itself taller than a page. Headings stay kept with what follows.
struct KeptWhole: LayoutElement {
    let element: any LayoutElement

    var keepWithNext: Bool { element.keepWithNext }

    func wrap(in context: LayoutContext) throws -> Wrapped {
        switch try element.wrap(in: context) {
        case .box(let box): return .box(WholeBox(box: box))
        case .sequence(let blocks): return .sequence(blocks)
        case .group(let blocks, let continuation): return .group(blocks, continuation: continuation)
        }
    }

    /// The whole box when it fits a page, else the element's own first piece.
    func leadHeight(in context: LayoutContext) -> LeadHeight {
        guard case .box(let box)? = try? element.wrap(in: context),
              box.height <= context.pageCapacity + Paginator.eps else { return element.leadHeight(in: context) }
        return .piece(box.spaceBefore + box.height)
    }
}

/// A box that refuses to split while it fits an empty page.
struct WholeBox: LayoutBox {
    let box: any LayoutBox

    var height: Double { box.height }
    var spaceBefore: Double { box.spaceBefore }
    var spaceAfter: Double { box.spaceAfter }
    var minimumHeight: Double { box.minimumHeight }
    var name: String { box.name }
    var breaksPageBefore: Bool { box.breaksPageBefore }
    var discardedAtPageTop: Bool { box.discardedAtPageTop }

    func split(availableHeight: Double, in context: LayoutContext) throws -> BoxSplit {
        guard box.height > context.pageCapacity + Paginator.eps else { return .refuse }
        return try box.split(availableHeight: availableHeight, in: context)
    }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) { box.draw(at: origin, into: &canvas) }
}

/// Items laid out once, moved to where the group lands.
struct GroupBox: LayoutBox {
    let items: [DisplayItem]
    let outline: [OutlineEntry]
    let height: Double
    /// The y the items were laid out from.
    let measuredTop: Double
    let path: String
    /// The structure marks among `items`.
    var structure: [StructureMark] = []

    var name: String { "\(path) (keep-together group)" }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) {
        let dy = origin.y - measuredTop
        canvas.add(items, marks: structure, dy: dy)
        for e in outline { canvas.addOutlineEntry(title: e.title, level: e.level, y: e.y + dy) }
    }
}
