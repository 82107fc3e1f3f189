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

    /// The report of one circle's `expenses` (see `ExpenseReport.init`), expenses without a payer
    /// under the approved "Unassigned".
    public func report(_ expenses: [Expense], circleId: String? = nil, source: String, from: LocalDate?, to: LocalDate?, family: Bool,
                       benchmarks: [CostBenchmark]) throws -> ExpenseReport {
        try ExpenseReport(expenses, circleId: circleId, source: source, from: from, to: to, family: family, benchmarks: benchmarks,
                          unassigned: try document.wording.render(document.wording.keys.unassigned))
    }

    /// One report per care circle of `expenses` that `circle` selects (all of them, in id order,
    /// or the one chosen); with `single` (a file, or a recipient's name) exactly one, else a usage
    /// error listing the circles. Each circle's totals, range and projections are its own.
    public func reports(_ expenses: [Expense], circle: String?, single: Bool, source: String, from: LocalDate?, to: LocalDate?,
                        family: Bool, benchmarks: [CostBenchmark]) throws -> [ExpenseReport] {
        try CareScope(circle: circle).circles(expenses, of: \.circleId, records: "expenses", single: single).map {
            try report($0.records, circleId: $0.circleId, source: source, from: from, to: to, family: family, benchmarks: benchmarks)
        }
    }

    /// The totals as text for people, per circle.
    public func text(_ reports: [ExpenseReport]) throws -> String {
        try reports.map { try ExpensesText.text($0, document.wording, format: document.format) }.joined(separator: "\n")
    }

    /// The totals as text for people.
    public func text(_ report: ExpenseReport) throws -> String { try text([report]) }

    /// The JSON contract of one circle (with its `circleId`), or `{"circles": [...]}` of several.
    public func json(_ reports: [ExpenseReport]) -> JSONOutput {
        reports.count == 1 ? ExpensesJSON.output(reports[0]) : .object([("circles", .array(reports.map(ExpensesJSON.output)))])
    }

    /// The JSON contract of one circle.
    public func json(_ report: ExpenseReport) -> JSONOutput { json([report]) }

    /// The PDF document (everything before layout).
    public func pdfDocument(_ report: ExpenseReport, recipientName: String? = nil, run: RunInfo) throws -> Document {
        try document.document(report, recipientName: recipientName, run: run)
    }

    /// The tiers a request needs, in the order they are checked: the report needs plus, its
    /// files (`-o`) and the projections with benchmarks need family.
    public static func gates(file: Bool, benchmarks: Bool) -> [TierGate<CareTier>] {
        [CareGates.expenses] + (file ? [CareGates.expenseFiles] : []) + (benchmarks ? [CareGates.projections] : [])
    }

    /// Writes `report` as `format` to the context's output, whole or not at all; returns the PDF's
    /// page count (nil for CSV).
    @discardableResult
    public func write(_ report: ExpenseReport, format: ExpensesFormat, recipientName: String? = nil,
                      in context: ReportContext) throws -> Int? {
        switch format {
        case .csv:
            try context.writeText(ExpensesCSV.text(report))
            return nil
        case .pdf:
            return try context.writePDF(try pdfDocument(report, recipientName: recipientName, run: context.run))
        }
    }
}
