import Ingest

/// Calendar arithmetic on record values that never traps: any `Timestamp` or `LocalDate` a record
/// can hold (epoch seconds at `Int64.min`/`max`, any `Int32` offset or day number) gives a value.
///
/// For every timestamp a reader accepts (years 1–9999, offsets within ±18:00) the results equal
/// `Timestamp.localDate`, `localMinuteOfDay` and `LocalDate.adding(days:)`; beyond that they
/// saturate: local seconds at the ends of `Int64`, day numbers at the ends of `Int32`.
extension Timestamp {
    /// Local wall-clock seconds since the epoch, saturated at the ends of `Int64`.
    @inlinable public var saturatedLocalSeconds: Int64 {
        let (s, overflow) = epochSeconds.addingReportingOverflow(Int64(offsetSeconds))
        if !overflow { return s }
        return offsetSeconds < 0 ? .min : .max
    }

    /// The local calendar date in the written offset, saturated at the ends of `LocalDate`.
    @inlinable public var saturatedLocalDate: LocalDate {
        let s = saturatedLocalSeconds
        let q = s / 86_400
        let day = s % 86_400 < 0 ? q - 1 : q
        return LocalDate(daysSinceEpoch: Int32(clamping: day))
    }

    /// Minutes since local midnight, 0...1439.
    @inlinable public var saturatedMinuteOfDay: Int {
        let r = saturatedLocalSeconds % 86_400
        return Int((r < 0 ? r + 86_400 : r) / 60)
    }
}

extension LocalDate {
    /// The date `days` later (earlier when negative), saturated at the ends of `LocalDate`.
    @inlinable public func saturatedAdding(days: Int) -> LocalDate {
        let (d, overflow) = Int(daysSinceEpoch).addingReportingOverflow(days)
        if overflow { return LocalDate(daysSinceEpoch: days < 0 ? .min : .max) }
        return LocalDate(daysSinceEpoch: Int32(clamping: d))
    }
}

/// Nanoseconds from `a` to `b` (negative when `b` is earlier), exact for every pair of timestamps.
@inlinable public func elapsedNanoseconds(from a: Timestamp, to b: Timestamp) -> Int128 {
    (Int128(b.epochSeconds) - Int128(a.epochSeconds)) * 1_000_000_000 + Int128(b.nanoseconds) - Int128(a.nanoseconds)
}

extension Timestamp {
    /// ISO 8601 in the written offset, as `description` writes it, from the saturated local time.
    public var saturatedDescription: String {
        let m = saturatedMinuteOfDay, r = saturatedLocalSeconds % 60
        var s = saturatedLocalDate.description + "T" + zeroPadded(m / 60, 2) + ":" + zeroPadded(m % 60, 2) + ":"
            + zeroPadded(Int(r < 0 ? r + 60 : r), 2)
        if nanoseconds != 0 {
            var frac = zeroPadded(Int(nanoseconds), 9)
            while frac.hasSuffix("0") { frac.removeLast() }
            s += "." + frac
        }
        if offsetSeconds == 0 { return s + "Z" }
        let o = abs(Int(offsetSeconds)) / 60
        return s + (offsetSeconds < 0 ? "-" : "+") + zeroPadded(o / 60, 2) + ":" + zeroPadded(o % 60, 2)
    }
}
