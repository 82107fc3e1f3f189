/// The years a timestamp or date in any input may lie in.
///
/// With every instant between 1900 and 2100, any difference of two of them fits comfortably in
/// `Int64` seconds (and in nanoseconds), and any count of days in `Int32`.
public enum InputYears {
    /// 1900 to 2100, by the local date as written.
    public static let valid: ClosedRange<Int> = 1900...2100

    /// Days since 1970-01-01 of the first and the last valid day.
    @usableFromInline static let days: ClosedRange<Int64> =
        Int64(LocalDate.daysFromCivil(year: valid.lowerBound, month: 1, day: 1))...Int64(LocalDate.daysFromCivil(year: valid.upperBound, month: 12, day: 31))
    /// Local seconds since 1970-01-01T00:00 of the first and the last valid second.
    @usableFromInline static let localSeconds: ClosedRange<Int64> = days.lowerBound * 86_400...(days.upperBound * 86_400 + 86_399)

    /// Whether the local date of `t` lies in `valid`.
    @inlinable public static func contains(_ t: Timestamp) -> Bool { localSeconds.contains(t.localSeconds) }

    /// Whether `d` lies in `valid`.
    @inlinable public static func contains(_ d: LocalDate) -> Bool { days.contains(Int64(d.daysSinceEpoch)) }
}
