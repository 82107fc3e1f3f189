import ArgumentParser
import ReportKit
import Catalog
import CuraKnot
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest

struct CareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "care",
        abstract: "CuraKnot care circle: the handoff store and its symptom patterns, the expense report and the care team directory.",
        discussion: """
            The store (--db FILE) is created by the first ingest with mode 0600; the other \
            store commands exit 4 when it is missing. expenses and directory read their exports \
            directly, with no store.

            Exit status: 0 success, 1 invalid input or unknown insight id, 2 usage error, 3 not \
            available in this tier, 4 cannot open or write the store.
            """,
        subcommands: [CareIngestCommand.self, CareCheckCommand.self, CarePatternsCommand.self, CareDismissCommand.self,
                     CareDirectoryCommand.self, CareExpensesCommand.self])
}

/// `--tier` of the care commands.
extension CareTier: ExpressibleByArgument {}

/// The store and the run-wide settings every care command shares.
struct CareStoreOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp("The SQLite store; ingest creates it (mode 0600) when missing.", valueName: "FILE"))
    var db: String

    @OptionGroup var run: CommonOptions

    var console: Console { run.console }

    func templateSet() throws -> TemplateSet { try run.templateSet(app: "curaknot") }

    /// Opens a store that must exist already (only `ingest` creates one), read only when asked (a
    /// dry run writes nothing); a missing store or a failure is exit status 4.
    func openExistingStore(readOnly: Bool = false) throws -> CareStore {
        try requireExisting()
        return readOnly ? try CareStore(path: db, readOnly: true) : try openStore()
    }

    /// A missing store is exit status 4 (only `ingest` creates one).
    func requireExisting() throws {
        guard FileManager.default.fileExists(atPath: db) else {
            throw RunFailure(.output, "no store at \(Diagnostic.escapingControls(db)); create it with 'report care ingest FILE... --db \(Diagnostic.escapingControls(db))'")
        }
    }

    /// Opens the store, creating it when missing; a failure is exit status 4.
    func openStore() throws -> CareStore {
        try CareStore(path: db)
    }
}

struct CareIngestCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Load handoffs, expenses and providers (JSON or CSV) into the store, all in one transaction.",
        discussion: """
            Records are keyed by id: ingesting the same file again changes nothing, a changed \
            record replaces the stored one. With any input error nothing is committed. Each file is \
            read once, whole (a FIFO that no process opens for writing within 10 s is an error); \
            its kind is told by its JSON records key (or its first record's keys) or its CSV \
            columns, or given with --kind.

            Example:
              report care ingest samples/care/handoffs-p1.json \\
                samples/care/handoffs-p2.csv samples/care/expenses.csv \\
                samples/care/providers.json --db care.sqlite
            """)

    @Argument(help: ArgumentHelp("Handoff, expense or provider exports (.json or .csv); '-' reads standard input.", valueName: "FILE"))
    var files: [String]

    @OptionGroup var store: CareStoreOptions

    @Option(name: .customLong("kind"), help: "Read every file as this kind of records instead of telling from its contents.")
    var kind: CareRecordKind?

    @OptionGroup var reading: ReadingOptions

    var console: Console { store.console }

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("no FILE given") }
    }

    func run() throws {
        let options = reading.ingestOptions()
        // Each input is read whole once (a FIFO's writer awaited at most 10 s); its kind is told
        // from those bytes and its records are parsed from them, so nothing is read twice.
        var groups: [CareRecordKind: [LoadedInput]] = [:]
        for file in files {
            let input = try LoadedInput.load(InputSource(path: file), limits: options.limits)
            if let failure = input.failure { throw IngestError.invalid([failure]) }
            guard let k = kind ?? CareRecordKind.detect(input, format: input.format(forced: options.format), limits: options.limits) else {
                throw RunFailure(.invalidInput, "\(input.source.displayName): cannot tell whether it holds handoffs, expenses or providers; use --kind")
            }
            groups[k, default: []].append(input)
        }
        var records = CareRecords()
        var skipped = 0
        if let inputs = groups[.handoffs] {
            let r = try HandoffReader.read(inputs, options: options); console.print(r.warnings); skipped += r.skipped
            records.handoffs = r.records
        }
        if let inputs = groups[.expenses] {
            let r = try ExpenseReader.read(inputs, options: options); console.print(r.warnings); skipped += r.skipped
            records.expenses = r.records
        }
        if let inputs = groups[.providers] {
            let r = try ProviderReader.read(inputs, options: options); console.print(r.warnings); skipped += r.skipped
            records.providers = r.records
        }
        console.skipped(skipped)
        let db = try store.openStore()
        try db.ingest(records)
        try OutputTarget.standardOutput.write("stored \(records.handoffs.count) handoffs, \(records.expenses.count) expenses, \(records.providers.count) providers in \(Diagnostic.escapingControls(store.db))\n")
    }
}

extension CareRecordKind: ExpressibleByArgument {}

struct CareCheckCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run the store's integrity check and print its row counts.",
        discussion: """
            Exit status 4 when the check finds a problem or the store cannot be opened.

            Example:
              report care check --db care.sqlite
            """)

    @OptionGroup var store: CareStoreOptions

    var console: Console { store.console }

    func run() throws {
        try store.requireExisting()
        let check = try CareStore.forCheck(path: store.db).check()
        try OutputTarget.standardOutput.write(check.text)
        if !check.isOK { throw RunFailure(.output, "the store failed its check") }
    }
}

extension CareStoreOptions {
    static let plainFlags = CommonOptions.plainFlags

    /// The store and settings read from a plain line (`PlainLine`), validated.
    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.db = try line.required("db")
        made.run = try CommonOptions(plain: &line)
        try made.validate()
        self = made
    }
}
