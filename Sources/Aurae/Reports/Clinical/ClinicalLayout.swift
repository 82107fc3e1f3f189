import Catalog
import ReportKit

/// The clinical report's settings file (`templates/reports/aurae-clinical.json`): its default
/// section list, how many entries page 1 lists, and the spacing and column widths of its
/// sections; read by hand (`ConfigNode`).
struct ClinicalLayout {
    struct Glance {
        /// The most recent calendar months of the range in the monthly table and the calendar.
        let months: Int
        /// The most alerts, medications and preventives page 1 lists (factors: the thresholds'
        /// `factors.pdfTopCount`).
        let alerts, medications, preventives: Int
        /// A name on page 1 is cut to this many characters.
        let nameCharacters: Int
        let labelWidth, titleSize, subheadingSpaceBefore: Double
        /// Width of the alerts' bullet column: an alert's wrapped lines start this far right.
        let alertMarkerWidth: Double
        init(_ n: ConfigNode) throws {
            months = try n.int("months"); alerts = try n.int("alerts"); medications = try n.int("medications")
            preventives = try n.int("preventives"); nameCharacters = try n.int("nameCharacters")
            labelWidth = try n.double("labelWidth", from: 0, to: 300); titleSize = try n.double("titleSize")
            subheadingSpaceBefore = try n.double("subheadingSpaceBefore")
            alertMarkerWidth = try n.double("alertMarkerWidth", from: 0, to: 100)
        }
    }
    struct ClassTable {
        let labelWidth: Double
        init(_ n: ConfigNode) throws { labelWidth = try n.double("labelWidth") }
    }
    struct MedicationTable {
        let nameWidth, classWidth, numberWidth: Double
        init(_ n: ConfigNode) throws {
            nameWidth = try n.double("nameWidth"); classWidth = try n.double("classWidth"); numberWidth = try n.double("numberWidth")
        }
    }
    struct FactorTable {
        let factorWidth, resultWidth: Double
        init(_ n: ConfigNode) throws { factorWidth = try n.double("factorWidth"); resultWidth = try n.double("resultWidth") }
    }
    struct Details {
        let labelWidth, episodeSpaceBefore, fieldPadding: Double
        init(_ n: ConfigNode) throws {
            labelWidth = try n.double("labelWidth"); episodeSpaceBefore = try n.double("episodeSpaceBefore")
            fieldPadding = try n.double("fieldPadding")
        }
    }
    /// Section ids in order, checked against the registered sections when the report loads.
    let sections: [String]
    let sectionSpaceBefore: Double
    /// Text in the report's tables (at least 8 pt), their least row height and the padding above
    /// and below a cell's text, and the fewest rows a page break leaves at a page's foot.
    let tableTextSize, tableRowHeight, tablePaddingY: Double
    let minimumRowsAtBreak: Int
    let glance: Glance
    let classTable: ClassTable
    let medicationTable: MedicationTable
    let factorTable: FactorTable
    /// The free summary's episode table at the report's table size: the fixed column widths.
    let episodeTable: [SummaryLayout.ColumnKey: Double]
    let details: Details

    static let name = "aurae-clinical"

    init(_ n: ConfigNode) throws {
        sections = try n.strings("sections")
        sectionSpaceBefore = try n.double("sectionSpaceBefore")
        tableTextSize = try n.double("tableTextSize"); tableRowHeight = try n.double("tableRowHeight")
        tablePaddingY = try n.double("tablePaddingY")
        minimumRowsAtBreak = try n.int("minimumRowsAtBreak")
        glance = try Glance(n["glance"])
        classTable = try ClassTable(n["classTable"])
        medicationTable = try MedicationTable(n["medicationTable"])
        factorTable = try FactorTable(n["factorTable"])
        var widths: [SummaryLayout.ColumnKey: Double] = [:]
        for (key, width) in try n["episodeTable"].members() {
            guard let column = SummaryLayout.ColumnKey(rawValue: key) else {
                throw width.wrong("a column of the summary's table, not \"\(key)\"")
            }
            widths[column] = try width.double()
        }
        episodeTable = widths
        details = try Details(n["details"])
    }

    /// Loads the layout and checks what the types cannot: a non-empty section list, table text of
    /// at least 8 pt, page 1's counts at least 1 (and at most 3 months).
    static func load(_ templates: TemplateSet) throws -> ClinicalLayout {
        let file = templates.reportFile(name)
        let layout = try ClinicalLayout(templates.node(file: file))
        guard !layout.sections.isEmpty else {
            throw CatalogError.wrongType(file: file, key: "sections", expected: "a non-empty list")
        }
        guard layout.tableTextSize >= 8 && layout.tableTextSize < 100 else {
            throw CatalogError.wrongType(file: file, key: "tableTextSize", expected: "a size of at least 8 pt")
        }
        let g = layout.glance
        for (key, v) in [("alerts", g.alerts), ("medications", g.medications), ("preventives", g.preventives), ("nameCharacters", g.nameCharacters)]
            where !(1...200).contains(v) {
            throw CatalogError.wrongType(file: file, key: "glance." + key, expected: "1 to 200")
        }
        guard (1...3).contains(g.months) else {
            throw CatalogError.wrongType(file: file, key: "glance.months", expected: "1 to 3")
        }
        return layout
    }
}
