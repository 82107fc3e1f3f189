import Catalog
import ReportKit

/// `templates/reports/curaknot-patterns.json`: the section list, the page and the spacing of the
/// family-meeting PDF.
struct PatternsLayout: Decodable {
    let sections: [String]
    let page: PageSettings
    let sourceIndent, insightSpacing: Double

    static let name = "curaknot-patterns"

    init(templates: TemplateSet) throws {
        let file = templates.reportFile(Self.name)
        self = try templates.decode(PatternsLayout.self, file: file)
        guard sourceIndent >= 0, insightSpacing >= 0, sourceIndent.isFinite, insightSpacing.isFinite else {
            throw CatalogError.wrongType(file: file, key: "sourceIndent", expected: "non-negative sizes")
        }
    }
}
