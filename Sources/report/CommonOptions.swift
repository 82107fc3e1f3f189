import ArgumentParser
import Catalog
import Foundation
import Ingest
import Reports

/// Input files and how strictly to read them; shared by every headache command.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Headache log exports (.json or .csv); several are merged. '-' reads standard input.",
                                 valueName: "INPUT"))
    var inputs: [String]

    @Option(name: .customLong("format"), help: "Read every input as this format instead of choosing by extension (json or csv).")
    var format: String?

    @Flag(name: .customLong("skip-invalid"), help: "Report invalid records as warnings and leave them out, instead of stopping.")
    var skipInvalid = false

    @Option(name: .customLong("max-errors"), help: "Stop after this many input errors (default 50).")
    var maxErrors: Int = 50

    @Option(name: .customLong("max-records"), help: "Refuse inputs with more records than this (default 5000000).")
    var maxRecords: Int = IngestLimits.default.maxRecords

    @Option(name: .customLong("max-field-bytes"), help: "Refuse fields longer than this many bytes (default 1048576).")
    var maxFieldBytes: Int = IngestLimits.default.maxFieldBytes

    func ingestOptions() throws -> IngestOptions {
        var options = IngestOptions()
        options.skipInvalid = skipInvalid
        guard maxErrors > 0 else { throw CommandFailure.usage("--max-errors must be at least 1") }
        options.maxErrors = maxErrors
        guard maxRecords > 0, maxFieldBytes > 0 else { throw CommandFailure.usage("limits must be positive") }
        options.limits.maxRecords = maxRecords
        options.limits.maxFieldBytes = maxFieldBytes
        if let format {
            guard let f = InputFormat(rawValue: format.lowercased()) else {
                throw CommandFailure.usage("--format must be json or csv, not \(Diagnostic.quote(format))")
            }
            options.format = f
        }
        return options
    }

    /// Reads and merges the inputs; prints warnings; throws input errors for Diagnostics.
    func readLogs() throws -> IngestResult<HeadacheLog> {
        guard !inputs.isEmpty else { throw CommandFailure.usage("no INPUT given") }
        let result = try HeadacheLogReader.read(inputs.map(InputSource.init(path:)), options: ingestOptions())
        Diagnostics.printDiagnostics(result.warnings)
        if result.skipped > 0 {
            Diagnostics.warning("skipped \(result.skipped) invalid record\(result.skipped == 1 ? "" : "s")")
        }
        return result
    }
}

/// Dates and run-wide settings shared by the headache commands.
struct RunOptions: ParsableArguments {
    @Option(name: .customLong("as-of"), help: ArgumentHelp("Analysis date, YYYY-MM-DD (default: today in the newest log's UTC offset).", valueName: "D"))
    var asOf: String?

    @Option(name: .customLong("from"), help: ArgumentHelp("First date of the range, YYYY-MM-DD.", valueName: "D"))
    var from: String?

    @Option(name: .customLong("to"), help: ArgumentHelp("Last date of the range, YYYY-MM-DD (default: the as-of date).", valueName: "D"))
    var to: String?

    @Option(name: .customLong("templates"), help: ArgumentHelp("The templates folder (default: found beside the executable or from $REPORT_TEMPLATES).", valueName: "DIR"))
    var templates: String?

    @Flag(name: .customLong("quiet"), help: "Print nothing but errors and warnings.")
    var quiet = false

    @Option(name: .customLong("log-format"), help: "Format of messages on standard error: text or json.")
    var logFormat: String = "text"

    func apply() throws {
        Diagnostics.quiet = quiet
        switch logFormat {
        case "text": Diagnostics.jsonLog = false
        case "json": Diagnostics.jsonLog = true
        default: throw CommandFailure.usage("--log-format must be text or json")
        }
    }

    static func date(_ text: String?, _ flag: String) throws -> LocalDate? {
        guard let text else { return nil }
        guard let d = LocalDate(iso: text) else {
            throw CommandFailure.usage("\(flag) must be a date as YYYY-MM-DD, found \(Diagnostic.quote(text))")
        }
        return d
    }

    func range() throws -> (from: LocalDate?, to: LocalDate?) {
        let f = try Self.date(from, "--from"), t = try Self.date(to, "--to")
        if let f, let t, f > t { throw CommandFailure.usage("--from \(f) is after --to \(t)") }
        return (f, t)
    }

    /// The analysis date: `--as-of`, else today in the newest log's offset.
    func asOfDate(logs: [HeadacheLog], now: Date = Date()) throws -> (date: LocalDate, given: Bool) {
        if let d = try Self.date(asOf, "--as-of") { return (d, true) }
        let offset = logs.max(by: { $0.onsetAt < $1.onsetAt })?.onsetAt.offsetSeconds ?? 0
        let shifted = now.addingTimeInterval(TimeInterval(offset))
        return (RunInfo.today(shifted), false)
    }

    func templateSet() throws -> TemplateSet {
        do {
            return try TemplateSet(directory: TemplateDirectory.locate(explicit: templates))
        } catch let e as CatalogError {
            throw CommandFailure.templates(e.description)
        }
    }
}
