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
            text.words.draw(cr, x: x, baseline: yIsBaseline ? y : y + l.baseline)
        case .layout(let l):
            let top = yIsBaseline ? y - Double(pango_layout_get_baseline(l)) / Double(PANGO_SCALE) : y
            cairo_move_to(cr, x, top)
            pango_cairo_show_layout(cr, l)
        }
    }

    private func drawLabel(_ label: TextLabel) {
        guard !label.text.isEmpty else { return }
        let line = line(label.text, label.style)
        setColor(label.style.color)
        var x = label.position.x
        switch label.anchor.horizontal {
        case .leading: break
        case .center: x -= width(line) / 2
        case .trailing: x -= width(line)
        }
        draw(line, x: x, y: label.position.y, yIsBaseline: label.anchor.vertical == .baseline)
    }

    private func drawText(_ run: TextRun) {
        guard !run.text.isEmpty else { return }
        let line = line(run.text, run.style)
        setColor(run.style.color)
        var x = run.origin.x
        if run.alignment != .leading {
            let slack = run.width - width(line)
            x += run.alignment == .trailing ? slack : slack / 2
        }
        draw(line, x: x, y: run.origin.y, yIsBaseline: false)
    }
}
