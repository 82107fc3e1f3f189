import Catalog
import Foundation
import Render
import ReportKit

/// The Aurae brand settings from `templates/brand/aurae.json`, as render styles and colours.
public struct AuraeBrand: Sendable {
    public struct Palette: Sendable {
        public var markGradientStart, markGradientEnd, accentBar: Color
        public var textPrimary, textSecondary, caption, tealText: Color
        public var tableHeaderFill, tableHeaderText, zebra, safetyFill, safetyText, rule: Color
    }
    /// The colours of the clinical report's charts and calendar.
    public struct VisualPalette: Sendable {
        public var chartBar, chartBackground, chartAxis, chartGrid, chartTrend: Color
        public var calendarOutside, calendarOutsideText, calendarModerate, calendarBorder: Color
        public var phaseMenstrual, phaseFollicular, phaseOvulatory, phaseLuteal, episodeMarker: Color
    }
    public let palette: Palette
    public let visuals: VisualPalette
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

    public init(templates: TemplateSet) throws {
        try self.init(try templates.decode(BrandFile.self, file: templates.brandFile), file: templates.brandFile)
    }

    /// Checks the decoded file: every colour parses, as many ring scales as opacities.
    init(_ b: BrandFile, file: String) throws {
        let colors = BrandColors(file: file)
        func color(_ name: String) throws -> Color { try colors.palette(b.palette, name) }
        palette = Palette(
            markGradientStart: try color("markGradientStart"), markGradientEnd: try color("markGradientEnd"),
            accentBar: try color("accentBar"), textPrimary: try color("textPrimary"),
            textSecondary: try color("textSecondary"), caption: try color("caption"),
            tealText: try color("tealText"), tableHeaderFill: try color("tableHeaderFill"),
            tableHeaderText: try color("tableHeaderText"), zebra: try color("zebra"),
            safetyFill: try color("safetyFill"), safetyText: try color("safetyText"), rule: try color("rule"))
        visuals = VisualPalette(
            chartBar: try color("chartBar"), chartBackground: try color("chartBackground"), chartAxis: try color("chartAxis"), chartGrid: try color("chartGrid"),
            chartTrend: try color("chartTrend"), calendarOutside: try color("calendarOutside"),
            calendarOutsideText: try color("calendarOutsideText"), calendarModerate: try color("calendarModerate"),
            calendarBorder: try color("calendarBorder"), phaseMenstrual: try color("phaseMenstrual"),
            phaseFollicular: try color("phaseFollicular"), phaseOvulatory: try color("phaseOvulatory"),
            phaseLuteal: try color("phaseLuteal"), episodeMarker: try color("episodeMarker"))
        bodyFamily = b.fonts.body
        headingFamily = b.fonts.heading
        wordmarkFamily = b.fonts.wordmark
        markSize = b.mark.size
        wordmarkSize = b.mark.wordmarkSize
        ringScales = b.mark.ringScales
        ringOpacities = b.mark.ringOpacities
        guard ringScales.count == ringOpacities.count, !ringScales.isEmpty else {
            throw CatalogError.wrongType(file: file, key: "mark.ringScales", expected: "as many scales as opacities")
        }
        smallSizeThreshold = b.mark.smallSizeThreshold
        smallSizeRings = b.mark.smallSizeRings
        guard smallSizeRings >= 1 else {
            throw CatalogError.wrongType(file: file, key: "mark.smallSizeRings", expected: "at least 1")
        }
        markAspect = b.mark.aspect
        accentBarHeight = b.mark.accentBarHeight
        titleSize = b.type.titleSize
        headingSize = b.type.headingSize
        bodySize = b.type.bodySize
        captionSize = b.type.captionSize
        tableSize = b.type.tableSize
        footerSize = b.type.footerSize
        var surfaces: [Int: Color] = [:]
        for (key, name) in b.severitySurface {
            guard let level = Int(key) else { continue }
            surfaces[level] = try color(name)
        }
        severitySurfaces = surfaces
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

/// `templates/brand/<app>.json`.
struct BrandFile: Decodable {
    struct Fonts: Decodable { let body, heading, wordmark: String }
    struct Mark: Decodable {
        let size, wordmarkSize: Double
        let ringScales, ringOpacities: [Double]
        let smallSizeThreshold: Double
        let smallSizeRings: Int
        let aspect, accentBarHeight: Double
    }
    struct TypeSizes: Decodable { let titleSize, headingSize, bodySize, captionSize, tableSize, footerSize: Double }
    let fonts: Fonts
    let palette: [String: String]
    let severitySurface: [String: String]
    let mark: Mark
    let type: TypeSizes
}
