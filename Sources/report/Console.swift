import Catalog
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import Render
import ReportKit
import Quoting

/// Where a run's messages go: standard error, as text or JSON lines, with progress left out when
/// quiet. Made from the parsed options; also turns every error a command throws into its message
/// and documented exit status.
struct Console: Sendable, MessageSink {
    var quiet = false
    var format: LogFormat = .text

    func warning(_ text: String) {
        emit(level: "warning", text)
    }

    /// Progress ("wrote …"): left out with `--quiet`.
    func info(_ text: String) {
        guard !quiet else { return }
        emit(level: "info", text)
    }

    func print(_ diagnostics: [Diagnostic]) {
        for d in diagnostics {
            // JSON lines promise no health data: the message without the values it quotes.
            emit(level: d.severity.rawValue, format == .json ? d.messageWithoutValues : d.description, location: d.location)
        }
    }

    /// One message: `report: LEVEL: TEXT` (a located message as it is), or a JSON line with the
    /// time, the level, the message, its location and `extra` members.
    func emit(level: String, _ text: String?, location: SourceLocation? = nil, extra: [(String, JSONOutput)] = []) {
        switch format {
        case .json:
            var fields: [(String, JSONOutput)] = [("ts", .string(Console.timestamp())), ("level", .string(level))]
            if let text { fields.append(("message", .string(text))) }
            if let location {
                fields += [("file", .string(location.file)), ("line", .int(location.line)),
                           ("column", .int(location.column))]
            }
            StandardStreams.writeError(JSONOutput.object(fields + extra).compact() + "\n")
        case .text where location != nil || text?.hasPrefix("report:") == true:
            StandardStreams.writeError((text ?? "") + "\n")
        case .text:
            StandardStreams.writeError("report: \(level): \(text ?? "")\n")
        }
    }

    /// Prints the message for an error a command threw and returns its exit status: the status
    /// of its `FailureKind` (usage errors are rejected while parsing, before this). JSON lines
    /// carry the message without values.
    func report(_ error: Error) -> ExitStatus {
        guard let failure = error as? ReportFailure else {
            emit(level: "error", "\(error)")
            return .invalidInput
        }
        if let ingest = error as? IngestError, case .invalid(let diagnostics) = ingest {
            print(diagnostics)
            emit(level: "error", ingest.closingLine)
        } else if format == .json {
            emit(level: "error", failure.kind == .usage ? UsageLog.redacted(failure.message) : failure.messageWithoutValues)
        } else {
            emit(level: "error", failure.message)
        }
        return ExitStatus(failure.kind)
    }

    /// The time of a JSON log line: RFC 3339 in UTC with milliseconds, from the system clock (a
    /// log line tells when it was written; `SOURCE_DATE_EPOCH` is for the outputs).
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var utc = tm()
        gmtime_r(&seconds, &utc)
        return Text.format("%04ld-%02ld-%02ldT%02ld:%02ld:%02ld.%03ldZ", Int(utc.tm_year) + 1900, Int(utc.tm_mon) + 1,
                      Int(utc.tm_mday), Int(utc.tm_hour), Int(utc.tm_min), Int(utc.tm_sec), Int(now.tv_nsec / 1_000_000))
    }
}
