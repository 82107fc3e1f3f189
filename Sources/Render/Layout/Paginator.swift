/// Flows layout elements into page frames. One instance lays out one document (or, with an
/// unbounded frame, measures a keep-together group or the continuation header). It knows no
/// element kinds: it wraps each element, places the box whole when it fits, else asks it to
/// split, and moves to a new page when it refuses.
final class Paginator {
    static let eps = 1e-6

    let m: TextMeasurer
    let pageSize: Size
    let frame: Rect
    /// False while measuring in an unbounded frame, where page breaks mean nothing.
    let breaksPages: Bool
    var pages: [DisplayPage] = []
    var canvas = DisplayCanvas()
    var outline: [OutlineEntry] { canvas.outline }
    /// Current top of free space.
    var y: Double
    /// Top of the flow area on the current page (below the continuation header).
    var contentTop: Double
    /// Continuation header, laid out once relative to the frame top.
    private var continuation: (items: [DisplayItem], height: Double)?
    /// Wrapped elements by their place in the document, shared by the layouts of one document
    /// (`nil` while measuring).
    let cache: WrapCache?
    /// The indices of the block being placed, from the top level down: its place in the document.
    private var indexPath: [Int] = []
    /// The continued groups being placed, outermost first: each one's continuation, laid out
    /// once relative to the frame top, and whether any of the group is on a page yet.
    private var groups: [(items: [DisplayItem], height: Double, started: Bool)] = []

    /// The foot of the flow on the current page (`shortPage` raises it on one page).
    var bottom: Double { frame.maxY - (shortPage.map { $0.index == pages.count ? $0.by : 0 } ?? 0) }
    /// A page whose flow ends `by` points early, so that more of the document goes to the
    /// (last) page after it.
    var shortPage: (index: Int, by: Double)? = nil
    /// The 0-based page whose space between blocks is tightened (`tightSpacing`), to take in
    /// the few lines that would otherwise stand alone on the next, last page.
    var tightPage: Int? = nil
    static let tightSpacing = 0.4
    /// The height the flow takes on the current page.
    var usedHeight: Double { y - contentTop }
    /// Of each finished page: the space between its blocks and the room left at its foot.
    private(set) var spacingByPage: [(between: Double, left: Double)] = []
    private var spacing = 0.0
    var atTop: Bool { y <= contentTop + Paginator.eps }
    /// Flow height of an empty continuation page (inside the open continued groups, below their
    /// continuations).
    var capacity: Double { frame.height - (continuation?.height ?? 0) - groups.reduce(0) { $0 + $1.height } }

    /// `continuationOnFirstPage`: the first page is itself a continuation page (the body after
    /// front matter), so it starts with the continuation header.
    init(measurer: TextMeasurer, pageSize: Size, frame: Rect, continuationHeader: [Block] = [],
         breaksPages: Bool = true, continuationOnFirstPage: Bool = false, cache: WrapCache? = nil) throws {
        m = measurer; self.pageSize = pageSize; self.frame = frame; self.breaksPages = breaksPages
        self.cache = cache
        y = frame.minY; contentTop = frame.minY
        if !continuationHeader.isEmpty {
            let sub = try Paginator.measure(continuationHeader, measurer: measurer, frame: frame,
                                            pageSize: pageSize)
            if sub.height > frame.height {
                throw LayoutError.doesNotFit(element: "continuation header", size: sub.height,
                                             available: frame.height)
            }
            continuation = (sub.items.map { $0.offset(dy: -frame.minY) }, sub.height)
        }
        if continuationOnFirstPage { startPage() }
    }

    /// Lays `blocks` out in an unbounded frame starting at `frame.minY`; returns items and height.
    static func measure(_ blocks: [Block], measurer: TextMeasurer, frame: Rect, pageSize: Size) throws
        -> (items: [DisplayItem], outline: [OutlineEntry], height: Double)
    {
        let open = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: .greatestFiniteMagnitude / 4)
        let sub = try Paginator(measurer: measurer, pageSize: pageSize, frame: open, breaksPages: false)
        sub.contentTop = -.greatestFiniteMagnitude  // keep spaceBefore of the first block
        try sub.place(blocks)
        return (sub.canvas.items, sub.outline, sub.y - frame.minY)
    }

    func finish() -> [DisplayPage] {
        pages.append(DisplayPage(size: pageSize, items: canvas.endPage()))
        if breaksPages, let page = pages.last { m.pageLaidOut(page) }
        return pages
    }

    func newPage() {
        pages.append(DisplayPage(size: pageSize, items: canvas.endPage()))
        if breaksPages, let page = pages.last { m.pageLaidOut(page) }
        spacingByPage.append((spacing, max(0, bottom - y)))
        spacing = 0
        startPage()
    }

    /// Starts the current page: the continuation header, then the continuation of each group
    /// that already has something on an earlier page.
    private func startPage() {
        y = frame.minY
        if let c = continuation {
            // The running header of a continuation page: page furniture, read as the page's header.
            canvas.beginArtifact(.header)
            for item in c.items { canvas.add(item.offset(dy: y)) }
            canvas.endArtifact()
            y += c.height
        }
        for g in groups where g.started {
            for item in g.items { canvas.add(item.offset(dy: y)) }
            y += g.height
        }
        contentTop = y
    }

    /// Every open group now has something on a page.
    private func markGroupsStarted() {
        for i in groups.indices where !groups[i].started { groups[i].started = true }
    }

    func context(path: String) -> LayoutContext {
        LayoutContext(measurer: m, frameWidth: frame.width, pageCapacity: capacity, path: path,
                      frame: frame, pageSize: pageSize)
    }

    // MARK: - Flow

    func place(_ blocks: [Block]) throws {
        for i in blocks.indices {
            indexPath.append(i)
            defer { indexPath.removeLast() }
            try place(blocks[i].element, following: blocks[(i + 1)...], path: "block \(i + 1)")
        }
    }

    /// `element` wrapped in `context`, from the cache when this place in the document was
    /// wrapped before (by the lead of a heading, or by an earlier layout of the same document).
    private func wrap(_ element: any LayoutElement, at key: [Int], in context: LayoutContext) throws -> Wrapped {
        guard let cache else { return try element.wrap(in: context) }
        if let hit = cache.wrapped[key] { return hit }
        let w = try element.wrap(in: context)
        cache.store(w, at: key)
        return w
    }

    private func place(_ element: any LayoutElement, following: ArraySlice<Block>, path: String) throws {
        let context = context(path: path)
        // Once placed, the element is measured again by a second layout rather than kept, when
        // the cache is over its budget.
        defer { if let cache, cache.isOverBudget { cache.drop(at: indexPath) } }
        switch try wrap(element, at: indexPath, in: context) {
        case .sequence(let blocks): try place(blocks)
        case .group(let blocks, let continuationBlocks):
            let sub = try Paginator.measure(continuationBlocks, measurer: m, frame: frame, pageSize: pageSize)
            if sub.height > capacity / 2 {
                throw LayoutError.doesNotFit(element: "\(path) (continuation)", size: sub.height, available: capacity / 2)
            }
            groups.append((sub.items.map { $0.offset(dy: -frame.minY) }, sub.height, false))
            defer { groups.removeLast() }
            try place(blocks)
        case .box(let box):
            let lead = element.keepWithNext ? leadHeight(following, context: context) : nil
            try flow(box, keptWithLead: lead, context: context)
        }
    }

    /// Places `box` whole when it fits (with the lead of what follows for a box kept with it),
    /// else places the part `split` offers and continues with the rest on the next page.
    private func flow(_ first: any LayoutBox, keptWithLead lead: Double?, context: LayoutContext) throws {
        if first.breaksPageBefore && breaksPages && !atTop { newPage() }
        var box = first
        while true {
            if box.discardedAtPageTop && atTop { return }
            let scale = pages.count == tightPage ? Paginator.tightSpacing : 1
            let sb = atTop ? 0 : box.spaceBefore * scale
            var required = box.height
            if let lead {
                let withNext = box.height + box.spaceAfter * scale + lead
                if withNext <= capacity { required = withNext }
            }
            if y + sb + required <= bottom + Paginator.eps {
                y += sb
                box.draw(at: Point(x: frame.minX, y: y), into: &canvas)
                markGroupsStarted()
                y += box.height
                y += box.spaceAfter * scale
                spacing += sb + box.spaceAfter * scale
                return
            }
            switch try box.split(availableHeight: bottom - y - sb, in: context) {
            case let .split(head, tail):
                y += sb
                head.draw(at: Point(x: frame.minX, y: y), into: &canvas)
                markGroupsStarted()
                y += head.height
                guard let tail else { y += box.spaceAfter; return }
                newPage()
                box = tail
            case .refuse:
                if atTop {
                    throw LayoutError.doesNotFit(element: box.name, size: lead == nil ? box.minimumHeight : required,
                                                 available: bottom - y)
                }
                newPage()
            }
        }
    }

    /// Height of the first unbreakable piece of what follows (to keep headings with it). A
    /// following element that is itself kept with the next (a subheading) counts whole, space
    /// after included, and the piece after it is added too: a heading, its subheading and the
    /// first piece of the content stay together.
    static func leadHeight(_ following: ArraySlice<Block>, context: LayoutContext) -> Double {
        leadHeight(following, context: context, cached: false) { _, element in try? element.wrap(in: context) }
    }

    /// `leadHeight` of the blocks after the current one, wrapping through the cache.
    private func leadHeight(_ following: ArraySlice<Block>, context: LayoutContext) -> Double {
        var key = indexPath
        return Paginator.leadHeight(following, context: context, cached: cache != nil) { i, element in
            key[key.count - 1] = i
            return try? wrap(element, at: key, in: context)
        }
    }

    private static func leadHeight(_ following: ArraySlice<Block>, context: LayoutContext, cached: Bool,
                                   wrap: (Int, any LayoutElement) -> Wrapped?) -> Double {
        var acc = 0.0
        for (i, block) in zip(following.indices, following) {
            if block.element.keepWithNext, case .box(let box)? = wrap(i, block.element) {
                acc += box.spaceBefore + box.height + box.spaceAfter
                continue
            }
            // With a cache, the element is wrapped here once (it is placed next) and its box
            // gives its lead when it knows it.
            if cached, case .box(let box)? = wrap(i, block.element), let lead = box.leadPiece {
                return acc + lead
            }
            switch block.element.leadHeight(in: context) {
            case .transparent(let h): acc += h
            case .piece(let h): return acc + h
            case .nothing: return 0
            }
        }
        return acc
    }
}

/// The elements of one document as wrapped, by their place in it (the block indices from the top
/// level down): a second layout of the same document (a nearly empty last page taken in) and
/// the lead of a heading measure nothing again. Valid for one frame width and one page.
///
/// A long document is not kept whole: past `budget` measured pieces (a table's rows count one
/// each), each element is let go once placed, and a second layout measures it again. A
/// 10,000-episode clinical report would otherwise hold every episode measured (about 30 MB) on
/// top of its pages; the reports of a few hundred pages keep everything.
final class WrapCache {
    static let budget = 5_000
    private(set) var wrapped: [[Int]: Wrapped] = [:]
    private var pieces = 0
    let budget: Int
    init(budget: Int = WrapCache.budget) { self.budget = budget }

    var isOverBudget: Bool { pieces > budget }

    func store(_ w: Wrapped, at key: [Int]) {
        wrapped[key] = w
        pieces += Self.pieces(w)
    }

    func drop(at key: [Int]) {
        if let w = wrapped.removeValue(forKey: key) { pieces -= Self.pieces(w) }
    }

    private static func pieces(_ w: Wrapped) -> Int {
        switch w {
        case .box(let box): return box.measuredPieces
        case .sequence(let blocks), .group(let blocks, _): return blocks.count
        }
    }
}

