import ArgumentParser
import Aurae
import ReportKit

struct SummaryCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Write the Aurae headache summary PDF (free tier).",
        discussion: """
            One A4 PDF: the Aurae header, the date range, the safety items when present (flagged
            episodes, the medication-overuse awareness text for the as-of month) and one table row
            per episode in the range, oldest first. The file is written atomically with mode 0600.

            Example:
              report headache summary samples/aurae/logs.json -o summary.pdf --as-of 2026-03-31 --patient-name "Alex Doe"
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var options: RunOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The PDF to write ('-' for standard output).", valueName: "OUT.pdf"))
    var output: String

    @Option(name: .customLong("patient-name"), help: ArgumentHelp("Name shown under the title.", valueName: "NAME"))
    var patientName: String?

    @Option(name: .customLong("tier"), help: "The summary is the same in every tier.")
    var tier: AuraeTier = .free

    var console: Console { options.console }

    func validate() throws {
        try OutputTarget(path: output).refuseClobbering(input.inputs)
    }

    func run() throws {
        let request = SummaryJob.Request(from: options.from, to: options.to, patientName: patientName)
        let templates = try options.templateSet()
        let inputs = try input.read(messages: console)
        let context = try options.context(templates, logs: inputs.logs, output: OutputTarget(path: output))
        let result = try SummaryJob(templates: templates).run(inputs, request, in: context)
        console.wrote(context.output.displayName, [counted(result.pageCount, "page"), counted(result.episodeCount, "episode")])
    }
}
