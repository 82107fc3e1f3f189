import Catalog
import ReportKit

/// `templates/reports/curaknot-directory.json`: the page and the provider table's column widths.
struct DirectoryLayout: Decodable {
    struct Columns: Decodable { let name, organization, phone, email, lastVisit, rating: Double }
    let page: PageSettings
    let columns: Columns
    let addressFlex, notesFlex: Double
    let headerHeight, rowHeight, paddingX, paddingY: Double

    static let name = "curaknot-directory"

    init(templates: TemplateSet) throws {
        let file = templates.reportFile(Self.name)
        self = try templates.decode(DirectoryLayout.self, file: file)
        let widths = [columns.name, columns.organization, columns.phone, columns.email, columns.lastVisit, columns.rating]
        guard widths.allSatisfy({ $0 > 0 && $0.isFinite }), addressFlex > 0, notesFlex > 0 else {
            throw CatalogError.wrongType(file: file, key: "columns", expected: "positive widths and flexes")
        }
    }
}
