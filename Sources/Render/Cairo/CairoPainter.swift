import CCairo

/// Draws display pages onto a cairo context. The only drawing code; shared by PDF and PNG.
final class CairoPainter {
    let cr: OpaquePointer
    let context: OpaquePointer
    private var layouts: [FontSpec: OpaquePointer] = [:]
    private var lastSpec: FontSpec?
    private var lastLayout: OpaquePointer?
    private var sourceColor: Color?
    /// Shaped layouts of strings that repeat (dates, times, severities, durations, medication
    /// names; running headers, detail lines): shaping is most of the cost of drawing text, and a
    /// cached PangoLayout is drawn again without being shaped again. Short strings are kept from
    /// their first use, longer ones from their second (most are unique). Bounded in size.
    private struct ShapedKey: Hashable { let font: FontSpec; let text: String }
    private var shaped: [ShapedKey: OpaquePointer] = [:]
    /// Longer strings drawn once so far, forgotten when the set reaches `shapedCacheLimit`.
    private var seenOnce: Set<ShapedKey> = []
    static let shapedCacheLimit = 4096
    static let shapedMaxBytes = 32
    static let repeatedMaxBytes = 256

    /// Draws with the measurer's font map, so text is set with exactly the fonts it was measured with.
    init(cr: OpaquePointer, measurer: PangoMeasurer) {
        self.cr = cr
        context = pango_font_map_create_context(measurer.fontMap)!
        pango_cairo_update_context(cr, context)
        pango_cairo_context_set_resolution(context, 72)
        PangoMeasurer.applyFontOptions(context)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        for l in layouts.values { g_object_unref(UnsafeMutableRawPointer(l)) }
        for l in shaped.values { g_object_unref(UnsafeMutableRawPointer(l)) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    private func layout(_ f: FontSpec) -> OpaquePointer {
        if let l = lastLayout, lastSpec == f { return l }
        let l: OpaquePointer
        if let found = layouts[f] { l = found } else {
            l = pango_layout_new(context)
            let d = PangoMeasurer.fontDescription(f)
            pango_layout_set_font_description(l, d)
            pango_font_description_free(d)
            layouts[f] = l
        }
        lastSpec = f; lastLayout = l
        return l
    }

    func setColor(_ c: Color, opacity: Double = 1) {
        if opacity == 1, sourceColor == c { return }
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * opacity)
        sourceColor = opacity == 1 ? c : nil
    }

    func setPaint(_ p: Paint, opacity: Double) {
        switch p {
        case .solid(let c): setColor(c, opacity: opacity)
        case let .linearGradient(s, e, stops):
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
    }

    private func draw(_ items: [DisplayItem]) {
        for item in items {
            switch item {
            case .text(let run): drawText(run)
            case let .rect(r, paint, opacity):
                setPaint(paint, opacity: opacity)
                cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                cairo_fill(cr)
            case let .ellipse(r, paint, opacity):
                guard r.width > 0, r.height > 0 else { continue }
                setPaint(paint, opacity: opacity)
                cairo_save(cr)
                cairo_translate(cr, r.minX + r.width / 2, r.minY + r.height / 2)
                cairo_scale(cr, r.width / 2, r.height / 2)
                cairo_new_sub_path(cr)
                cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
                cairo_restore(cr)
                cairo_fill(cr)
            case let .line(from, to, color, width):
                setColor(color)
                cairo_set_line_width(cr, width)
                cairo_move_to(cr, from.x, from.y)
                cairo_line_to(cr, to.x, to.y)
                cairo_stroke(cr)
            case let .path(path, fill, stroke): drawPath(path, fill: fill, stroke: stroke)
            case let .clip(path, items):
                cairo_save(cr)
                addPath(path)
                cairo_clip(cr)
                draw(items)
                cairo_restore(cr)
                sourceColor = nil  // restore brought back an earlier source
            case .label(let label): drawLabel(label)
            }
        }
    }

    private func setText(_ l: OpaquePointer, _ text: String) {
        var t = text
        t.withUTF8 { buf in
            guard let base = buf.baseAddress, buf.count > 0 else { return }
            base.withMemoryRebound(to: CChar.self, capacity: buf.count) { p in
                pango_layout_set_text(l, p, Int32(clamping: buf.count))
            }
        }
    }

    /// The layout to draw `run` with: a cached, already shaped one for a repeated string, else
    /// the style's reusable layout with the text set.
    private func shapedLayout(_ run: TextRun) -> OpaquePointer {
        func unshared() -> OpaquePointer {
            let l = layout(run.style.font)
            setText(l, run.text)
            return l
        }
        let bytes = run.text.utf8.count
        guard bytes <= Self.repeatedMaxBytes else { return unshared() }
        let key = ShapedKey(font: run.style.font, text: run.text)
        if let l = shaped[key] { return l }
        if shaped.count >= Self.shapedCacheLimit { return unshared() }
        if bytes > Self.shapedMaxBytes {
            if seenOnce.count >= Self.shapedCacheLimit { seenOnce.removeAll(keepingCapacity: true) }
            if seenOnce.insert(key).inserted { return unshared() }
            seenOnce.remove(key)
        }
        let l = pango_layout_new(context)!
        let d = PangoMeasurer.fontDescription(run.style.font)
        pango_layout_set_font_description(l, d)
        pango_font_description_free(d)
        setText(l, run.text)
        shaped[key] = l
        return l
    }

    private func drawLabel(_ label: TextLabel) {
        guard !label.text.isEmpty else { return }
        let run = TextRun(text: label.text, origin: label.position, width: 0, style: label.style)
        let l = shapedLayout(run)
        setColor(label.style.color)
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_size(l, &w, &h)
        let width = Double(w) / Double(PANGO_SCALE)
        var x = label.position.x, y = label.position.y
        switch label.anchor.horizontal {
        case .leading: break
        case .center: x -= width / 2
        case .trailing: x -= width
        }
        if label.anchor.vertical == .baseline { y -= Double(pango_layout_get_baseline(l)) / Double(PANGO_SCALE) }
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, l)
    }

    private func drawText(_ run: TextRun) {
        guard !run.text.isEmpty else { return }
        let l = shapedLayout(run)
        setColor(run.style.color)
        var x = run.origin.x
        if run.alignment != .leading {
            var w: Int32 = 0, h: Int32 = 0
            pango_layout_get_size(l, &w, &h)
            let slack = run.width - Double(w) / Double(PANGO_SCALE)
            x += run.alignment == .trailing ? slack : slack / 2
        }
        cairo_move_to(cr, x, run.origin.y)
        pango_cairo_show_layout(cr, l)
    }
}
