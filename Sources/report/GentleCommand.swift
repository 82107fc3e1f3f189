import ArgumentParser
import ReportKit
import Gentle
import Ingest

struct GentleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gentle",
        abstract: "Gentle Days: which partner notifications go out, and one person's export.",
        discussion: """
            Reads Gentle Days events (JSON or CSV): status updates with the chips a person chose, \
            care actions, comfort SOS and calendar entries, each with its person (userId) and pair \
            (pairId). Nothing is computed over time: every output is per event or per person.

            Exit status: 0 success, 1 invalid input (or, for export, a user with no events), 2 usage \
            error, 4 cannot write the output.
            """,
        subcommands: [GentleNotifyCommand.self, GentleExportCommand.self])
}

/// The event files, how to read them and how to print messages: what both Gentle Days commands share.
struct GentleInputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Event exports (.json or .csv); several are merged. '-' reads standard input.", valueName: "EVENTS"))
    var events: [String]

    @Option(name: .customLong("format"), help: "Read every input as this format instead of choosing by extension.")
    var format: InputFormat?

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard !events.isEmpty else { throw ValidationError("no EVENTS given") }
    }

    var console: Console { common.console }

    /// Reads and merges the events, printing their warnings (and the skipped count). Throws input errors.
    func read() throws -> [GentleEvent] {
        console.reading(try GentleEventReader.read(events.map(InputSource.init(path:)), options: reading.ingestOptions(format: format))).records
    }
}
