import Catalog
import Foundation
import Render
import ReportKit

/// The Aurae brand settings from `templates/brand/aurae.json`, as render styles and colours.
public struct AuraeBrand: Sendable {
    /// The colours of the page, the tables and the safety items: `palette.<name>` in the brand
    /// file, one property per key.
    public struct Palette: Decodable, Sendable {
        public var markGradientStart, markGradientEnd, accentBar: Color
        public var textPrimary, textSecondary, caption, tealText: Color
        public var tableHeaderFill, tableHeaderText, zebra, safetyFill, safetyText, rule: Color
        /// The table surfaces `severitySurface` gives some severity levels.
        public var severityMild, severitySevere: Color
    }
    /// The colours of the clinical report's charts and calendar, from the same `palette` object.
    public struct VisualPalette: Decodable, Sendable {
        public var chartBar, chartBackground, chartAxis, chartGrid, chartTrend: Color
        public var calendarOutside, calendarOutsideText, calendarBorder, calendarNotLogged: Color
        /// The single-hue ramp of severities 1 to 5, darkening with severity, and the colour of
        /// text on each (checked in a test for greyscale steps and contrast).
        public var calendarSeverity, calendarSeverityText: [Color]

        private enum CodingKeys: String, CodingKey {
            case chartBar, chartBackground, chartAxis, chartGrid, chartTrend
            case calendarOutside, calendarOutsideText, calendarBorder, calendarNotLogged, calendarSeverity, calendarSeverityText
        }

        /// Decodes the colours and checks the ramp: five fills and five text colours.
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            chartBar = try c.decode(Color.self, forKey: .chartBar)
            chartBackground = try c.decode(Color.self, forKey: .chartBackground)
            chartAxis = try c.decode(Color.self, forKey: .chartAxis)
            chartGrid = try c.decode(Color.self, forKey: .chartGrid)
            chartTrend = try c.decode(Color.self, forKey: .chartTrend)
            calendarOutside = try c.decode(Color.self, forKey: .calendarOutside)
            calendarOutsideText = try c.decode(Color.self, forKey: .calendarOutsideText)
            calendarBorder = try c.decode(Color.self, forKey: .calendarBorder)
            calendarNotLogged = try c.decode(Color.self, forKey: .calendarNotLogged)
            calendarSeverity = try c.decode([Color].self, forKey: .calendarSeverity)
            calendarSeverityText = try c.decode([Color].self, forKey: .calendarSeverityText)
            for key in [CodingKeys.calendarSeverity, .calendarSeverityText]
                where (key == .calendarSeverity ? calendarSeverity : calendarSeverityText).count != 5 {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "five colours, one per severity 1–5")
            }
        }
    }
    /// A severity surface of the palette, as `severitySurface` names it.
    enum Surface: String, Decodable {
        case severityMild, severitySevere

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            guard let surface = Surface(rawValue: try c.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "severityMild or severitySevere")
            }
            self = surface
        }
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

    /// Checks the decoded file (its colours parsed as it was decoded): as many ring scales as opacities.
    init(_ b: BrandFile, file: String) throws {
        palette = b.palette.page
        visuals = b.palette.visuals
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
        for (key, surface) in b.severitySurface {
            guard let level = Int(key) else { continue }
            switch surface {
            case .severityMild: surfaces[level] = palette.severityMild
            case .severitySevere: surfaces[level] = palette.severitySevere
            }
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
    /// Both palettes are read from the one `palette` object.
    struct Palettes: Decodable {
        let page: AuraeBrand.Palette
        let visuals: AuraeBrand.VisualPalette
        init(from decoder: Decoder) throws {
            page = try AuraeBrand.Palette(from: decoder)
            visuals = try AuraeBrand.VisualPalette(from: decoder)
        }
    }
    let fonts: Fonts
    let palette: Palettes
    let severitySurface: [String: AuraeBrand.Surface]
    let mark: Mark
    let type: TypeSizes
}
