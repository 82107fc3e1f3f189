import Ingest
import Insights

/// Headache days and episodes in the last window of days before the as-of date, the window
/// before it, and the current headache-free streak. Fed with every log; active episodes count
/// like resolved ones (spec: frequency and streaks).
struct FrequencyCard {
    let asOf: LocalDate
    let windowDays: Int
    private let lastStart: LocalDate
    private let previousStart: LocalDate
    private var headacheDays: [Bool]
    private var episodesLast = 0, episodesPrevious = 0
    private var anyActive = false
    private var latestResolved: Timestamp? = nil

    init(asOf: LocalDate, windowDays: Int) {
        self.asOf = asOf
        self.windowDays = windowDays
        lastStart = asOf.adding(days: -(windowDays - 1))
        previousStart = asOf.adding(days: -(2 * windowDays - 1))
        headacheDays = [Bool](repeating: false, count: max(0, windowDays))
    }

    @inline(__always) mutating func add(_ log: HeadacheLog, onsetDate: LocalDate) {
        guard onsetDate <= asOf else { return }
        let resolved = log.resolvedAt
        if let r = resolved {
            if let latest = latestResolved { if latest < r { latestResolved = r } } else { latestResolved = r }
        } else {
            anyActive = true
        }
        // Every local date the episode touches.
        let end = resolved?.localDate ?? asOf
        let lo = max(onsetDate - lastStart, 0), hi = min(min(end, asOf) - lastStart, windowDays - 1)
        if lo <= hi { for i in lo...hi { headacheDays[i] = true } }
        if onsetDate >= lastStart { episodesLast += 1 } else if onsetDate >= previousStart { episodesPrevious += 1 }
    }

    func summary() -> FrequencySummary {
        var streak: Int? = nil
        if !anyActive, let r = latestResolved {
            let days = asOf - r.localDate
            if days >= 0 { streak = days }
        }
        return FrequencySummary(headacheDaysLast30: headacheDays.reduce(0) { $0 + ($1 ? 1 : 0) },
                                episodesLast30: episodesLast, episodesPrevious30: episodesPrevious,
                                currentStreakDays: streak)
    }
}
