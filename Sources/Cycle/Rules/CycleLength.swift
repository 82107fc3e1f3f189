import Ingest

/// A user's average cycle length and where it came from.
public struct CycleLength: Equatable, Sendable {
    /// Days from one start to the next.
    public var days: Int
    /// True when no gap was plausible and the default was used.
    public var isDefault: Bool
    /// The gaps averaged, oldest first.
    public var gaps: [Int]

    public init(days: Int, isDefault: Bool, gaps: [Int]) { self.days = days; self.isDefault = isDefault; self.gaps = gaps }

    /// The length of a cycle with these start dates: the day gaps between consecutive distinct
    /// dates; the average of the last `gapsAveraged` gaps within the plausible bounds, rounded half
    /// away from zero; the default when none is. A date logged twice counts once.
    public init(starts: [LocalDate], settings: CycleSettings) {
        let dates = Array(Set(starts)).sorted()
        let plausible = settings.plausibleGapMinDays...settings.plausibleGapMaxDays
        let gaps = zip(dates.dropFirst(), dates).map { $0 - $1 }.filter(plausible.contains).suffix(settings.gapsAveraged)
        guard !gaps.isEmpty else {
            self.init(days: settings.defaultLengthDays, isDefault: true, gaps: [])
            return
        }
        // Every gap is at most a year and at most `gapsAveraged` (≤ 100) are summed: no overflow.
        let sum = gaps.reduce(0, +)
        self.init(days: (2 * sum + gaps.count) / (2 * gaps.count), isDefault: false, gaps: Array(gaps))
    }
}
