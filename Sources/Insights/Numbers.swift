import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Exact rounding and number formatting for the JSON contract: half away from zero, applied once
/// to the exact value (a rational `num/den`).
public enum Rounding {
    /// `num/den` rounded half away from zero to `places` decimals, as the scaled integer;
    /// saturated at the ends of `Int128` when it does not fit, and 0 when `den` is 0.
    static func scaled(_ num: Int128, _ den: Int128, places: Int) -> Int128 {
        guard den != 0 else { return 0 }
        let negative = (num < 0) != (den < 0)
        let n = num.magnitude, d = den.magnitude
        var p: UInt128 = 1
        for _ in 0..<max(0, places) { p = p.multipliedReportingOverflow(by: 10).partialValue }
        // n/d·p = q·p + r·p/d, with r·p/d rounded half up (up when twice its remainder reaches d).
        let q = n / d, r = n % d
        let whole = q.multipliedReportingOverflow(by: p)
        let rp = r.multipliedReportingOverflow(by: p)
        let fraction: UInt128
        if !rp.overflow {
            let fq = rp.partialValue / d, fr = rp.partialValue % d
            fraction = fq + (fr >= d - fr ? 1 : 0)
        } else {
            // Only for denominators beyond about 10^34: the nearest value through floating point.
            fraction = UInt128((Double(r) / Double(d) * Double(p)).rounded(.toNearestOrAwayFromZero))
        }
        let sum = whole.partialValue.addingReportingOverflow(fraction)
        let limit = UInt128(Int128.max)
        guard !whole.overflow, !sum.overflow, sum.partialValue <= limit else { return negative ? -Int128.max : .max }
        return negative ? -Int128(sum.partialValue) : Int128(sum.partialValue)
    }

    /// Decimal text of `num/den` rounded to `places` decimals, trailing zeros dropped but one kept
    /// ("0.778", "3.7", "1.0", "-0.25").
    public static func text(_ num: Int128, _ den: Int128, places: Int) -> String {
        format(scaled: scaled(num, den, places: places), places: places)
    }

    /// `x` rounded half away from zero to `places` decimals (for values that are not rationals,
    /// such as p-values); beyond `Int128` saturated, NaN as 0.
    public static func text(_ x: Double, places: Int) -> String {
        let s = (x * pow(10, Double(places))).rounded(.toNearestOrAwayFromZero)
        return format(scaled: Int128(exactly: s) ?? (s.isNaN ? 0 : s < 0 ? -Int128.max : .max), places: places)
    }

    static func format(scaled v: Int128, places: Int) -> String {
        let neg = v < 0
        var digits = String(v.magnitude)
        if places > 0 {
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            let cut = digits.index(digits.endIndex, offsetBy: -places)
            var frac = String(digits[cut...])
            while frac.count > 1 && frac.hasSuffix("0") { frac.removeLast() }
            digits = String(digits[..<cut]) + "." + frac
        }
        return (neg && v != 0 ? "-" : "") + digits
    }
}

/// A number already rounded for display: its exact decimal text and that value as a Double.
public struct RoundedNumber: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    public var value: Double { Double(text) ?? .nan }
    public var description: String { text }
    public init(_ num: Int128, _ den: Int128, places: Int) { text = Rounding.text(num, den, places: places) }
    public init(_ x: Double, places: Int) { text = Rounding.text(x, places: places) }
}

/// Exact-enough tests for the fair comparison.
public enum Statistics {
    static func logChoose(_ n: Int, _ k: Int) -> Double {
        lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
    }

    /// One-sided Fisher exact test ("greater": odds ratio > 1) for the table [[a, b], [c, d]]:
    /// P(X ≥ a) for X hypergeometric with the table's margins, summed in log space.
    public static func fisherGreater(a: Int, b: Int, c: Int, d: Int) -> Double {
        let r1 = a + b, c1 = a + c, n = a + b + c + d
        let hi = min(r1, c1)
        if a > hi { return 0 }
        let lo = max(0, r1 - (n - c1))
        if a <= lo { return 1 }
        let denom = logChoose(n, r1)
        var terms: [Double] = []
        terms.reserveCapacity(hi - a + 1)
        for x in a...hi { terms.append(logChoose(c1, x) + logChoose(n - c1, r1 - x) - denom) }
        guard let m = terms.max() else { return 1 }
        var s = 0.0
        for t in terms { s += exp(t - m) }
        return min(1, exp(m + log(s)))
    }

    /// Benjamini–Hochberg adjusted values, in the input order. Ties in p keep input order.
    public static func benjaminiHochberg(_ p: [Double]) -> [Double] {
        let m = p.count
        if m == 0 { return [] }
        let order = p.indices.sorted { p[$0] != p[$1] ? p[$0] < p[$1] : $0 < $1 }
        var q = [Double](repeating: 1, count: m)
        var running = 1.0
        for rank in stride(from: m, through: 1, by: -1) {
            let i = order[rank - 1]
            running = min(running, p[i] * Double(m) / Double(rank))
            q[i] = min(1, running)
        }
        return q
    }
}
