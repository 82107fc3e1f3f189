import ArgumentParser
import Foundation
import Ingest
import Insights
import Render
import Reports

struct SummaryCommand: ParsableCommand {
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

    @Option(name: .customLong("tier"), help: "free or premium (the summary is in both).")
    var tier: String = "free"

    func run() throws {
        try self.options.apply()
        guard ["free", "premium"].contains(tier) else { throw CommandFailure.usage("--tier must be free or premium") }
        let range = try self.options.range()
        let templates = try self.options.templateSet()
        let logs = try input.readLogs()
        let asOf = try self.options.asOfDate(logs: logs.records)
        let runInfo = RunInfo(asOf: asOf.date,
                              generatedAt: RunInfo.creationDate(asOf: asOf.date, asOfGiven: asOf.given))
        let summaryOptions = HeadacheSummary.Options(from: range.from, to: range.to, patientName: patientName,
                                              skippedCount: logs.skipped, run: runInfo)
        let result = try SummaryJob(templates: templates).render(logs: logs.records, options: summaryOptions, to: output)
        for w in result.fontWarnings { Diagnostics.warning(w) }
        Diagnostics.info("wrote \(output == "-" ? "standard output" : output): \(result.pageCount) page\(result.pageCount == 1 ? "" : "s"), \(result.episodeCount) episode\(result.episodeCount == 1 ? "" : "s")")
    }
}
