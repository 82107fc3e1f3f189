import ArgumentParser
import Catalog
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import MindfulHome
import ReportKit

struct HomeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "home",
        abstract: "Mindful Home: the family's peanut ledger as a one-page PDF, and the task export as JSON.",
        discussion: """
            Reads the app's task export (JSON or CSV: id, kind, title, peanuts, category, \
            createdAt, isSelected, isCompleted, inBasket). The balance is the peanuts of completed \
            rules and chores minus those of the rewards in the basket; a negative balance is an \
            input error naming the rewards, and nothing is written.

            Exit status: 0 success, 1 invalid input, 2 usage error, 4 cannot write the output.
            """,
        subcommands: [HomeLedgerCommand.self, HomeExportCommand.self])
}

/// `--lang` of `home ledger`.
extension LedgerLanguage: ExpressibleByArgument {}

/// The inputs, the output and the run-wide settings of the home commands.
struct HomeOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Task exports (.json or .csv); several are merged. '-' reads standard input.", valueName: "TASKS"))
    var inputs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write (atomically, mode 0600); '-' for standard output.", valueName: "OUT"))
    var output: String

    @Option(name: .customLong("format"), help: "Read every input as this format instead of choosing by extension.")
    var format: InputFormat?

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var run: CommonOptions

    var console: Console { run.console }

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("no TASKS given") }
        try OutputTarget(path: output).refuseClobbering(inputs)
    }

    func read() throws -> [HomeTask] {
        console.reading(try TaskReader.read(inputs.map { InputSource(path: $0) }, options: reading.ingestOptions(format: format))).records
    }
}

struct HomeLedgerCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger",
        abstract: "The one-page A4 peanut ledger: balance, completed rules and chores by category, rewards in the basket.",
        discussion: """
            In English or Dutch (--lang), with the app's category colours. SOURCE_DATE_EPOCH pins \
            the date shown and the PDF's creation date.

            Example:
              report home ledger samples/home/tasks.json -o ledger.pdf --lang nl
            """)

    @Option(name: .customLong("lang"), help: "The ledger's language.")
    var language: LedgerLanguage = .en

    @Option(name: .customLong("as-of"), help: ArgumentHelp("The date the ledger shows, YYYY-MM-DD (default: today, UTC); with it the same input gives the same bytes.", valueName: "D"))
    var asOf: LocalDate?

    @OptionGroup var options: HomeOptions

    var console: Console { options.console }
    static let alwaysDrawsPDF = true

    func validate() throws {
        _ = try OutputTarget(path: options.output).format(among: [.pdf])
    }

    func run() throws {
        let templates = try options.run.templateSet(app: "mindfulhome")
        let job = try LedgerJob(templates: templates)
        let tasks = try options.read()
        let context = options.run.context(asOf: asOf, output: OutputTarget(path: options.output))
        let pages = try job.run(tasks, LedgerJob.Request(language: language), in: context)
        console.wrote(options.output, [counted(tasks.count, "task"), counted(pages, "page")])
    }
}

struct HomeExportCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "The tasks as JSON: one document per task keyed by id, and the balance.",
        discussion: """
            The seed's migration path ("export JSON to Firebase"): {"tasks": {ID: {kind, title, \
            peanuts, category, createdAt, isSelected, isCompleted, inBasket}, …}, "balance": N}, \
            tasks in id order.

            Example:
              report home export samples/home/tasks.json -o tasks-export.json
            """)

    @OptionGroup var options: HomeOptions

    var console: Console { options.console }

    func validate() throws {
        _ = try OutputTarget(path: options.output).format(among: [.json])
    }

    func run() throws {
        let job = try HomeExportJob(templates: try options.run.templateSet(app: "mindfulhome"))
        let tasks = try options.read()
        let balance = try job.run(tasks, HomeExportJob.Request(),
                                              in: options.run.context(output: OutputTarget(path: options.output)))
        console.wrote(options.output, [counted(tasks.count, "task"), "balance \(balance.value)"])
    }
}

extension HomeOptions {
    static let plainFlags = CommonOptions.plainFlags.union(ReadingOptions.plainFlags)

    /// The inputs and settings read from a plain line (`PlainLine`), validated.
    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.inputs = line.inputWords()
        made.output = try line.required("output")
        made.format = try line.value("format")
        made.reading = try ReadingOptions(plain: &line)
        made.run = try CommonOptions(plain: &line)
        try made.validate()
        self = made
    }
}

/// Read from a plain line without ArgumentParser (`PlainLine`); debug builds check it against
/// ArgumentParser on every line (`LeafDispatch.crossCheck`).
extension HomeLedgerCommand: PlainParsable {
    static let plainFlags = HomeOptions.plainFlags

    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.language = try line.value("lang") ?? .en
        made.asOf = try line.value("as-of")
        made.options = try HomeOptions(plain: &line)
        self = made
    }
}
