import Catalog
import ReportKit

/// `templates/reports/curaknot-directory.json`: the page and the provider cards' sizes.
struct DirectoryLayout: Decodable {
    struct Card: Decodable { let labelWidth, nameSize, labelSize, valueSize, paddingX, paddingY, spacing: Double }
    let page: PageSettings
    let card: Card

    static let name = "curaknot-directory"
    /// Contact details are read at a hospital desk: never smaller than this (spec 40-care-circle.md).
    static let minimumValueSize = 10.0

    init(templates: TemplateSet) throws {
        let file = templates.reportFile(Self.name)
        self = try templates.decode(DirectoryLayout.self, file: file)
        let c = card
        guard [c.labelWidth, c.nameSize, c.labelSize].allSatisfy({ $0 > 0 && $0.isFinite }),
              [c.paddingX, c.paddingY, c.spacing].allSatisfy({ $0 >= 0 && $0.isFinite }) else {
            throw CatalogError.wrongType(file: file, key: "card", expected: "positive sizes")
        }
        guard c.valueSize >= Self.minimumValueSize, c.valueSize.isFinite else {
            throw CatalogError.wrongType(file: file, key: "card.valueSize", expected: "a size of at least 10 pt")
        }
    }
}
