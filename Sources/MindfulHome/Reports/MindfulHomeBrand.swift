import Catalog
import Render
import ReportKit

/// The Mindful Home brand from `templates/brand/mindfulhome.json`: Inter, the neutral colours and
/// the seed's category swatches (§8.1).
public struct MindfulHomeBrand: Sendable {
    /// One category's colours: backgrounds and text, default and selected.
    public struct Swatch: Sendable {
        public var background, backgroundSelected, text, textSelected: Color
    }
    public struct Palette: Sendable {
        public var textPrimary, textSecondary, caption, accentBar, balanceFill: Color
    }
    public let palette: Palette
    let security, respect, fun: Swatch
    public let bodyFamily, headingFamily: String
    public let wordmarkSize, titleSize, balanceSize, headingSize, bodySize, captionSize, tableSize, footerSize: Double
    public let accentBarHeight: Double

    /// Loads the brand of `templates` (app `mindfulhome`); every colour must parse and every
    /// category have a swatch.
    public init(templates: TemplateSet) throws {
        let file = templates.brandFile
        let b = try templates.decode(MindfulHomeBrandFile.self, file: file)
        let colors = BrandColors(file: file)
        func color(_ hex: String?, _ key: String) throws -> Color { try colors.color(hex, key: key) }
        func named(_ name: String) throws -> Color { try colors.palette(b.palette, name) }
        palette = Palette(textPrimary: try named("textPrimary"), textSecondary: try named("textSecondary"),
                          caption: try named("caption"), accentBar: try named("accentBar"), balanceFill: try named("balanceFill"))
        func swatch(_ category: TaskCategory) throws -> Swatch {
            let key = "swatches." + category.rawValue
            guard let s = b.swatches[category.rawValue] else { throw CatalogError.missingKey(file: file, key: key) }
            return Swatch(
                background: try color(s.background, key + ".background"),
                backgroundSelected: try color(s.backgroundSelected, key + ".backgroundSelected"),
                text: try color(s.text, key + ".text"), textSelected: try color(s.textSelected, key + ".textSelected"))
        }
        security = try swatch(.security)
        respect = try swatch(.respect)
        fun = try swatch(.fun)
        bodyFamily = b.fonts.body
        headingFamily = b.fonts.heading
        let t = b.type
        wordmarkSize = t.wordmarkSize; titleSize = t.titleSize; balanceSize = t.balanceSize; headingSize = t.headingSize
        bodySize = t.bodySize; captionSize = t.captionSize; tableSize = t.tableSize; footerSize = t.footerSize
        accentBarHeight = t.accentBarHeight
    }

    /// The swatch of `category`.
    public func swatch(_ category: TaskCategory) -> Swatch {
        switch category {
        case .security: return security
        case .respect: return respect
        case .fun: return fun
        }
    }

    /// A text style in the body or heading family.
    public func style(_ family: KeyPath<MindfulHomeBrand, String>, _ size: Double, _ weight: FontWeight = .regular,
                      _ color: Color) -> TextStyle {
        TextStyle(font: FontSpec(family: self[keyPath: family], weight: weight, size: size), color: color)
    }
}

/// `templates/brand/mindfulhome.json`.
struct MindfulHomeBrandFile: Decodable {
    struct Fonts: Decodable { let body, heading: String }
    struct SwatchHex: Decodable { let background, backgroundSelected, text, textSelected: String? }
    struct TypeSizes: Decodable {
        let wordmarkSize, titleSize, balanceSize, headingSize, bodySize, captionSize, tableSize, footerSize, accentBarHeight: Double
    }
    let fonts: Fonts
    let palette: [String: String]
    let swatches: [String: SwatchHex]
    let type: TypeSizes
}
