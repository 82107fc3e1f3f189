import Ingest
import Insights

/// The headache-day rule: an episode touches every local date from its onset date through its
/// resolved date, or through the as-of date while it is active, never after the as-of date.
public enum HeadacheDayRule {
    /// The dates `log` touches, clipped to `from...to`; `nil` when none.
    public static func days(of log: HeadacheLog, asOf: LocalDate, from: LocalDate, to: LocalDate) -> ClosedRange<LocalDate>? {
        let end = min(log.resolvedAt?.localDate ?? asOf, asOf, to)
        let start = max(log.onsetAt.localDate, from)
        return start <= end ? start...end : nil
    }
}

/// What happened on each day of a window of dates, from every log, by the rules every clinical
/// figure shares: a headache day (`HeadacheDayRule`) and its highest severity, a day with acute
/// medication (`AcuteMedicationDays`), the onsets of the day, and whether the daily-context file
/// records it. Nothing after the as-of date counts. The calendar draws these days, the monthly
/// table and the charts add them up, so they agree on every day.
public struct DayFacts: Sendable {
    public struct Day: Sendable, Hashable {
        /// Highest severity (1…5) of the episodes touching the day; 0 on a day without one.
        public var severity: UInt8 = 0
        public var acute = false
        /// Episodes with onset that day.
        public var onsets: Int32 = 0
        /// The daily-context file has a record of the day.
        public var tracked = false
        public var isHeadacheDay: Bool { severity > 0 }
    }

    public let from: LocalDate
    public let to: LocalDate
    public let asOf: LocalDate
    /// Severity from which a headache day is severe (4: "days with severity 4–5").
    public let severeFrom: Int
    /// The days from `first` on that hold anything (`first` = `from` when none does): the days
    /// before and after them are empty and are not stored. A summary with the as-of date decades
    /// after its last episode would otherwise fill and count a day for each of them.
    private let first: LocalDate
    private var days: [Day]

    /// The facts of `from...to` (at most `HeadacheInsights.maxWindowDays` days, the latest kept).
    public init(logs: [HeadacheLog], days records: [DayContext]?, from: LocalDate, to: LocalDate, asOf: LocalDate,
                config: InsightsConfig) {
        let from = max(from, to.adding(days: -(HeadacheInsights.maxWindowDays - 1)))
        self.from = from; self.to = to; self.asOf = asOf
        severeFrom = config.thresholds.clinical.severeFromSeverity
        let last = min(to, asOf)
        guard from <= last else { first = from; days = []; return }
        var acute = AcuteMedicationDays(from: from, through: last, config: config)
        acute.add(logs, config: config)
        // The span of the days anything falls on, within `from...last`.
        var lo = last, hi = from
        func extend(_ a: LocalDate, _ b: LocalDate) { lo = min(lo, a); hi = max(hi, b) }
        for log in logs {
            if let r = HeadacheDayRule.days(of: log, asOf: asOf, from: from, to: last) { extend(r.lowerBound, r.upperBound) }
            let onset = log.onsetAt.localDate
            if onset >= from && onset <= last { extend(onset, onset) }
        }
        for d in acute.days { extend(d, d) }
        for r in records ?? [] where r.date >= from && r.date <= last { extend(r.date, r.date) }
        guard lo <= hi else { first = from; days = []; return }
        first = lo
        days = [Day](repeating: Day(), count: hi - lo + 1)
        for log in logs {
            let onset = log.onsetAt.localDate
            if let r = HeadacheDayRule.days(of: log, asOf: asOf, from: from, to: last) {
                let level = UInt8(min(5, max(1, log.severity)))
                for i in (r.lowerBound - lo)...(r.upperBound - lo) where days[i].severity < level { days[i].severity = level }
            }
            if onset >= from && onset <= last { days[onset - lo].onsets &+= 1 }
        }
        for d in acute.days { days[d - lo].acute = true }
        for r in records ?? [] where r.date >= from && r.date <= last { days[r.date - lo].tracked = true }
    }

    /// The facts of `date` (an empty day outside the window).
    public subscript(date: LocalDate) -> Day {
        date >= from && date <= to && date >= first && date - first < days.count ? days[date - first] : Day()
    }

    /// The figures of `from...to` (within the window).
    public func figures(from a: LocalDate, to b: LocalDate) -> PeriodFigures {
        var f = PeriodFigures(from: a, to: b)
        let lo = max(a, from, first), hi = min(b, to)
        guard lo <= hi, lo - first < days.count else { return f }
        for i in (lo - first)...min(hi - first, days.count - 1) {
            let d = days[i]
            if d.severity > 0 { f.headacheDays += 1 }
            if d.severity >= severeFrom { f.severeDays += 1 }
            if d.acute { f.acuteDays += 1 }
            if d.tracked { f.trackedDays += 1 }
            f.episodes += Int(d.onsets)
        }
        return f
    }
}

/// What the clinical report counts over a period: headache days, days with acute medication,
/// severe days, episodes (by onset date), and days with daily context.
public struct PeriodFigures: Sendable, Hashable {
    public let from: LocalDate
    public let to: LocalDate
    public var headacheDays = 0
    public var acuteDays = 0
    public var severeDays = 0
    public var episodes = 0
    public var trackedDays = 0
    public var days: Int { to - from + 1 }
    init(from: LocalDate, to: LocalDate) { self.from = from; self.to = to }
}

/// A calendar month or a week (Monday first) of a report's range, and the days of it the range
/// covers with data: from the range's start, the first logged data and the period's start,
/// to the range's end, the as-of date and the period's end. A period covered in part is
/// labelled with the days it covers and never compared or drawn as if it were whole.
public struct ReportPeriod: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case month(YearMonth)
        /// The week starting on this Monday.
        case week(LocalDate)
    }
    public let kind: Kind
    /// The whole period.
    public let start: LocalDate
    public let end: LocalDate
    /// The days covered, `nil` when none is (a period before the first logged data).
    public let covered: ClosedRange<LocalDate>?

    public var isWhole: Bool { covered == start...end }

    /// The months of `from...to`, oldest first, each covered where `from...to` and `data` meet.
    public static func months(from: LocalDate, to: LocalDate, data: ClosedRange<LocalDate>?) -> [ReportPeriod] {
        guard from <= to else { return [] }
        var out: [ReportPeriod] = []
        var index = YearMonth(from).index
        let last = YearMonth(to).index
        while index <= last {
            let m = YearMonth(index: index)
            let start = LocalDate(daysSinceEpoch: Int32(clamping: LocalDate.daysFromCivil(year: m.year, month: m.month, day: 1)))
            let end = start.adding(days: LocalDate.daysInMonth(year: m.year, month: m.month) - 1)
            out.append(ReportPeriod(kind: .month(m), start: start, end: end, covered: cover(start, end, from, to, data)))
            index += 1
        }
        return out
    }

    /// The weeks (Monday to Sunday) of `from...to`, oldest first.
    public static func weeks(from: LocalDate, to: LocalDate, data: ClosedRange<LocalDate>?) -> [ReportPeriod] {
        guard from <= to else { return [] }
        var out: [ReportPeriod] = []
        var monday = mondayOf(from)
        while monday <= to {
            let end = monday.adding(days: 6)
            out.append(ReportPeriod(kind: .week(monday), start: monday, end: end, covered: cover(monday, end, from, to, data)))
            monday = monday.adding(days: 7)
        }
        return out
    }

    static func cover(_ start: LocalDate, _ end: LocalDate, _ from: LocalDate, _ to: LocalDate,
                      _ data: ClosedRange<LocalDate>?) -> ClosedRange<LocalDate>? {
        guard let data else { return nil }
        let lo = max(start, from, data.lowerBound), hi = min(end, to, data.upperBound)
        return lo <= hi ? lo...hi : nil
    }
}

/// A report's range and the period of the same length just before it, and whether that one can
/// be compared: only when it starts on or after the patient's first logged data.
public struct RangeComparison: Sendable, Hashable {
    public let from: LocalDate
    public let to: LocalDate
    public let previousFrom: LocalDate
    public let previousTo: LocalDate
    /// The earliest episode onset or daily-context date up to the as-of date; `nil` without data.
    public let firstData: LocalDate?
    /// The days with data: the first logged data through the as-of date.
    public var data: ClosedRange<LocalDate>? {
        guard let firstData, firstData <= asOf else { return nil }
        return firstData...asOf
    }
    public let asOf: LocalDate
    /// The days of the range with data; `nil` when it has none (a range before logging started).
    public var covered: ClosedRange<LocalDate>? { ReportPeriod.cover(from, to, from, to, data) }
    public var previousDays: Int { previousTo - previousFrom + 1 }
    public var comparable: Bool { firstData.map { $0 <= previousFrom } ?? false }

    public init(logs: [HeadacheLog], days: [DayContext]?, from: LocalDate, to: LocalDate, asOf: LocalDate) {
        self.from = from; self.to = to; self.asOf = asOf
        let length = max(1, min(to, asOf) - from + 1)
        previousTo = from.adding(days: -1)
        previousFrom = previousTo.adding(days: -(length - 1))
        var first: LocalDate? = nil
        for l in logs {
            let d = l.onsetAt.localDate
            if d <= asOf, first.map({ d < $0 }) ?? true { first = d }
        }
        for r in days ?? [] where r.date <= asOf {
            if first.map({ r.date < $0 }) ?? true { first = r.date }
        }
        firstData = first
    }
}

extension HeadacheInsights {
    /// The default range of the clinical report: the calendar month of `asOf` and the two before
    /// it, through `asOf` (as-of 15 Jul → 1 May – 15 Jul).
    public static func lastThreeMonths(through asOf: LocalDate) -> (from: LocalDate, to: LocalDate) {
        let m = YearMonth(index: YearMonth(asOf).index - 2)
        return (LocalDate(daysSinceEpoch: Int32(clamping: LocalDate.daysFromCivil(year: m.year, month: m.month, day: 1))), asOf)
    }

    /// The median of nanosecond durations (two middle values: their exact average, rounded down
    /// to a nanosecond); `nil` for none.
    static func medianNanoseconds(_ durations: [Int128]) -> Int128? {
        guard !durations.isEmpty else { return nil }
        let ds = durations.sorted(), m = ds.count / 2
        return ds.count % 2 == 1 ? ds[m] : (ds[m - 1] + ds[m]) / 2
    }
}
