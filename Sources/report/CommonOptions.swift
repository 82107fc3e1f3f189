import ArgumentParser
import Aurae
import Catalog
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import ReportKit

/// How strictly to read input files and how much of them; shared by every command that reads
/// exports (headache logs, care records).
struct ReadingOptions: ParsableArguments {
    @Flag(name: .customLong("skip-invalid"), help: "Report invalid records as warnings and leave them out, instead of stopping.")
    var skipInvalid = false

    @Option(name: .customLong("max-errors"), help: ArgumentHelp("Stop after this many input errors.", valueName: "N"))
    var maxErrors: Int = ReadingOptions.defaultMaxErrors
    static let defaultMaxErrors = 50

    @Option(name: .customLong("max-records"), help: ArgumentHelp("Refuse inputs with more records than this.", valueName: "N"))
    var maxRecords: Int = IngestLimits.default.maxRecords

    @Option(name: .customLong("max-field-bytes"), help: ArgumentHelp("Refuse fields longer than this many bytes.", valueName: "N"))
    var maxFieldBytes: Int = IngestLimits.default.maxFieldBytes

    @Option(name: .customLong("max-input-bytes"), help: ArgumentHelp("Refuse an input file (or standard input) longer than this many bytes; it is not read further.", valueName: "N"))
    var maxInputBytes: Int = IngestLimits.default.maxFileBytes

    func validate() throws {
        guard maxErrors > 0 else { throw ValidationError("--max-errors must be at least 1") }
        guard maxRecords > 0, maxFieldBytes > 0, maxInputBytes > 0 else {
            throw ValidationError("--max-records, --max-field-bytes and --max-input-bytes must be positive")
        }
    }

    /// The reader options these settings give, reading every input as `format` when one is given.
    func ingestOptions(format: InputFormat? = nil) -> IngestOptions {
        var options = IngestOptions()
        options.skipInvalid = skipInvalid
        options.maxErrors = maxErrors
        options.limits.maxRecords = maxRecords
        options.limits.maxFieldBytes = maxFieldBytes
        options.limits.maxFileBytes = maxInputBytes
        options.format = format
        return options
    }
}

/// Input files and how strictly to read them; shared by the headache commands that read logs.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Headache log exports (.json or .csv); several are merged. '-' reads standard input.",
                                 valueName: "INPUT"))
    var inputs: [String]

    @Option(name: .customLong("format"), help: "Read every input as this format instead of choosing by extension.")
    var format: InputFormat?

    @OptionGroup var reading: ReadingOptions

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("no INPUT given") }
    }

    var ingestOptions: IngestOptions { reading.ingestOptions(format: format) }
}

/// The options every command that runs a report takes: the templates folder and how messages
/// are printed. Declared once; each command includes it as an option group.
struct CommonOptions: ParsableArguments {
    @Option(name: .customLong("templates"), help: ArgumentHelp("The templates folder (default: found beside the executable or from $REPORT_TEMPLATES).", valueName: "DIR"))
    var templates: String?

    @Flag(name: .customLong("quiet"), help: "Print nothing on standard error but errors and warnings (a batch still ends with its one summary line).")
    var quiet = false

    @Option(name: .customLong("log-format"), help: "Format of messages on standard error.")
    var logFormat: LogFormat = .text

    var console: Console { Console(quiet: quiet, format: logFormat) }

    /// The context of a run writing to `output`: its dates by the one policy (`RunInfo.resolve`;
    /// `defaultAsOf` picks the as-of date when `--as-of` is not given) and this console.
    func context(asOf: LocalDate? = nil, output: OutputTarget = .standardOutput,
                 defaultAsOf: (Date) -> LocalDate = { RunInfo.today($0) }) -> ReportContext {
        ReportContext(run: RunInfo.resolve(asOf: asOf, environment: RunInfo.processEnvironment, defaultAsOf: defaultAsOf),
                      output: output, messages: console)
    }

    /// The templates of `app` (`aurae`, `curaknot`, `cycle`, `mindfulhome`, `gentle`).
    func templateSet(app: String) throws -> TemplateSet {
        try TemplateSet(directory: TemplateDirectory.locate(explicit: templates), app: app)
    }
}

/// The dates of a headache report: the range and the analysis date. Declared right after `-o` in
/// each command, so that help lists the options people use first.
struct RunOptions: ParsableArguments {
    @Option(name: .customLong("from"), help: ArgumentHelp("First date of the range, YYYY-MM-DD.", valueName: "D"))
    var from: LocalDate?

    @Option(name: .customLong("to"), help: ArgumentHelp("Last date of the range, YYYY-MM-DD, not after the as-of date (default: the as-of date).", valueName: "D"))
    var to: LocalDate?

    @Option(name: .customLong("as-of"), help: ArgumentHelp("Analysis date, YYYY-MM-DD, years 1900-2100 (default: today in the newest log's UTC offset).", valueName: "D"))
    var asOf: LocalDate?

    /// Rejects every empty or inverted range the options alone decide: `--from` after `--to`,
    /// `--to` after `--as-of`, and `--from` after `--as-of` when the range ends on the as-of date.
    func validate() throws {
        if let from, let to, from > to { throw ValidationError("--from '\(from)' is after --to '\(to)'") }
        if let to, let asOf, to > asOf { throw ValidationError("--to '\(to)' is after --as-of '\(asOf)'") }
        if let from, to == nil, let asOf, from > asOf {
            throw ValidationError("--from '\(from)' is after --as-of '\(asOf)', where the range ends when --to is not given")
        }
    }

    /// Rejects a `--from` after the as-of date the run chose itself (no `--to`, no `--as-of`): the
    /// one range check that needs the inputs.
    func checkRange(_ run: RunInfo) throws {
        guard let from, to == nil, asOf == nil, from > run.asOf else { return }
        throw RunFailure(.usage, "--from '\(from)' is after today, '\(run.asOf)', where the range ends when neither --to nor --as-of is given")
    }

    /// The run's dates by the one policy (`RunInfo.resolve`): `--as-of`, else today in the newest
    /// log's UTC offset.
    func runInfo(logs: [HeadacheLog]) -> RunInfo {
        RunInfo.resolve(asOf: asOf, environment: RunInfo.processEnvironment) { now in
            let offset = logs.max(by: { $0.onsetAt < $1.onsetAt })?.onsetAt.offsetSeconds ?? 0
            return RunInfo.today(now.addingTimeInterval(TimeInterval(offset)))
        }
    }

    /// The context of a headache report on `logs`: the run's dates, the range checked against
    /// them, the output, and `console` for messages.
    func context(logs: [HeadacheLog], output: OutputTarget, console: Console) throws -> ReportContext {
        let run = runInfo(logs: logs)
        try checkRange(run)
        return ReportContext(run: run, output: output, messages: console)
    }
}

extension ReadingOptions {
    static let plainFlags: Set<String> = ["skip-invalid"]

    /// The options read from a plain line (`PlainLine`), validated.
    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.skipInvalid = line.flag("skip-invalid")
        made.maxErrors = try line.value("max-errors") ?? Self.defaultMaxErrors
        made.maxRecords = try line.value("max-records") ?? IngestLimits.default.maxRecords
        made.maxFieldBytes = try line.value("max-field-bytes") ?? IngestLimits.default.maxFieldBytes
        made.maxInputBytes = try line.value("max-input-bytes") ?? IngestLimits.default.maxFileBytes
        try made.validate()
        self = made
    }
}

extension InputOptions {
    static let plainFlags = ReadingOptions.plainFlags

    /// The inputs and options read from a plain line (`PlainLine`), validated.
    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.inputs = line.inputWords()
        made.format = try line.value("format")
        made.reading = try ReadingOptions(plain: &line)
        try made.validate()
        self = made
    }
}

extension CommonOptions {
    static let plainFlags: Set<String> = ["quiet"]

    /// The options read from a plain line (`PlainLine`).
    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.templates = try line.value("templates")
        made.quiet = line.flag("quiet")
        made.logFormat = try line.value("log-format") ?? .text
        try made.validate()
        self = made
    }
}

extension RunOptions {
    /// The dates read from a plain line (`PlainLine`), validated.
    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.from = try line.value("from")
        made.to = try line.value("to")
        made.asOf = try line.value("as-of")
        try made.validate()
        self = made
    }
}
