/// A calendar date with no time zone: the local date of an event in its own UTC offset.
///
/// Stored as days since 1970-01-01 so that comparisons and differences are integer arithmetic.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let daysSinceEpoch: Int32

    public init(daysSinceEpoch: Int32) { self.daysSinceEpoch = daysSinceEpoch }

    /// Creates a date from its civil components; `nil` when they do not name a real day.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LocalDate.daysInMonth(year: year, month: month)).contains(day) else { return nil }
        daysSinceEpoch = Int32(LocalDate.daysFromCivil(year: year, month: month, day: day))
    }

    /// Parses `YYYY-MM-DD` exactly.
    public init?(iso text: Substring) {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-"),
              let y = LocalDate.digits(u, 0, 4), let m = LocalDate.digits(u, 5, 2),
              let d = LocalDate.digits(u, 8, 2) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public init?(iso text: String) { self.init(iso: Substring(text)) }

    public var components: (year: Int, month: Int, day: Int) {
        LocalDate.civilFromDays(Int(daysSinceEpoch))
    }

    /// ISO weekday: 1 = Monday ... 7 = Sunday.
    public var isoWeekday: Int {
        let z = Int(daysSinceEpoch)  // 1970-01-01 was a Thursday (4)
        return ((z % 7 + 7) % 7 + 3) % 7 + 1
    }

    /// The date `days` later (earlier when negative), clamped to the representable dates.
    public func adding(days: Int) -> LocalDate {
        let (sum, overflow) = Int(daysSinceEpoch).addingReportingOverflow(days)
        return LocalDate(daysSinceEpoch: Int32(clamping: overflow ? (days > 0 ? Int.max : Int.min) : sum))
    }

    public static func - (lhs: LocalDate, rhs: LocalDate) -> Int { Int(lhs.daysSinceEpoch) - Int(rhs.daysSinceEpoch) }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }

    /// `YYYY-MM-DD`.
    public var description: String {
        let c = components
        return zeroPadded(c.year, 4) + "-" + zeroPadded(c.month, 2) + "-" + zeroPadded(c.day, 2)
    }

    public static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's days_from_civil.
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func digits(_ u: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var v = 0
        for i in start..<(start + count) {
            let c = u[i]
            guard c >= 48 && c <= 57 else { return nil }
            v = v * 10 + Int(c - 48)
        }
        return v
    }
}

/// An instant with the UTC offset it was written in. Local dates and times of day are taken in
/// that offset (the user's local time at the event), never in the machine's time zone.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let epochSeconds: Int64
    /// Fractional second in nanoseconds (0 when none was written).
    public let nanoseconds: Int32
    /// The written UTC offset in seconds (east positive).
    public let offsetSeconds: Int32

    public init(epochSeconds: Int64, nanoseconds: Int32 = 0, offsetSeconds: Int32) {
        self.epochSeconds = epochSeconds
        self.nanoseconds = nanoseconds
        self.offsetSeconds = offsetSeconds
    }

    /// Seconds since the epoch of the local wall-clock time (clamped at the ends of `Int64`).
    @inlinable public var localSeconds: Int64 {
        let (sum, overflow) = epochSeconds.addingReportingOverflow(Int64(offsetSeconds))
        return overflow ? (offsetSeconds > 0 ? .max : .min) : sum
    }

    /// The local calendar date in the written offset (clamped to the representable dates).
    public var localDate: LocalDate {
        let s = localSeconds
        let d = s >= 0 ? s / 86400 : s / 86400 - (s % 86400 == 0 ? 0 : 1)
        return LocalDate(daysSinceEpoch: Int32(clamping: d))
    }

    /// Minutes since local midnight, 0...1439.
    public var localMinuteOfDay: Int {
        let s = localSeconds
        let r = ((s % 86400) + 86400) % 86400
        return Int(r / 60)
    }

    /// Orders by instant, then by offset, so that sorting is total.
    public static func < (a: Timestamp, b: Timestamp) -> Bool {
        if a.epochSeconds != b.epochSeconds { return a.epochSeconds < b.epochSeconds }
        if a.nanoseconds != b.nanoseconds { return a.nanoseconds < b.nanoseconds }
        return a.offsetSeconds < b.offsetSeconds
    }

    /// ISO 8601 in the written offset, e.g. `2026-02-18T14:34:00+01:00` (`Z` for a zero offset,
    /// `-00:44:30` for one with seconds).
    public var description: String {
        let date = localDate
        let m = localMinuteOfDay
        let sec = Int(((localSeconds % 60) + 60) % 60)
        var s = date.description + "T" + zeroPadded(m / 60, 2) + ":" + zeroPadded(m % 60, 2) + ":" + zeroPadded(sec, 2)
        if nanoseconds != 0 {
            var frac = zeroPadded(Int(nanoseconds), 9)
            while frac.hasSuffix("0") { frac.removeLast() }
            s += "." + frac
        }
        if offsetSeconds == 0 { return s + "Z" }
        // ±hh:mm, and ±hh:mm:ss for an offset with seconds (local mean times before about 1972).
        let o = abs(Int(offsetSeconds))
        s += (offsetSeconds < 0 ? "-" : "+") + zeroPadded(o / 3600, 2) + ":" + zeroPadded(o / 60 % 60, 2)
        return o % 60 == 0 ? s : s + ":" + zeroPadded(o % 60, 2)
    }

    /// The same instant written in UTC (`Z`).
    public var utc: Timestamp { Timestamp(epochSeconds: epochSeconds, nanoseconds: nanoseconds, offsetSeconds: 0) }

    /// Whether this instant is before `other`'s, whatever offsets they are written in.
    public func isEarlierInstant(than other: Timestamp) -> Bool {
        (epochSeconds, nanoseconds) < (other.epochSeconds, other.nanoseconds)
    }
}

/// `v` in decimal, left-padded with zeros to `width` digits: `zeroPadded(3, 2)` is "03".
@inlinable public func zeroPadded(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
