import Catalog
import Foundation
import Render

/// The Aurae brand settings from `templates/brand/aurae.json`, as render styles and colours.
public struct AuraeBrand: Sendable {
    public struct Palette: Sendable {
        public var markGradientStart, markGradientEnd, accentBar: Color
        public var textPrimary, textSecondary, caption, tealText: Color
        public var tableHeaderFill, tableHeaderText, zebra, safetyFill, safetyText, rule: Color
    }
    public let palette: Palette
    public let bodyFamily: String
    public let headingFamily: String
    public let wordmarkFamily: String
    public let markSize: Double
    public let wordmarkSize: Double
    public let ringScales: [Double]
    public let ringOpacities: [Double]
    public let smallSizeThreshold: Double
    public let smallSizeRings: Int
    public let markAspect: Double
    public let accentBarHeight: Double
    public let titleSize, headingSize, bodySize, captionSize, tableSize, footerSize: Double
    private let severitySurfaces: [Int: Color]

    public init(_ file: JSONFile) throws {
        func color(_ key: String) throws -> Color {
            let hex = try file.string("palette." + key)
            guard let c = Color(hex: hex) else { throw CatalogError.badColor(file: file.name, key: "palette." + key, value: hex) }
            return c
        }
        palette = Palette(
            markGradientStart: try color("markGradientStart"), markGradientEnd: try color("markGradientEnd"),
            accentBar: try color("accentBar"), textPrimary: try color("textPrimary"),
            textSecondary: try color("textSecondary"), caption: try color("caption"),
            tealText: try color("tealText"), tableHeaderFill: try color("tableHeaderFill"),
            tableHeaderText: try color("tableHeaderText"), zebra: try color("zebra"),
            safetyFill: try color("safetyFill"), safetyText: try color("safetyText"), rule: try color("rule"))
        bodyFamily = try file.string("fonts.body")
        headingFamily = try file.string("fonts.heading")
        wordmarkFamily = try file.string("fonts.wordmark")
        markSize = try file.number("mark.size")
        wordmarkSize = try file.number("mark.wordmarkSize")
        ringScales = try Self.numbers(file, "mark.ringScales")
        ringOpacities = try Self.numbers(file, "mark.ringOpacities")
        guard ringScales.count == ringOpacities.count, !ringScales.isEmpty else {
            throw CatalogError.wrongType(file: file.name, key: "mark.ringScales", expected: "as many scales as opacities")
        }
        smallSizeThreshold = try file.number("mark.smallSizeThreshold")
        smallSizeRings = try file.int("mark.smallSizeRings")
        markAspect = try file.number("mark.aspect")
        accentBarHeight = try file.number("mark.accentBarHeight")
        titleSize = try file.number("type.titleSize")
        headingSize = try file.number("type.headingSize")
        bodySize = try file.number("type.bodySize")
        captionSize = try file.number("type.captionSize")
        tableSize = try file.number("type.tableSize")
        footerSize = try file.number("type.footerSize")
        var surfaces: [Int: Color] = [:]
        for key in try file.keys("severitySurface") {
            guard let level = Int(key) else { continue }
            surfaces[level] = try color(try file.string("severitySurface." + key))
        }
        severitySurfaces = surfaces
    }

    static func numbers(_ file: JSONFile, _ key: String) throws -> [Double] {
        guard let list = file.value(key) as? [Any] else {
            throw CatalogError.wrongType(file: file.name, key: key, expected: "a list of numbers")
        }
        return try list.map {
            guard let n = ($0 as? NSNumber)?.doubleValue else { throw CatalogError.wrongType(file: file.name, key: key, expected: "a list of numbers") }
            return n
        }
    }

    /// The surface colour for a severity level, when the brand gives one.
    public func severitySurface(_ level: Int) -> Color? { severitySurfaces[level] }

    public func style(_ family: KeyPath<AuraeBrand, String>, _ size: Double, _ weight: FontWeight = .regular,
                      _ color: Color) -> TextStyle {
        TextStyle(font: FontSpec(family: self[keyPath: family], weight: weight, size: size), color: color)
    }

    /// The logo mark: concentric ellipses in the mark gradient, outer ring faintest. Small marks
    /// keep only the outer and inner rings.
    public func markShapes(size: Double, at origin: Point) -> [Shape] {
        var rings = Array(zip(ringScales, ringOpacities))
        if size < smallSizeThreshold && rings.count > smallSizeRings {
            rings = Array(rings.prefix(1)) + Array(rings.suffix(smallSizeRings - 1))
        }
        let width = size, height = size * markAspect
        let center = Point(x: origin.x + width / 2, y: origin.y + height / 2)
        return rings.map { scale, opacity in
            let w = width * scale, h = height * scale
            let rect = Rect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
            let paint = Paint.linearGradient(
                start: Point(x: rect.minX, y: rect.minY), end: Point(x: rect.maxX, y: rect.maxY),
                stops: [GradientStop(offset: 0, color: palette.markGradientStart),
                        GradientStop(offset: 1, color: palette.markGradientEnd)])
            return .ellipse(rect, paint, opacity: opacity)
        }
    }
}
