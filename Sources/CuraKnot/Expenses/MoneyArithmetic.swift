import ReportKit

/// A sum of money that would not fit in 64 bits of cents.
public struct MoneyOverflow: ReportFailure, CustomStringConvertible {
    /// Amounts whose sum does not fit are invalid input (exit status 1).
    public var kind: FailureKind { .invalidInput }

    public var description: String { "the expense totals are too large to add up exactly" }
}

extension Money {
    /// `self + other`, or `MoneyOverflow` instead of wrapping around.
    public func adding(_ other: Money) throws -> Money {
        let (sum, overflow) = cents.addingReportingOverflow(other.cents)
        if overflow { throw MoneyOverflow() }
        return Money(cents: sum)
    }

    /// `self × factor`, or `MoneyOverflow`.
    public func multiplied(by factor: Int64) throws -> Money {
        let (product, overflow) = cents.multipliedReportingOverflow(by: factor)
        if overflow { throw MoneyOverflow() }
        return Money(cents: product)
    }

    /// `self ÷ divisor` rounded half away from zero to whole minor units of `currency` (cents,
    /// or whole units for a currency without minor units); `divisor` > 0.
    public func divided(by divisor: Int64, currency: String) -> Money {
        let unit: Int64 = CurrencyUnits.decimals(currency) == 0 ? 100 : 1
        let units = cents / unit
        let q = units / divisor, r = units % divisor
        let rounded = r.magnitude * 2 >= divisor.magnitude ? (units < 0 ? q - 1 : q + 1) : q
        return Money(cents: rounded * unit)
    }

    static let zero = Money(cents: 0)
}
