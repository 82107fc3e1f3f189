import ArgumentParser
import Aurae
import ReportKit
import Quoting

struct ClinicalCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "clinical",
        abstract: "Write the Aurae clinical headache report PDF (premium tier).",
        discussion: """
            One A4 PDF for a clinician. Page 1, "At a glance": headache days, days with acute \
            medication, severe days and episodes per calendar month with the range's totals and \
            the previous period; alerts (flagged episodes, ICHD-3 classes at or above their \
            reference days); acute medication by drug and class, preventives; the logged factors \
            against headache-free days; the calendar in miniature. Then the evidence: calendar, \
            safety, charts, patterns, medications, episode table and disclaimers; the full \
            per-episode record ('details') on request. Every number comes from the analysis that \
            'report headache insights --tier premium' prints. --days adds the daily context: the \
            data basis and the comparison with headache-free days. The range is the last three \
            calendar months up to --as-of unless --from/--to say otherwise.

            The clinical report is premium: --tier is required, and --tier free exits with \
            status 3 and writes nothing.

            --sections picks and orders sections by name: \
            \(ClinicalReport.sectionIds.joined(separator: ", ")) ('overview' is another name for \
            'glance'; 'all' gives every section). Default: every section but details. Safety is \
            never left out: it comes right after glance (or first) when not named.

            Examples:
              report headache clinical samples/aurae/logs.json --tier premium \\
                --days samples/aurae/days.json --as-of 2026-07-31 -o clinical.pdf
              report headache clinical samples/aurae/logs.json --tier premium \\
                --days samples/aurae/days.json --as-of 2026-07-31 -o full.pdf \\
                --patient-name "Alex Doe" --sections all
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("The PDF to write ('-' for standard output).", valueName: "OUT.pdf"))
    var output: String

    @Option(name: .customLong("tier"), help: "The user's tier; the clinical report needs premium (free exits 3).")
    var tier: AuraeTier

    @OptionGroup var dates: RunOptions

    @Option(name: .customLong("patient-name"), help: ArgumentHelp("Name shown under the title and in the running header of every page.", valueName: "NAME"))
    var patientName: String?

    @Option(name: .customLong("days"), help: ArgumentHelp("Daily-context export (.json or .csv): the data basis and the fair comparison.", valueName: "FILE"))
    var days: String?

    @Option(name: .customLong("sections"), help: ArgumentHelp("Sections in the order wanted, comma-separated, or 'all' (default: all but details).", valueName: "LIST"),
            transform: ClinicalCommand.sectionList)
    var sections: [String]?

    @OptionGroup var input: InputOptions

    @OptionGroup var common: CommonOptions

    var console: Console { common.console }
    static let alwaysDrawsPDF = true

    func validate() throws {
        let target = OutputTarget(path: output)
        _ = try target.format(among: [.pdf])
        try target.refuseClobbering(input.inputs + (days.map { [$0] } ?? []))
    }

    /// The `--sections` names: each one known (`overview` is `glance`), none twice, none empty;
    /// or `all` alone.
    static func sectionList(_ text: String) throws -> [String] {
        let valid = ClinicalReport.sectionIds
        if text.trimmed(.spaces) == "all" { return valid }
        return try CommaList(text, noun: "section", known: valid.joined(separator: ", ") + " (or all)",
                             element: { $0 == ClinicalReport.glanceAlias ? ClinicalReport.glanceId : valid.contains($0) ? $0 : nil },
                             describe: { $0 }).values
    }

    func run() throws {
        let request = ClinicalJob.Request(from: dates.from, to: dates.to, patientName: patientName,
                                          sections: sections)
        try ClinicalJob.gates(for: request).check(tier)
        let templates = try common.templateSet(app: "aurae")
        let job = preloadingFonts(try ClinicalJob(templates: templates))
        let inputs = try input.read(days: days, messages: console)
        let context = try dates.context(logs: inputs.logs, output: OutputTarget(path: output), console: console)
        let result = try job.run(consume inputs, request, in: context)
        console.wrote(context.output.displayName, [counted(result.pageCount, "page"), counted(result.episodeCount, "episode")])
    }
}

/// Read from a plain line without ArgumentParser (`PlainLine`); debug builds check it against
/// ArgumentParser on every line (`LeafDispatch.crossCheck`).
extension ClinicalCommand: PlainParsable {
    static let plainFlags = CommonOptions.plainFlags.union(InputOptions.plainFlags)

    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.output = try line.required("output")
        made.tier = try line.required("tier")
        made.dates = try RunOptions(plain: &line)
        made.patientName = try line.value("patient-name")
        made.days = try line.value("days")
        made.sections = try line.value("sections", transform: Self.sectionList)
        made.input = try InputOptions(plain: &line)
        made.common = try CommonOptions(plain: &line)
        self = made
    }
}
