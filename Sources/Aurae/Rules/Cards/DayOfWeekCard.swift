import Ingest
import Insights

/// Episodes by weekday of onset, Monday first.
struct DayOfWeekCard {
    private(set) var counts = [Int](repeating: 0, count: 7)

    @inline(__always) mutating func add(_ e: ResolvedEpisode) { counts[e.onsetDate.isoWeekday - 1] += 1 }
}
