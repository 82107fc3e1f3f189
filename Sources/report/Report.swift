import ArgumentParser
import CDelayLoad
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Render
import ReportKit

@main
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Turns health-app exports into clinician-ready PDFs, pattern insights and exports.",
        discussion: """
            Reads the exports of the app family (JSON or CSV) and writes A4 PDFs, insights and \
            exports. Input errors are printed as FILE:LINE:COLUMN: error: MESSAGE and every other \
            message as report: error: MESSAGE on standard error.

            The commands, by app ('report help APP COMMAND' for one):
            \(commandMap(subcommands))

            Exit status: 0 success, 1 invalid input data, 2 usage error, 3 not available in \
            this tier, 4 cannot write output or open the store; the batch also 5: finished, but \
            some users' input is invalid.

            Example:
              report headache summary samples/aurae/logs.json -o summary.pdf \\
                --as-of 2026-03-31
            """,
        version: version,
        subcommands: subcommands)

    /// What `report --version` prints.
    static let version = "report 0.1.0"

    static let subcommands: [ParsableCommand.Type] = [
        HeadacheCommand.self, CareCommand.self, CycleCommand.self, GentleCommand.self, HomeCommand.self,
        BenchmarkCommand.self,
    ]

    /// One line per command group: its name and its commands, in the order of their help.
    static func commandMap(_ groups: [ParsableCommand.Type]) -> String {
        let width = groups.map { LeafDispatch.name(of: $0).count }.max() ?? 0
        return groups.map { group in
            let name = LeafDispatch.name(of: group)
            let commands = group.configuration.subcommands.map(LeafDispatch.name(of:))
            let padded = name + String(repeating: " ", count: width - name.count)
            return commands.isEmpty ? "  " + name : "  " + padded + "  " + commands.joined(separator: ", ")
        }.joined(separator: "\n")
    }

    /// Parses, runs, and exits with the documented status. Whatever the parser rejects (an
    /// unknown command or option, an invalid value, a failed `validate()`) is a usage error, 2,
    /// printed in the tool's one format (`UsageError`), as a JSON line with no values when
    /// `--log-format json` is among the arguments; help and `--version` print to standard output
    /// and exit 0; a report command's failure exits with the status its console reports for it.
    static func main() {
        StandardStreams.prepare()  // first: no file the process opens may take 0, 1 or 2
        InterruptCleanup.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // The version alone needs no parser: ArgumentParser would first build, by reflection,
        // the command and the completion-script options (9 M of the 25 M instructions this
        // run took). It prints the same line.
        if arguments == ["--version"] {
            print(version)
            exit(with: .success)
        }
        report_prepare_memory()  // before any thread starts (CDelayLoad/process_memory.c)
        // A command that will draw a PDF has the PDF stack loaded on other cores while it parses
        // its arguments and reads its templates and input: told from the words of a plain
        // command line when it can be, else once parsed.
        if LeafDispatch.drawsPDF(Report.self, arguments[...]) { PDFLibraries.startLoading() }
        do {
            var parsed = try LeafDispatch.parse(Report.self, arguments[...]) ?? parseAsRoot(arguments)
            guard var command = parsed as? ReportCommand else {
                try parsed.run()  // help, or a command group: ArgumentParser's own requests
                exit(with: .success)
            }
            if command.drawsPDF { PDFLibraries.startLoading() }  // a second call does nothing
            do {
                try command.run()
            } catch let finished as Finished {
                exit(with: finished.status)
            } catch {
                exit(with: command.console.report(error))
            }
        } catch {
            guard exitCode(for: error) == .success else {
                UsageError(error, arguments: arguments).print(json: UsageLog.wantsJSON(arguments))
                exit(with: .usage)
            }
            print(HelpText.wrapped(fullMessage(for: error)))
        }
        exit(with: .success)
    }

    static func exit(with status: ExitStatus) -> Never {
        PDFLibraries.settle()
        Glibc.exit(status.rawValue)
    }
}

/// A command that ran to its end and printed its own outcome, but exits with another status
/// than 0 (the batch: some users invalid or failed).
struct Finished: Error {
    var status: ExitStatus
}

/// A command that does work (as opposed to help or a command group): its console, made from its
/// options, prints its messages and reports its errors.
protocol ReportCommand: ParsableCommand {
    var console: Console { get }
    /// Whether the command, with the options it was given, draws a PDF: its PDF libraries are
    /// then loaded on another core while it reads its templates and input
    /// (`PDFLibraries.startLoading`). A command that draws none never loads them.
    var drawsPDF: Bool { get }
    /// Whether the command draws a PDF whatever its options: its PDF libraries start loading
    /// before its arguments are parsed (`LeafDispatch.drawsPDF`).
    static var alwaysDrawsPDF: Bool { get }
}

extension ReportCommand {
    var drawsPDF: Bool { Self.alwaysDrawsPDF }
    static var alwaysDrawsPDF: Bool { false }

    /// `job`, its PDF's fonts loading on a spare core (`PangoMeasurer.preload`) while the command
    /// reads its input, when the command draws a PDF. Called once the job is made, before the
    /// input is read.
    func preloadingFonts<Job: ReportJob>(_ job: Job) -> Job {
        if drawsPDF { PangoMeasurer.preload(job.fonts) }
        return job
    }
}

struct HeadacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "headache",
        abstract: "Aurae headache tracker: the summary and clinical PDFs, pattern insights, the data export and the nightly batch.",
        subcommands: [SummaryCommand.self, ClinicalCommand.self, InsightsCommand.self, ExportCommand.self,
                      BatchCommand.self, BatchMergeCommand.self])
}
