import Ingest
import ReportKit

/// The itemised expenses as CSV: the expense columns of 10-data-formats.md (so the file reads back
/// with `care ingest`), one row per expense in the range by date then id, written by the one CSV
/// writer (`CSVWriter`: CRLF line ends, text neutralised against spreadsheet formula injection,
/// the same fields the expense reader reads as text; amounts stay numbers).
enum ExpensesCSV {
    static let fields: [ExpenseField] = [.id, .circleId, .patientId, .date, .category, .description, .amount, .currency,
                                         .paidBy, .reimbursable, .receipt]

    static func text(_ r: ExpenseReport) -> String {
        var csv = CSVWriter(columns: fields.map(\.csvName))
        for e in r.totals.items { csv.append(fields) { e.value(of: $0) } }
        return csv.text
    }
}

extension Expense {
    /// The value of `field` as the CSV writes it (nil when unknown).
    func value(of field: ExpenseField) -> String? {
        switch field {
        case .id: return id
        case .circleId: return circleId
        case .patientId: return patientId
        case .date: return date.description
        case .category: return category.rawValue
        case .description: return description
        case .amount: return CurrencyUnits.text(amount, currency)
        case .currency: return currency
        case .paidBy: return paidBy
        case .reimbursable: return reimbursable.map { $0 ? "true" : "false" }
        case .receipt: return receipt
        }
    }
}
