import Catalog
import ReportKit

/// `templates/reports/mindfulhome-ledger.json`: the page and the ledger tables' columns.
struct LedgerLayout: Decodable {
    let page: PageSettings
    let kindWidth, peanutsWidth: Double
    let headerHeight, rowHeight, paddingX, paddingY: Double

    static let name = "mindfulhome-ledger"

    init(templates: TemplateSet) throws {
        let file = templates.reportFile(Self.name)
        self = try templates.decode(LedgerLayout.self, file: file)
        guard [kindWidth, peanutsWidth].allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw CatalogError.wrongType(file: file, key: "kindWidth/peanutsWidth", expected: "positive widths")
        }
    }
}
