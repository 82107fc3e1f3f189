import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import Quoting

/// The expense report's totals over a date range (spec 40-care-circle.md, "Expense report"): by
/// month × category, by year, by payer and reimbursable vs not, each per currency and never summed
/// across currencies. Rows are sorted by currency, then the other keys (categories in the order of
/// 10-data-formats.md).
public struct ExpenseTotals: Equatable, Sendable {
    public struct MonthCategory: Equatable, Sendable {
        public var currency: String, month: ExpenseMonth, category: ExpenseCategory, amount: Money, count: Int
    }
    public struct Year: Equatable, Sendable {
        public var currency: String, year: Int, amount: Money
    }
    public struct Payer: Equatable, Sendable {
        /// The payer's name, or the unassigned label for expenses without `paidBy`.
        public var currency: String, paidBy: String, amount: Money
    }
    public struct Reimbursable: Equatable, Sendable {
        public var currency: String, reimbursable: Money, notReimbursable: Money
    }

    /// The expenses inside the range, by date then id: the itemised list.
    public var items: [Expense]
    public var byMonthAndCategory: [MonthCategory]
    public var byYear: [Year]
    public var byPayer: [Payer]
    public var reimbursable: [Reimbursable]

    /// The totals of the expenses dated `from` … `to`, both inclusive; expenses without a payer
    /// count under `unassigned`. Throws `MoneyOverflow` when a sum does not fit.
    public init(_ expenses: [Expense], from: LocalDate, to: LocalDate, unassigned: String) throws {
        items = expenses.filter { $0.date >= from && $0.date <= to }
            .sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        var cells: [MonthCategoryKey: (Money, Int)] = [:]
        var years: [YearKey: Money] = [:]
        var payers: [PayerKey: Money] = [:]
        var refunds: [String: (Money, Money)] = [:]
        for e in items {
            let cell = MonthCategoryKey(currency: e.currency, month: ExpenseMonth(e.date), category: e.category)
            let old = cells[cell] ?? (.zero, 0)
            cells[cell] = (try old.0.adding(e.amount), old.1 + 1)
            let year = YearKey(currency: e.currency, year: ExpenseMonth(e.date).year)
            years[year] = try (years[year] ?? .zero).adding(e.amount)
            let payer = PayerKey(currency: e.currency, paidBy: Self.payer(e) ?? unassigned)
            payers[payer] = try (payers[payer] ?? .zero).adding(e.amount)
            var split = refunds[e.currency] ?? (.zero, .zero)
            if e.reimbursable == true { split.0 = try split.0.adding(e.amount) } else { split.1 = try split.1.adding(e.amount) }
            refunds[e.currency] = split
        }
        byMonthAndCategory = cells.keys.sorted().compactMap { k in
            cells[k].map { MonthCategory(currency: k.currency, month: k.month, category: k.category, amount: $0.0, count: $0.1) }
        }
        byYear = years.keys.sorted().compactMap { k in years[k].map { Year(currency: k.currency, year: k.year, amount: $0) } }
        byPayer = payers.keys.sorted().compactMap { k in payers[k].map { Payer(currency: k.currency, paidBy: k.paidBy, amount: $0) } }
        reimbursable = refunds.keys.sorted().compactMap { c in
            refunds[c].map { Reimbursable(currency: c, reimbursable: $0.0, notReimbursable: $0.1) }
        }
    }

    /// The currencies of the range, sorted.
    public var currencies: [String] { reimbursable.map(\.currency) }

    /// The payer of `e`: its trimmed `paidBy`, nil when it has none.
    public static func payer(_ e: Expense) -> String? {
        guard let name = e.paidBy?.trimmed(.spacesAndNewlines), !name.isEmpty else { return nil }
        return name
    }
}

private struct MonthCategoryKey: Hashable, Comparable {
    let currency: String, month: ExpenseMonth, category: ExpenseCategory
    static func < (a: Self, b: Self) -> Bool {
        (a.currency, a.month.year, a.month.month, a.category.order) < (b.currency, b.month.year, b.month.month, b.category.order)
    }
}

private struct YearKey: Hashable, Comparable {
    let currency: String, year: Int
    static func < (a: Self, b: Self) -> Bool { (a.currency, a.year) < (b.currency, b.year) }
}

private struct PayerKey: Hashable, Comparable {
    let currency: String, paidBy: String
    static func < (a: Self, b: Self) -> Bool { (a.currency, a.paidBy) < (b.currency, b.paidBy) }
}

extension ExpenseCategory {
    /// The category's place in the order of 10-data-formats.md.
    public var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
