import Catalog
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Render
import ReportKit

/// The Aurae brand settings from `templates/brand/aurae.json`, as render styles and colours.
public struct AuraeBrand: Sendable {
    /// The colours of the page, the tables and the safety items: `palette.<name>` in the brand
    /// file, one property per key.
    public struct Palette: Sendable {
        public var markGradientStart, markGradientEnd, accentBar: Color
        public var textPrimary, textSecondary, caption, tealText: Color
        public var tableHeaderFill, tableHeaderText, zebra, safetyFill, safetyText, rule: Color
        /// The table surfaces `severitySurface` gives some severity levels.
        public var severityMild, severitySevere: Color

        init(_ n: ConfigNode) throws {
            markGradientStart = try n.color("markGradientStart"); markGradientEnd = try n.color("markGradientEnd")
            accentBar = try n.color("accentBar")
            textPrimary = try n.color("textPrimary"); textSecondary = try n.color("textSecondary")
            caption = try n.color("caption"); tealText = try n.color("tealText")
            tableHeaderFill = try n.color("tableHeaderFill"); tableHeaderText = try n.color("tableHeaderText")
            zebra = try n.color("zebra"); safetyFill = try n.color("safetyFill"); safetyText = try n.color("safetyText")
            rule = try n.color("rule")
            severityMild = try n.color("severityMild"); severitySevere = try n.color("severitySevere")
        }
    }
    /// The colours of the clinical report's charts and calendar, from the same `palette` object.
    public struct VisualPalette: Sendable {
        public var chartBar, chartBackground, chartAxis, chartGrid, chartTrend: Color
        public var calendarOutside, calendarOutsideText, calendarBorder, calendarNotLogged: Color
        /// The single-hue ramp of severities 1 to 5, darkening with severity, and the colour of
        /// text on each (checked in a test for greyscale steps and contrast).
        public var calendarSeverity, calendarSeverityText: [Color]

        /// Reads the colours and checks the ramp: five fills and five text colours.
        init(_ n: ConfigNode) throws {
            chartBar = try n.color("chartBar"); chartBackground = try n.color("chartBackground")
            chartAxis = try n.color("chartAxis"); chartGrid = try n.color("chartGrid"); chartTrend = try n.color("chartTrend")
            calendarOutside = try n.color("calendarOutside"); calendarOutsideText = try n.color("calendarOutsideText")
            calendarBorder = try n.color("calendarBorder"); calendarNotLogged = try n.color("calendarNotLogged")
            calendarSeverity = try n.colors("calendarSeverity")
            calendarSeverityText = try n.colors("calendarSeverityText")
            for key in ["calendarSeverity", "calendarSeverityText"]
                where (key == "calendarSeverity" ? calendarSeverity : calendarSeverityText).count != 5 {
                throw try n[key].wrong("five colours, one per severity 1–5")
            }
        }
    }
    /// A severity surface of the palette, as `severitySurface` names it.
    enum Surface: String {
        case severityMild, severitySevere

        init(_ n: ConfigNode) throws {
            guard let surface = Surface(rawValue: try n.string()) else { throw n.wrong("severityMild or severitySevere") }
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
        try self.init(try BrandFile(templates.node(file: templates.brandFile)), file: templates.brandFile)
    }

    /// Checks the file as read (its colours parsed as it was read): as many ring scales as opacities.
    init(_ b: BrandFile, file: String) throws {
        palette = b.page
        visuals = b.visuals
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
        TextStyle(font: font(family, size, weight), color: color)
    }

    public func font(_ family: KeyPath<AuraeBrand, String>, _ size: Double, _ weight: FontWeight = .regular) -> FontSpec {
        FontSpec(family: self[keyPath: family], weight: weight, size: size)
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
struct BrandFile {
    struct Fonts {
        let body, heading, wordmark: String
        init(_ n: ConfigNode) throws { body = try n.string("body"); heading = try n.string("heading"); wordmark = try n.string("wordmark") }
    }
    struct Mark {
        let size, wordmarkSize: Double
        let ringScales, ringOpacities: [Double]
        let smallSizeThreshold: Double
        let smallSizeRings: Int
        let aspect, accentBarHeight: Double
        init(_ n: ConfigNode) throws {
            size = try n.double("size"); wordmarkSize = try n.double("wordmarkSize")
            ringScales = try n.doubles("ringScales"); ringOpacities = try n.doubles("ringOpacities")
            smallSizeThreshold = try n.double("smallSizeThreshold"); smallSizeRings = try n.int("smallSizeRings")
            aspect = try n.double("aspect"); accentBarHeight = try n.double("accentBarHeight")
        }
    }
    struct TypeSizes {
        let titleSize, headingSize, bodySize, captionSize, tableSize, footerSize: Double
        init(_ n: ConfigNode) throws {
            titleSize = try n.double("titleSize"); headingSize = try n.double("headingSize"); bodySize = try n.double("bodySize")
            captionSize = try n.double("captionSize"); tableSize = try n.double("tableSize"); footerSize = try n.double("footerSize")
        }
    }
    let fonts: Fonts
    /// Both palettes are read from the one `palette` object.
    let page: AuraeBrand.Palette
    let visuals: AuraeBrand.VisualPalette
    let severitySurface: [(key: String, surface: AuraeBrand.Surface)]
    let mark: Mark
    let type: TypeSizes

    init(_ n: ConfigNode) throws {
        fonts = try Fonts(n["fonts"])
        let palette = try n["palette"]
        page = try AuraeBrand.Palette(palette)
        visuals = try AuraeBrand.VisualPalette(palette)
        severitySurface = try n["severitySurface"].members().map { ($0.key, try AuraeBrand.Surface($0.node)) }
        mark = try Mark(n["mark"])
        type = try TypeSizes(n["type"])
    }
}
