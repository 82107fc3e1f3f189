import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Gentle
import ReportKit

struct GentleExportCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write one person's own Gentle Days data as JSON.",
        discussion: """
            The export holds the person's latest sharing settings per pair, their status history \
            (status updates with their chips, and their SOS), their calendar entries and the care \
            actions they received — never the partner's data. It is written atomically with mode \
            0600. A user who sent no event is an input error (exit 1) and nothing is written.

            Example:
              report gentle export samples/gentle/events.json --user user_maya \\
                -o maya.json
            """)

    @Option(name: .customLong("user"), help: ArgumentHelp("The person whose data is exported.", valueName: "ID"))
    var user: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The JSON file to write ('-' for standard output).", valueName: "OUT.json"))
    var output: String

    @OptionGroup var input: GentleInputOptions

    var console: Console { input.console }

    func validate() throws {
        let target = OutputTarget(path: output)
        _ = try target.format(among: [.json])
        try target.refuseClobbering(input.events)
    }

    func run() throws {
        let events = try input.read()
        try GentleExportJob().run(events, GentleExportJob.Request(userId: user), in: input.common.context(output: OutputTarget(path: output)))
        if output != "-" { console.info("wrote \(output)") }
    }
}
