import ArgumentParser
import Aurae
import Ingest
import ReportKit

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

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var options: RunOptions

    var console: Console { options.console }

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("no INPUT given") }
        try OutputTarget(path: output).refuseClobbering(inputs)
    }

    func run() throws {
        guard tier == .premium else { throw failure(ExportJob.Failure.needsPremium) }
        let logs = try HeadacheLogReader.read(inputs.map(InputSource.init(path:)),
                                              options: reading.ingestOptions(format: inputFormat))
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
