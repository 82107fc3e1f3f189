import Ingest
import Insights

/// Aurae subscription tier (named to keep clear of other apps' tiers in the same executable).
public enum AuraeTier: String, Sendable, CaseIterable { case free, premium }

/// What to analyse.
public struct InsightsRequest: Sendable {
    public var logs: [HeadacheLog]
    /// The optional daily-context file, for the fair comparison.
    public var days: [DayContext]?
    /// The analysis date.
    public var asOf: LocalDate
    /// Window start (default: the earliest onset date up to `to`).
    public var from: LocalDate?
    /// Window end (default: `asOf`).
    public var to: LocalDate?
    public var tier: AuraeTier

    public init(logs: [HeadacheLog], days: [DayContext]? = nil, asOf: LocalDate,
                from: LocalDate? = nil, to: LocalDate? = nil, tier: AuraeTier) {
        self.logs = logs; self.days = days; self.asOf = asOf; self.from = from; self.to = to; self.tier = tier
    }
}

/// A section's state: shown, below its threshold (progress state, no numbers) or gated by tier.
public enum InsightSection<Value: Sendable>: Sendable {
    case ready(Value)
    case collecting
    case locked(unlockedBy: AuraeTier)

    public var value: Value? { if case .ready(let v) = self { return v }; return nil }
    public var isCollecting: Bool { if case .collecting = self { return true }; return false }
    public var isLocked: Bool { if case .locked = self { return true }; return false }
}

public enum InsightStatus: String, Sendable { case ready, collecting }

/// The result of the fair comparison for one factor.
public struct Association: Sendable, Hashable {
    /// False when the factor had too few known exposed or unexposed days to be tested.
    public let tested: Bool
    public let p: Double?
    public let q: Double?
    public let supported: Bool
}

/// One factor ("Frequently Logged Before Headaches" or the weather card).
public struct FactorStat: Sendable, Hashable {
    public let factor: Factor
    public let count: Int
    public let known: Int
    /// count / known rounded to 3 decimals.
    public let share: RoundedNumber
    /// The highest frequency label whose minimum share count / known reaches.
    public let frequency: Thresholds.FrequencyLabel
    public let baselineCount: Int?
    public let baselineKnown: Int?
    public var association: Association?

    public var id: String { factor.id }
}

public struct SleepGroup: Sendable, Hashable {
    public let count: Int
    public let meanSeverity: RoundedNumber
    public let meanDurationHours: RoundedNumber
    /// The exact mean duration in nanoseconds, rounded down (for "2h 14m").
    public let meanDuration: Int128
}

public struct SleepComparison: Sendable, Hashable {
    public let short: SleepGroup
    public let typical: SleepGroup
}

public struct NamedCount: Sendable, Hashable {
    public let name: String
    public let count: Int
}

public struct MedicationRating: Sendable, Hashable {
    /// Lower-cased, trimmed name (the group key).
    public let name: String
    public let timesTaken: Int
    public let ratedCount: Int
    public let meanEffectiveness: RoundedNumber?
    public let medianHoursToResolution: RoundedNumber?
}

public struct FrequencySummary: Sendable, Hashable {
    public let headacheDaysLast30: Int
    public let episodesLast30: Int
    public let episodesPrevious30: Int
    /// Absent while any episode is active, and when no episode is resolved.
    public let currentStreakDays: Int?
}

public struct TrendLine: Sendable, Hashable {
    /// Least-squares fit of count against period index (0 = first period); 3 decimals.
    public let slope: RoundedNumber
    public let intercept: RoundedNumber
}

/// A calendar month.
public struct YearMonth: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    /// 1…12.
    public let month: Int

    /// The month of a whole-number index `year * 12 + (month - 1)` (floored, so that a year
    /// before 0 still has months 1…12).
    init(index: Int) {
        let r = index % 12
        year = (index - (r < 0 ? r + 12 : r)) / 12; month = (r < 0 ? r + 12 : r) + 1
    }
    public init(_ date: LocalDate) { let c = date.components; year = c.year; month = c.month }

    var index: Int { year * 12 + month - 1 }
    public static func < (a: YearMonth, b: YearMonth) -> Bool { a.index < b.index }
    /// `YYYY-MM`.
    public var description: String { zeroPadded(year, 4) + "-" + zeroPadded(month, 2) }
}

/// An ISO 8601 week.
public struct IsoWeek: Sendable, Hashable, CustomStringConvertible {
    public let year: Int
    public let week: Int

    /// The week that contains `d` (the year of its Thursday).
    public init(_ d: LocalDate) {
        let thursday = d.adding(days: 4 - d.isoWeekday)
        year = thursday.components.year
        let jan1 = LocalDate(daysSinceEpoch: Int32(clamping: LocalDate.daysFromCivil(year: year, month: 1, day: 1)))
        week = (thursday - jan1) / 7 + 1
    }

    /// `YYYY-Www`.
    public var description: String { zeroPadded(year, 4) + "-W" + zeroPadded(week, 2) }
}

public struct PeriodCount<Period: Sendable & Hashable>: Sendable, Hashable {
    public let period: Period
    public let count: Int
}

public struct Trends: Sendable, Hashable {
    public let monthly: [PeriodCount<YearMonth>]
    public let monthlyTrend: TrendLine
    public let weekly: [PeriodCount<IsoWeek>]
    public let weeklyTrend: TrendLine
}

public struct ClassDays: Sendable, Hashable {
    public let id: String
    public let label: String
    /// Distinct days (not doses).
    public let days: Int
    /// `nil` for "other acute".
    public let referenceDays: Int?
    public let atOrAboveReference: Bool
    /// For "other acute": the unknown names, lower-cased, sorted.
    public let names: [String]
}

public struct MonthClassDays: Sendable, Hashable {
    public let month: YearMonth
    public let classes: [ClassDays]
}
