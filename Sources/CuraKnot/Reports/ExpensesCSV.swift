import ReportKit


/// The itemised expenses as CSV: the expense columns of 10-data-formats.md (so the file reads back
/// with `care ingest`), one row per expense in the range by date then id, CRLF line ends, text
/// neutralised against spreadsheet formula injection.
enum ExpensesCSV {
    static let columns = ["id", "circle_id", "patient_id", "date", "category", "description", "amount", "currency",
                          "paid_by", "reimbursable", "receipt"]

    static func text(_ r: ExpenseReport) -> String {
        var lines = [columns.joined(separator: ",")]
        for e in r.totals.items {
            let reimbursable = e.reimbursable.map { $0 ? "true" : "false" } ?? ""
            let fields = [DirectoryCSV.field(e.id), DirectoryCSV.field(e.circleId), DirectoryCSV.field(e.patientId),
                          e.date.description, e.category.rawValue, DirectoryCSV.field(e.description),
                          CurrencyUnits.text(e.amount, e.currency), e.currency, DirectoryCSV.field(e.paidBy), reimbursable,
                          DirectoryCSV.field(e.receipt)]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
