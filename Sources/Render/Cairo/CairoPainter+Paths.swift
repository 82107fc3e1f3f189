import CCairo

/// Vector paths: building them on the cairo context, filling and stroking them.
extension CairoPainter {
    func addPath(_ path: Path) {
        cairo_new_path(cr)
        for e in path.elements {
            switch e {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case let .arc(c, r, a0, a1, clockwise):
                if clockwise { cairo_arc(cr, c.x, c.y, max(0, r), a0, a1) }
                else { cairo_arc_negative(cr, c.x, c.y, max(0, r), a0, a1) }
            case .close: cairo_close_path(cr)
            }
        }
    }

    func drawPath(_ path: Path, fill: Paint?, stroke: Stroke?) {
        guard fill != nil || stroke != nil else { return }
        addPath(path)
        if let fill {
            setPaint(fill, opacity: 1)
            if stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
        }
        guard let stroke else { return }
        setColor(stroke.color)
        cairo_set_line_width(cr, stroke.width)
        let dash = stroke.dash.map { max(0, $0) }
        if dash.contains(where: { $0 > 0 }) {
            cairo_set_dash(cr, dash, Int32(clamping: dash.count), 0)
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
        } else {
            cairo_stroke(cr)
        }
    }
}
