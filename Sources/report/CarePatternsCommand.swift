import ArgumentParser
import CuraKnot
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import ReportKit

struct CarePatternsCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "patterns",
        abstract: "Surface symptom patterns in the stored handoffs (FREQUENCY, TREND, CORRELATION, NEW, ABSENCE).",
        discussion: """
            Computes the patterns as of a date for every patient of every circle (or --circle, \
            --patient), leaves out dismissed ones, and stores what surfaced, so a second run for \
            the same date stores nothing new and firstSurfaced tells new findings from ones already \
            shown. The text, grouped by circle and patient, goes to standard output whatever it is \
            connected to; --json prints JSON for the app instead. The one-line summary for cron goes \
            to standard error. --dry-run computes and prints without recording \
            anything: the store is not written. --pdf also writes the patterns of one patient for \
            a family meeting (one block per symptom with its sources, questions for the next \
            appointment), atomically with mode 0600; when the store holds several patients it \
            needs --patient (and --circle when that patient is in several circles). Plus and \
            family give the same patterns.

            Examples:
              report care patterns --db care.sqlite --tier plus --as-of 2026-04-15 --json
              report care patterns --db care.sqlite --tier family --as-of 2026-04-15 \\
                --patient p-1 --recipient-name "Rose" --pdf meeting.pdf
            """)

    @OptionGroup var store: CareStoreOptions

    @Option(name: .customLong("tier"), help: "The care circle's tier; free has no pattern surfacing.")
    var tier: CareTier

    @Option(name: .customLong("as-of"), help: ArgumentHelp("The analysis date, YYYY-MM-DD (default: today, UTC).", valueName: "D"))
    var asOf: LocalDate?

    @Option(name: .customLong("circle"), help: ArgumentHelp("Only this care circle.", valueName: "ID"))
    var circle: String?

    @Option(name: .customLong("patient"), help: ArgumentHelp("Only this patient (the one the PDF is about).", valueName: "ID"))
    var patient: String?

    @Option(name: .customLong("recipient-name"), help: ArgumentHelp("The care recipient's name, printed on every page of the PDF instead of the circle and patient ids.", valueName: "NAME"))
    var recipientName: String?

    @Flag(name: .customLong("json"), help: "Print JSON for the app instead of the text.")
    var json = false

    @Flag(name: .customLong("text"), help: "Print the text also when --pdf is given.")
    var text = false

    @Flag(name: .customLong("dry-run"), help: "Compute and print without recording anything as surfaced; the store is not written.")
    var dryRun = false

    @Option(name: .customLong("pdf"), help: ArgumentHelp("Also write one patient's patterns as a PDF for a family meeting.", valueName: "OUT.pdf"))
    var pdf: String?

    var console: Console { store.console }
    var drawsPDF: Bool { pdf != nil }

    func validate() throws {
        if json && text { throw ValidationError("--json and --text cannot be combined") }
        if let pdf {
            _ = try OutputTarget(path: pdf).format(among: [.pdf], option: "--pdf")
            try OutputTarget(path: pdf).refuseClobbering([store.db])
        }
    }

    func run() throws {
        try [CareGates.patterns].check(tier)
        let templates = try store.templateSet()
        let rules = PatternRules(settings: try PatternSettings.load(templates))
        let presenter = try PatternsPresenter(templates: templates)
        let document = try pdf.map { _ in try PatternsDocument(templates: templates) }
        let run = RunInfo.resolve(asOf: asOf, environment: RunInfo.processEnvironment)
        let db = try store.openExistingStore(readOnly: dryRun)
        let scope = CareScope(circle: circle, patient: patient)
        // A document, and a name, are about one patient of one circle: choose before anything is stored.
        if pdf != nil || recipientName != nil {
            let units = try db.units(scope)
            guard !units.isEmpty else { throw ScopeError.noHandoffs }
            guard units.count == 1 else { throw ScopeError.severalPatients(units) }
        }
        let patients = try db.surfacePatterns(rules: rules, asOf: run.asOf, scope: scope, record: !dryRun)
        if let pdf, let document, let patient = patients.first {
            let context = store.run.context(asOf: asOf, output: OutputTarget(path: pdf))
            let pages = try document.write(patient, recipientName: recipientName, in: context)
            console.wrote(pdf, [counted(pages, "page")])
        }
        if json {
            try OutputTarget.standardOutput.write(try presenter.json(asOf: run.asOf, patients).serialized())
        } else if text || pdf == nil {
            try OutputTarget.standardOutput.write(try presenter.text(asOf: run.asOf, patients))
        }
        // The one line for cron mail (counts only), whatever --quiet says.
        console.emit(level: "info", try presenter.summary(asOf: run.asOf, patients, dryRun: dryRun))
    }
}

struct CareDismissCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "dismiss",
        abstract: "Dismiss a surfaced insight: its patient, type and key stay hidden for 90 days.",
        discussion: """
            A dismissal on D hides the same patient, pattern type and key from runs as of D to \
            D+89; from D+90 it may surface again. The latest dismissal counts; dismissing twice \
            is harmless. An id that was never shown is exit status 1.

            Example (an id that 'report care patterns --json' printed):
              report care dismiss 925fb8f2d23efc5123cee1e87a6a0c10 --db care.sqlite \\
                --as-of 2026-04-15
            """)

    @Argument(help: ArgumentHelp("The id of a surfaced insight (from patterns).", valueName: "INSIGHT_ID"))
    var insightID: String

    @OptionGroup var store: CareStoreOptions

    @Option(name: .customLong("as-of"), help: ArgumentHelp("The date of the dismissal, YYYY-MM-DD (default: today, UTC).", valueName: "D"))
    var asOf: LocalDate?

    var console: Console { store.console }

    func run() throws {
        let date = RunInfo.resolve(asOf: asOf, environment: RunInfo.processEnvironment).asOf
        let db = try store.openExistingStore()
        try db.dismiss(insightID: insightID, on: date)
        console.info("dismissed as of \(date)")
    }
}

/// Read from a plain line without ArgumentParser (`PlainLine`); debug builds check it against
/// ArgumentParser on every line (`LeafDispatch.crossCheck`).
extension CarePatternsCommand: PlainParsable {
    static let plainFlags = CareStoreOptions.plainFlags.union(["json", "text", "dry-run"])

    init(plain line: inout PlainLine) throws {
        var made = Self()
        made.store = try CareStoreOptions(plain: &line)
        made.tier = try line.required("tier")
        made.asOf = try line.value("as-of")
        made.circle = try line.value("circle")
        made.patient = try line.value("patient")
        made.recipientName = try line.value("recipient-name")
        made.json = line.flag("json")
        made.text = line.flag("text")
        made.dryRun = line.flag("dry-run")
        made.pdf = try line.value("pdf")
        self = made
    }
}
