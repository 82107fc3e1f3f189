import CCairo

/// Draws display pages onto a cairo context. The only drawing code; shared by PDF and PNG.
final class CairoPainter {
    let cr: OpaquePointer
    private let text: ShapedTextCache
    private var sourceColor: Color?
    /// For a tagged PDF, the page's text and figures in drawing order, for `ContentMarker`; nil
    /// when nothing is recorded (PNG, and inside a figure's group).
    private(set) var segments: [ContentSegment]?
    /// User space to device space while a page is drawn for a tagged PDF.
    private var device = DeviceTransform(cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0))
    /// Fonts known to draw colour glyphs (cairo writes those as images), by font.
    private var colorFonts: [UnsafeMutableRawPointer: Bool] = [:]
    /// Whether the page is drawn for a tagged PDF, where text may be drawn in groups.
    private var tagged = false
    /// The inline spans of the text item being drawn (`StructureTree.InlineSpan`), if any.
    private var itemSpans: [StructureTree.InlineSpan] = []
    /// The span elements made while drawing the page, in order of their node numbers from
    /// `nextNode` on: the caller adds them to the tree (`StructureTree.addSpan`).
    private(set) var newSpans: [(parent: Int, language: String)] = []
    private var nextNode = 0
    /// A line drawn as a group (`record`) that is drawn as several instead, one for each part
    /// that belongs to another element than the part before it (a right-to-left name that is a
    /// span): the part being drawn, and the text bytes of its runs.
    private struct SplitLine {
        var parent: Int
        var spanNodes: [Int?]
        var part: Int?
        var started = false
        var ranges: [Range<Int>] = []
        var layoutText = ""
    }
    private var split: SplitLine?
    /// Groups and clips open: while any is, every line is drawn at once (`queuesText`).
    private var groupDepth = 0, clipDepth = 0

    /// Draws with `text`'s context, made from the measurer's font map, so text is set with
    /// exactly the fonts it was measured with.
    init(cr: OpaquePointer, text: ShapedTextCache) {
        self.cr = cr
        self.text = text
        text.begin(cr)
    }

    func setColor(_ c: Color, opacity: Double = 1) {
        if opacity == 1, sourceColor == c { return }
        flushText()
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * opacity)
        sourceColor = opacity == 1 ? c : nil
    }

    func setPaint(_ p: Paint, opacity: Double) {
        switch p {
        case .solid(let c): setColor(c, opacity: opacity)
        case let .linearGradient(s, e, stops):
            flushText()
            let pat = cairo_pattern_create_linear(s.x, s.y, e.x, e.y)
            for st in stops {
                cairo_pattern_add_color_stop_rgba(pat, st.offset, st.color.red, st.color.green,
                                                  st.color.blue, st.color.alpha * opacity)
            }
            cairo_set_source(cr, pat)
            cairo_pattern_destroy(pat)
            sourceColor = nil
        }
    }

    func draw(_ page: DisplayPage) {
        sourceColor = nil
        draw(page.items)
        flushText()
    }

    /// Whether a plain line drawn now may wait to be drawn with the lines after it, in one call
    /// to cairo (`WordGlyphs.flush`): on a tagged PDF's page, in an opaque colour, outside any
    /// group and clip — where cairo writes the same file either way.
    private var queuesText: Bool {
        segments != nil && groupDepth == 0 && clipDepth == 0 && sourceColor?.alpha == 1
    }

    /// Draws the lines waiting to be drawn in one call: before anything else is drawn, and
    /// before the source, a clip, a group or the transformation changes.
    private func flushText() { text.words.flush(cr) }

    /// Draws `page` for a tagged PDF and returns its content segments: each figure (the items of
    /// one figure element) drawn as one group, which cairo writes as one form XObject; every text
    /// item as its glyphs, or as a group when cairo would not write it as glyphs only (colour
    /// emoji, missing glyphs drawn as boxes), with the text to copy out.
    ///
    /// A text item with inline spans (`spans`, by item) records the runs of each span as
    /// content of a new span element, numbered from `nextNode` on and listed in `newSpans`.
    func drawTagged(_ page: DisplayPage, owners: [StructureTree.Owner], figures: Set<Int>,
                    spans: [Int: [StructureTree.InlineSpan]] = [:], nextNode: Int = 0) -> [ContentSegment] {
        sourceColor = nil
        segments = []
        tagged = true
        newSpans = []
        self.nextNode = nextNode
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        device = DeviceTransform(m)
        let items = page.items
        var i = 0
        while i < items.count {
            let owner = i < owners.count ? owners[i] : .artifact(.layout)
            // Set only for the few items that have spans (each write of a class's property is
            // an exclusivity check: thousands of cells a page).
            let hasSpans = !spans.isEmpty && spans[i] != nil
            if hasSpans { itemSpans = spans[i] ?? [] }
            defer { if hasSpans { itemSpans = [] } }
            if case .node(let n) = owner, figures.contains(n) {
                var j = i + 1
                while j < items.count, j < owners.count, owners[j] == owner { j += 1 }
                let recorded = segments
                segments = nil
                flushText()
                cairo_push_group(cr)
                groupDepth += 1
                draw(Array(items[i..<j]))
                flushText()
                groupDepth -= 1
                cairo_pop_group_to_source(cr)
                cairo_paint(cr)
                sourceColor = nil
                segments = recorded
                segments?.append(ContentSegment(kind: .form, owner: owner, area: ContentArea()))
                i = j
            } else if case .text(let run) = items[i], case .node = owner, !run.joinsNext, continuesOnNextLine(i, items, owners) {
                drawText(run, owner: owner, wordBreakAfter: true)
                i += 1
            } else {
                draw(items[i], owner: owner)
                i += 1
            }
        }
        flushText()
        // Kept until the page is marked: without the spare capacity growing by doubling left.
        var exact: [ContentSegment] = []
        exact.reserveCapacity(segments?.count ?? 0)
        exact.append(contentsOf: segments ?? [])
        segments = nil
        return exact
    }

    private func draw(_ items: [DisplayItem], owner: StructureTree.Owner = .artifact(.layout)) {
        for item in items { draw(item, owner: owner) }
    }

    private func draw(_ item: DisplayItem, owner: StructureTree.Owner) {
        switch item {
        case .text(let run): drawText(run, owner: owner)
        case let .rect(r, paint, opacity):
            flushText()
            setPaint(paint, opacity: opacity)
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            cairo_fill(cr)
        case let .ellipse(r, paint, opacity):
            guard r.width > 0, r.height > 0 else { return }
            flushText()
            setPaint(paint, opacity: opacity)
            cairo_save(cr)
            cairo_translate(cr, r.minX + r.width / 2, r.minY + r.height / 2)
            cairo_scale(cr, r.width / 2, r.height / 2)
            cairo_new_sub_path(cr)
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_restore(cr)
            cairo_fill(cr)
        case let .line(from, to, color, width):
            flushText()
            setColor(color)
            cairo_set_line_width(cr, width)
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            cairo_stroke(cr)
        case let .path(path, fill, stroke):
            flushText()
            drawPath(path, fill: fill, stroke: stroke)
        case let .clip(path, items):
            flushText()
            cairo_save(cr)
            addPath(path)
            cairo_clip(cr)
            clipDepth += 1
            draw(items, owner: owner)
            flushText()
            clipDepth -= 1
            cairo_restore(cr)
            sourceColor = nil  // restore brought back an earlier source
        case .label(let label): drawLabel(label, owner: owner)
        }
    }

    /// One line of text ready to draw: from shaped words when it is plain, else a Pango layout.
    private enum Line {
        case words(WordGlyphs.Line)
        case layout(OpaquePointer)
    }

    private func line(_ string: String, _ style: TextStyle) -> Line {
        if let line = text.words.prepare(string, font: style.font) { return .words(line) }
        return .layout(text.layout(string, font: style.font))
    }

    private func width(_ line: Line) -> Double {
        switch line {
        case .words(let l): return l.width
        case .layout(let l):
            var w: Int32 = 0, h: Int32 = 0
            pango_layout_get_size(l, &w, &h)
            return Double(w) / Double(PANGO_SCALE)
        }
    }

    /// Draws `line` from `x`, with its top at `y`, or its baseline when `yIsBaseline`.
    private func draw(_ line: Line, x: Double, y: Double, yIsBaseline: Bool) {
        switch line {
        case .words(let l):
            text.words.draw(cr, x: x, baseline: yIsBaseline ? y : y + l.baseline, queued: queuesText)
        case .layout(let l):
            flushText()
            let top = yIsBaseline ? y - Double(pango_layout_get_baseline(l)) / Double(PANGO_SCALE) : y
            if tagged && drawRunByRun(l, x: x, top: top, isolates: hasIsolates(l)) { return }
            cairo_move_to(cr, x, top)
            pango_cairo_show_layout(cr, l)
        }
    }

    /// Whether layout `l`'s text holds an isolate (`PrintableText.isolated`).
    private func hasIsolates(_ l: OpaquePointer) -> Bool {
        guard let text = pango_layout_get_text(l) else { return false }
        var p = text
        while p.pointee != 0 {
            if UInt8(bitPattern: p.pointee) == 0xE2, UInt8(bitPattern: p[1]) == 0x81, UInt8(bitPattern: p[2]) == 0xA8 { return true }
            p += 1
        }
        return false
    }

    /// Draws layout `l` (one line) a run at a time, its colour glyphs one at a time, and returns
    /// true; or returns false, drawing nothing, when it has no colour glyph and `isolates` is
    /// false. Cairo 1.16 drawing into a group (a figure, or a line that copies out as its
    /// `ActualText`) draws only the last of the colour glyphs a call starts with: "😀😃😄 ab" came
    /// out as one emoji after a blank (the same with a C program calling Pango and cairo alone);
    /// one glyph a call draws them all. With `isolates` (a name set apart, `PrintableText.isolated`)
    /// the runs are drawn without their text: cairo would write each isolate as an empty span of
    /// its own inside the line's group; the group's `ActualText` is what the line reads as.
    private func drawRunByRun(_ l: OpaquePointer, x: Double, top: Double, isolates: Bool = false) -> Bool {
        guard let iter = pango_layout_get_iter(l) else { return false }
        defer { pango_layout_iter_free(iter) }
        var runs: [(run: UnsafeMutablePointer<PangoGlyphItem>, x: Double, baseline: Double, color: Bool)] = []
        var anyColor = false
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let font = run.pointee.item?.pointee.analysis.font else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iter, nil, &logical)
            let color = hasColor(font)
            anyColor = anyColor || color
            runs.append((UnsafeMutablePointer(mutating: run), x + Double(logical.x) / Double(PANGO_SCALE),
                         top + Double(pango_layout_iter_get_baseline(iter)) / Double(PANGO_SCALE), color))
        } while pango_layout_iter_next_run(iter) != 0
        guard anyColor || isolates, let text = pango_layout_get_text(l) else { return false }
        // A split line's parts each start with the line's colour (the source after a part's
        // group is painted is that group).
        let source = split == nil ? nil : cairo_pattern_reference(cairo_get_source(cr))
        defer { if let source { cairo_pattern_destroy(source) } }
        if split != nil { split?.layoutText = String(cString: text) }
        for r in runs {
            if split != nil { enterPart(r.run, source: source) }
            guard let glyphs = r.run.pointee.glyphs, let infos = glyphs.pointee.glyphs,
                  let clusters = glyphs.pointee.log_clusters else { continue }
            guard let font = r.run.pointee.item?.pointee.analysis.font else { continue }
            guard r.color else {
                cairo_move_to(cr, r.x, r.baseline)
                if isolates { pango_cairo_show_glyph_string(cr, font, glyphs) } else { pango_cairo_show_glyph_item(cr, text, r.run) }
                continue
            }
            var gx = r.x
            for k in 0..<Int(max(0, glyphs.pointee.num_glyphs)) {
                var one = PangoGlyphString(num_glyphs: 1, glyphs: infos + k, log_clusters: clusters + k, space: 0)
                cairo_move_to(cr, gx, r.baseline)
                pango_cairo_show_glyph_string(cr, font, &one)
                gx += Double(infos[k].geometry.width) / Double(PANGO_SCALE)
            }
        }
        // Poppler (`pdftotext`) gives a group's `ActualText` in place of the text glyphs drawn
        // inside it: a line of colour glyphs alone (a note "🤕", isolated or not) has none and
        // copied out as nothing. A space in the line's own font, drawn at the line's end, is
        // one, and shows nothing. (Drawn at the line's start, over the first colour glyph,
        // cairo 1.16 left it out of the file.)
        if !runs.contains(where: { !$0.color && Self.drawsGlyph($0.run) }), let space = pango_layout_copy(l) {
            pango_layout_set_text(space, " ", 1)
            if let iter = pango_layout_get_iter(space) {
                if let run = pango_layout_iter_get_run_readonly(iter) {
                    var w: Int32 = 0, h: Int32 = 0
                    pango_layout_get_size(l, &w, &h)
                    cairo_move_to(cr, x + Double(w) / Double(PANGO_SCALE), top + Double(pango_layout_iter_get_baseline(iter)) / Double(PANGO_SCALE))
                    pango_cairo_show_glyph_item(cr, " ", UnsafeMutablePointer(mutating: run))
                }
                pango_layout_iter_free(iter)
            }
            g_object_unref(UnsafeMutableRawPointer(space))
        }
        return true
    }

    /// Whether `run` has a glyph cairo draws (not only empty ones: isolates, joiners).
    private static func drawsGlyph(_ run: UnsafeMutablePointer<PangoGlyphItem>) -> Bool {
        guard let glyphs = run.pointee.glyphs, let infos = glyphs.pointee.glyphs else { return false }
        return (0..<Int(max(0, glyphs.pointee.num_glyphs))).contains { infos[$0].glyph != 0x0FFF_FFFF }  // PANGO_GLYPH_EMPTY
    }

    private func drawLabel(_ label: TextLabel, owner: StructureTree.Owner) {
        guard !label.text.isEmpty else { return }
        let line = line(label.text, label.style)
        var x = label.position.x
        switch label.anchor.horizontal {
        case .leading: break
        case .center: x -= width(line) / 2
        case .trailing: x -= width(line)
        }
        let yIsBaseline = label.anchor.vertical == .baseline
        let grouped = record(line, owner: owner, x: x, y: label.position.y, yIsBaseline: yIsBaseline, size: label.style.font.size)
        defer { if grouped { endGroup(owner: owner, text: label.text) } }
        setColor(label.style.color)
        draw(line, x: x, y: label.position.y, yIsBaseline: yIsBaseline)
    }

    private func drawText(_ run: TextRun, owner: StructureTree.Owner, wordBreakAfter: Bool = false) {
        guard !run.text.isEmpty else { return }
        if !ScriptLanguage.isASCII(run.text), let plain = withoutLeftToRightIsolates(run) {
            return drawText(plain, owner: owner, wordBreakAfter: wordBreakAfter)
        }
        // The space the line break took: a reader hears "your care", not "yourcare". It has no
        // ink, so the page looks the same. It is drawn with the line, in the same run: cairo
        // leaves out a run whose ink is empty on the device grid, which a lone space's is or
        // not depending on where it falls. A line that starts at its origin (most wrapped
        // lines) is prepared with its space alone: its width without it places nothing.
        if wordBreakAfter, run.alignment == .leading, let spaced = text.words.prepare(run.text + " ", font: run.style.font) {
            let line = Line.words(spaced)
            let grouped = record(line, owner: owner, x: run.origin.x, y: run.origin.y, yIsBaseline: false, size: run.style.font.size)
            setColor(run.style.color)
            draw(line, x: run.origin.x, y: run.origin.y, yIsBaseline: false)
            if grouped { endGroup(owner: owner, text: run.text + " ") }
            return
        }
        var line = line(run.text, run.style)
        var x = run.origin.x
        let lineWidth = width(line)
        if run.alignment != .leading {
            let slack = run.width - lineWidth
            x += run.alignment == .trailing ? slack : slack / 2
        }
        var drawn = run.text
        if wordBreakAfter {
            switch line {
            case .words:
                if let spaced = text.words.prepare(run.text + " ", font: run.style.font) {
                    line = .words(spaced); drawn += " "
                } else {
                    line = self.line(run.text, run.style)  // prepared again
                }
            case .layout(let l):
                // Not after right-to-left text, which the space would move.
                if leftToRight(l) { line = .layout(text.layout(run.text + " ", font: run.style.font)); drawn += " " }
            }
        }
        let size = run.style.font.size
        let grouped = record(line, owner: owner, x: x, y: run.origin.y, yIsBaseline: false, size: size)
        setColor(run.style.color)
        draw(line, x: x, y: run.origin.y, yIsBaseline: false)
        let spaceApart = wordBreakAfter && drawn.utf8.count == run.text.utf8.count
        if grouped { endGroup(owner: owner, text: run.text + (wordBreakAfter ? " " : "")); return }
        guard spaceApart else { return }
        let space = self.line(" ", run.style)
        let spaceGrouped = record(space, owner: owner, x: x + lineWidth, y: run.origin.y, yIsBaseline: false, size: size)
        draw(space, x: x + lineWidth, y: run.origin.y, yIsBaseline: false)
        if spaceGrouped { endGroup(owner: owner, text: " ") }
    }

    /// `run` without its isolates, and `itemSpans` moved to match, when it has isolates and no
    /// right-to-left letter; else nil. A name in another left-to-right script (Greek, Korean, …)
    /// was isolated to be found (its span, `StructureTree.InlineSpan`), not to be ordered. Drawn
    /// with its isolates, a line's glyphs are written without their text (`drawRunByRun`) and
    /// copy out through the font's own map, which gives a Greek iota as "ɩ" (Inter draws both
    /// with one glyph); without them the line is drawn as any other.
    private func withoutLeftToRightIsolates(_ run: TextRun) -> TextRun? {
        // UTF-8 offsets of the isolates `withoutIsolates` removes (E2 81 A8, E2 81 A9); none
        // in nearly every line, which allocates nothing.
        var text = run.text
        let removed = text.withUTF8 { b -> [Int] in
            var out: [Int] = []
            var i = 0
            while i + 2 < b.count {
                if b[i] == 0xE2, b[i + 1] == 0x81, b[i + 2] == 0xA8 || b[i + 2] == 0xA9 { out.append(i); i += 3 } else { i += 1 }
            }
            return out
        }
        guard !removed.isEmpty, !run.text.unicodeScalars.contains(where: PrintableText.isRightToLeft) else { return nil }
        func moved(_ at: Int) -> Int { at - 3 * removed.prefix { $0 < at }.count }
        itemSpans = itemSpans.map { StructureTree.InlineSpan(range: moved($0.range.lowerBound)..<moved($0.range.upperBound), language: $0.language) }
        var plain = run
        plain.text = PrintableText.withoutIsolates(run.text)
        return plain
    }

    /// Whether layout `l`'s first line runs left to right.
    private func leftToRight(_ l: OpaquePointer) -> Bool {
        guard let first = pango_layout_get_line_readonly(l, 0) else { return true }
        return first.pointee.resolved_dir != PANGO_DIRECTION_RTL.rawValue
    }

    /// Whether the text item after item `i` (the next line) belongs to the same element.
    private func continuesOnNextLine(_ i: Int, _ items: [DisplayItem], _ owners: [StructureTree.Owner]) -> Bool {
        var j = i + 1
        while j < items.count {
            if case .text = items[j] { return j < owners.count && owners[j] == owners[i] }
            j += 1
        }
        return false
    }

    // MARK: - Tagged PDF

    /// Records `line`'s glyphs for the page's segments, drawn from `x` with its top (or its
    /// baseline) at `y`; returns true after starting a group when the line must be drawn as one
    /// (its glyphs are not all written as text).
    private func record(_ line: Line, owner: StructureTree.Owner, x: Double, y: Double, yIsBaseline: Bool, size: Double) -> Bool {
        guard segments != nil else { return false }
        let count: Int
        var area: ContentArea
        switch line {
        case .words(let l):
            count = text.words.preparedGlyphCount
            // The glyphs' origins are on the baseline, from x on.
            let baseline = yIsBaseline ? y : y + l.baseline
            area = ContentArea(minX: x, minY: baseline - size, maxX: x + l.width, maxY: baseline + size / 2)
        case .layout(let l):
            guard let n = plainGlyphCount(l) else {
                if !itemSpans.isEmpty, case .node(let parent) = owner, leftToRight(l) {
                    split = SplitLine(parent: parent, spanNodes: Array(repeating: nil, count: itemSpans.count))
                }
                flushText()
                cairo_push_group(cr)
                groupDepth += 1
                sourceColor = nil
                return true
            }
            count = n
            var logical = PangoRectangle()
            pango_layout_get_extents(l, nil, &logical)
            let scale = Double(PANGO_SCALE)
            let top = yIsBaseline ? y - Double(pango_layout_get_baseline(l)) / scale : y
            if !itemSpans.isEmpty, case .node(let parent) = owner {
                recordSpans(l, parent: parent, x: x, top: top)
                return false
            }
            area = ContentArea(minX: x + Double(logical.x) / scale, minY: top + Double(logical.y) / scale,
                               maxX: x + Double(logical.x + logical.width) / scale,
                               maxY: top + Double(logical.y + logical.height) / scale)
        }
        guard count > 0 else { return false }
        area = device.transform(area)
        segments?.append(ContentSegment(kind: .glyphs(count), owner: owner, area: area))
        return false
    }

    /// Records layout `l`'s glyphs (one line, left to right, written as text) in pieces: the
    /// glyphs whose characters lie in an inline span's text (`itemSpans`) as the content of a
    /// new span element under `parent`, the others as `parent`'s. A piece is a glyph at a time:
    /// Pango gives the spaces and punctuation around a name the name's script, so a run may
    /// hold both.
    private func recordSpans(_ l: OpaquePointer, parent: Int, x: Double, top: Double) {
        guard let iter = pango_layout_get_iter(l) else { return }
        defer { pango_layout_iter_free(iter) }
        let scale = Double(PANGO_SCALE)
        var spanNodes = [Int?](repeating: nil, count: itemSpans.count)
        var pending: (span: Int?, count: Int, area: ContentArea)?
        func flush() {
            guard let p = pending, p.count > 0 else { return }
            let node = p.span.map { spanNode($0, parent: parent, made: &spanNodes) } ?? parent
            segments?.append(ContentSegment(kind: .glyphs(p.count), owner: .node(node), area: device.transform(p.area)))
        }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let glyphs = run.pointee.glyphs,
                  let infos = glyphs.pointee.glyphs, let clusters = glyphs.pointee.log_clusters,
                  let item = run.pointee.item else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iter, nil, &logical)
            let minY = top + Double(logical.y) / scale, maxY = top + Double(logical.y + logical.height) / scale
            var gx = x + Double(logical.x) / scale
            for k in 0..<Int(max(0, glyphs.pointee.num_glyphs)) {
                let geometry = infos[k].geometry
                let origin = gx + Double(geometry.x_offset) / scale
                gx += Double(geometry.width) / scale
                guard infos[k].glyph != 0x0FFF_FFFF else { continue }  // PANGO_GLYPH_EMPTY: not written
                let byte = Int(item.pointee.offset) + Int(clusters[k])
                let span = itemSpans.firstIndex { $0.range.contains(byte) }
                if let p = pending, p.span == span {
                    pending = (span, p.count + 1, ContentArea(minX: min(p.area.minX, origin), minY: min(p.area.minY, minY),
                                                              maxX: max(p.area.maxX, origin), maxY: max(p.area.maxY, maxY)))
                } else {
                    flush()
                    pending = (span, 1, ContentArea(minX: origin, minY: minY, maxX: origin, maxY: maxY))
                }
            }
        } while pango_layout_iter_next_run(iter) != 0
        flush()
    }

    /// Ends the group `record` started and records it, with `text` as what it copies out as.
    /// A line split into parts (`SplitLine`) ends its last part, which copies out as its own
    /// text and what `text` has after the laid-out line (the space of a line break).
    private func endGroup(owner: StructureTree.Owner, text: String) {
        flushText()
        groupDepth -= 1
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
        sourceColor = nil
        if var line = split {
            split = nil
            let full = PrintableText.withoutIsolates(text), laid = PrintableText.withoutIsolates(line.layoutText)
            let after = full.hasPrefix(laid) ? String(full.dropFirst(laid.count)) : ""
            segments?.append(ContentSegment(kind: .form, owner: partOwner(&line), area: ContentArea(), actualText: partText(line) + after))
            return
        }
        segments?.append(ContentSegment(kind: .form, owner: owner, area: ContentArea(), actualText: PrintableText.withoutIsolates(text)))
    }

    /// The span element of the item's inline span `k` under `parent`: the one `made` for it on
    /// this line, else a new one (numbered from `nextNode` on, listed in `newSpans`).
    private func spanNode(_ k: Int, parent: Int, made: inout [Int?]) -> Int {
        if let node = made[k] { return node }
        let node = nextNode + newSpans.count
        newSpans.append((parent, itemSpans[k].language))
        made[k] = node
        return node
    }

    /// The owner of `line`'s part being drawn: its element, or a span under it.
    private func partOwner(_ line: inout SplitLine) -> StructureTree.Owner {
        .node(line.part.map { spanNode($0, parent: line.parent, made: &line.spanNodes) } ?? line.parent)
    }

    /// What `line`'s part being drawn copies out as: its runs' text, in the order it was written.
    private func partText(_ line: SplitLine) -> String {
        let bytes = Array(line.layoutText.utf8)
        var text: [UInt8] = []
        for r in line.ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            text += bytes[max(0, min(bytes.count, r.lowerBound))..<max(0, min(bytes.count, r.upperBound))]
        }
        return PrintableText.withoutIsolates(String(decoding: text, as: UTF8.self))
    }

    /// Before drawing `run` of a split line: ends the part drawn so far and starts the next
    /// group when `run` belongs to another part (its first glyph's character in another span,
    /// or in none). A run of empty glyphs (an isolate) stays with the part before it.
    private func enterPart(_ run: UnsafeMutablePointer<PangoGlyphItem>, source: OpaquePointer?) {
        guard var line = split, let item = run.pointee.item, let glyphs = run.pointee.glyphs,
              let infos = glyphs.pointee.glyphs, let clusters = glyphs.pointee.log_clusters else { return }
        let start = Int(item.pointee.offset), range = start..<start + Int(max(0, item.pointee.length))
        if let k = (0..<Int(max(0, glyphs.pointee.num_glyphs))).first(where: { infos[$0].glyph != 0x0FFF_FFFF }) {  // PANGO_GLYPH_EMPTY
            let byte = range.lowerBound + Int(clusters[k])
            let part = itemSpans.firstIndex { $0.range.contains(byte) }
            if line.started, part != line.part {
                cairo_pop_group_to_source(cr)
                cairo_paint(cr)
                segments?.append(ContentSegment(kind: .form, owner: partOwner(&line), area: ContentArea(), actualText: partText(line)))
                cairo_push_group(cr)
                if let source { cairo_set_source(cr, source) }
                line.ranges = []
            }
            line.part = part
            line.started = true
        }
        line.ranges.append(range)
        split = line
    }

    /// The glyphs cairo writes as text for layout `l`, or nil when some are drawn otherwise (a
    /// colour glyph, an image; a missing one, a box drawn with lines and small digits) or not in
    /// the order they were written (mixed directions).
    private func plainGlyphCount(_ l: OpaquePointer) -> Int? {
        guard let iter = pango_layout_get_iter(l) else { return 0 }
        defer { pango_layout_iter_free(iter) }
        var count = 0
        var runs = 0
        var rightToLeft = false
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let glyphs = run.pointee.glyphs,
                  let infos = glyphs.pointee.glyphs else { continue }
            runs += 1
            if let item = run.pointee.item, item.pointee.analysis.level % 2 == 1 { rightToLeft = true }
            if let font = run.pointee.item?.pointee.analysis.font, hasColor(font) { return nil }
            for k in 0..<Int(max(0, glyphs.pointee.num_glyphs)) {
                let g = infos[k].glyph
                if g == 0x0FFF_FFFF { continue }                // PANGO_GLYPH_EMPTY: nothing drawn
                if g & 0x1000_0000 != 0 { return nil }          // PANGO_GLYPH_UNKNOWN_FLAG: a box
                count += 1
            }
        } while pango_layout_iter_next_run(iter) != 0
        // Right-to-left text beside other runs (figures, punctuation, Latin) is written in the
        // order it is seen, which is not the order it was written: as a group it copies out,
        // and reads aloud, as written (its `ActualText`).
        if rightToLeft && runs > 1 { return nil }
        return count
    }

    private func hasColor(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        let key = UnsafeMutableRawPointer(font)
        if let known = colorFonts[key] { return known }
        let color = report_font_has_color(font) != 0
        colorFonts[key] = color
        return color
    }
}

/// One piece of a tagged page's content as the painter drew it, in order: a run of glyphs
/// written as text, with the box in device space that holds their origins, or one group (a
/// form XObject); who it belongs to; what a group copies out as. 56 bytes (a long report keeps
/// 130,000 of them until its pages are marked): the glyph count and the owner as 32-bit numbers.
struct ContentSegment {
    enum Kind: Equatable {
        case glyphs(Int)
        case form
    }
    var area: ContentArea
    var actualText: String?
    /// The owner as `ContentMarker` compares it: a node's id, or -1, -2, -3 for a header, footer
    /// or layout artifact.
    private(set) var ownerCode: Int32
    /// The glyphs, or -1 for a group.
    private(set) var glyphs: Int32

    init(kind: Kind, owner: StructureTree.Owner, area: ContentArea, actualText: String? = nil) {
        self.area = area
        self.actualText = actualText
        switch kind {
        case .glyphs(let n): glyphs = Int32(clamping: max(0, n))
        case .form: glyphs = -1
        }
        switch owner {
        case .node(let n): ownerCode = Int32(clamping: max(0, n))
        case .artifact(.header): ownerCode = -1
        case .artifact(.footer): ownerCode = -2
        case .artifact(.layout): ownerCode = -3
        }
    }

    var kind: Kind { glyphs < 0 ? .form : .glyphs(Int(glyphs)) }

    var owner: StructureTree.Owner {
        switch ownerCode {
        case -1: return .artifact(.header)
        case -2: return .artifact(.footer)
        case ..<0: return .artifact(.layout)
        default: return .node(Int(ownerCode))
        }
    }
}

/// Cairo's user-to-device transformation, applied to boxes.
struct DeviceTransform {
    let m: cairo_matrix_t
    init(_ m: cairo_matrix_t) { self.m = m }

    /// The device-space box around `a`'s corners.
    func transform(_ a: ContentArea) -> ContentArea {
        if m.xx == 1 && m.yx == 0 && m.xy == 0 && m.yy == 1 {
            return ContentArea(minX: a.minX + m.x0, minY: a.minY + m.y0, maxX: a.maxX + m.x0, maxY: a.maxY + m.y0)
        }
        var out = ContentArea(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for (x, y) in [(a.minX, a.minY), (a.maxX, a.minY), (a.minX, a.maxY), (a.maxX, a.maxY)] {
            let dx = m.xx * x + m.xy * y + m.x0, dy = m.yx * x + m.yy * y + m.y0
            out.minX = min(out.minX, dx); out.maxX = max(out.maxX, dx)
            out.minY = min(out.minY, dy); out.maxY = max(out.maxY, dy)
        }
        return out
    }
}
