/// A value axis from 0 to a round top in round steps (1, 2 or 5 × a power of ten), with tick
/// labels that never trap on huge or non-finite values.
public struct NiceScale: Sendable, Hashable {
    public let step: Double
    public let top: Double
    /// Decimals the tick labels need.
    public let decimals: Int

    /// An axis covering `0...max(maxValue, minimumTop)` in about `targetTicks` steps. NaN,
    /// infinite and negative values count as 0; a top of 0 becomes 1.
    public init(maxValue: Double, minimumTop: Double = 1, targetTicks: Int = 5) {
        let finite = [maxValue, minimumTop].filter { $0.isFinite && $0 > 0 }
        let high = min(finite.max() ?? 1, Double.greatestFiniteMagnitude / 16)
        let raw = high / Double(max(1, targetTicks))
        let magnitude = Self.power10(raw)
        let fraction = raw / magnitude
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        var step = nice * magnitude
        if minimumTop >= 1 && step < 1 && high >= 1 { step = 1 }
        self.step = step
        top = (high / step).rounded(.up) * step
        decimals = step >= 1 ? 0 : min(6, Counting.whole(-Self.log10Floor(step)))
    }

    /// The tick values 0, step, … top (at most 50).
    public var ticks: [Double] {
        let n = min(50, Counting.whole((top / step).rounded()))
        return (0...n).map { Double($0) * step }
    }

    /// `value` written with the scale's decimals ("12", "0.5"); very large values in exponent form.
    public func label(_ value: Double) -> String { Self.format(value, decimals: decimals) }

    /// Writes `value` with `decimals` digits after the point, without Foundation.
    public static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        guard abs(value) < 1e15 else { return "\(value)" }
        let d = max(0, min(6, decimals))
        var scale = 1.0
        for _ in 0..<d { scale *= 10 }
        let magnitude = (abs(value) * scale).rounded()
        guard magnitude < 9e18 else { return "\(value)" }
        let scaled = Int64(magnitude)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = scaled / Int64(scale)
        guard d > 0 else { return sign + String(whole) }
        var frac = String(scaled % Int64(scale))
        while frac.count < d { frac = "0" + frac }
        return sign + String(whole) + "." + frac
    }

    private static func log10Floor(_ x: Double) -> Double {
        var e = 0.0, v = x
        while v >= 10 { v /= 10; e += 1 }
        while v < 1 && v > 0 { v *= 10; e -= 1 }
        return e
    }

    private static func power10(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return 1 }
        var p = 1.0
        let e = log10Floor(x)
        if e >= 0 { for _ in 0..<Counting.whole(e) { p *= 10 } } else { for _ in 0..<Counting.whole(-e) { p /= 10 } }
        return p
    }
}
