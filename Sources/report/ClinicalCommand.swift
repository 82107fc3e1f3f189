import ArgumentParser
import Aurae
import ReportKit

struct ClinicalCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "clinical",
        abstract: "Write the Aurae clinical headache report PDF (premium tier).",
        discussion: """
            One A4 PDF for a clinician, each section an outline entry: overview
            (compared with the previous period of the same length, Last 30 Days,
            streak, data basis), calendar, safety (flagged episodes, the
            medication-overuse awareness text, acute-medication days per ICHD-3
            class for the last three months), charts, pattern summary, episode
            table, episode details and disclaimers. Every number comes from the
            analysis that 'report headache insights --tier premium' prints.
            With --tier free it exits with status 3 and writes nothing.

            --sections picks and orders sections by name:
            \(ClinicalReport.sectionIds.joined(separator: ", ")).
            Safety is never left out: it comes first after overview when not named.

            Example:
              report headache clinical samples/aurae/logs.json --tier premium \\
                --days samples/aurae/days.json --as-of 2026-07-31 -o clinical.pdf \\
                --sections overview,safety,patterns
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var options: RunOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The PDF to write ('-' for standard output).", valueName: "OUT.pdf"))
    var output: String

    @Option(name: .customLong("patient-name"), help: ArgumentHelp("Name shown under the title.", valueName: "NAME"))
    var patientName: String?

    @Option(name: .customLong("tier"), help: "The clinical report needs premium.")
    var tier: AuraeTier = .free

    @Option(name: .customLong("days"), help: ArgumentHelp("Daily-context export (.json or .csv): the data basis and the fair comparison.", valueName: "FILE"))
    var days: String?

    @Option(name: .customLong("sections"), help: ArgumentHelp("Sections in the order wanted, comma-separated (default: all).", valueName: "LIST"),
            transform: ClinicalCommand.sectionList)
    var sections: [String]?

    var console: Console { options.console }

    func validate() throws {
        try OutputTarget(path: output).refuseClobbering(input.inputs + (days.map { [$0] } ?? []))
    }

    /// The `--sections` names: each one known, none twice, none empty.
    static func sectionList(_ text: String) throws -> [String] {
        let valid = ClinicalReport.sectionIds
        return try CommaList(text, noun: "section", known: valid.joined(separator: ", "),
                             element: { valid.contains($0) ? $0 : nil }, describe: { $0 }).values
    }

    func run() throws {
        let request = ClinicalJob.Request(from: options.from, to: options.to, patientName: patientName,
                                          sections: sections)
        try ClinicalJob.gates(for: request).check(tier)
        let templates = try options.templateSet()
        let job = try ClinicalJob(templates: templates)
        let inputs = try input.read(days: days, messages: console)
        let context = try options.context(templates, logs: inputs.logs, output: OutputTarget(path: output))
        let result = try job.run(inputs, request, in: context)
        console.wrote(context.output.displayName, [counted(result.pageCount, "page"), counted(result.episodeCount, "episode")])
    }
}
