import ArgumentParser
import Foundation
import Ingest
import Insights
import Reports

struct InsightsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "Print Aurae pattern insights as text or JSON.",
        discussion: """
            Co-occurrence counts with hard thresholds and approved wording: factors logged before
            headaches, weather, sleep, day of week and time of day, medication ratings, frequency
            and streaks, and the safety items (flagged episodes, medication-overuse awareness)
            that every tier gets. Below a threshold a section says it is still collecting, with
            no numbers. With --days (daily context), each factor is also compared with
            headache-free days. Sections of a higher tier are present as locked.

            Example:
              report headache insights samples/aurae/logs.json --days samples/aurae/days.json --as-of 2026-07-31 --tier premium --json
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var options: RunOptions

    @Option(name: .customLong("tier"), help: "free or premium.")
    var tier: String = "free"

    @Option(name: .customLong("days"), help: ArgumentHelp("Daily-context export (.json or .csv) for the fair comparison.", valueName: "FILE"))
    var days: String?

    @Flag(name: .customLong("json"), help: "Print JSON (the contract in docs/insights.md) instead of text.")
    var json = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "OUT"))
    var output: String?

    func run() throws {
        try options.apply()
        guard let tier = AuraeTier(rawValue: tier) else { throw CommandFailure.usage("--tier must be free or premium") }
        let range = try options.range()
        let templates = try options.templateSet()
        let config = try InsightsConfig(templates: templates)
        let presenter = try InsightsPresenter(templates: templates, config: config)
        let logs = try input.readLogs()
        var dayRecords: [DayContext]?
        if let days {
            var dayOptions = try input.ingestOptions()
            dayOptions.format = nil
            let result = try DayContextReader.read([InputSource(path: days)], options: dayOptions)
            Diagnostics.printDiagnostics(result.warnings)
            dayRecords = result.records
        }
        let asOf = try options.asOfDate(logs: logs.records)
        let request = InsightsRequest(logs: logs.records, days: dayRecords, asOf: asOf.date,
                                      from: range.from, to: range.to, tier: tier)
        let result = HeadacheInsights.analyze(request, config: config)
        var text = json ? try presenter.json(result) : try presenter.text(result)
        if !text.hasSuffix("\n") { text += "\n" }
        let file = try AtomicFile(path: output ?? "-")
        do { try file.write(text); try file.commit() } catch { file.abandon(); throw error }
    }
}
