import Ingest
import ReportKit

/// What the expense report shows (spec 40-care-circle.md, "Expense report"): the totals over a
/// date range, and for the family tier the projections with any matching cost benchmarks.
public struct ExpenseReport: Sendable {
    /// The care circle the report is about (nil only for an input without expenses and no
    /// `--circle`) and the patients its expenses name.
    public var circleId: String?
    public var patientIds: [String]
    /// The input file names, as the report names its data source.
    public var source: String
    /// The range covered, inclusive; nil only when no expense and no `--from`/`--to` gave one.
    public var range: ClosedRange<LocalDate>?
    public var totals: ExpenseTotals
    /// The family tier's projections; nil for plus.
    public var projections: [ExpenseProjection]?
    public var benchmarks: [CostBenchmark]

    /// The report of one circle's `expenses` from `from` to `to` (each defaulting to the first or
    /// last expense date); `family` adds projections from the 3 full months ending on or before the
    /// range's end. Throws `MoneyOverflow` when a sum does not fit.
    public init(_ expenses: [Expense], circleId: String? = nil, source: String, from: LocalDate?, to: LocalDate?, family: Bool,
                benchmarks: [CostBenchmark], unassigned: String) throws {
        self.circleId = circleId ?? expenses.first?.circleId
        patientIds = Array(Set(expenses.map(\.patientId))).sorted()
        self.source = source
        self.benchmarks = benchmarks
        range = Self.range(from: from, to: to, dates: expenses.map(\.date))
        if let range {
            totals = try ExpenseTotals(expenses, from: range.lowerBound, to: range.upperBound, unassigned: unassigned)
            projections = family ? try ExpenseProjection.projections(expenses, endingOn: range.upperBound) : nil
        } else {
            totals = try ExpenseTotals([], from: LocalDate(daysSinceEpoch: 0), to: LocalDate(daysSinceEpoch: 0), unassigned: unassigned)
            projections = family ? [] : nil
        }
    }

    /// `from` … `to`, a missing end taken from the expense dates, or from the other end when the
    /// expenses do not reach it; nil when neither is given and there are no expenses.
    static func range(from: LocalDate?, to: LocalDate?, dates: [LocalDate]) -> ClosedRange<LocalDate>? {
        guard var start = from ?? dates.min() ?? to, var end = to ?? dates.max() ?? from else { return nil }
        if start > end {
            if to == nil { end = start } else if from == nil { start = end }
        }
        return start <= end ? start...end : nil
    }

    /// Whom the report is for: `name`, else its circle and patients.
    public func recipient(name: String?) -> CareRecipient { CareRecipient(name: name, circleId: circleId, patientIds: patientIds) }

    /// The benchmarks of `projection`'s currency and category, in file order.
    public func benchmarks(for projection: ExpenseProjection) -> [CostBenchmark] {
        benchmarks.filter { $0.currency == projection.currency && $0.category == projection.category }
    }
}
