import Render

/// WCAG 2.1 AA contrast of what a laid-out document draws, read from its display list (so it
/// checks the colours the reports really use, from `templates/`, and cannot drift from the code):
/// every text item against the fill it is drawn on (the topmost solid fill under it, else the
/// white page), 4.5 : 1, or 3 : 1 for large text (18 pt, or 14 pt bold); and every graphic of a
/// figure (chart bars, calendar cells, a trend line) against white, 3 : 1. Gradients (the brand
/// mark), fills in the page colour and plain lines (grids, axes, borders, which only decorate:
/// a chart writes every value as text) are left out, and so is a figure's fill with text drawn
/// on it (a calendar cell with its severity digit): what it shows is read from that text, whose
/// contrast against the fill is checked (WCAG 1.4.11 asks 3 : 1 of the graphics needed to
/// understand the content, not of a fill its own label makes redundant), or a fill under a
/// pattern (lines clipped to a shape, the calendar's hatches), which tells it apart without
/// colour — the pattern's lines are then what must reach 3 : 1.
public enum ContrastAudit {
    /// One colour pair below its threshold.
    public struct Finding: Hashable, CustomStringConvertible {
        public var what: String
        public var foreground: String
        public var background: String
        public var ratio: Double
        public var needed: Double
        public var description: String {
            "\(what): \(foreground) on \(background) is \((ratio * 100).rounded() / 100) : 1, needs \(needed) : 1"
        }
    }

    /// sRGB relative luminance (WCAG 2.1).
    public static func luminance(_ c: Color) -> Double {
        func lin(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055).power(2.4) }
        return 0.2126 * lin(c.red) + 0.7152 * lin(c.green) + 0.0722 * lin(c.blue)
    }

    public static func ratio(_ a: Color, _ b: Color) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `c` with its alpha (times `opacity`) over `under`.
    static func over(_ c: Color, _ under: Color, opacity: Double = 1) -> Color {
        let a = c.alpha * opacity
        return Color(red: c.red * a + under.red * (1 - a), green: c.green * a + under.green * (1 - a),
                     blue: c.blue * a + under.blue * (1 - a))
    }

    public static func hex(_ c: Color) -> String {
        func byte(_ v: Double) -> String {
            let b = Int((max(0, min(1, v)) * 255).rounded())
            return String(b, radix: 16, uppercase: true).count == 1 ? "0" + String(b, radix: 16, uppercase: true) : String(b, radix: 16, uppercase: true)
        }
        return "#" + byte(c.red) + byte(c.green) + byte(c.blue)
    }

    static let white = Color(red: 1, green: 1, blue: 1)

    /// Every pair below its threshold, each once.
    public static func findings(_ doc: LaidOutDocument) -> [Finding] {
        let tree = StructureTree(doc)
        var out: [Finding] = []
        var seen = Set<String>()
        func add(_ what: String, _ fg: Color, _ bg: Color, needed: Double) {
            let r = ratio(fg, bg)
            guard r + 1e-9 < needed else { return }
            let f = Finding(what: what, foreground: hex(fg), background: hex(bg), ratio: r, needed: needed)
            if seen.insert("\(f.foreground)/\(f.background)/\(needed)").inserted { out.append(f) }
        }
        for (p, page) in doc.pages.enumerated() {
            var fills: [(Rect, Color)] = []
            /// Figure fills to check against white once the page's text is known.
            var figureFills: [(Rect, Color)] = []
            /// Where each text item and label of the page is read.
            var textPoints: [(x: Double, y: Double)] = []
            /// Shapes covered by a pattern of lines.
            var patterns: [Rect] = []
            func background(at x: Double, _ y: Double) -> Color {
                for (r, c) in fills.reversed() where x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY { return c }
                return white
            }
            func visit(_ item: DisplayItem, inFigure: Bool) {
                switch item {
                case let .rect(r, .solid(c), opacity), let .ellipse(r, .solid(c), opacity):
                    let under = background(at: r.minX + r.width / 2, r.minY + r.height / 2)
                    let color = over(c, under, opacity: opacity)
                    if inFigure && color != white && hex(color) != hex(under) { figureFills.append((r, color)) }
                    fills.append((r, color))
                case let .path(path, fill, stroke):
                    let box = bounds(path)
                    if case .solid(let c)? = fill {
                        let color = over(c, background(at: box.minX + box.width / 2, box.minY + box.height / 2))
                        if inFigure && color != white { figureFills.append((box, color)) }
                        fills.append((box, color))
                    }
                    if inFigure, let stroke, stroke.width >= 1 { add("page \(p + 1) figure line", over(stroke.color, white), white, needed: 3) }
                case .text(let run):
                    let x: Double
                    switch run.alignment {
                    case .leading: x = run.origin.x + 1
                    case .center: x = run.origin.x + run.width / 2
                    case .trailing: x = run.origin.x + run.width - 1
                    }
                    let bg = background(at: x, run.origin.y + run.style.font.size * 0.6)
                    textPoints.append((x, run.origin.y + run.style.font.size * 0.6))
                    add("page \(p + 1) text \(quoted(run.text))", over(run.style.color, bg), bg, needed: needed(run.style))
                case .label(let l):
                    let y = l.anchor.vertical == .top ? l.position.y + l.style.font.size * 0.6 : l.position.y - l.style.font.size * 0.3
                    let bg = background(at: l.position.x, y)
                    textPoints.append((l.position.x, y))
                    add("page \(p + 1) label \(quoted(l.text))", over(l.style.color, bg), bg, needed: needed(l.style))
                case .clip(let shape, let inner):
                    let lines = inner.compactMap { item -> Color? in
                        switch item {
                        case let .line(_, _, color, _): return color
                        case let .path(_, nil, stroke?): return stroke.color
                        default: return nil
                        }
                    }
                    if inFigure, !inner.isEmpty, lines.count == inner.count, let color = lines.first {
                        patterns.append(bounds(shape))
                        add("page \(p + 1) figure pattern", over(color, white), white, needed: 3)
                    } else {
                        for i in inner { visit(i, inFigure: inFigure) }
                    }
                default: break
                }
            }
            for (i, item) in page.items.enumerated() {
                var inFigure = false
                if case .node(let n) = tree.owners[p][i], tree.nodes[n].role == .figure { inFigure = true }
                visit(item, inFigure: inFigure)
            }
            for (r, color) in figureFills where !textPoints.contains(where: { r.contains($0.x, $0.y) })
                && !patterns.contains(where: { $0.contains(r.minX + r.width / 2, r.minY + r.height / 2) }) {
                add("page \(p + 1) figure fill", color, white, needed: 3)
            }
        }
        return out
    }

    /// 3 : 1 for large text (at least 18 pt, or 14 pt bold), else 4.5 : 1.
    public static func needed(_ style: TextStyle) -> Double {
        let f = style.font
        return f.size >= 18 || (f.size >= 14 && f.weight.rawValue >= FontWeight.bold.rawValue) ? 3 : 4.5
    }

    static func bounds(_ path: Path) -> Rect {
        var xs: [Double] = [], ys: [Double] = []
        for e in path.elements {
            switch e {
            case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
            case let .arc(c, r, _, _, _): xs += [c.x - r, c.x + r]; ys += [c.y - r, c.y + r]
            case .close: break
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func quoted(_ s: String) -> String { "\"" + String(s.prefix(40)) + "\"" }
}

private extension Double {
    func power(_ e: Double) -> Double { exp(e * log(self)) }
}

import Foundation

extension Rect {
    func contains(_ x: Double, _ y: Double) -> Bool { x >= minX && x <= maxX && y >= minY && y <= maxY }
}
