import ArgumentParser
import Aurae
import Ingest
import ReportKit

struct ExportCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the headache logs in a date range back out as CSV or JSON (premium).",
        discussion: """
            Every log whose onset date is in the range, oldest first (ties by id), in the \
            schema the readers accept, so every headache command reads the file back as the \
            same records: CSV with the header of the app's export, or JSON {"schemaVersion": 1, \
            "logs": [...]}. The extension of -o chooses the format (.csv or .json); --format \
            chooses it for -o - and must agree with the extension otherwise. CSV text fields \
            are neutralised against spreadsheet formula injection (one more leading ' before \
            =, +, -, @, tab or carriage return); the CSV reader undoes it. Daily context is not \
            a log and is not exported. The file is written atomically with mode 0600.

            The export is premium: --tier is required, and --tier free exits with status 3 and \
            writes nothing.

            Example:
              report headache export samples/aurae/logs.json -o logs.csv \\
                --tier premium --as-of 2026-07-31
            """)

    @Argument(help: ArgumentHelp("Headache log exports (.json or .csv); several are merged. '-' reads standard input.",
                                 valueName: "INPUT"))
    var inputs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write, .csv or .json ('-' for standard output).", valueName: "OUT"))
    var output: String

    @Option(name: .customLong("tier"), help: "The user's tier; the export needs premium (free exits 3).")
    var tier: AuraeTier

    @Option(name: .customLong("format"), help: "The format to write (default: told by the extension of -o; needed for -o -).")
    var format: ExportJob.Format?

    @OptionGroup var dates: RunOptions

    @Option(name: .customLong("input-format"), help: "Read every input as this format instead of choosing by extension.")
    var inputFormat: InputFormat?

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var common: CommonOptions

    var console: Console { common.console }

    /// The format to write: the extension of `-o`, else `--format`; both must agree.
    func chosenFormat() throws -> ExportJob.Format {
        let byName = try OutputTarget(path: output).format(among: [.csv, .json]).flatMap { ExportJob.Format(rawValue: $0.rawValue) }
        switch (byName, format) {
        case (let name?, let flag?) where name != flag:
            throw ValidationError("--format \(flag.rawValue) does not match -o '\(output)', which ends in .\(name.rawValue)")
        case (let name?, _): return name
        case (nil, let flag?): return flag
        case (nil, nil): throw ValidationError("-o '\(output)' does not tell the format: give --format csv or --format json")
        }
    }

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("no INPUT given") }
        _ = try chosenFormat()
        try OutputTarget(path: output).refuseClobbering(inputs)
    }

    func run() throws {
        let request = ExportJob.Request(format: try chosenFormat(), from: dates.from, to: dates.to)
        try ExportJob.gates(for: request).check(tier)
        let logs = console.reading(try HeadacheLogReader.read(inputs.map(InputSource.init(path:)),
                                                              options: reading.ingestOptions(format: inputFormat)))
        let context = try dates.context(logs: logs.records, output: OutputTarget(path: output), console: console)
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

/// Read from a plain line without ArgumentParser (`PlainLine`); debug builds check it against
/// ArgumentParser on every line (`LeafDispatch.crossCheck`).
extension ExportCommand: PlainParsable {
    static let plainFlags = CommonOptions.plainFlags.union(ReadingOptions.plainFlags)

    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.inputs = line.inputWords()
        made.output = try line.required("output")
        made.tier = try line.required("tier")
        made.format = try line.value("format")
        made.dates = try RunOptions(plain: &line)
        made.inputFormat = try line.value("input-format")
        made.reading = try ReadingOptions(plain: &line)
        made.common = try CommonOptions(plain: &line)
        self = made
    }
}
