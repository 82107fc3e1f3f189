import Ingest
import Insights

/// What the clinical overview compares between two periods: episodes, headache days, mean
/// severity and median duration over one date range.
public struct PeriodFigures: Sendable, Hashable {
    public let from: LocalDate
    public let to: LocalDate
    /// Episodes with onset local date in the period, active ones included.
    public let episodes: Int
    /// Distinct local dates in the period touched by an episode (`HeadacheDayRule`).
    public let headacheDays: Int
    /// Mean severity of those episodes, 1 decimal; `nil` without episodes.
    public let meanSeverity: RoundedNumber?
    /// Median onset-to-resolution time of the resolved ones in hours, 1 decimal; `nil` without.
    public let medianDurationHours: RoundedNumber?

    /// Days in the period.
    public var days: Int { to - from + 1 }
}

/// A period and the one of the same length just before it.
public struct PeriodComparison: Sendable, Hashable {
    public let current: PeriodFigures
    public let previous: PeriodFigures
}

/// The headache-day rule of the frequency section: an episode touches every local date from its
/// onset date through its resolved date, or through the as-of date while it is active, never
/// after the as-of date.
public enum HeadacheDayRule {
    /// The dates `log` touches, clipped to `from...to`; `nil` when none.
    public static func days(of log: HeadacheLog, asOf: LocalDate, from: LocalDate, to: LocalDate) -> ClosedRange<LocalDate>? {
        let end = min(log.resolvedAt?.localDate ?? asOf, asOf, to)
        let start = max(log.onsetAt.localDate, from)
        return start <= end ? start...end : nil
    }
}

extension HeadacheInsights {
    /// The figures of `from...to` and of the period of the same length that ends the day before
    /// `from`, over every log (active episodes included, as for headache days).
    public static func periodComparison(_ logs: [HeadacheLog], from: LocalDate, to: LocalDate,
                                        asOf: LocalDate) -> PeriodComparison {
        let length = max(1, to - from + 1)
        let previousTo = from.adding(days: -1)
        return PeriodComparison(current: periodFigures(logs, from: from, to: to, asOf: asOf),
                                previous: periodFigures(logs, from: previousTo.adding(days: -(length - 1)),
                                                        to: previousTo, asOf: asOf))
    }

    /// The figures of one period.
    public static func periodFigures(_ logs: [HeadacheLog], from: LocalDate, to: LocalDate,
                                     asOf: LocalDate) -> PeriodFigures {
        var episodes = 0
        var severitySum: Int128 = 0
        var durations: [Int128] = []
        var touched: [ClosedRange<LocalDate>] = []
        for log in logs {
            if let r = HeadacheDayRule.days(of: log, asOf: asOf, from: from, to: to) { touched.append(r) }
            let onset = log.onsetAt.localDate
            guard onset >= from && onset <= to && onset <= asOf else { continue }
            episodes += 1
            severitySum += Int128(log.severity)
            if let end = log.resolvedAt {
                let d = elapsedNanoseconds(from: log.onsetAt, to: end)
                if d >= 0 { durations.append(d) }
            }
        }
        return PeriodFigures(from: from, to: to, episodes: episodes, headacheDays: distinctDays(touched),
                             meanSeverity: episodes > 0 ? RoundedNumber(severitySum, Int128(episodes), places: 1) : nil,
                             medianDurationHours: medianHours(durations))
    }

    /// The number of dates in the union of `ranges`.
    static func distinctDays(_ ranges: [ClosedRange<LocalDate>]) -> Int {
        var count = 0
        var covered: LocalDate? = nil  // last date counted
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let start = covered.map { max(r.lowerBound, $0.adding(days: 1)) } ?? r.lowerBound
            if start <= r.upperBound { count += r.upperBound - start + 1 }
            if covered.map({ r.upperBound > $0 }) ?? true { covered = r.upperBound }
        }
        return count
    }

    /// The median of nanosecond durations in hours, 1 decimal (two middle values: their exact
    /// average), as the medication card rounds it; `nil` for none.
    static func medianHours(_ durations: [Int128]) -> RoundedNumber? {
        guard !durations.isEmpty else { return nil }
        let ds = durations.sorted(), m = ds.count / 2
        return ds.count % 2 == 1 ? RoundedNumber(ds[m], 3_600_000_000_000, places: 1)
            : RoundedNumber(ds[m - 1] + ds[m], 7_200_000_000_000, places: 1)
    }

    /// The distinct dates in `from...to` that have a daily-context record.
    public static func trackedDays(_ days: [DayContext], from: LocalDate, to: LocalDate) -> Int {
        Set(days.lazy.map(\.date).filter { $0 >= from && $0 <= to }).count
    }

    /// The ICHD-3 class label of a medication name (first word, case-insensitive, as the class
    /// table counts it), the other-acute label for an unknown name, `nil` for a preventive one.
    public static func medicationClassLabel(_ name: String, config: InsightsConfig) -> String? {
        var classifier = MedicationClassifier(config: config)
        let i = classifier.index(of: name)
        let info = classifier.infos[i]
        if info.preventive { return nil }
        let classes = config.medications.ichd3Classes
        return info.classIndex < classes.count ? classes[info.classIndex].label : config.medications.otherAcute.label
    }
}
