import Aurae
import ReportKit

/// How many users of a run ended in each status.
public struct BatchCounts: Sendable, Equatable {
    public var users = 0
    public var ok = 0
    public var invalid = 0
    public var failed = 0
    /// Users kept from an earlier run by `--resume` (counted in their status too).
    public var resumed = 0

    public init() {}

    mutating func add(_ status: ManifestEntry.Status, resumed: Bool) {
        users += 1
        switch status {
        case .ok: ok += 1
        case .invalid: invalid += 1
        case .failed: failed += 1
        }
        if resumed { self.resumed += 1 }
    }

    public var allOK: Bool { invalid == 0 && failed == 0 }

    var json: JSONOutput {
        .object([("users", .int(users)), ("ok", .int(ok)), ("invalid", .int(invalid)), ("failed", .int(failed)),
                 ("resumed", .int(resumed))])
    }
}

/// What a run came to: the counts, its wall time and the time its workers spent in each report.
public struct BatchSummary: Sendable {
    public var counts: BatchCounts
    public var wallMs: Int
    /// Milliseconds of worker time per report, summed over users.
    public var reportMs: [BatchReport: Int]
}
