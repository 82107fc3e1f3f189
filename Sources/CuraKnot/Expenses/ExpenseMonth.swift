import Ingest

/// A calendar month, e.g. 2026-03, ordered by time.
public struct ExpenseMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init(year: Int, month: Int) { self.year = year; self.month = month }

    public init(_ date: LocalDate) {
        let c = date.components
        self.init(year: c.year, month: c.month)
    }

    /// The month `n` months before this one.
    public func before(_ n: Int) -> ExpenseMonth {
        let index = year * 12 + (month - 1) - n
        return ExpenseMonth(year: index / 12, month: index % 12 + 1)
    }

    /// The month's last day.
    public var lastDay: LocalDate? {
        LocalDate(year: year, month: month, day: LocalDate.daysInMonth(year: year, month: month))
    }

    /// `2026-03`.
    public var description: String { "\(year)-" + zeroPadded(month, 2) }

    public static func < (a: ExpenseMonth, b: ExpenseMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }
}
