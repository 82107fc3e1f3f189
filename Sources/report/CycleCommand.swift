import ArgumentParser
import Catalog
import Cycle
import Ingest
import ReportKit

struct CycleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cycle",
        abstract: "Period start check-ins: which reminders go out in a cron window, and each user's cycle summary.",
        discussion: """
            Reads period start exports (JSON or CSV: id, userId, startDate, timeZone, \
            notifications). The cycle length is the average of the last 6 gaps of 15 to 90 days \
            (28 when there is none); the two check-ins fall 1 and 3 days after the predicted \
            start, at 09:00 in the user's time zone, from the system's time-zone database (tzdata: \
            the TZif files in $TZDIR, default /usr/share/zoneinfo).

            Exit status: 0 success, 1 invalid input, 2 usage error.
            """,
        subcommands: [CycleRemindersCommand.self, CycleSummaryCommand.self])
}

/// `--from`, `--to` of `cycle reminders`: an ISO 8601 instant with a UTC offset, checked while parsing.
extension Timestamp: ExpressibleByArgument {
    public init?(argument: String) {
        guard let t = Timestamp(iso: argument), InputYears.contains(t) else { return nil }
        self = t
    }

    /// Why `text` is not an instant these options take; nil when it is one.
    static func argumentProblem(_ text: String) -> String? {
        if let t = Timestamp(iso: text) {
            return InputYears.contains(t) ? nil
                : "outside the years \(InputYears.valid.lowerBound)-\(InputYears.valid.upperBound)"
        }
        if text.count >= 10, let problem = LocalDate.argumentProblem(String(text.prefix(10))), !problem.hasPrefix("not a date") {
            return problem
        }
        return "not an ISO 8601 instant with a UTC offset, for example 2026-03-28T00:00:00Z"
    }
}

/// The inputs and run-wide settings of the cycle commands.
struct CycleOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Period start exports (.json or .csv); several are merged. '-' reads standard input.", valueName: "PERIODS"))
    var inputs: [String]

    @Option(name: .customLong("format"), help: "Read every input as this format instead of choosing by extension.")
    var format: InputFormat?

    @Flag(name: .customLong("json"), help: "Print JSON lines instead of text.")
    var json = false

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var run: CommonOptions

    var console: Console { run.console }

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("no PERIODS given") }
    }

    /// Loads the templates, reads the inputs and returns the job and the period starts.
    /// Loads the job (its templates first), reads the period starts and runs `request`, writing
    /// to standard output.
    func run(_ request: CycleJob.Request) throws {
        let job = try CycleJob(templates: run.templateSet(app: "cycle"))
        let starts = console.reading(try PeriodReader.read(inputs.map { InputSource(path: $0) }, options: reading.ingestOptions(format: format))).records
        try job.run(starts, request, in: run.context())
    }
}

struct CycleRemindersCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "The check-ins whose instant falls in [--from, --to), for a cron run.",
        discussion: """
            Only users with notifications authorized get check-ins, and only for their latest \
            start (a newer start replaces the older cycle's). Lines are ordered by instant, then \
            user id: running the same window again gives the same lines. With --json each line is \
            an object with userId, cycleId, attempt, identifier, at (UTC), localTime (with the \
            zone's offset), title and body.

            Example:
              report cycle reminders samples/cycle/periods.json --json \\
                --from 2026-03-28T00:00:00Z --to 2026-03-31T00:00:00Z
            """)

    @Option(name: .customLong("from"), help: ArgumentHelp("Start of the window (included), ISO 8601 with a UTC offset.", valueName: "INSTANT"))
    var from: Timestamp

    @Option(name: .customLong("to"), help: ArgumentHelp("End of the window (excluded), ISO 8601 with a UTC offset.", valueName: "INSTANT"))
    var to: Timestamp

    @OptionGroup var options: CycleOptions

    var console: Console { options.console }

    func validate() throws {
        guard from.isEarlierInstant(than: to) else { throw ValidationError("--from '\(from)' is not before --to '\(to)'") }
    }

    func run() throws {
        try options.run(.reminders(from: from, to: to, json: options.json))
    }
}

struct CycleSummaryCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Per user: the average cycle length (and whether it is the default), the latest start, the prediction and both check-in times.",
        discussion: """
            With --as-of only starts on or before that date count. With --json one object per \
            user, in user id order.

            Example:
              report cycle summary samples/cycle/periods.json \\
                samples/cycle/periods-london.csv --as-of 2026-03-01
            """)

    @Option(name: .customLong("as-of"), help: ArgumentHelp("Count only starts on or before this date, YYYY-MM-DD (default: all).", valueName: "D"))
    var asOf: LocalDate?

    @OptionGroup var options: CycleOptions

    var console: Console { options.console }

    func run() throws {
        try options.run(.summary(asOf: asOf, json: options.json))
    }
}
