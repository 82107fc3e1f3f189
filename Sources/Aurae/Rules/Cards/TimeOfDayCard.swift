import Ingest
import Insights

/// Episodes by time band of the onset's local time.
struct TimeOfDayCard {
    let bands: [Thresholds.TimeBand]
    private var counts: [Int]

    init(bands: [Thresholds.TimeBand]) { self.bands = bands; counts = [Int](repeating: 0, count: bands.count) }

    @inline(__always) mutating func add(_ e: ResolvedEpisode) {
        let minute = e.log.onsetAt.localMinuteOfDay
        var band = 0
        while band + 1 < bands.count && bands[band + 1].fromMinute <= minute { band += 1 }
        counts[band] += 1
    }

    func rows() -> [NamedCount] { zip(bands, counts).map { NamedCount(name: $0.name, count: $1) } }
}
