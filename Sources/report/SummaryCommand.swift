import ArgumentParser
import Aurae
import ReportKit

struct SummaryCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Write the Aurae headache summary PDF (free tier).",
        discussion: """
            One A4 PDF: the Aurae header, the date range, the safety items when present \
            (flagged episodes, the medication-overuse awareness text for the as-of month) and \
            one table row per episode in the range, oldest first. The summary is free, the \
            same in every tier. The file is written atomically with mode 0600; -o - writes it \
            to standard output.

            Examples:
              report headache summary samples/aurae/logs.json -o summary.pdf \\
                --as-of 2026-03-31 --patient-name "Alex Doe"
              report headache summary samples/aurae/logs.csv -o march.pdf \\
                --from 2026-03-01 --to 2026-03-31 --as-of 2026-07-15
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("The PDF to write ('-' for standard output).", valueName: "OUT.pdf"))
    var output: String

    @OptionGroup var dates: RunOptions

    @Option(name: .customLong("patient-name"), help: ArgumentHelp("Name shown under the title.", valueName: "NAME"))
    var patientName: String?

    @Option(name: .customLong("tier"), help: "The summary is the same in every tier.")
    var tier: AuraeTier = .free

    @OptionGroup var input: InputOptions

    @OptionGroup var common: CommonOptions

    var console: Console { common.console }
    static let alwaysDrawsPDF = true

    func validate() throws {
        let target = OutputTarget(path: output)
        _ = try target.format(among: [.pdf])
        try target.refuseClobbering(input.inputs)
    }

    func run() throws {
        let request = SummaryJob.Request(from: dates.from, to: dates.to, patientName: patientName)
        let job = preloadingFonts(try SummaryJob(templates: try common.templateSet(app: "aurae")))
        let inputs = try input.read(messages: console)
        let context = try dates.context(logs: inputs.logs, output: OutputTarget(path: output), console: console)
        let result = try job.run(consume inputs, request, in: context)
        console.wrote(context.output.displayName, [counted(result.pageCount, "page"), counted(result.episodeCount, "episode")])
    }
}

/// Read from a plain line without ArgumentParser (`PlainLine`); debug builds check it against
/// ArgumentParser on every line (`LeafDispatch.crossCheck`).
extension SummaryCommand: PlainParsable {
    static let plainFlags = CommonOptions.plainFlags.union(InputOptions.plainFlags)

    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.output = try line.required("output")
        made.dates = try RunOptions(plain: &line)
        made.patientName = try line.value("patient-name")
        made.tier = try line.value("tier") ?? .free
        made.input = try InputOptions(plain: &line)
        made.common = try CommonOptions(plain: &line)
        self = made
    }
}
