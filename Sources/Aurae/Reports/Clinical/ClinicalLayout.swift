import Catalog
import ReportKit

/// The clinical report's settings file (`templates/reports/aurae-clinical.json`): its default
/// section list and the spacing and column widths of its own sections; and how many factors a
/// PDF lists (`factors.pdfTopCount` in the thresholds file).
struct ClinicalLayout: Decodable {
    struct Overview: Decodable { let figureWidth, rowHeight: Double }
    struct ClassTable: Decodable { let labelWidth, rowHeight: Double }
    struct Details: Decodable { let indent, episodeSpaceBefore, fieldSpaceAfter: Double }
    /// Section ids in order, checked against the registered sections when the report loads.
    let sections: [String]
    let sectionSpaceBefore: Double
    let overview: Overview
    let classTable: ClassTable
    let details: Details

    static let name = "aurae-clinical"

    /// Loads the layout and checks it with the top count of `thresholds` (decoded from the
    /// thresholds file): an empty section list or a top count below 1 names its file.
    static func load(_ templates: TemplateSet, thresholds: Thresholds) throws -> (layout: ClinicalLayout, topFactors: Int) {
        let file = templates.reportFile(name)
        let layout = try templates.decode(ClinicalLayout.self, file: file)
        guard !layout.sections.isEmpty else {
            throw CatalogError.wrongType(file: file, key: "sections", expected: "a non-empty list")
        }
        let top = thresholds.factors.pdfTopCount
        guard top >= 1 else {
            throw CatalogError.wrongType(file: templates.thresholdsFile, key: "factors.pdfTopCount", expected: "at least 1")
        }
        return (layout, top)
    }
}
