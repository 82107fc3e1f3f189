/// How a laid-out page keeps its items and structure marks until it is drawn: a long report holds
/// every page at once (the tagged PDF needs the whole structure before the first page is drawn),
/// and most of a page is lines of text, fills, rules and cell borders and the structure marks
/// around them. Kept as `DisplayItem` and `StructureMark` values, the 300 pages of a 10,000-episode
/// clinical report took 41 MB; packed, a line of text takes 48 bytes instead of 128, a fill 48,
/// a cell border 72 instead of 400 and a mark 12 instead of 48. `DisplayPage.items` and
/// `.structure` give them back unchanged.

/// The display items of one page, packed: text runs and labels (their style an index into the
/// page's few styles), rectangles, ellipses and lines (their paint an index), and closed
/// four-sided paths (cell borders) as their four points, items clipped to such a path (a calendar
/// day's hatching) as the path and their items packed in turn; every other item as it is.
struct PageItems: Sendable {
    /// One text run or label.
    private struct Text: Sendable {
        var text: String
        /// A run's origin, a label's position.
        var point: Point
        /// A run's box width (unused for labels).
        var width: Double
        var style: UInt32
        /// A run's alignment, a label's horizontal anchor.
        var alignment: Alignment
        /// A label's vertical anchor (unused for runs).
        var vertical: TextAnchor.Vertical
        /// A run's `joinsNext` (unused for labels).
        var joinsNext = false
    }

    /// A rectangle or an ellipse (`a` its origin, `b` its width and height, `value` its opacity,
    /// `paint` in `paints`) or a line (from `a` to `b`, `value` its width, `paint` its colour in
    /// `colors`).
    private struct Mark: Sendable {
        var a: Point, b: Point
        var value: Double
        var paint: UInt32
    }

    /// A closed path of four straight sides; `fill` and `stroke` are 1 + an index, 0 for none.
    private struct Quad: Sendable {
        var p0: Point, p1: Point, p2: Point, p3: Point
        var fill: UInt32, stroke: UInt32
    }

    /// `clip` opens a clipped item (its path the next quad), its items follow and `clipEnd` closes it.
    private enum Kind: UInt8, Sendable { case run, label, rect, ellipse, line, quad, other, clip, clipEnd }

    /// Per item, in drawing order: which list holds it (a clipped item's items after it).
    private var kinds: [Kind] = []
    /// The number of items (not counting those inside clipped items).
    private(set) var count = 0
    private var texts: [Text] = []
    private var marks: [Mark] = []
    private var quads: [Quad] = []
    private var others: [DisplayItem] = []
    private var styles = Palette<TextStyle>()
    private var paints = Palette<Paint>()
    private var colors = Palette<Color>()
    private var strokes = Palette<Stroke>()

    init() {}

    init(_ items: [DisplayItem]) {
        kinds.reserveCapacity(items.count)
        for item in items { append(item) }
    }

    mutating func append(_ item: DisplayItem) {
        count += 1
        pack(item)
    }

    private mutating func pack(_ item: DisplayItem) {
        switch item {
        case .text(let r):
            kinds.append(.run)
            texts.append(Text(text: r.text, point: r.origin, width: r.width, style: styles.index(r.style),
                              alignment: r.alignment, vertical: .top, joinsNext: r.joinsNext))
        case .label(let l):
            kinds.append(.label)
            texts.append(Text(text: l.text, point: l.position, width: 0, style: styles.index(l.style),
                              alignment: l.anchor.horizontal, vertical: l.anchor.vertical))
        case let .rect(r, paint, opacity):
            kinds.append(.rect)
            marks.append(Mark(a: r.origin, b: Point(x: r.width, y: r.height), value: opacity, paint: paints.index(paint)))
        case let .ellipse(r, paint, opacity):
            kinds.append(.ellipse)
            marks.append(Mark(a: r.origin, b: Point(x: r.width, y: r.height), value: opacity, paint: paints.index(paint)))
        case let .line(from, to, color, width):
            kinds.append(.line)
            marks.append(Mark(a: from, b: to, value: width, paint: colors.index(color)))
        case let .path(path, fill, stroke):
            guard let p = Self.quadrilateral(path) else { return packOther(item) }
            kinds.append(.quad)
            quads.append(Quad(p0: p.0, p1: p.1, p2: p.2, p3: p.3, fill: fill.map { 1 + paints.index($0) } ?? 0,
                              stroke: stroke.map { 1 + strokes.index($0) } ?? 0))
        case let .clip(path, items):
            guard let p = Self.quadrilateral(path) else { return packOther(item) }
            kinds.append(.clip)
            quads.append(Quad(p0: p.0, p1: p.1, p2: p.2, p3: p.3, fill: 0, stroke: 0))
            for item in items { pack(item) }
            kinds.append(.clipEnd)
        default:
            packOther(item)
        }
    }

    private mutating func packOther(_ item: DisplayItem) {
        kinds.append(.other)
        others.append(item)
    }

    /// The corners of a closed path of four straight sides (`Path.rect`), else nil.
    private static func quadrilateral(_ path: Path) -> (Point, Point, Point, Point)? {
        let e = path.elements
        guard e.count == 5, case .move(let p0) = e[0], case .line(let p1) = e[1], case .line(let p2) = e[2],
              case .line(let p3) = e[3], case .close = e[4] else { return nil }
        return (p0, p1, p2, p3)
    }

    private func text(_ t: Text, _ kind: Kind) -> DisplayItem {
        let style = styles[t.style]
        if kind == .label {
            return .label(TextLabel(text: t.text, position: t.point, anchor: TextAnchor(t.alignment, t.vertical), style: style))
        }
        return .text(TextRun(text: t.text, origin: t.point, width: t.width, alignment: t.alignment, style: style,
                             joinsNext: t.joinsNext))
    }

    private func mark(_ m: Mark, _ kind: Kind) -> DisplayItem {
        switch kind {
        case .rect: return .rect(Rect(x: m.a.x, y: m.a.y, width: m.b.x, height: m.b.y), paints[m.paint], opacity: m.value)
        case .ellipse: return .ellipse(Rect(x: m.a.x, y: m.a.y, width: m.b.x, height: m.b.y), paints[m.paint], opacity: m.value)
        default: return .line(from: m.a, to: m.b, color: colors[m.paint], width: m.value)
        }
    }

    private static func path(_ q: Quad) -> Path {
        Path([.move(to: q.p0), .line(to: q.p1), .line(to: q.p2), .line(to: q.p3), .close])
    }

    private func quad(_ q: Quad) -> DisplayItem {
        .path(Self.path(q), fill: q.fill == 0 ? nil : paints[q.fill - 1], stroke: q.stroke == 0 ? nil : strokes[q.stroke - 1])
    }

    /// Where the next item of each list is while the items are unpacked.
    private struct Cursor { var kind = 0, text = 0, mark = 0, quad = 0, other = 0 }

    /// The items from the cursor to the end of the page or of the clipped item it is in (whose
    /// `clipEnd` it then moves past), each clipped item with its items.
    private func items(_ c: inout Cursor, into out: inout [DisplayItem]) {
        while c.kind < kinds.count {
            let kind = kinds[c.kind]
            c.kind += 1
            switch kind {
            case .run, .label: out.append(text(texts[c.text], kind)); c.text += 1
            case .rect, .ellipse, .line: out.append(mark(marks[c.mark], kind)); c.mark += 1
            case .quad: out.append(quad(quads[c.quad])); c.quad += 1
            case .other: out.append(others[c.other]); c.other += 1
            case .clip:
                let path = Self.path(quads[c.quad])
                c.quad += 1
                var clipped: [DisplayItem] = []
                items(&c, into: &clipped)
                out.append(.clip(path, clipped))
            case .clipEnd: return
            }
        }
    }

    var items: [DisplayItem] {
        var out: [DisplayItem] = []
        out.reserveCapacity(count)
        var c = Cursor()
        items(&c, into: &out)
        return out
    }

    /// Each text run's and label's text with its item's index, in drawing order (not those inside
    /// clipped items, which are one item with theirs): no item is unpacked.
    func forEachText(_ body: (Int, String) -> Void) {
        var t = 0, depth = 0, index = 0
        for kind in kinds {
            switch kind {
            case .clip:
                if depth == 0 { index += 1 }
                depth += 1
            case .clipEnd: depth -= 1
            case .run, .label:
                if depth == 0 { body(index, texts[t].text); index += 1 }
                t += 1
            default:
                if depth == 0 { index += 1 }
            }
        }
    }

    /// Each text run's and label's text and style, clipped ones included, in drawing order.
    func forEachStyledText(_ body: (String, TextStyle) -> Void) {
        for t in texts { body(t.text, styles[t.style]) }
    }

    /// The text runs, in drawing order (not those inside clipped items).
    var textRuns: [TextRun] {
        var out: [TextRun] = []
        var t = 0, depth = 0
        for kind in kinds {
            switch kind {
            case .clip: depth += 1
            case .clipEnd: depth -= 1
            case .run, .label:
                if depth == 0, kind == .run, case .text(let r) = text(texts[t], kind) { out.append(r) }
                t += 1
            default: break
            }
        }
        return out
    }
}

/// The distinct values of one kind a page uses (its text styles, paints, strokes): a packed item
/// holds an index. Most items share the value of the item before them; the rest are few.
struct Palette<Value: Equatable & Sendable>: Sendable {
    private var values: [Value] = []
    private var last = 0

    mutating func index(_ value: Value) -> UInt32 {
        if last < values.count, values[last] == value { return UInt32(last) }
        if let i = values.firstIndex(of: value) { last = i } else { values.append(value); last = values.count - 1 }
        return UInt32(last)
    }

    subscript(_ i: UInt32) -> Value { values[Int(i)] }
}

/// The structure marks of one page, 12 bytes each: the item index, the event as a code, and a
/// figure's alternative text as an index into the page's texts.
struct StructureMarks: Sendable {
    private struct Packed: Sendable {
        var itemIndex: UInt32
        /// 0 end, 1 end of an artifact, 2... begin an artifact (`artifactKinds`), `beginCode`...
        /// begin an element: its role's index times two, plus one when it continues.
        var code: UInt16
        /// 1 + the index of the alternative text in `texts`, 0 for none.
        var alternativeText: UInt32
    }

    private static let artifactKinds: [ArtifactKind] = [.header, .footer, .layout]
    private static let beginCode: UInt16 = 8

    private var marks: [Packed] = []
    private var texts: [String] = []

    init() {}

    init(_ marks: [StructureMark]) {
        for m in marks { append(m) }
    }

    var count: Int { marks.count }
    var isEmpty: Bool { marks.isEmpty }

    /// How many marks begin an element that does not continue one.
    var newElements: Int {
        marks.reduce(0) { $0 + ($1.code >= Self.beginCode && ($1.code - Self.beginCode) % 2 == 0 ? 1 : 0) }
    }

    /// The item the mark at `i` comes before.
    func itemIndex(_ i: Int) -> Int { Int(marks[i].itemIndex) }

    mutating func append(_ mark: StructureMark) {
        let code: UInt16, alt: UInt32
        switch mark.event {
        case .end: code = 0; alt = 0
        case .endArtifact: code = 1; alt = 0
        case .beginArtifact(let kind):
            code = 2 + UInt16(Self.artifactKinds.firstIndex(of: kind) ?? 0); alt = 0
        case .begin(let e):
            code = Self.beginCode + UInt16(e.role.index) * 2 + (e.continues ? 1 : 0)
            if let text = e.alternativeText { texts.append(text); alt = UInt32(clamping: texts.count) } else { alt = 0 }
        }
        marks.append(Packed(itemIndex: UInt32(clamping: mark.itemIndex), code: code, alternativeText: alt))
    }

    /// The event of the mark at `i`.
    func event(_ i: Int) -> StructureMark.Event {
        let p = marks[i]
        switch p.code {
        case 0: return .end
        case 1: return .endArtifact
        case 2..<Self.beginCode: return .beginArtifact(Self.artifactKinds[min(Int(p.code - 2), Self.artifactKinds.count - 1)])
        default:
            let c = p.code - Self.beginCode
            return .begin(StructureElement(StructureRole(index: Int(c / 2)),
                                           alternativeText: p.alternativeText == 0 ? nil : texts[Int(p.alternativeText) - 1],
                                           continues: c % 2 == 1))
        }
    }

    var all: [StructureMark] {
        marks.indices.map { StructureMark(itemIndex: itemIndex($0), event: event($0)) }
    }
}
