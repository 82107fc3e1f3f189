import Catalog
import Ingest
import Render
import ReportKit

/// The export formats of the expense report, told by the output file's extension.
public enum ExpensesFormat: String, CaseIterable, Sendable {
    case pdf, csv

    /// The format for `path`'s extension (case-insensitive), or nil.
    public init?(path: String) {
        guard let format = DirectoryFormat(path: path), let mine = Self(rawValue: format.rawValue) else { return nil }
        self = mine
    }
}

/// Runs the expense report: totals as text or JSON, or the family tier's PDF or CSV written
/// atomically.
public struct ExpensesJob {
    let document: ExpensesDocument

    public init(templates: TemplateSet) throws { document = try ExpensesDocument(templates: templates) }

    /// The report of `expenses` (see `ExpenseReport.init`), expenses without a payer under the
    /// approved "Unassigned".
    public func report(_ expenses: [Expense], source: String, from: LocalDate?, to: LocalDate?, family: Bool,
                       benchmarks: [CostBenchmark]) throws -> ExpenseReport {
        try ExpenseReport(expenses, source: source, from: from, to: to, family: family, benchmarks: benchmarks,
                          unassigned: try document.wording.render(document.wording.keys.unassigned))
    }

    /// The totals as text for people.
    public func text(_ report: ExpenseReport) throws -> String { try ExpensesText.text(report, document.wording) }

    /// The JSON contract.
    public func json(_ report: ExpenseReport) -> JSONOutput { ExpensesJSON.output(report) }

    /// The PDF document (everything before layout).
    public func pdfDocument(_ report: ExpenseReport, run: RunInfo) throws -> Document { try document.document(report, run: run) }

    /// The tiers a request needs, in the order they are checked: the report needs plus, its
    /// files (`-o`) and the projections with benchmarks need family.
    public static func gates(file: Bool, benchmarks: Bool) -> [TierGate<CareTier>] {
        [CareGates.expenses] + (file ? [CareGates.expenseFiles] : []) + (benchmarks ? [CareGates.projections] : [])
    }

    /// Writes `report` as `format` to the context's output, whole or not at all; returns the PDF's
    /// page count (nil for CSV).
    @discardableResult
    public func write(_ report: ExpenseReport, format: ExpensesFormat, in context: ReportContext) throws -> Int? {
        switch format {
        case .csv:
            try context.writeText(ExpensesCSV.text(report))
            return nil
        case .pdf:
            return try context.writePDF(try pdfDocument(report, run: context.run))
        }
    }
}
