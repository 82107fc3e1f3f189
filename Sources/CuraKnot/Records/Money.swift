import Ingest

/// An exact amount of money in hundredths of a currency unit (never a binary float).
public struct Money: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let cents: Int64

    public init(cents: Int64) { self.cents = cents }

    /// Parses `123`, `123.4` or `123.45` (at most two decimals, at most 13 integer digits, an
    /// optional leading minus); `nil` for anything else.
    public init?(text bytes: UnsafeRawBufferPointer) {
        var i = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { i = 1 }
        var whole: Int64 = 0, digits = 0
        while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
            whole = whole * 10 + Int64(bytes[i] - 48); digits += 1; i += 1
            if digits > 13 { return nil }
        }
        guard digits > 0 else { return nil }
        var fraction: Int64 = 0, decimals = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57, decimals < 2 {
                fraction = fraction * 10 + Int64(bytes[i] - 48); decimals += 1; i += 1
            }
            guard decimals > 0 else { return nil }
        }
        guard i == bytes.count else { return nil }
        if decimals == 1 { fraction *= 10 }
        let value = whole * 100 + fraction
        cents = negative ? -value : value
    }

    /// The amount with two decimals, e.g. `1234.50`.
    public var description: String {
        let magnitude = cents.magnitude
        return (cents < 0 ? "-" : "") + "\(magnitude / 100)." + zeroPadded(Int(magnitude % 100), 2)
    }

    public static func < (a: Money, b: Money) -> Bool { a.cents < b.cents }
}
