import Render
import ReportKit

/// One legend entry: an optional colour swatch (hatched when `hatch` is set, cross-hatched when
/// `crossHatch` is, with `digit` written in it as a calendar cell writes it) and its explanation.
struct LegendItem: Sendable {
    var swatch: Color?
    var border: Color?
    var hatch: Color? = nil
    var crossHatch: Color? = nil
    var digit: (text: String, style: TextStyle)? = nil
    var text: String
}

/// A legend drawn at the frame width: an intro, then entries flowing left to right and
/// wrapping onto new lines.
struct Legend: Sendable {
    let intro: String?
    let items: [LegendItem]
    let style: TextStyle
    let swatch: Double
    let spaceBefore: Double
    var spaceAfter: Double = 0
    var hatchSpacing: Double = 3

    var drawing: FlexibleDrawing {
        let legend = self
        return FlexibleDrawing { width, m in legend.make(width: width, measurer: m) }
    }

    func make(width: Double, measurer m: TextMeasurer) -> Drawing {
        let line = max(m.lineMetrics(style).height, swatch) + 2
        var shapes: [Shape] = []
        var y = 0.0, x = 0.0
        let gap = swatch
        if let intro {
            let w = min(m.width(intro, style: style), width)
            shapes.append(.label(m.truncate(intro, style: style, width: width), at: Point(x: 0, y: (line - 2 - m.lineMetrics(style).height) / 2),
                                 anchor: TextAnchor(.leading, .top), style: style))
            x = w + gap
        }
        for item in items {
            let textWidth = min(m.width(item.text, style: style), width)
            let w = (item.swatch == nil ? 0 : swatch + 3) + textWidth
            if x > 0 && x + w > width { x = 0; y += line }
            var tx = x
            if let fill = item.swatch {
                let r = Rect(x: x, y: y + (line - 2 - swatch) / 2, width: swatch, height: swatch)
                shapes.append(.rect(r, .solid(fill)))
                if let hatch = item.hatch { shapes.append(hatchShape(r, color: hatch, spacing: hatchSpacing)) }
                if let cross = item.crossHatch { shapes.append(crossHatchShape(r, color: cross, spacing: hatchSpacing)) }
                if let digit = item.digit {
                    shapes.append(.label(digit.text, at: Point(x: r.minX + swatch / 2, y: r.minY + (swatch - m.lineMetrics(digit.style).height) / 2),
                                         anchor: TextAnchor(.center, .top), style: digit.style))
                }
                if let border = item.border { shapes.append(.path(.rect(r), stroke: Stroke(color: border, width: 0.5))) }
                tx += swatch + 3
            }
            let th = m.lineMetrics(style).height
            shapes.append(.label(m.truncate(item.text, style: style, width: width), at: Point(x: tx, y: y + (line - 2 - th) / 2),
                                 anchor: TextAnchor(.leading, .top), style: style))
            x += w + gap
        }
        return Drawing(size: Size(width: width, height: y + line), shapes: shapes, spaceBefore: spaceBefore, spaceAfter: spaceAfter)
    }
}

/// Thin lines across `r` both ways, `spacing` apart, clipped to it: the pattern of days outside the
/// range, told from a logged day without colour.
func crossHatchShape(_ r: Rect, color: Color, spacing: Double, width: Double = 0.4) -> Shape {
    var lines: [Shape] = []
    var x = r.minX - r.height
    while x < r.maxX {
        lines.append(.line(from: Point(x: x, y: r.maxY), to: Point(x: x + r.height, y: r.minY), color: color, width: width))
        lines.append(.line(from: Point(x: x, y: r.minY), to: Point(x: x + r.height, y: r.maxY), color: color, width: width))
        x += max(1, spacing)
    }
    return .clipped(.rect(r), lines)
}

/// Thin diagonal lines across `r`, `spacing` apart, clipped to it.
func hatchShape(_ r: Rect, color: Color, spacing: Double, width: Double = 0.4) -> Shape {
    var lines: [Shape] = []
    var x = r.minX - r.height
    while x < r.maxX {
        lines.append(.line(from: Point(x: x, y: r.maxY), to: Point(x: x + r.height, y: r.minY), color: color, width: width))
        x += max(1, spacing)
    }
    return .clipped(.rect(r), lines)
}
