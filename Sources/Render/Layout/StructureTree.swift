/// The logical structure of a laid-out document: one tree over all pages, in reading order, built
/// from the structure marks each page's elements drew. A part that continues an element after a
/// page break (the rest of a paragraph, a table, a split row and its cells, a chart's next rows)
/// joins that element, so a table is one table however many pages it takes, with its header row
/// as header cells on every page. Every item drawn outside an element is an artifact.
public struct StructureTree: Sendable {
    /// One element (16 bytes: a long table has one for every cell, a 10,000-episode clinical
    /// report 350,000 of them). The few with alternative text or a language of their own have it
    /// in the tree (`alternativeText(of:)`, `language(of:)`).
    public struct Node: Sendable {
        public var children: [Int] = []
        private var parentIndex: Int32
        private var roleIndex: UInt8

        init(role: StructureRole, parent: Int? = nil) {
            parentIndex = parent.map { Int32(clamping: $0) } ?? -1
            roleIndex = UInt8(clamping: role.index)
        }

        public var role: StructureRole {
            get { StructureRole(index: Int(roleIndex)) }
            set { roleIndex = UInt8(clamping: newValue.index) }
        }

        public var parent: Int? {
            get { parentIndex < 0 ? nil : Int(parentIndex) }
            set { parentIndex = newValue.map { Int32(clamping: $0) } ?? -1 }
        }
    }

    /// Of a node a continuation reopened (a table, a row, a section going on after a page break),
    /// while the tree is built: the continuing children matched so far per role (a row's cells), and the child of each role opened last before it was reopened — a
    /// table's row continues the row drawn last before the page break, not the header row
    /// repeated after it.
    struct Reopening: Sendable {
        var cursor = RoleTable()
        var lastOpenedBefore: RoleTable
    }

    /// A node number per role, without hashing: the tree sets one for every element it opens
    /// (9,000 for a 1,000-row table). The first role set is kept inline (its role and node in
    /// one word), any other in a small list; nothing is allocated until a second role is set.
    struct RoleTable: Sendable {
        /// 0 when empty, else (role index + 1) << 56 | node.
        private var first: UInt64 = 0
        private var more: [UInt64] = []
        private static let shift: UInt64 = 56
        private static let nodeMask: UInt64 = (1 << 56) - 1

        subscript(role: StructureRole) -> Int? {
            get {
                let tag = UInt64(role.index + 1)
                if first >> Self.shift == tag { return Int(first & Self.nodeMask) }
                for entry in more where entry >> Self.shift == tag { return Int(entry & Self.nodeMask) }
                return nil
            }
            set {
                let tag = UInt64(role.index + 1)
                let entry = newValue.map { tag << Self.shift | (UInt64(clamping: $0) & Self.nodeMask) }
                if first == 0 || first >> Self.shift == tag {
                    if let entry { first = entry } else { first = more.popLast() ?? 0 }
                    return
                }
                if let i = more.firstIndex(where: { $0 >> Self.shift == tag }) {
                    if let entry { more[i] = entry } else { more.remove(at: i) }
                } else if let entry {
                    more.append(entry)
                }
            }
        }
    }

    /// Who an item belongs to: a node (its content), or nobody (an artifact of a kind).
    public enum Owner: Hashable, Sendable {
        case node(Int)
        case artifact(ArtifactKind)
    }

    /// The document's top-level elements are the children of `nodes[0]`, the document itself
    /// (its role is unused).
    public internal(set) var nodes: [Node] = [Node(role: .paragraph)]
    /// Of the figures (and any element drawn with it), its alternative text, by node.
    public private(set) var alternativeTexts: [Int: String] = [:]
    /// Of the elements whose text tells a language other than the document's
    /// (`assignLanguages`), that language, written as its `/Lang`, by node.
    public internal(set) var languages: [Int: String] = [:]

    /// A part of one text item, set apart by isolates (a name, `PrintableText.isolated`),
    /// whose script tells a language other than its element's (`assignLanguages`): drawn, it
    /// becomes a `/Span` with that `/Lang` inside the element (`addSpan`). `range` is in UTF-8
    /// bytes of the item's text.
    public struct InlineSpan: Sendable, Equatable {
        public var range: Range<Int>
        public var language: String
    }
    /// How many span elements were added (`addSpan`): none in most documents, whose elements'
    /// content is then written without looking for them.
    public private(set) var spanCount = 0
    /// Per page, per text item: its spans in another language (most pages have none).
    public internal(set) var inlineSpans: [[Int: [InlineSpan]]] = []

    public func alternativeText(of node: Int) -> String? { alternativeTexts[node] }
    public func language(of node: Int) -> String? { languages[node] }
    /// Per page, per item: its owner.
    public private(set) var owners: [[Owner]] = []

    /// What building the tree needs to know of each node besides the node (kept apart, and
    /// dropped once the tree is built: a 10,000-row table has 90,000 nodes, a 10,000-episode
    /// clinical report 350,000): the child of each role opened (made or continued) last. 16 bytes
    /// a node, nothing on the heap for a node whose children are all of one role (a row's cells,
    /// a table's rows).
    private var lastOpened: [RoleTable] = [RoleTable()]
    /// Of each node reopened, while the tree is built.
    private var reopenings: [Int: Reopening] = [:]

    public init(_ doc: LaidOutDocument) {
        defer { lastOpened = []; reopenings = [:] }
        let count = 1 + doc.pages.reduce(0) { $0 + $1.marks.newElements }
        nodes.reserveCapacity(count)
        lastOpened.reserveCapacity(count)
        var stack: [Int] = []
        var artifacts: [ArtifactKind] = []
        for page in doc.pages {
            var owners: [Owner] = []
            let marks = page.marks
            owners.reserveCapacity(page.itemCount)
            var next = 0
            func apply(_ event: StructureMark.Event) {
                switch event {
                case .begin(let e): stack.append(open(e, under: stack.last ?? 0))
                case .end: if !stack.isEmpty { stack.removeLast() }
                case .beginArtifact(let kind): artifacts.append(kind)
                case .endArtifact: if !artifacts.isEmpty { artifacts.removeLast() }
                }
            }
            for i in 0..<page.itemCount {
                while next < marks.count, marks.itemIndex(next) <= i {
                    apply(marks.event(next)); next += 1
                }
                if let kind = artifacts.last { owners.append(.artifact(kind)) }
                else if let node = stack.last { owners.append(.node(node)) }
                else { owners.append(.artifact(.layout)) }
            }
            while next < marks.count { apply(marks.event(next)); next += 1 }
            self.owners.append(owners)
        }
    }

    /// Page `page`'s owners, handed over and no longer kept: drawing a page needs them once, and
    /// a long report's pages own a few megabytes of them (the tree's `nodes` are unchanged).
    public mutating func takeOwners(ofPage page: Int) -> [Owner] {
        guard page >= 0, page < owners.count else { return [] }
        var taken: [Owner] = []
        swap(&taken, &owners[page])
        return taken
    }

    /// Page `page`'s inline spans, handed over like its owners.
    public mutating func takeInlineSpans(ofPage page: Int) -> [Int: [InlineSpan]] {
        guard page >= 0, page < inlineSpans.count else { return [:] }
        var taken: [Int: [InlineSpan]] = [:]
        swap(&taken, &inlineSpans[page])
        return taken
    }

    /// A new `/Span` in `language`, the last child of `parent`, for a part of its text drawn
    /// apart (`InlineSpan`); the tagged PDF puts it among `parent`'s own content in the order
    /// it was drawn.
    public mutating func addSpan(parent: Int, language: String) -> Int {
        spanCount += 1
        nodes.append(Node(role: .span, parent: parent))
        let id = nodes.count - 1
        nodes[parent].children.append(id)
        languages[id] = language
        return id
    }

    /// The node `element` opens under `parent`: a new child, or the element it continues.
    private mutating func open(_ element: StructureElement, under parent: Int) -> Int {
        if element.continues, let found = continued(element.role, under: parent) {
            reopenings[found] = Reopening(lastOpenedBefore: lastOpened[found])
            lastOpened[parent][element.role] = found
            return found
        }
        nodes.append(Node(role: element.role, parent: parent))
        lastOpened.append(RoleTable())
        let id = nodes.count - 1
        if let alt = element.alternativeText { alternativeTexts[id] = alt }
        nodes[parent].children.append(id)
        lastOpened[parent][element.role] = id
        return id
    }

    /// The element a continuing `role` under `parent` continues: in a reopened row, the cell in
    /// the same position; under another reopened element, its child of that role opened last
    /// before the page break; elsewhere the child of that role opened last.
    private mutating func continued(_ role: StructureRole, under parent: Int) -> Int? {
        guard let r = reopenings[parent] else { return lastOpened[parent][role] }
        let p = nodes[parent]
        if p.role == .tableRow {
            let same = p.children.filter { nodes[$0].role == role }
            let k = r.cursor[role] ?? 0
            reopenings[parent]?.cursor[role] = k + 1
            return k < same.count ? same[k] : nil
        }
        return r.lastOpenedBefore[role]
    }
}

// MARK: - Dump for tests

extension LaidOutDocument {
    /// The structure tree as a screen reader meets it, one element a line, indented by depth:
    /// its role, a figure's alternative text, and the text drawn as its content (each text item
    /// quoted). Artifacts are left out. Deterministic, for tests and goldens.
    public func structureDump() -> String {
        let tree = StructureTree(self)
        var content: [Int: [String]] = [:]
        for (p, page) in pages.enumerated() {
            for (i, item) in page.items.enumerated() {
                guard case .node(let n) = tree.owners[p][i] else { continue }
                switch item {
                case .text(let r): content[n, default: []].append(r.text)
                case .label(let l): content[n, default: []].append(l.text)
                default: break
                }
            }
        }
        var out = ""
        func walk(_ id: Int, depth: Int) {
            let node = tree.nodes[id]
            var line = String(repeating: "  ", count: depth) + node.role.pdfName
            if let alt = tree.alternativeText(of: id) { line += " alt=" + quote(alt) }
            if node.role != .figure, let texts = content[id] { line += " " + texts.map(quote).joined(separator: " ") }
            out += line + "\n"
            for c in node.children { walk(c, depth: depth + 1) }
        }
        for c in tree.nodes[0].children { walk(c, depth: 0) }
        return out
    }
}


extension Paginator {
    /// `measure`, with the structure marks the blocks drew (for a group placed later as a whole).
    static func measureWithStructure(_ blocks: [Block], measurer: TextMeasurer, frame: Rect, pageSize: Size) throws
        -> (items: [DisplayItem], outline: [OutlineEntry], structure: [StructureMark], height: Double)
    {
        let open = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: .greatestFiniteMagnitude / 4)
        let sub = try Paginator(measurer: measurer, pageSize: pageSize, frame: open, breaksPages: false)
        sub.contentTop = -.greatestFiniteMagnitude  // keep spaceBefore of the first block
        try sub.place(blocks)
        return (sub.canvas.items, sub.outline, sub.canvas.structure(forPage: 0).all, sub.y - frame.minY)
    }
}
