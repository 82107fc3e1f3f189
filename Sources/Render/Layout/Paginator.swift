/// Flows blocks into page frames. One instance lays out one document (or, with an unbounded
/// frame, measures a keep-together group or the continuation header).
final class Paginator {
    static let eps = 1e-6

    let m: TextMeasurer
    let pageSize: Size
    let frame: Rect
    var pages: [DisplayPage] = []
    var items: [DisplayItem] = []
    var outline: [OutlineEntry] = []
    /// Current top of free space.
    var y: Double
    /// Top of the flow area on the current page (below the continuation header).
    var contentTop: Double
    /// Continuation header, laid out once relative to the frame top.
    private var continuation: (items: [DisplayItem], height: Double)?

    var bottom: Double { frame.maxY }
    var atTop: Bool { y <= contentTop + Paginator.eps }
    /// Flow height of an empty continuation page.
    var capacity: Double { frame.height - (continuation?.height ?? 0) }

    init(measurer: TextMeasurer, pageSize: Size, frame: Rect, continuationHeader: [Block] = []) throws {
        m = measurer; self.pageSize = pageSize; self.frame = frame
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
    }

    /// Lays `blocks` out in an unbounded frame starting at `frame.minY`; returns items and height.
    static func measure(_ blocks: [Block], measurer: TextMeasurer, frame: Rect, pageSize: Size) throws
        -> (items: [DisplayItem], outline: [OutlineEntry], height: Double)
    {
        let open = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: .greatestFiniteMagnitude / 4)
        let sub = try Paginator(measurer: measurer, pageSize: pageSize, frame: open)
        sub.contentTop = -.greatestFiniteMagnitude  // keep spaceBefore of the first block
        try sub.place(blocks, breaks: false)
        return (sub.items, sub.outline, sub.y - frame.minY)
    }

    func finish() -> [DisplayPage] {
        pages.append(DisplayPage(size: pageSize, items: items))
        items = []
        return pages
    }

    func newPage() {
        pages.append(DisplayPage(size: pageSize, items: items))
        items = []
        y = frame.minY
        if let c = continuation {
            items.reserveCapacity(c.items.count)
            for item in c.items { items.append(item.offset(dy: y)) }
            y += c.height
        }
        contentTop = y
    }

    /// Makes room for `height` (plus `spaceBefore` unless at the top of a page), breaking the page
    /// if needed; throws when it cannot fit even an empty page.
    func reserve(_ height: Double, spaceBefore: Double, element: @autoclosure () -> String) throws {
        let sb = atTop ? 0 : spaceBefore
        if y + sb + height <= bottom + Paginator.eps { y += sb; return }
        if atTop || height > capacity + Paginator.eps {
            throw LayoutError.doesNotFit(element: element(), size: height,
                                         available: atTop ? bottom - y : capacity)
        }
        newPage()
    }

    // MARK: - Blocks

    func place(_ blocks: [Block], breaks: Bool = true) throws {
        for i in blocks.indices {
            try place(blocks[i], following: blocks[(i + 1)...], path: "block \(i + 1)", breaks: breaks)
        }
    }

    private func place(_ block: Block, following: ArraySlice<Block>, path: String, breaks: Bool) throws {
        switch block {
        case .heading(let h): try placeHeading(h, following: following, path: path)
        case .paragraph(let p): try placeParagraph(p, path: path)
        case .table(let t): try TableLayout(table: t, measurer: m, frameWidth: frame.width).place(in: self)
        case .spacer(let s):
            if atTop { return }
            y = min(y + s, bottom)
        case .rule(let r):
            try reserve(r.height, spaceBefore: r.spaceBefore, element: "\(path) (rule, \(fmt(r.height)) pt)")
            items.append(.rect(Rect(x: frame.minX, y: y, width: r.width ?? frame.width, height: r.height),
                               .solid(r.color), opacity: 1))
            y += r.height + r.spaceAfter
        case .drawing(let d):
            try reserve(d.size.height, spaceBefore: d.spaceBefore,
                        element: "\(path) (drawing \(fmt(d.size.width)) × \(fmt(d.size.height)) pt)")
            placeDrawing(d, at: Point(x: frame.minX, y: y))
            y += d.size.height + d.spaceAfter
        case .keepTogether(let blocks):
            try placeKeepTogether(blocks, path: path)
        case .pageBreak:
            if breaks && !atTop { newPage() }
        }
    }

    private func placeHeading(_ h: Heading, following: ArraySlice<Block>, path: String) throws {
        let lines = m.wrap(h.text, style: h.style, width: frame.width)
        let lh = m.lineMetrics(h.style).height
        let height = Double(lines.count) * lh
        // Keep the heading with the first line/row of what follows.
        let withNext = height + h.spaceAfter + leadHeight(following)
        let need = withNext <= capacity ? withNext : height
        try reserve(need, spaceBefore: h.spaceBefore, element: "\(path) (heading \"\(h.text)\")")
        if let level = h.outlineLevel {
            outline.append(OutlineEntry(title: h.text, level: level, pageIndex: pages.count, y: y))
        }
        for (i, line) in lines.enumerated() where !line.isEmpty {
            items.append(.text(TextRun(text: line, origin: Point(x: frame.minX, y: y + Double(i) * lh),
                                       width: frame.width, alignment: .leading, style: h.style)))
        }
        y += height + h.spaceAfter
    }

    private func placeParagraph(_ p: Paragraph, path: String) throws {
        let innerW = frame.width - p.indent - p.padding.left - p.padding.right
        let lines = m.wrap(p.text, style: p.style, width: innerW)
        let lh = m.lineMetrics(p.style).height
        let pad = p.padding.top + p.padding.bottom
        let element = "\(path) (paragraph \"\(p.text.prefix(20))\")"
        try reserve(pad + lh, spaceBefore: p.spaceBefore, element: element)
        var idx = 0
        while idx < lines.count {
            let room = bottom - y - pad
            let fitting = (room + Paginator.eps) / lh  // may be huge in an unbounded frame
            let n = fitting >= Double(lines.count - idx) ? lines.count - idx : Int(max(0, fitting))
            if n < 1 {
                if atTop { throw LayoutError.doesNotFit(element: element, size: pad + lh, available: bottom - y) }
                newPage()
                continue
            }
            let fragH = pad + Double(n) * lh
            if let fill = p.fill {
                items.append(.rect(Rect(x: frame.minX + p.indent, y: y, width: frame.width - p.indent, height: fragH),
                                   .solid(fill), opacity: 1))
            }
            let x = frame.minX + p.indent + p.padding.left
            for k in 0..<n where !lines[idx + k].isEmpty {
                items.append(.text(TextRun(text: lines[idx + k],
                                           origin: Point(x: x, y: y + p.padding.top + Double(k) * lh),
                                           width: innerW, alignment: p.alignment, style: p.style)))
            }
            y += fragH
            idx += n
            if idx < lines.count { newPage() }
        }
        y += p.spaceAfter
    }

    private func placeKeepTogether(_ blocks: [Block], path: String) throws {
        let sub = try Paginator.measure(blocks, measurer: m, frame: frame, pageSize: pageSize)
        if sub.height > capacity + Paginator.eps {
            // Taller than a page: it cannot stay together, so let it flow.
            try place(blocks)
            return
        }
        if y + sub.height > bottom + Paginator.eps && !atTop { newPage() }
        let dy = y - frame.minY
        for item in sub.items { items.append(item.offset(dy: dy)) }
        for e in sub.outline {
            outline.append(OutlineEntry(title: e.title, level: e.level, pageIndex: pages.count, y: e.y + dy))
        }
        y += sub.height
    }

    private func placeDrawing(_ d: Drawing, at o: Point) {
        for shape in d.shapes {
            switch shape {
            case let .rect(r, paint, opacity):
                items.append(.rect(r.offset(o), paint.offset(o), opacity: opacity))
            case let .ellipse(r, paint, opacity):
                items.append(.ellipse(r.offset(o), paint.offset(o), opacity: opacity))
            case let .line(from, to, color, width):
                items.append(.line(from: from.offset(o), to: to.offset(o), color: color, width: width))
            case let .text(s, origin, style):
                items.append(.text(TextRun(text: s, origin: origin.offset(o),
                                           width: max(0, d.size.width - origin.x), alignment: .leading,
                                           style: style)))
            }
        }
    }

    /// Height of the first unbreakable piece of what follows (to keep headings with it).
    func leadHeight(_ following: ArraySlice<Block>) -> Double {
        var acc = 0.0
        for block in following {
            switch block {
            case .spacer(let s): acc += s; continue
            case .pageBreak: return 0
            case .heading(let h):
                return acc + h.spaceBefore + m.lineMetrics(h.style).height
            case .paragraph(let p):
                return acc + p.spaceBefore + p.padding.top + m.lineMetrics(p.style).height
                    + (m.wrap(p.text, style: p.style, width: frame.width - p.indent - p.padding.left
                        - p.padding.right).count == 1 ? p.padding.bottom : 0)
            case .table(let t):
                return acc + t.spaceBefore + TableLayout(table: t, measurer: m, frameWidth: frame.width).leadHeight()
            case .rule(let r): return acc + r.spaceBefore + r.height
            case .drawing(let d): return acc + d.spaceBefore + d.size.height
            case .keepTogether(let blocks):
                let h = (try? Paginator.measure(blocks, measurer: m, frame: frame, pageSize: pageSize).height) ?? 0
                return acc + h
            }
        }
        return acc
    }
}

extension Point {
    func offset(_ o: Point) -> Point { Point(x: x + o.x, y: y + o.y) }
}

extension Rect {
    func offset(_ o: Point) -> Rect { Rect(x: minX + o.x, y: minY + o.y, width: width, height: height) }
}

extension Paint {
    func offset(_ o: Point) -> Paint {
        switch self {
        case .solid: return self
        case let .linearGradient(s, e, stops): return .linearGradient(start: s.offset(o), end: e.offset(o), stops: stops)
        }
    }
}

extension DisplayItem {
    func offset(dy: Double) -> DisplayItem {
        let o = Point(x: 0, y: dy)
        switch self {
        case .text(var r): r.origin = r.origin.offset(o); return .text(r)
        case let .rect(r, p, a): return .rect(r.offset(o), p.offset(o), opacity: a)
        case let .ellipse(r, p, a): return .ellipse(r.offset(o), p.offset(o), opacity: a)
        case let .line(f, t, c, w): return .line(from: f.offset(o), to: t.offset(o), color: c, width: w)
        }
    }
}
