import Ingest

/// The family tier's 12-month projection of one currency and category (spec 40-care-circle.md):
/// the trailing 3 full months averaged, rounded half away from zero to minor units, times 12.
public struct ExpenseProjection: Equatable, Sendable {
    public var currency: String
    public var category: ExpenseCategory
    public var monthlyAmount: Money
    public var twelveMonthTotal: Money

    /// The months averaged for a report ending on `to`: the 3 full calendar months ending on or
    /// before `to` (its own month counts only when `to` is that month's last day).
    public static func basis(endingOn to: LocalDate) -> ClosedRange<ExpenseMonth> {
        let month = ExpenseMonth(to)
        let last = month.lastDay == to ? month : month.before(1)
        return last.before(2)...last
    }

    /// One projection per currency and category with expenses in the basis months, sorted by
    /// currency then category. Throws `MoneyOverflow` when a sum does not fit.
    public static func projections(_ expenses: [Expense], endingOn to: LocalDate) throws -> [ExpenseProjection] {
        let months = basis(endingOn: to)
        var sums: [String: [ExpenseCategory: Money]] = [:]
        for e in expenses where months.contains(ExpenseMonth(e.date)) {
            sums[e.currency, default: [:]][e.category] = try (sums[e.currency]?[e.category] ?? .zero).adding(e.amount)
        }
        var result: [ExpenseProjection] = []
        for currency in sums.keys.sorted() {
            for category in ExpenseCategory.allCases {
                guard let sum = sums[currency]?[category] else { continue }
                let monthly = sum.divided(by: 3, currency: currency)
                result.append(ExpenseProjection(currency: currency, category: category, monthlyAmount: monthly,
                                                twelveMonthTotal: try monthly.multiplied(by: 12)))
            }
        }
        return result
    }
}
