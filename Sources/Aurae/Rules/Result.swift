import Ingest
import Insights

/// The analysis of one user's logs: typed sections only. Sentences and output formats are built
/// from it by the presentation layer.
public struct InsightsResult: Sendable {
    public let asOf: LocalDate
    public let from: LocalDate
    public let to: LocalDate
    public let tier: AuraeTier
    public let episodeCount: Int
    public let resolvedCount: Int
    public let activeCount: Int
    /// `ready` when N (resolved episodes in the window) reaches the pattern threshold.
    public let status: InsightStatus
    /// A daily-context file was given (baseline counts and the fair comparison).
    public let hasBaseline: Bool
    public let factors: InsightSection<[FactorStat]>
    public let weather: InsightSection<[FactorStat]>
    public let sleep: InsightSection<SleepComparison>
    /// Monday first.
    public let dayOfWeek: InsightSection<[Int]>
    public let timeOfDay: InsightSection<[NamedCount]>
    public let medications: InsightSection<[MedicationRating]>
    public let trends: InsightSection<Trends>
    /// Every tier: counts only.
    public let frequency: FrequencySummary
    /// Every tier.
    public let medicationOveruse: MedicationOveruse
    /// Premium clinical detail: the as-of month and the two before, oldest first.
    public let acuteDaysByClass: InsightSection<[MonthClassDays]>
    /// Every tier; episodes with onset in the window.
    public let redFlags: [RedFlag]
}
