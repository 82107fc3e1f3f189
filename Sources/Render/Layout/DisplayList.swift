/// The output of layout: positioned, page-by-page drawing instructions. Backends (PDF, PNG)
/// only walk this list; nothing here knows about Cairo.
public struct LaidOutDocument: Sendable {
    public var pages: [DisplayPage]
    public var outline: [OutlineEntry]
    public var metadata: DocumentMetadata
    public init(pages: [DisplayPage], outline: [OutlineEntry], metadata: DocumentMetadata) {
        self.pages = pages; self.outline = outline; self.metadata = metadata
    }
}

/// A PDF bookmark: `pageIndex` is 0-based, `y` the top of the heading in page coordinates.
public struct OutlineEntry: Hashable, Sendable {
    public var title: String
    public var level: Int
    public var pageIndex: Int
    public var y: Double
    public init(title: String, level: Int, pageIndex: Int, y: Double) {
        self.title = title; self.level = level; self.pageIndex = pageIndex; self.y = y
    }
}

public struct DisplayPage: Sendable {
    public var size: Size
    /// The items, packed (`PageItems`).
    private(set) var content: PageItems
    /// The structure marks, packed (`StructureMarks`).
    var marks = StructureMarks()
    public init(size: Size, items: [DisplayItem] = []) { self.size = size; content = PageItems(items) }

    /// The page's items, in drawing order.
    public var items: [DisplayItem] {
        get { content.items }
        set { content = PageItems(newValue) }
    }

    var itemCount: Int { content.count }

    mutating func append(_ item: DisplayItem) { content.append(item) }

    /// Where elements begin and end among the items (in item order); items outside every element
    /// are artifacts. Kept out of `dump()`: `structureDump()` lists it.
    public var structure: [StructureMark] {
        get { marks.all }
        set { marks = StructureMarks(newValue) }
    }

    /// The text runs of the page, in drawing order.
    public var textRuns: [TextRun] { content.textRuns }

    /// Each text run's and label's text with its item's index in `items`, without unpacking them.
    func forEachText(_ body: (Int, String) -> Void) { content.forEachText(body) }

    /// Each text run's and label's text and style (clipped ones too), without unpacking them.
    public func forEachStyledText(_ body: (String, TextStyle) -> Void) { content.forEachStyledText(body) }
}

/// One line of text. `origin` is the top-left corner of its box (page coordinates, y down);
/// the text sits in a box `width` wide and is aligned in it by the backend, which knows the exact
/// shaped width. The baseline is at `origin.y + ascent` of the style.
public struct TextRun: Hashable, Sendable {
    public var text: String
    public var origin: Point
    public var width: Double
    public var alignment: Alignment
    public var style: TextStyle
    /// The line ends inside a word that the next line of its element continues: no word break
    /// is read between them (`TextBreaking.joins`).
    public var joinsNext: Bool
    public init(text: String, origin: Point, width: Double, alignment: Alignment = .leading,
                style: TextStyle, joinsNext: Bool = false) {
        self.text = text; self.origin = origin; self.width = width
        self.alignment = alignment; self.style = style; self.joinsNext = joinsNext
    }
}

/// One line of text anchored at `position` (page coordinates): the backend places it from the
/// exact shaped width and baseline.
public struct TextLabel: Hashable, Sendable {
    public var text: String
    public var position: Point
    public var anchor: TextAnchor
    public var style: TextStyle
    public init(text: String, position: Point, anchor: TextAnchor, style: TextStyle) {
        self.text = text; self.position = position; self.anchor = anchor; self.style = style
    }
}

public enum DisplayItem: Hashable, Sendable {
    case text(TextRun)
    case rect(Rect, Paint, opacity: Double)
    case ellipse(Rect, Paint, opacity: Double)
    case line(from: Point, to: Point, color: Color, width: Double)
    /// A path, filled first, then stroked (either may be absent).
    case path(Path, fill: Paint?, stroke: Stroke?)
    /// Items drawn only inside the path.
    case clip(Path, [DisplayItem])
    case label(TextLabel)
}

// MARK: - Text dump for golden files

extension LaidOutDocument {
    /// A deterministic, diff-friendly listing of every page item (coordinates rounded to 0.1 pt)
    /// and the outline.
    public func dump() -> String {
        var out = "document \"\(metadata.title)\" pages=\(pages.count)\n"
        for (i, page) in pages.enumerated() {
            out += "=== page \(i + 1) \(fmt(page.size.width))x\(fmt(page.size.height)) ===\n"
            for item in page.items { out += item.dumpLine(); out += "\n" }
        }
        if !outline.isEmpty {
            out += "=== outline ===\n"
            for e in outline {
                out += "L\(e.level) page=\(e.pageIndex + 1) y=\(fmt(e.y)) \(quote(e.title))\n"
            }
        }
        return out
    }
}

extension DisplayItem {
    func dumpLine() -> String {
        switch self {
        case .text(let r):
            let f = r.style.font
            let a: String
            switch r.alignment { case .leading: a = "L"; case .center: a = "C"; case .trailing: a = "R" }
            return "text \(fmt(r.origin.x)),\(fmt(r.origin.y)) w=\(fmt(r.width)) \(a) "
                + "\(f.family)/\(f.weight.rawValue)\(f.italic ? "i" : "")/\(fmt(f.size)) "
                + "\(hexString(r.style.color)) \(quote(r.text))\(r.joinsNext ? " joins" : "")"
        case .rect(let rect, let paint, let opacity):
            return "rect \(fmtRect(rect)) \(paintString(paint))\(opacity == 1 ? "" : " a=\(fmtOpacity(opacity))")"
        case .ellipse(let rect, let paint, let opacity):
            return "ellipse \(fmtRect(rect)) \(paintString(paint))\(opacity == 1 ? "" : " a=\(fmtOpacity(opacity))")"
        case .line(let from, let to, let color, let width):
            return "line \(fmt(from.x)),\(fmt(from.y))->\(fmt(to.x)),\(fmt(to.y)) w=\(fmt(width)) \(hexString(color))"
        case .path(let path, let fill, let stroke):
            var line = "path \(pathString(path))"
            if let fill { line += " fill=\(paintString(fill))" }
            if let stroke {
                line += " stroke=\(hexString(stroke.color)) w=\(fmt(stroke.width))"
                if !stroke.dash.isEmpty { line += " dash=" + stroke.dash.map(fmt).joined(separator: ",") }
            }
            return line
        case .clip(let path, let items):
            let inner = items.flatMap { $0.dumpLine().split(separator: "\n").map { "  " + $0 } }
            return (["clip \(pathString(path)) {"] + inner + ["}"]).joined(separator: "\n")
        case .label(let l):
            let f = l.style.font
            let h: String
            switch l.anchor.horizontal { case .leading: h = "L"; case .center: h = "C"; case .trailing: h = "R" }
            return "label \(fmt(l.position.x)),\(fmt(l.position.y)) \(h)/\(l.anchor.vertical == .top ? "top" : "baseline") "
                + "\(f.family)/\(f.weight.rawValue)\(f.italic ? "i" : "")/\(fmt(f.size)) "
                + "\(hexString(l.style.color)) \(quote(l.text))"
        }
    }
}

/// Path elements as `M x,y`, `L x,y`, `A cx,cy r=… from->to°` (`ccw` when counter-clockwise), `Z`.
private func pathString(_ p: Path) -> String {
    p.elements.map { e in
        switch e {
        case .move(let pt): return "M \(fmt(pt.x)),\(fmt(pt.y))"
        case .line(let pt): return "L \(fmt(pt.x)),\(fmt(pt.y))"
        case let .arc(c, r, a0, a1, cw):
            return "A \(fmt(c.x)),\(fmt(c.y)) r=\(fmt(r)) \(fmt(a0 * 180 / .pi))->\(fmt(a1 * 180 / .pi))\(cw ? "" : " ccw")"
        case .close: return "Z"
        }
    }.joined(separator: " ")
}

/// Rounds to 0.1 and prints with one decimal, locale-independent, never "-0.0"; values too
/// large for tenths to be exact (beyond 10^15) and non-finite ones print as Swift prints them.
func fmt(_ v: Double) -> String {
    let rounded = (v * 10).rounded()
    guard rounded.magnitude < 1e16 else { return "\(v)" }
    var tenths = Int(rounded)
    let neg = tenths < 0
    if neg { tenths = -tenths }
    return "\(neg ? "-" : "")\(tenths / 10).\(tenths % 10)"
}

/// `v` rounded to a whole number within `0...max` (NaN counts as 0).
func clampedRound(_ v: Double, max upper: Int) -> Int {
    let r = v.rounded()
    guard r > 0 else { return 0 }
    return r < Double(upper) ? Int(r) : upper
}

/// Opacity to 0.01.
private func fmtOpacity(_ v: Double) -> String {
    let h = clampedRound(v * 100, max: 100)
    return "\(h / 100).\(h % 100 < 10 ? "0" : "")\(h % 100)"
}

private func fmtRect(_ r: Rect) -> String {
    "\(fmt(r.minX)),\(fmt(r.minY)) \(fmt(r.width))x\(fmt(r.height))"
}

/// `s` in double quotes, with quotes, backslashes and newlines escaped (dumps for goldens and tests).
func quote(_ s: String) -> String {
    var out = "\""
    for ch in s.unicodeScalars {
        switch ch {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default: out.unicodeScalars.append(ch)
        }
    }
    return out + "\""
}

func hexString(_ c: Color) -> String {
    let digits = Array("0123456789ABCDEF")
    func byte(_ v: Double) -> String {
        let b = clampedRound(v * 255, max: 255)
        return String([digits[b >> 4], digits[b & 15]])
    }
    return "#" + byte(c.red) + byte(c.green) + byte(c.blue) + (c.alpha == 1 ? "" : byte(c.alpha))
}

private func paintString(_ p: Paint) -> String {
    switch p {
    case .solid(let c): return hexString(c)
    case .linearGradient(let s, let e, let stops):
        let st = stops.map { "\(fmt($0.offset)):\(hexString($0.color))" }.joined(separator: ",")
        return "gradient(\(fmt(s.x)),\(fmt(s.y))->\(fmt(e.x)),\(fmt(e.y)) \(st))"
    }
}
