import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import Quoting

/// What every report of one run shares: the analysis date, the time written into PDFs, and the
/// tool's name and version. Reading the clock happens only here, and only when the run did not
/// pin the dates (`--as-of`, `SOURCE_DATE_EPOCH`). The environment is always a parameter (the
/// command passes its process's): nothing here reads the caller's by default.
public struct RunInfo: Sendable {
    public static let toolName = "report"
    public static let version = "0.1.0"

    public var asOf: LocalDate
    /// Creation date written into PDF metadata.
    public var generatedAt: Date
    /// The day shown as the generation date (the as-of date, so it is reproducible).
    public var generatedOn: LocalDate

    public init(asOf: LocalDate, generatedAt: Date) {
        self.asOf = asOf; self.generatedAt = generatedAt; self.generatedOn = asOf
    }

    public var creator: String { "\(Self.toolName) \(Self.version)" }

    /// The process's variables `resolve` reads (`SOURCE_DATE_EPOCH`), for a command to pass it.
    public static var processEnvironment: [String: String] { ProcessEnvironment.values("SOURCE_DATE_EPOCH") }

    /// `SOURCE_DATE_EPOCH` as a date, when set to a valid integer.
    public static func sourceDateEpoch(_ environment: [String: String]) -> Date? {
        guard let raw = environment["SOURCE_DATE_EPOCH"], let secs = Int64(raw.trimmed(.spaces)) else {
            return nil
        }
        return Date(timeIntervalSince1970: TimeInterval(secs))
    }

    /// Today's date in UTC (used only when no `--as-of` is given).
    public static func today(_ now: Date = Date()) -> LocalDate {
        let secs = Int64(now.timeIntervalSince1970.rounded(.down))
        let days = secs >= 0 ? secs / 86400 : (secs - 86399) / 86400
        return LocalDate(daysSinceEpoch: Int32(days))
    }

    /// The run's clock: `SOURCE_DATE_EPOCH` when set (so a pinned build pins every date the
    /// run takes from the clock), else `now`.
    public static func clock(_ environment: [String: String], now: Date = Date()) -> Date {
        sourceDateEpoch(environment) ?? now
    }

    /// The one date policy of every report, PDF or not:
    /// - the as-of date is `asOf` (`--as-of`) when given, else `defaultAsOf` of the run's clock
    ///   (`SOURCE_DATE_EPOCH`, else now): today in the newest log's offset for the headache
    ///   reports, the last expense for the expense report, today in UTC for the others;
    /// - the PDF creation time is `SOURCE_DATE_EPOCH` when set, else noon UTC of the as-of date
    ///   when `--as-of` was given (so the same options give the same bytes), else now.
    /// Nothing else in the tool reads the clock for a report.
    public static func resolve(asOf: LocalDate?,
                               environment: [String: String],
                               now: Date = Date(),
                               defaultAsOf: (Date) -> LocalDate = { RunInfo.today($0) }) -> RunInfo {
        let epoch = sourceDateEpoch(environment)
        let date = asOf ?? defaultAsOf(epoch ?? now)
        let generatedAt = epoch ?? (asOf != nil ? noon(date) : now)
        return RunInfo(asOf: date, generatedAt: generatedAt)
    }

    /// Noon UTC of `date`.
    static func noon(_ date: LocalDate) -> Date {
        Date(timeIntervalSince1970: TimeInterval(Int64(date.daysSinceEpoch) * 86400 + 43200))
    }
}
