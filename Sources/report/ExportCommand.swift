import ArgumentParser
import Ingest
import Insights
import Reports

struct ExportCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the headache logs in a date range back out as CSV or JSON (premium).",
        discussion: """
            Every log whose onset date is in the range, oldest first (ties by id),
            in the input schema the readers accept (docs/export.md): CSV with the
            documented header, or JSON {"schemaVersion": 1, "logs": [...]}.
            Reading the export back gives the same records. CSV text fields are
            neutralised against spreadsheet formula injection (one more leading '
            before =, +, -, @, tab or carriage return); the CSV reader undoes it.
            Daily context is not a log and is not exported. The file is written
            atomically with mode 0600. --tier free exits with status 3 and
            writes nothing.

            Example:
              report headache export logs.json --format csv -o logs.csv --tier premium
            """)

    @Argument(help: ArgumentHelp("Headache log exports (.json or .csv); several are merged. '-' reads standard input.",
                                 valueName: "INPUT"))
    var inputs: [String]

    @Option(name: .customLong("format"), help: "The format to write.")
    var format: ExportJob.Format

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write ('-' for standard output).", valueName: "OUT"))
    var output: String

    @Option(name: .customLong("tier"), help: "The export needs premium.")
    var tier: AuraeTier = .free

    @Option(name: .customLong("input-format"), help: "Read every input as this format instead of choosing by extension.")
    var inputFormat: InputFormat?

    @Flag(name: .customLong("skip-invalid"), help: "Report invalid records as warnings and leave them out, instead of stopping.")
    var skipInvalid = false

    @Option(name: .customLong("max-errors"), help: "Stop after this many input errors.")
    var maxErrors: Int = 50

    @Option(name: .customLong("max-records"), help: "Refuse inputs with more records than this.")
    var maxRecords: Int = IngestLimits.default.maxRecords

    @Option(name: .customLong("max-field-bytes"), help: "Refuse fields longer than this many bytes.")
    var maxFieldBytes: Int = IngestLimits.default.maxFieldBytes

    @Option(name: .customLong("max-input-bytes"), help: ArgumentHelp("Refuse an input file (or standard input) longer than this many bytes; it is not read further.", valueName: "N"))
    var maxInputBytes: Int = IngestLimits.default.maxFileBytes

    @OptionGroup var options: RunOptions

    var console: Console { options.console }

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("no INPUT given") }
        guard maxErrors > 0 else { throw ValidationError("--max-errors must be at least 1") }
        guard maxRecords > 0, maxFieldBytes > 0, maxInputBytes > 0 else {
            throw ValidationError("--max-records, --max-field-bytes and --max-input-bytes must be positive")
        }
        try OutputTarget(path: output).refuseClobbering(inputs)
    }

    func run() throws {
        guard tier == .premium else { throw failure(ExportJob.Failure.needsPremium) }
        var ingest = IngestOptions()
        ingest.skipInvalid = skipInvalid
        ingest.maxErrors = maxErrors
        ingest.limits.maxRecords = maxRecords
        ingest.limits.maxFieldBytes = maxFieldBytes
        ingest.limits.maxFileBytes = maxInputBytes
        ingest.format = inputFormat
        let logs = try HeadacheLogReader.read(inputs.map(InputSource.init(path:)), options: ingest)
        console.print(logs.warnings)
        if logs.skipped > 0 { console.warning("skipped \(logs.skipped) invalid record\(logs.skipped == 1 ? "" : "s")") }
        let run = options.runInfo(logs: logs.records)
        try options.checkRange(run)
        let context = ReportContext(templates: try options.templateSet(), run: run, output: OutputTarget(path: output))
        let request = ExportJob.Request(tier: tier, format: format, from: options.from, to: options.to)
        let count: Int
        do { count = try ExportJob().run(HeadacheInputs(logs: logs.records, skipped: logs.skipped), request, in: context) }
        catch let e as ExportJob.Failure { throw failure(e) }
        let target = context.output.isStandardOutput ? "standard output" : output
        console.info("wrote \(target): \(count) log\(count == 1 ? "" : "s")")
    }

    /// The command's failure for a refused export: tier (3), or output the format cannot hold (4).
    func failure(_ e: ExportJob.Failure) -> CommandFailure {
        switch e {
        case .needsPremium: return CommandFailure(status: .tier, message: e.description)
        case .notRepresentableInCSV: return CommandFailure(status: .output, message: e.description)
        }
    }
}

/// `--format` of the export: csv or json, in any letter case.
extension ExportJob.Format: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}
