import CCairo

/// Draws display pages onto a cairo context. The only drawing code; shared by PDF and PNG.
final class CairoPainter {
    let cr: OpaquePointer
    private let text: ShapedTextCache
    private var sourceColor: Color?

    /// Draws with `text`'s context, made from the measurer's font map, so text is set with
    /// exactly the fonts it was measured with.
    init(cr: OpaquePointer, text: ShapedTextCache) {
        self.cr = cr
        self.text = text
        text.begin(cr)
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

    private func drawLabel(_ label: TextLabel) {
        guard !label.text.isEmpty else { return }
        if let line = text.words.prepare(label.text, font: label.style.font) {
            setColor(label.style.color)
            var x = label.position.x, y = label.position.y
            switch label.anchor.horizontal {
            case .leading: break
            case .center: x -= line.width / 2
            case .trailing: x -= line.width
            }
            if label.anchor.vertical != .baseline { y += line.baseline }
            text.words.draw(cr, x: x, baseline: y)
            return
        }
        let l = text.layout(label.text, font: label.style.font)
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
        if let line = text.words.prepare(run.text, font: run.style.font) {
            setColor(run.style.color)
            var x = run.origin.x
            if run.alignment != .leading {
                let slack = run.width - line.width
                x += run.alignment == .trailing ? slack : slack / 2
            }
            text.words.draw(cr, x: x, baseline: run.origin.y + line.baseline)
            return
        }
        let l = text.layout(run.text, font: run.style.font)
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
