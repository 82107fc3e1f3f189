/// A vector path: subpaths of straight segments and circular arcs, in the coordinates of whatever
/// holds it (origin top left, y down).
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at the point.
        case move(to: Point)
        /// A straight segment from the current point.
        case line(to: Point)
        /// A circular arc around `center` from `startAngle` to `endAngle` (radians; 0 points along
        /// +x, and since y points down, growing angles turn clockwise on the page). When a
        /// subpath is open, a straight segment joins its current point to the arc's start.
        case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool)
        /// Closes the subpath with a segment back to its start.
        case close
    }

    public var elements: [Element]
    public init(_ elements: [Element]) { self.elements = elements }

    /// One straight segment.
    public static func line(from: Point, to: Point) -> Path { Path([.move(to: from), .line(to: to)]) }

    /// Straight segments through `points`, open.
    public static func polyline(_ points: [Point]) -> Path {
        Path(points.enumerated().map { $0.offset == 0 ? .move(to: $0.element) : .line(to: $0.element) })
    }

    /// A closed polygon through `points`.
    public static func polygon(_ points: [Point]) -> Path {
        var p = polyline(points)
        if !points.isEmpty { p.elements.append(.close) }
        return p
    }

    public static func rect(_ r: Rect) -> Path {
        polygon([r.origin, Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)])
    }

    /// An open arc (e.g. a gauge or a ring segment when stroked).
    public static func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                           clockwise: Bool = true) -> Path {
        Path([.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)])
    }

    /// A pie slice: centre, arc, back to the centre.
    public static func sector(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                              clockwise: Bool = true) -> Path {
        Path([.move(to: center),
              .arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise),
              .close])
    }
}

/// How a path's outline is drawn.
public struct Stroke: Hashable, Sendable {
    public var color: Color
    public var width: Double
    /// Alternating on/off lengths in points; empty for a solid line.
    public var dash: [Double]
    public init(color: Color, width: Double = 1, dash: [Double] = []) {
        self.color = color; self.width = width; self.dash = dash
    }
}

/// Which point of a text label sits at its position: the start, centre or end of the line
/// (`horizontal`), at the baseline or the top of the line box (`vertical`).
public struct TextAnchor: Hashable, Sendable {
    public enum Vertical: Hashable, Sendable { case top, baseline }
    public var horizontal: Alignment
    public var vertical: Vertical
    public init(_ horizontal: Alignment = .leading, _ vertical: Vertical = .baseline) {
        self.horizontal = horizontal; self.vertical = vertical
    }
}
