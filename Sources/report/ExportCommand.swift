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
        let request = ExportJob.Request(format: format, from: options.from, to: options.to)
        try ExportJob.gates(for: request).check(tier)
        let logs = console.reading(try HeadacheLogReader.read(inputs.map(InputSource.init(path:)),
                                                              options: reading.ingestOptions(format: inputFormat)))
        let context = try options.context(try options.templateSet(), logs: logs.records, output: OutputTarget(path: output))
        let count = try ExportJob().run(HeadacheInputs(logs: logs.records, skipped: logs.skipped), request, in: context)
        console.wrote(context.output.displayName, [counted(count, "log")])
    }
}

/// `--format` of the export: csv or json, in any letter case.
extension ExportJob.Format: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}
