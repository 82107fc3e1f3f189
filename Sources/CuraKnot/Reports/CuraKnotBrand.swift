import Catalog
import Render
import ReportKit

/// The CuraKnot brand settings from `templates/brand/curaknot.json`, as render styles and colours.
public struct CuraKnotBrand: Sendable {
    /// `palette.<name>` in the brand file, one property per key.
    public struct Palette: Decodable, Sendable {
        public var textPrimary, textSecondary, caption, accentBar: Color
        public var tableHeaderFill, tableHeaderText, zebra, rule: Color
    }
    public let palette: Palette
    public let bodyFamily: String
    public let headingFamily: String
    public let wordmarkSize, titleSize, headingSize, bodySize, captionSize, tableSize, footerSize: Double
    public let accentBarHeight: Double

    /// Loads the brand of `templates` (its app must be `curaknot`); every colour must parse (as it is decoded).
    public init(templates: TemplateSet) throws {
        let b = try templates.decode(CuraKnotBrandFile.self, file: templates.brandFile)
        palette = b.palette
        bodyFamily = b.fonts.body
        headingFamily = b.fonts.heading
        wordmarkSize = b.type.wordmarkSize
        titleSize = b.type.titleSize
        headingSize = b.type.headingSize
        bodySize = b.type.bodySize
        captionSize = b.type.captionSize
        tableSize = b.type.tableSize
        footerSize = b.type.footerSize
        accentBarHeight = b.type.accentBarHeight
    }

    /// A table in the brand's table style: semibold header on the header fill, zebra rows; long
    /// text wraps and a row never splits across pages; the first `rowHeaders` cells of a row
    /// label it.
    public func table(name: String, columns: [TableColumn], header: [String], rows: [TableRow],
                      padding: EdgeInsets, headerHeight: Double, rowHeight: Double, rowHeaders: Int = 1) -> Table {
        Table(
            name: name, columns: columns, header: header, rows: rows,
            headerStyle: style(\.bodyFamily, tableSize, .semibold, palette.tableHeaderText),
            bodyStyle: style(\.bodyFamily, tableSize, .regular, palette.textPrimary),
            headerFill: palette.tableHeaderFill, zebraFill: palette.zebra, cellPadding: padding,
            minHeaderHeight: headerHeight, minRowHeight: rowHeight, spaceAfter: 8, rowSplitting: .truncatingCells,
            rowHeaderColumns: rowHeaders)
    }

    /// A text style in the body or heading family.
    public func style(_ family: KeyPath<CuraKnotBrand, String>, _ size: Double, _ weight: FontWeight = .regular,
                      _ color: Color) -> TextStyle {
        TextStyle(font: FontSpec(family: self[keyPath: family], weight: weight, size: size), color: color)
    }
}

/// `templates/brand/curaknot.json`.
struct CuraKnotBrandFile: Decodable {
    struct Fonts: Decodable { let body, heading: String }
    struct TypeSizes: Decodable {
        let wordmarkSize, titleSize, headingSize, bodySize, captionSize, tableSize, footerSize, accentBarHeight: Double
    }
    let fonts: Fonts
    let palette: CuraKnotBrand.Palette
    let type: TypeSizes
}
