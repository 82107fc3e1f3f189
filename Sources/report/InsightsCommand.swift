import ArgumentParser
import Aurae
import ReportKit

struct InsightsCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "Print Aurae pattern insights as text or JSON.",
        discussion: """
            Co-occurrence counts with hard thresholds and approved wording: factors logged \
            before headaches, weather, sleep, day of week and time of day, medication ratings, \
            frequency and streaks, and the safety items (flagged episodes, medication-overuse \
            awareness) that every tier gets. Below a threshold a section says it is still \
            collecting, with no numbers. With --days (daily context), each factor is also \
            compared with headache-free days. Sections of a higher tier are present as locked.

            Text for a person, or with --json one JSON object for the app: asOf, window, tier, \
            the counts, one member per section (each with its status and wording) and the \
            safety items. -o writes to a file instead of standard output: a .json name writes \
            JSON, a .txt name text.

            Examples:
              report headache insights samples/aurae/logs.json --as-of 2026-07-31
              report headache insights samples/aurae/logs.json --tier premium \\
                --days samples/aurae/days.json --as-of 2026-07-31 -o insights.json
            """)

    @Option(name: .customLong("tier"), help: "The tier whose sections are shown; the others are present as locked.")
    var tier: AuraeTier = .free

    @Flag(name: .customLong("json"), help: "Print JSON for the app instead of text.")
    var json = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (.json or .txt) instead of standard output.", valueName: "OUT"))
    var output: String?

    @OptionGroup var dates: RunOptions

    @Option(name: .customLong("days"), help: ArgumentHelp("Daily-context export (.json or .csv) for the fair comparison.", valueName: "FILE"))
    var days: String?

    @OptionGroup var input: InputOptions

    @OptionGroup var common: CommonOptions

    var console: Console { common.console }

    /// JSON or text: the extension of `-o` when it names one, else `--json`; both must agree.
    func format() throws -> InsightsJob.Format {
        guard let output, let chosen = try OutputTarget(path: output).format(among: [.json, .txt]) else {
            return json ? .json : .text
        }
        if json && chosen != .json {
            throw ValidationError("--json writes JSON, but -o '\(output)' ends in \(chosen.dotted); name it '….json'")
        }
        return chosen == .json ? .json : .text
    }

    func validate() throws {
        _ = try format()
        try output.map(OutputTarget.init(path:))?.refuseClobbering(input.inputs + (days.map { [$0] } ?? []))
    }

    func run() throws {
        let request = InsightsJob.Request(tier: tier, format: try format(), from: dates.from, to: dates.to)
        let templates = try common.templateSet(app: "aurae")
        let job = try InsightsJob(templates: templates)
        let inputs = try input.read(days: days, messages: console)
        let context = try dates.context(logs: inputs.logs, output: output.map(OutputTarget.init(path:)) ?? .standardOutput,
                                        console: console)
        try job.run(inputs, request, in: context)
    }
}

/// Read from a plain line without ArgumentParser (`PlainLine`); debug builds check it against
/// ArgumentParser on every line (`LeafDispatch.crossCheck`).
extension InsightsCommand: PlainParsable {
    static let plainFlags = CommonOptions.plainFlags.union(InputOptions.plainFlags).union(["json"])

    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.tier = try line.value("tier") ?? .free
        made.json = line.flag("json")
        made.output = try line.value("output")
        made.dates = try RunOptions(plain: &line)
        made.days = try line.value("days")
        made.input = try InputOptions(plain: &line)
        made.common = try CommonOptions(plain: &line)
        self = made
    }
}
