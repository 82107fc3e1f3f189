import Ingest
import ReportKit

/// What a headache report reads: the merged logs, how many invalid records were left out, and
/// the daily context when one was given.
public struct HeadacheInputs: Sendable {
    public var logs: [HeadacheLog]
    /// Invalid records left out under `--skip-invalid` (shown in the summary's footer).
    public var skipped: Int
    public var days: [DayContext]?

    public init(logs: [HeadacheLog], skipped: Int = 0, days: [DayContext]? = nil) {
        self.logs = logs; self.skipped = skipped; self.days = days
    }
}
