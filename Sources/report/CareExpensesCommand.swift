import ArgumentParser
import Catalog
import CuraKnot
import Foundation
import Ingest
import ReportKit

struct CareExpensesCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "expenses",
        abstract: "The expense report: totals by month and category, year, payer and reimbursable, per currency.",
        discussion: """
            Reads expense exports (JSON or CSV; no store). Plus prints the totals as text (or \
            --json, the contract in docs/care.md). Family adds 12-month projections and -o, which \
            writes the PDF report or the itemised CSV, told by the extension (.pdf, .csv), \
            atomically with mode 0600. --benchmarks adds published cost figures beside the \
            projections. Amounts are exact and never summed across currencies. --from and --to \
            are inclusive and default to the first and last expense dates.

            Example:
              report care expenses samples/care/expenses.csv --tier family --benchmarks samples/care/benchmarks.csv -o expenses.pdf
            """)

    @Argument(help: ArgumentHelp("Expense exports (.json or .csv).", valueName: "FILE"))
    var files: [String]

    @Option(name: .customLong("tier"), help: "The circle's tier; totals need plus, projections and -o need family.")
    var tier: CareTier

    @Option(name: .customLong("from"), help: ArgumentHelp("First day of the range, YYYY-MM-DD (default: the first expense).", valueName: "D"))
    var from: LocalDate?

    @Option(name: .customLong("to"), help: ArgumentHelp("Last day of the range, YYYY-MM-DD (default: the last expense).", valueName: "D"))
    var to: LocalDate?

    @Flag(name: .customLong("json"), help: "Print JSON (the contract in docs/care.md) instead of text.")
    var json = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write OUT.pdf (the report) or OUT.csv (the itemised expenses); family only.", valueName: "OUT"))
    var output: String?

    @Option(name: .customLong("benchmarks"), help: ArgumentHelp("Cost benchmarks (.json or .csv) shown beside the projections; family only.", valueName: "FILE"))
    var benchmarks: String?

    @OptionGroup var options: AppRunOptions

    @OptionGroup var reading: ReadingOptions

    var console: Console { options.console }

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("no FILE given") }
        if let from, let to, from > to { throw ValidationError("--from \(from) is after --to \(to)") }
        if let output {
            if json { throw ValidationError("--json and -o cannot be combined") }
            guard ExpensesFormat(path: output) != nil else {
                throw ValidationError("cannot tell the format of '\(output)': use a .pdf or .csv file name")
            }
            try OutputTarget(path: output).refuseClobbering(files + (benchmarks.map { [$0] } ?? []))
        }
    }

    func run() throws {
        switch tier {
        case .free:
            throw CommandFailure(status: .tier, message: "the expense report is not available in the free tier; it needs plus")
        case .plus where output != nil:
            throw CommandFailure(status: .tier, message: "the PDF and CSV expense report is not available in the plus tier; it needs family")
        case .plus where benchmarks != nil:
            throw CommandFailure(status: .tier, message: "projections and benchmarks are not available in the plus tier; they need family")
        default: break
        }
        let templateSet = try options.templateSet(app: "curaknot")
        let job = try ExpensesJob(templates: templateSet)
        let ingestOptions = reading.ingestOptions()
        let read = try ExpenseReader.read(files.map { InputSource(path: $0) }, options: ingestOptions)
        console.print(read.warnings)
        var skipped = read.skipped
        var figures: [CostBenchmark] = []
        if let benchmarks {
            let b = try BenchmarkReader.read([InputSource(path: benchmarks)], options: ingestOptions)
            console.print(b.warnings)
            skipped += b.skipped
            figures = b.records
        }
        if skipped > 0 { console.warning("skipped \(skipped) invalid record\(skipped == 1 ? "" : "s")") }
        let source = files.map { $0 == "-" ? $0 : ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        let report: ExpenseReport
        do {
            report = try job.report(read.records, source: source, from: from, to: to, family: tier == .family, benchmarks: figures)
        } catch let e as MoneyOverflow {
            throw CommandFailure(status: .invalidInput, message: e.description)
        }
        guard let output, let format = ExpensesFormat(path: output) else {
            try writeStandardOutput(json ? job.json(report).serialized() : try job.text(report))
            return
        }
        // SOURCE_DATE_EPOCH pins the PDF's creation date (reproducible output).
        let epoch = RunInfo.sourceDateEpoch()
        let run = RunInfo(asOf: report.range?.upperBound ?? RunInfo.today(epoch ?? Date()), generatedAt: epoch ?? Date())
        let result = try job.write(report, format: format, run: run, to: OutputTarget(path: output))
        for w in result.fontWarnings { console.warning(w) }
        let pages = result.pages.map { ", \($0) page\($0 == 1 ? "" : "s")" } ?? ""
        console.info("wrote \(output): \(report.totals.items.count) expense\(report.totals.items.count == 1 ? "" : "s")\(pages)")
    }
}
