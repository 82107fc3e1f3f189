import Catalog
import ReportKit

/// `templates/reports/curaknot-expenses.json`: the section list, the page and the tables' sizes.
struct ExpensesLayout: Decodable {
    struct Columns: Decodable { let month, date, category, amount, paidBy, payer, reimbursable, receipt, monthly, twelveMonths: Double }
    let sections: [String]
    let page: PageSettings
    let columns: Columns
    let headerHeight, rowHeight, paddingX, paddingY: Double
    /// A table broken across pages leaves at least this many rows at the page's foot and carries
    /// at least `minimumRowsCarried` to the next (spec 40-care-circle.md: never one row).
    let minimumRowsAtFoot, minimumRowsCarried: Int

    static let name = "curaknot-expenses"

    init(templates: TemplateSet) throws {
        let file = templates.reportFile(Self.name)
        self = try templates.decode(ExpensesLayout.self, file: file)
        let c = columns
        let widths = [c.month, c.date, c.category, c.amount, c.paidBy, c.payer, c.reimbursable, c.receipt, c.monthly, c.twelveMonths]
        guard widths.allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw CatalogError.wrongType(file: file, key: "columns", expected: "positive widths")
        }
        guard (2...10).contains(minimumRowsAtFoot), (2...10).contains(minimumRowsCarried) else {
            throw CatalogError.wrongType(file: file, key: "minimumRowsAtFoot", expected: "2 to 10 rows")
        }
    }
}
