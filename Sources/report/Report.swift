import ArgumentParser
import Foundation

@main
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Turns health-app exports into clinician-ready PDFs, pattern insights and exports.",
        discussion: """
            Reads Aurae headache logs (JSON or CSV) and writes A4 PDF reports and pattern insights.
            Input errors are printed as file:line:column: error: … on standard error.

            Exit status: 0 success, 1 invalid input data, 2 usage error, 3 not available in this
            tier, 4 cannot write output or open the store.

            Example:
              report headache summary samples/aurae/logs.json -o summary.pdf --as-of 2026-03-31
            """,
        version: "report 0.1.0",
        subcommands: [HeadacheCommand.self, BenchmarkCommand.self])

    /// Parses, runs, and exits with the documented status. Argument errors exit with 2, not
    /// ArgumentParser's 64.
    static func mainWithStatus() -> Never {
        let status: ExitStatus
        do {
            var command = try parseAsRoot()
            try command.run()
            status = .success
        } catch let failure as CommandFailure {
            status = Diagnostics.report(failure)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help, --version
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            if isArgumentError(error) {
                Diagnostics.writeStderr(fullMessage(for: error) + "\n")
                status = .usage
            } else {
                status = Diagnostics.report(error)
            }
        }
        Foundation.exit(status.rawValue)
    }

    static func isArgumentError(_ error: Error) -> Bool {
        if error is ValidationError { return true }
        let type = String(reflecting: Swift.type(of: error))
        return type.hasPrefix("ArgumentParser.")
    }

    static func main() { mainWithStatus() }
}

struct HeadacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "headache",
        abstract: "Aurae headache reports: the summary PDF and pattern insights.",
        subcommands: [SummaryCommand.self, InsightsCommand.self])
}
