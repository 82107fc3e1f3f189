import Catalog
import Render
import ReportKit

/// The Mindful Home brand from `templates/brand/mindfulhome.json`: Inter, the neutral colours and
/// the seed's category swatches (§8.1).
public struct MindfulHomeBrand: Sendable {
    /// One category's colours: backgrounds and text, default and selected.
    public struct Swatch: Decodable, Sendable {
        public var background, backgroundSelected, text, textSelected: Color
    }
    /// `palette.<name>` in the brand file, one property per key.
    public struct Palette: Decodable, Sendable {
        public var textPrimary, textSecondary, caption, accentBar, balanceFill: Color
        /// The wordmark as text: the accent's hue, dark enough to read on white (4.5 : 1).
        public var wordmark: Color
    }
    /// `swatches.<category>`, one property per `TaskCategory`.
    struct Swatches: Decodable, Sendable {
        let security, respect, fun: Swatch
    }
    public let palette: Palette
    let swatches: Swatches
    public let bodyFamily, headingFamily: String
    public let wordmarkSize, titleSize, balanceSize, headingSize, bodySize, captionSize, tableSize, footerSize: Double
    public let accentBarHeight: Double

    /// Loads the brand of `templates` (app `mindfulhome`); every colour must parse and every
    /// category have a swatch (both checked as the file is decoded).
    public init(templates: TemplateSet) throws {
        let b = try templates.decode(MindfulHomeBrandFile.self, file: templates.brandFile)
        palette = b.palette
        swatches = b.swatches
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
        case .security: return swatches.security
        case .respect: return swatches.respect
        case .fun: return swatches.fun
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
    struct TypeSizes: Decodable {
        let wordmarkSize, titleSize, balanceSize, headingSize, bodySize, captionSize, tableSize, footerSize, accentBarHeight: Double
    }
    let fonts: Fonts
    let palette: MindfulHomeBrand.Palette
    let swatches: MindfulHomeBrand.Swatches
    let type: TypeSizes
}
