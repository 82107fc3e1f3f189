import Ingest

/// The values an Aurae export may hold: physical bounds generous enough never to reject a real
/// reading, tight enough that no later arithmetic on them can overflow. A value outside its
/// range is an invalid record (docs/input.md lists them for users).
public enum AuraeRanges {
    /// Ratings: severity, sleep quality, stress level, medication effectiveness.
    public static let rating: ClosedRange<Int> = 1...5
    public static let temperatureC: ClosedRange<Double> = -100...100
    public static let percent: ClosedRange<Double> = 0...100
    public static let pressureHpa: ClosedRange<Double> = 0...1200
    public static let uvIndex: ClosedRange<Double> = 0...50
    /// WMO weather codes are 0–99; the bound leaves room for extended code tables.
    public static let weatherCode: ClosedRange<Int> = 0...999
    public static let aqi: ClosedRange<Double> = 0...5000
    public static let heartRateBpm: ClosedRange<Double> = 0...600
    public static let hrvMs: ClosedRange<Double> = 0...5000
    public static let steps: ClosedRange<Double> = 0...1_000_000
    /// Sleep hours and screen-time hours: one day at most.
    public static let hoursPerDay: ClosedRange<Double> = 0...24
    public static let hydrationGlasses: ClosedRange<Int> = 0...100
    /// Most days an episode may last (`resolvedAt` after `onsetAt`), and most days a medication's
    /// `takenAt` may lie before or after its episode's onset.
    public static let maxSpanDays = 366
}
