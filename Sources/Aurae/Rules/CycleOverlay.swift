import Ingest

/// Episodes around logged menstrual starts: for each start in a range, the episodes that began
/// on each day from `fromDay` to `toDay` relative to it, and in how many cycles an episode began
/// on a day from `nearFromDay` to `nearToDay`. A count, never a diagnosis.
///
/// A start is a day the daily-context file logs as menstrual with no menstrual day logged in the
/// `newStartAfterDays` days before it (a day left unlogged inside a period does not start
/// another). Only the daily-context file gives starts: an episode's own cycle phase would count
/// the episode that logged it.
public struct CycleOverlay: Sendable, Hashable {
    /// The starts in the range, oldest first.
    public let starts: [LocalDate]
    /// The first relative day drawn (day 0 is the start).
    public let fromDay: Int
    /// Episodes that began on each relative day, `fromDay` first.
    public let episodesByDay: [Int]
    /// The near window, and the cycles with an episode beginning in it.
    public let nearFromDay: Int
    public let nearToDay: Int
    public let cyclesWithEpisodeNearStart: Int

    public init(logs: [HeadacheLog], days: [DayContext], from: LocalDate, to: LocalDate, asOf: LocalDate, config: InsightsConfig) {
        let c = config.thresholds.clinical.cycle
        fromDay = c.fromDay; nearFromDay = c.nearFromDay; nearToDay = c.nearToDay
        let last = min(to, asOf)
        let menstrual = Set(days.lazy.filter { $0.cyclePhase == .menstrual && $0.date <= asOf }.map(\.date))
        starts = menstrual.filter { d in
            d >= from && d <= last && !(1...max(1, c.newStartAfterDays)).contains { menstrual.contains(d.adding(days: -$0)) }
        }.sorted()
        var onsets: [LocalDate: Int] = [:]
        for l in logs {
            let d = l.onsetAt.localDate
            if d <= asOf { onsets[d, default: 0] += 1 }
        }
        let span = max(0, c.toDay - c.fromDay + 1)
        var byDay = [Int](repeating: 0, count: span)
        var near = 0
        for s in starts {
            for k in 0..<span { byDay[k] += onsets[s.adding(days: c.fromDay + k)] ?? 0 }
            if c.nearFromDay <= c.nearToDay, (c.nearFromDay...c.nearToDay).contains(where: { onsets[s.adding(days: $0)] != nil }) {
                near += 1
            }
        }
        episodesByDay = byDay
        cyclesWithEpisodeNearStart = near
    }
}
