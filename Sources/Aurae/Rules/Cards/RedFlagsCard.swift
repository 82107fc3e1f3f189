import Ingest
import Insights

/// Every red-flag condition met by the episodes with onset in the window (every tier).
struct RedFlagsCard {
    private var flags: [RedFlag] = []

    @inline(__always) mutating func add(_ log: HeadacheLog) { HeadacheInsights.appendRedFlags(log, to: &flags) }

    func sorted() -> [RedFlag] {
        var out = flags
        HeadacheInsights.sortRedFlags(&out)
        return out
    }
}
