/// A layout element, in the spirit of ReportLab's platypus flowables: the paginator asks it to
/// measure itself in the frame width (`wrap`), and gets back a box it can split at a height and
/// draw at an origin. Every block of the document model adopts this protocol; a new element (a
/// chart, a calendar grid) is a new type conforming to it, in any module.
public protocol LayoutElement: Sendable {
    /// Whether the element stays on the page of the first unbreakable piece of what follows
    /// (headings); that piece's height is asked of the following elements (`leadHeight`).
    var keepWithNext: Bool { get }
    /// Measures the element at `context.frameWidth`.
    func wrap(in context: LayoutContext) throws -> Wrapped
    /// Height of the first unbreakable piece of this element, spaceBefore included, for a
    /// preceding element kept with it.
    func leadHeight(in context: LayoutContext) -> LeadHeight
}

extension LayoutElement {
    public var keepWithNext: Bool { false }

    /// The whole box (space before included); a sequence has no lead of its own.
    public func leadHeight(in context: LayoutContext) -> LeadHeight {
        guard case .box(let box)? = try? wrap(in: context) else { return .piece(0) }
        return .piece(box.spaceBefore + box.height)
    }
}

/// What `wrap` makes of an element.
public enum Wrapped {
    /// A measured box the paginator places, splits and draws.
    case box(any LayoutBox)
    /// Elements flowed one after the other instead (e.g. a keep-together group taller than a page).
    case sequence([Block])
    /// Elements flowed one after the other, `continuation` placed at the top of each page they
    /// continue on (`ContinuedGroup`).
    case group([Block], continuation: [Block])
}

/// What the height of the first unbreakable piece of an element is.
public enum LeadHeight: Sendable {
    /// This element starts with a piece this tall (space before included).
    case piece(Double)
    /// Space that adds to the lead; the piece is asked of the next element (spacers).
    case transparent(Double)
    /// Nothing that follows shares the page (page breaks): there is nothing to keep with.
    case nothing
}

/// A measured element: a height, spaces around it, and how to split and draw it.
public protocol LayoutBox {
    /// Height of the box itself, without `spaceBefore` and `spaceAfter`.
    var height: Double { get }
    /// Space above the box; dropped at the top of a page.
    var spaceBefore: Double { get }
    var spaceAfter: Double { get }
    /// The least height that must fit for the box to start on a page (reported in layout errors).
    var minimumHeight: Double { get }
    /// How layout errors name the box, e.g. `block 3 (rule, 2.0 pt)`.
    var name: String { get }
    /// The box starts a new page unless it is at the top of one (page breaks).
    var breaksPageBefore: Bool { get }
    /// The box vanishes at the top of a page (spacers).
    var discardedAtPageTop: Bool { get }
    /// Height of the first unbreakable piece of the box, space before included, when the box
    /// knows it (the lead of its element, without measuring the element again); `nil` otherwise.
    var leadPiece: Double? { get }
    /// Splits the box at `availableHeight` into a part that fits and the rest, or refuses.
    func split(availableHeight: Double, in context: LayoutContext) throws -> BoxSplit
    /// How many measured pieces the box holds (a table's rows): what keeping it for a second
    /// layout costs, counted against `WrapCache.budget`.
    var measuredPieces: Int { get }
    /// Emits the box's display items with its top-left corner at `origin` (page coordinates).
    func draw(at origin: Point, into canvas: inout DisplayCanvas)
}

extension LayoutBox {
    public var spaceBefore: Double { 0 }
    public var spaceAfter: Double { 0 }
    public var minimumHeight: Double { height }
    public var breaksPageBefore: Bool { false }
    public var discardedAtPageTop: Bool { false }
    public var leadPiece: Double? { nil }
    public var measuredPieces: Int { 1 }
    public func split(availableHeight: Double, in context: LayoutContext) throws -> BoxSplit { .refuse }
}

/// The answer of `LayoutBox.split`.
public enum BoxSplit {
    /// `head` fills the space left on this page; `tail` (if any) continues on the next page.
    case split(head: any LayoutBox, tail: (any LayoutBox)?)
    /// Nothing of the box fits here: it moves to the next page (an error at the top of a page).
    case refuse
}

/// What an element knows while it is measured and split.
public struct LayoutContext {
    public let measurer: TextMeasurer
    /// Width of the body frame, in points.
    public let frameWidth: Double
    /// Flow height of an empty continuation page: the most any piece can ever get.
    public let pageCapacity: Double
    /// Where the element sits in the document, e.g. `block 3`, for layout errors.
    public let path: String
    /// The body frame and the page size (sub-layouts such as keep-together groups).
    let frame: Rect
    let pageSize: Size
}

/// Where boxes draw: the display items and outline entries of the current page.
public struct DisplayCanvas {
    public private(set) var items: [DisplayItem] = []
    public private(set) var outline: [OutlineEntry] = []
    /// 0-based index of the page being drawn.
    public private(set) var pageIndex = 0
    /// The structure marks of each page drawn so far, by page index.
    private(set) var structure: [StructureMarks] = []

    public mutating func add(_ item: DisplayItem) { items.append(item) }

    /// A box's background (a paragraph's or a list's `fill`): from `indent` to the frame's right
    /// edge, `height` tall, at `origin`; nothing without a fill.
    mutating func addBackground(_ fill: Color?, at origin: Point, indent: Double, frameWidth: Double, height: Double) {
        guard let fill else { return }
        add(.rect(Rect(x: origin.x + indent, y: origin.y, width: frameWidth - indent, height: height), .solid(fill), opacity: 1))
    }

    /// Starts an element of the structure (a heading, a paragraph, a table row, a figure): the
    /// items added until the matching `endElement` are its content or its children's.
    public mutating func beginElement(_ element: StructureElement) { mark(.begin(element)) }

    public mutating func endElement() { mark(.end) }

    /// Items added until `endArtifact` are page furniture, skipped by assistive technology
    /// (items outside every element are artifacts too; this names the kind).
    public mutating func beginArtifact(_ kind: ArtifactKind) { mark(.beginArtifact(kind)) }

    public mutating func endArtifact() { mark(.endArtifact) }

    private mutating func mark(_ event: StructureMark.Event) {
        while structure.count <= pageIndex { structure.append(StructureMarks()) }
        structure[pageIndex].append(StructureMark(itemIndex: items.count, event: event))
    }

    /// Adds items and structure marks drawn elsewhere (a measured group), moved by `dy`.
    mutating func add(_ other: [DisplayItem], marks: [StructureMark], dy: Double) {
        var next = 0
        for (i, item) in other.enumerated() {
            while next < marks.count, marks[next].itemIndex <= i { mark(marks[next].event); next += 1 }
            items.append(item.offset(dy: dy))
        }
        while next < marks.count { mark(marks[next].event); next += 1 }
    }

    /// The structure marks of page `index`.
    func structure(forPage index: Int) -> StructureMarks {
        index < structure.count ? structure[index] : StructureMarks()
    }

    /// Adds a bookmark pointing at `y` on the current page.
    public mutating func addOutlineEntry(title: String, level: Int, y: Double) {
        outline.append(OutlineEntry(title: title, level: level, pageIndex: pageIndex, y: y))
    }

    /// Hands over the items of the finished page and starts the next one.
    mutating func endPage() -> [DisplayItem] {
        defer { items = []; pageIndex += 1 }
        return items
    }
}
