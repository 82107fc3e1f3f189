import Ingest
import Insights

/// Severity and duration of episodes after short sleep against typical sleep.
struct SleepCard {
    let shortSleepHours: Double
    private var count = [0, 0]
    /// Sums in `Int128`: a record holds any `Int` severity and any pair of timestamps.
    private var severity: [Int128] = [0, 0]
    private var durationNanos: [Int128] = [0, 0]

    init(shortSleepHours: Double) { self.shortSleepHours = shortSleepHours }

    @inline(__always) mutating func add(_ e: ResolvedEpisode) {
        guard let h = e.log.sleep.hours else { return }
        let g = h < shortSleepHours ? 0 : 1
        count[g] += 1; severity[g] += Int128(e.log.severity); durationNanos[g] += e.durationNanos
    }

    func isReady(minPerGroup: Int) -> Bool { count[0] >= minPerGroup && count[1] >= minPerGroup }

    func comparison() -> SleepComparison { SleepComparison(short: group(0), typical: group(1)) }

    private func group(_ g: Int) -> SleepGroup {
        SleepGroup(count: count[g],
                   meanSeverity: RoundedNumber(severity[g], Int128(count[g]), places: 1),
                   meanDurationHours: RoundedNumber(durationNanos[g], Int128(count[g]) * 3_600_000_000_000, places: 1),
                   meanDuration: count[g] > 0 ? durationNanos[g] / Int128(count[g]) : 0)
    }
}
