import Ingest
import ReportKit

extension CycleJob: ReportJob {
    /// What a cycle command asks for: the reminders of a cron window, or each user's summary;
    /// text for a person or JSON lines.
    public enum Request: Sendable {
        /// The check-ins whose instant falls in `[from, to)`.
        case reminders(from: Timestamp, to: Timestamp, json: Bool)
        /// Per user, counting only starts on or before `asOf` when given.
        case summary(asOf: LocalDate?, json: Bool)
    }

    /// Plans every user's cycle from `starts` and writes what `request` asks for to the output.
    public func run(_ starts: [PeriodStart], _ request: Request, in context: ReportContext) throws {
        switch request {
        case let .reminders(from, to, json):
            try context.writeText(try reminders(try plans(starts), from: from, to: to, json: json))
        case let .summary(asOf, json):
            try context.writeText(try summary(try plans(starts, asOf: asOf), json: json))
        }
    }
}
