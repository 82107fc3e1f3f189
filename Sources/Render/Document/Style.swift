import Quoting

/// An sRGB colour with alpha, each channel 0...1. Colours come from the brand settings in
/// `templates/`; Swift code never spells one out.
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` as written in a brand file.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.count == 6 || s.count == 8, let v = UInt32(s, radix: 16) else { return nil }
        let hasAlpha = s.count == 8
        let rgb = hasAlpha ? v >> 8 : v
        red = Double((rgb >> 16) & 0xFF) / 255
        green = Double((rgb >> 8) & 0xFF) / 255
        blue = Double(rgb & 0xFF) / 255
        alpha = hasAlpha ? Double(v & 0xFF) / 255 : 1
    }
}

extension Color: Decodable {
    /// A colour in a settings file is its `#RRGGBB` or `#RRGGBBAA` text. Any other text is a
    /// decoding error at the value's key path, which the catalog reports with the file's name.
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let hex = try c.decode(String.self)
        guard let color = Color(hex: hex) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: Self.expected(hex))
        }
        self = color
    }

    /// What a settings file must give where it gave `hex`, which is not a colour.
    public static func expected(_ hex: String) -> String { "a colour written #RRGGBB or #RRGGBBAA, not \(Quote.value(hex))" }
}

public enum FontWeight: Int, Hashable, Sendable, CaseIterable {
    case regular = 400, medium = 500, semibold = 600, bold = 700
}

/// A font request: the family name as fontconfig knows it, a weight and a size in points.
public struct FontSpec: Hashable, Sendable {
    public var family: String
    public var weight: FontWeight
    public var italic: Bool
    public var size: Double
    public init(family: String, weight: FontWeight = .regular, italic: Bool = false, size: Double) {
        self.family = family; self.weight = weight; self.italic = italic; self.size = size
    }
}

public struct TextStyle: Hashable, Sendable {
    public var font: FontSpec
    public var color: Color
    /// Line height as a multiple of the font's natural line height.
    public var lineSpacing: Double
    public init(font: FontSpec, color: Color, lineSpacing: Double = 1) {
        self.font = font; self.color = color; self.lineSpacing = lineSpacing
    }
}

public enum Alignment: Hashable, Sendable { case leading, center, trailing }

public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }
    public init(horizontal h: Double, vertical v: Double) { self.init(top: v, left: h, bottom: v, right: h) }
}

public struct Point: Hashable, Sendable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

public struct Size: Hashable, Sendable {
    public var width: Double, height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// A4 portrait, 595.28 × 841.89 pt.
    public static let a4 = Size(width: 595.28, height: 841.89)
}

public struct Rect: Hashable, Sendable {
    public var origin: Point, size: Size
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
}

/// How a shape is filled.
public enum Paint: Hashable, Sendable {
    case solid(Color)
    /// A linear gradient from `start` to `end` (in the shape's coordinates) through `stops`
    /// (offset 0...1, colour).
    case linearGradient(start: Point, end: Point, stops: [GradientStop])
}

public struct GradientStop: Hashable, Sendable {
    public var offset: Double, color: Color
    public init(offset: Double, color: Color) { self.offset = offset; self.color = color }
}
