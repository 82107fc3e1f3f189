/// Moving geometry and display items by an offset (drawing coordinates to page coordinates,
/// measured groups to where they are placed).
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

extension Path {
    func offset(_ o: Point) -> Path {
        Path(elements.map { e in
            switch e {
            case .move(let p): return .move(to: p.offset(o))
            case .line(let p): return .line(to: p.offset(o))
            case let .arc(c, r, a0, a1, cw):
                return .arc(center: c.offset(o), radius: r, startAngle: a0, endAngle: a1, clockwise: cw)
            case .close: return .close
            }
        })
    }
}

extension DisplayItem {
    func offset(dy: Double) -> DisplayItem { offset(Point(x: 0, y: dy)) }

    func offset(_ o: Point) -> DisplayItem {
        switch self {
        case .text(var r): r.origin = r.origin.offset(o); return .text(r)
        case let .rect(r, p, a): return .rect(r.offset(o), p.offset(o), opacity: a)
        case let .ellipse(r, p, a): return .ellipse(r.offset(o), p.offset(o), opacity: a)
        case let .line(f, t, c, w): return .line(from: f.offset(o), to: t.offset(o), color: c, width: w)
        case let .path(p, fill, stroke): return .path(p.offset(o), fill: fill?.offset(o), stroke: stroke)
        case let .clip(p, items): return .clip(p.offset(o), items.map { $0.offset(o) })
        case .label(var l): l.position = l.position.offset(o); return .label(l)
        }
    }
}
