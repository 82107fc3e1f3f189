/// A vector drawing of a fixed size: shapes and single-line text in its own coordinates
/// (origin top left, y down), placed as one unit.
public struct Drawing: Sendable {
    public var size: Size
    public var shapes: [Shape]
    public var spaceBefore: Double
    public var spaceAfter: Double
    /// What the drawing shows, in words, for a reader who cannot see it (a figure's `/Alt`). A
    /// drawing without it is read as the text it holds, joined; one with no text and no
    /// alternative text is decoration (an artifact).
    public var alternativeText: String?
    public init(size: Size, shapes: [Shape], spaceBefore: Double = 0, spaceAfter: Double = 0,
                alternativeText: String? = nil) {
        self.size = size; self.shapes = shapes; self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
        self.alternativeText = alternativeText
    }
}

/// One mark of a drawing, in the drawing's coordinates.
public enum Shape: Sendable {
    case rect(Rect, Paint, opacity: Double = 1)
    case ellipse(Rect, Paint, opacity: Double = 1)
    case line(from: Point, to: Point, color: Color, width: Double)
    /// One line of text whose top-left corner is at `origin`.
    case text(String, origin: Point, style: TextStyle)
    /// A path filled and/or stroked (chart lines, bars, polygons, pie slices).
    case path(Path, fill: Paint? = nil, stroke: Stroke? = nil)
    /// Shapes drawn only inside `clip` (e.g. a plot area).
    case clipped(Path, [Shape])
    /// One line of text anchored at a point (axis labels).
    case label(String, at: Point, anchor: TextAnchor, style: TextStyle)
}
