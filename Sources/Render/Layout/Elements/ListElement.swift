/// A list is a box of items, each wrapped beside its label column, and its note; it splits
/// between items (an item moves whole to the next page), and inside an item only when the item
/// does not fit an empty page. Each part keeps the fill and padding, and says what it continues:
/// the list after a page break, the item and its body when an item is split.
extension List: LayoutElement {
    /// Width of the text lines (items and note) in a frame `frameWidth` wide.
    func bodyWidth(_ frameWidth: Double) -> Double { frameWidth - indent - padding.left - padding.right - labelWidth }

    public func wrap(in context: LayoutContext) throws -> Wrapped {
        let m = context.measurer, width = bodyWidth(context.frameWidth)
        var pieces = items.indices.map { ListBox.Piece(item: $0, lines: m.wrap(items[$0].text, style: style, width: width)[...]) }
        if let note, !note.isEmpty { pieces.append(ListBox.Piece(item: nil, lines: m.wrap(note, style: style, width: width)[...])) }
        return .box(ListBox(list: self, pieces: pieces[...], lineHeight: m.lineMetrics(style).height,
                            frameWidth: context.frameWidth, spaceBefore: spaceBefore, path: context.path))
    }

    /// The first item (or the note) whole, with the padding above it, and below it when it is all.
    public func leadHeight(in context: LayoutContext) -> LeadHeight {
        guard case .box(let box)? = try? wrap(in: context) else { return .piece(0) }
        return .piece(box.leadPiece ?? box.spaceBefore + box.height)
    }
}

struct ListBox: LayoutBox {
    /// An item's lines (or the note's, `item` nil); lines after the first of a split item have
    /// a start index above 0.
    struct Piece {
        let item: Int?
        var lines: ArraySlice<String>
        var continues: Bool { lines.startIndex > 0 }
    }
    let list: List
    var pieces: ArraySlice<Piece>
    let lineHeight: Double
    let frameWidth: Double
    var spaceBefore: Double
    let path: String
    /// Whether an earlier part drew items of this list (this part continues it).
    var listStarted = false

    var padding: Double { list.padding.top + list.padding.bottom }
    var height: Double { padding + height(of: pieces) }
    var spaceAfter: Double { list.spaceAfter }
    var minimumHeight: Double { padding + lineHeight }
    var name: String { "\(path) (list of \(list.items.count) items)" }
    /// The first piece whole: a split between items never leaves less.
    var leadPiece: Double? {
        guard let first = pieces.first else { return spaceBefore + padding }
        let whole = pieces.count == 1
        return spaceBefore + list.padding.top + Double(first.lines.count) * lineHeight + (whole ? list.padding.bottom : 0)
    }

    private func height(of pieces: ArraySlice<Piece>) -> Double {
        pieces.reduce(0) { $0 + Double($1.lines.count) * lineHeight } + Double(max(0, pieces.count - 1)) * list.itemSpacing
    }

    func split(availableHeight: Double, in context: LayoutContext) throws -> BoxSplit {
        // The most whole pieces that fit, with the padding on both sides.
        var used = padding, fitting = 0
        for piece in pieces {
            let h = (fitting > 0 ? list.itemSpacing : 0) + Double(piece.lines.count) * lineHeight
            guard used + h <= availableHeight + Paginator.eps else { break }
            used += h
            fitting += 1
        }
        if fitting == pieces.count { return .split(head: self, tail: nil) }
        var head = self, tail = self
        tail.spaceBefore = 0
        head.pieces = pieces.prefix(fitting)
        tail.pieces = pieces.dropFirst(fitting)
        // The next piece splits between lines only where it could never be placed whole: on an
        // empty page, or when it is taller than one (then it fills this page first).
        let next = pieces[pieces.startIndex + fitting]
        let tooTall = padding + Double(next.lines.count) * lineHeight > context.pageCapacity + Paginator.eps
        if tooTall || (fitting == 0 && availableHeight + Paginator.eps >= context.pageCapacity) {
            let room = availableHeight - used - (fitting > 0 ? list.itemSpacing : 0)
            let n = min(Counting.lines(fitting: room, lineHeight: lineHeight), next.lines.count - 1)
            if n >= 1 {
                var top = next, rest = next
                top.lines = next.lines.prefix(n)
                rest.lines = next.lines.dropFirst(n)
                head.pieces.append(top)
                tail.pieces = ArraySlice([rest] + pieces.dropFirst(fitting + 1))
            }
        }
        if head.pieces.isEmpty { return .refuse }
        tail.listStarted = listStarted || head.pieces.contains { $0.item != nil }
        return .split(head: head, tail: tail)
    }

    func draw(at origin: Point, into canvas: inout DisplayCanvas) {
        let l = list
        canvas.addBackground(l.fill, at: origin, indent: l.indent, frameWidth: frameWidth, height: height)
        let labelX = origin.x + l.indent + l.padding.left, x = labelX + l.labelWidth
        let width = l.bodyWidth(frameWidth)
        var y = origin.y + l.padding.top
        var inList = false
        func lines(_ piece: Piece, at top: Double) {
            let joins = TextBreaking.joins(piece.lines, in: piece.item.map { l.items[$0].text } ?? l.note ?? "")
            for (k, line) in piece.lines.enumerated() where !line.isEmpty {
                canvas.add(.text(TextRun(text: line, origin: Point(x: x, y: top + Double(k) * lineHeight), width: width,
                                         style: l.style, joinsNext: joins[k])))
            }
        }
        for (j, piece) in pieces.enumerated() {
            if j > 0 { y += l.itemSpacing }
            if let index = piece.item {
                if !inList { canvas.beginElement(StructureElement(.list, continues: listStarted)); inList = true }
                canvas.beginElement(StructureElement(.listItem, continues: piece.continues))
                if !piece.continues, let label = l.items[index].label, !label.isEmpty {
                    canvas.beginElement(StructureElement(.listLabel))
                    canvas.add(.text(TextRun(text: label, origin: Point(x: labelX, y: y), width: l.labelWidth,
                                             style: l.labelStyle ?? l.style)))
                    canvas.endElement()
                }
                canvas.beginElement(StructureElement(.listBody, continues: piece.continues))
                lines(piece, at: y)
                canvas.endElement()
                canvas.endElement()
            } else {
                if inList { canvas.endElement(); inList = false }
                canvas.beginElement(StructureElement(.paragraph, continues: piece.continues))
                lines(piece, at: y)
                canvas.endElement()
            }
            y += Double(piece.lines.count) * lineHeight
        }
        if inList { canvas.endElement() }
    }
}
