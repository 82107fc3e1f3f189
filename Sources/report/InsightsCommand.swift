import ArgumentParser
import Aurae
import ReportKit

struct InsightsCommand: ReportCommand {
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

    @Option(name: .customLong("tier"), help: "The tier whose sections are shown; the others are present as locked.")
    var tier: AuraeTier = .free

    @Option(name: .customLong("days"), help: ArgumentHelp("Daily-context export (.json or .csv) for the fair comparison.", valueName: "FILE"))
    var days: String?

    @Flag(name: .customLong("json"), help: "Print JSON (the contract in docs/insights.md) instead of text.")
    var json = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "OUT"))
    var output: String?

    var console: Console { options.console }

    func validate() throws {
        try output.map(OutputTarget.init(path:))?.refuseClobbering(input.inputs + (days.map { [$0] } ?? []))
    }

    func run() throws {
        let request = InsightsJob.Request(tier: tier, format: json ? .json : .text, from: options.from, to: options.to)
        let templates = try options.templateSet()
        let job = try InsightsJob(templates: templates)
        let inputs = try input.read(days: days, messages: console)
        let context = try options.context(templates, logs: inputs.logs,
                                          output: output.map(OutputTarget.init(path:)) ?? .standardOutput)
        try job.run(inputs, request, in: context)
    }
}
