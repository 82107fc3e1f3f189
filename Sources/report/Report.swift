import ArgumentParser
import Foundation
import ReportKit

@main
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Turns health-app exports into clinician-ready PDFs, pattern insights and exports.",
        discussion: """
            Reads the exports of the app family (JSON or CSV) and writes A4 PDFs, insights and \
            exports: Aurae headache reports and the nightly batch (headache), the CuraKnot care \
            circle (care), period check-ins (cycle), Gentle Days partner notifications (gentle) \
            and the Mindful Home peanut ledger (home). Input errors are printed as \
            file:line:column: error: … on standard error.

            Exit status: 0 success, 1 invalid input data, 2 usage error, 3 not available in \
            this tier, 4 cannot write output or open the store.

            Example:
              report headache summary samples/aurae/logs.json -o summary.pdf --as-of 2026-03-31
            """,
        version: "report 0.1.0",
        subcommands: [HeadacheCommand.self, CareCommand.self, CycleCommand.self, GentleCommand.self, HomeCommand.self,
                      BenchmarkCommand.self])

    /// Parses, runs, and exits with the documented status. Whatever the parser rejects (an
    /// unknown option, an invalid value, a failed `validate()`) is a usage error, 2, printed as
    /// a JSON line with no values when `--log-format json` is among the arguments; help and
    /// `--version` print to standard output and exit 0; a report command's failure exits with the
    /// status its console reports for it.
    static func main() {
        StandardStreams.prepare()
        InterruptCleanup.install()
        do {
            var parsed = try LeafDispatch.parse(Report.self, CommandLine.arguments.dropFirst()) ?? parseAsRoot()
            guard var command = parsed as? ReportCommand else {
                try parsed.run()  // help, or a command group: ArgumentParser's own requests
                exit(with: .success)
            }
            do {
                try command.run()
            } catch {
                exit(with: command.console.report(error))
            }
        } catch {
            guard exitCode(for: error) == .success else {
                if UsageLog.wantsJSON(CommandLine.arguments.dropFirst()) {
                    Console(format: .json).emit(level: "error", UsageLog.redacted(message(for: error)))
                } else {
                    StandardStreams.writeError(fullMessage(for: error) + "\n")
                }
                exit(with: .usage)
            }
            print(fullMessage(for: error))
        }
        exit(with: .success)
    }

    static func exit(with status: ExitStatus) -> Never {
        Foundation.exit(status.rawValue)
    }
}

/// A command that does work (as opposed to help or a command group): its console, made from its
/// options, prints its messages and reports its errors.
protocol ReportCommand: ParsableCommand {
    var console: Console { get }
}

struct HeadacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "headache",
        abstract: "Aurae headache reports: the summary and clinical PDFs, pattern insights and the data export.",
        subcommands: [SummaryCommand.self, ClinicalCommand.self, InsightsCommand.self, ExportCommand.self,
                      BatchCommand.self, BatchMergeCommand.self])
}
