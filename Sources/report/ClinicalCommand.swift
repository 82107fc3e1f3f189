import ArgumentParser
import Aurae
import ReportKit

struct ClinicalCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "clinical",
        abstract: "Write the Aurae clinical headache report PDF (premium tier).",
        discussion: """
            One A4 PDF for a clinician, each section an outline entry; every number comes from \
            the analysis that 'report headache insights --tier premium' prints. --days adds the \
            daily context: the data basis and the comparison with headache-free days.

            The clinical report is premium: --tier is required, and --tier free exits with \
            status 3 and writes nothing.

            --sections picks and orders sections by name: \
            \(ClinicalReport.sectionIds.joined(separator: ", ")). Safety is never left out.

            Examples:
              report headache clinical samples/aurae/logs.json --tier premium \\
                --days samples/aurae/days.json --as-of 2026-07-31 -o clinical.pdf
              report headache clinical samples/aurae/logs.json --tier premium \\
                --as-of 2026-07-31 -o short.pdf --sections overview,safety,patterns
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("The PDF to write ('-' for standard output).", valueName: "OUT.pdf"))
    var output: String

    @Option(name: .customLong("tier"), help: "The user's tier; the clinical report needs premium (free exits 3).")
    var tier: AuraeTier

    @OptionGroup var dates: RunOptions

    @Option(name: .customLong("patient-name"), help: ArgumentHelp("Name shown under the title.", valueName: "NAME"))
    var patientName: String?

    @Option(name: .customLong("days"), help: ArgumentHelp("Daily-context export (.json or .csv): the data basis and the fair comparison.", valueName: "FILE"))
    var days: String?

    @Option(name: .customLong("sections"), help: ArgumentHelp("Sections in the order wanted, comma-separated (default: all).", valueName: "LIST"),
            transform: ClinicalCommand.sectionList)
    var sections: [String]?

    @OptionGroup var input: InputOptions

    @OptionGroup var common: CommonOptions

    var console: Console { common.console }

    func validate() throws {
        let target = OutputTarget(path: output)
        _ = try target.format(among: [.pdf])
        try target.refuseClobbering(input.inputs + (days.map { [$0] } ?? []))
    }

    /// The `--sections` names: each one known, none twice, none empty.
    static func sectionList(_ text: String) throws -> [String] {
        let valid = ClinicalReport.sectionIds
        return try CommaList(text, noun: "section", known: valid.joined(separator: ", "),
                             element: { valid.contains($0) ? $0 : nil }, describe: { $0 }).values
    }

    func run() throws {
        let request = ClinicalJob.Request(from: dates.from, to: dates.to, patientName: patientName,
                                          sections: sections)
        try ClinicalJob.gates(for: request).check(tier)
        let templates = try common.templateSet(app: "aurae")
        let job = try ClinicalJob(templates: templates)
        let inputs = try input.read(days: days, messages: console)
        let context = try dates.context(logs: inputs.logs, output: OutputTarget(path: output), console: console)
        let result = try job.run(inputs, request, in: context)
        console.wrote(context.output.displayName, [counted(result.pageCount, "page"), counted(result.episodeCount, "episode")])
    }
}
