import ArgumentParser
import Catalog
import CuraKnot
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import ReportKit
import Quoting

struct CareExpensesCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "expenses",
        abstract: "The expense report: totals by month and category, year, payer and reimbursable, per currency.",
        discussion: """
            Reads expense exports (JSON or CSV; no store). Plus prints the totals as text (or \
            --json, as JSON for the app), per care circle. Family adds 12-month projections and \
            -o, which writes one circle's PDF report or itemised CSV, told by the extension (.pdf, \
            .csv), atomically with mode 0600; when the input holds several circles it needs \
            --circle. --benchmarks adds published cost figures beside the projections. Amounts \
            are exact and never summed across currencies or circles. --from and --to are \
            inclusive and default to the circle's first and last expense dates.

            Example:
              report care expenses samples/care/expenses.csv --tier family --circle c-1 \\
                --benchmarks samples/care/benchmarks.csv -o expenses.pdf
            """)

    @Argument(help: ArgumentHelp("Expense exports (.json or .csv).", valueName: "FILE"))
    var files: [String]

    @Option(name: .customLong("tier"), help: "The circle's tier; totals need plus, projections and -o need family.")
    var tier: CareTier

    @Option(name: .customLong("circle"), help: ArgumentHelp("The care circle whose expenses to report.", valueName: "ID"))
    var circle: String?

    @Option(name: .customLong("recipient-name"), help: ArgumentHelp("The care recipient's name, printed on every page of the PDF instead of the circle and patient ids.", valueName: "NAME"))
    var recipientName: String?

    @Option(name: .customLong("from"), help: ArgumentHelp("First day of the range, YYYY-MM-DD (default: the first expense).", valueName: "D"))
    var from: LocalDate?

    @Option(name: .customLong("to"), help: ArgumentHelp("Last day of the range, YYYY-MM-DD (default: the last expense).", valueName: "D"))
    var to: LocalDate?

    @Flag(name: .customLong("json"), help: "Print JSON for the app instead of text.")
    var json = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write OUT.pdf (the report) or OUT.csv (the itemised expenses); family only.", valueName: "OUT"))
    var output: String?

    @Option(name: .customLong("benchmarks"), help: ArgumentHelp("Cost benchmarks (.json or .csv) shown beside the projections; family only.", valueName: "FILE"))
    var benchmarks: String?

    @Option(name: .customLong("as-of"), help: ArgumentHelp("The date the PDF shows, YYYY-MM-DD (default: the last expense of the range); with it the same input gives the same bytes.", valueName: "D"))
    var asOf: LocalDate?

    @OptionGroup var options: CommonOptions

    @OptionGroup var reading: ReadingOptions

    var console: Console { options.console }
    var drawsPDF: Bool { output.flatMap(ExpensesFormat.init(path:)) == .pdf }

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("no FILE given") }
        if let from, let to, from > to { throw ValidationError("--from \(from) is after --to \(to)") }
        if let output {
            if json { throw ValidationError("--json and -o cannot be combined") }
            _ = try OutputTarget(path: output).format(among: [.pdf, .csv], standardOutput: false)
            guard ExpensesFormat(path: output) != nil else {
                throw ValidationError("cannot tell the format of '\(output)': use a .pdf or .csv file name")
            }
            try OutputTarget(path: output).refuseClobbering(files + (benchmarks.map { [$0] } ?? []))
        }
    }

    func run() throws {
        let request = ExpensesJob.Request(output: output.flatMap(ExpensesFormat.init(path:)).map { .file($0) } ?? (json ? .json : .text),
                                          benchmarks: benchmarks != nil, recipientName: recipientName)
        try ExpensesJob.gates(for: request).check(tier)
        let job = try ExpensesJob(templates: try options.templateSet(app: "curaknot"))
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
        console.skipped(skipped)
        let source = files.map { $0 == "-" ? $0 : Text.lastPathComponent($0) }.joined(separator: ", ")
        let reports = try job.reports(read.records, circle: circle, single: request.single, source: source, from: from, to: to,
                                      family: tier == .family, benchmarks: figures)
        // The date shown: --as-of, else the last expense of the (one circle's) range, else today.
        let context = options.context(asOf: asOf, output: output.map(OutputTarget.init(path:)) ?? .standardOutput) { now in
            reports.first?.range?.upperBound ?? RunInfo.today(now)
        }
        let pages = try job.run(reports, request, in: context)
        if let output {
            console.wrote(output, [counted(reports.map(\.totals.items.count).reduce(0, +), "expense")] + (pages.map { [counted($0, "page")] } ?? []))
        }
    }
}

/// Read from a plain line without ArgumentParser (`PlainLine`); debug builds check it against
/// ArgumentParser on every line (`LeafDispatch.crossCheck`).
extension CareExpensesCommand: PlainParsable {
    static let plainFlags = CommonOptions.plainFlags.union(ReadingOptions.plainFlags).union(["json"])

    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.files = line.inputWords()
        made.tier = try line.required("tier")
        made.circle = try line.value("circle")
        made.recipientName = try line.value("recipient-name")
        made.from = try line.value("from")
        made.to = try line.value("to")
        made.json = line.flag("json")
        made.output = try line.value("output")
        made.benchmarks = try line.value("benchmarks")
        made.asOf = try line.value("as-of")
        made.options = try CommonOptions(plain: &line)
        made.reading = try ReadingOptions(plain: &line)
        self = made
    }
}
