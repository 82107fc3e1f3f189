/// A spacer adds to the lead of what follows, vanishes at the top of a page and is cut at the
/// bottom of one.
extension Spacer: LayoutElement {
    public func wrap(in context: LayoutContext) throws -> Wrapped { .box(SpaceBox(height: height)) }
    public func leadHeight(in context: LayoutContext) -> LeadHeight { .transparent(height) }
}

struct SpaceBox: LayoutBox {
    let height: Double
    var name: String { "spacer" }
    var discardedAtPageTop: Bool { true }

    func split(availableHeight: Double, in context: LayoutContext) throws -> BoxSplit {
        .split(head: SpaceBox(height: max(0, availableHeight)), tail: nil)
    }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) {}
}

/// A page break is an empty box that starts a new page unless it is at the top of one.
extension PageBreak: LayoutElement {
    public func wrap(in context: LayoutContext) throws -> Wrapped { .box(PageBreakBox()) }
    public func leadHeight(in context: LayoutContext) -> LeadHeight { .nothing }
}

struct PageBreakBox: LayoutBox {
    var height: Double { 0 }
    var name: String { "page break" }
    var breaksPageBefore: Bool { true }
    func draw(at origin: Point, into canvas: inout DisplayCanvas) {}
}
