import ArgumentParser
import CuraKnot
import Foundation
import Ingest
import ReportKit

struct CarePatternsCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "patterns",
        abstract: "Surface symptom patterns in the stored handoffs (FREQUENCY, TREND, CORRELATION, NEW, ABSENCE).",
        discussion: """
            Computes the patterns as of a date for every patient (or --patient), leaves out \
            dismissed ones, and stores what surfaced, so a second run for the same date stores \
            nothing new and firstSurfaced tells new findings from ones already shown. Text on a \
            terminal (or with --text); without a terminal, as under cron, one summary line. \
            --json prints them as JSON for the app. --pdf also writes the patterns for a \
            family meeting (each insight with its sources, questions for the next appointment), \
            atomically with mode 0600; then, without --json or --text, the summary line is \
            printed. Plus and family give the same patterns.

            Example:
              report care patterns --db care.sqlite --tier plus --as-of 2026-03-31 --json
            """)

    @OptionGroup var store: CareStoreOptions

    @Option(name: .customLong("tier"), help: "The circle's tier; free has no pattern surfacing.")
    var tier: CareTier

    @Option(name: .customLong("as-of"), help: ArgumentHelp("The analysis date, YYYY-MM-DD (default: today, UTC).", valueName: "D"))
    var asOf: LocalDate?

    @Option(name: .customLong("patient"), help: ArgumentHelp("Only this patient.", valueName: "ID"))
    var patient: String?

    @Flag(name: .customLong("json"), help: "Print JSON for the app.")
    var json = false

    @Flag(name: .customLong("text"), help: "Print the full text even without a terminal.")
    var text = false

    @Option(name: .customLong("pdf"), help: ArgumentHelp("Also write the patterns as a PDF for a family meeting.", valueName: "OUT.pdf"))
    var pdf: String?

    var console: Console { store.console }

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
        let run = RunInfo.resolve(asOf: asOf, environment: ProcessInfo.processInfo.environment)
        let db = try store.openExistingStore()
        let patients = try db.surfacePatterns(rules: rules, asOf: run.asOf, patient: patient)
        if let pdf {
            let context = store.run.context(asOf: asOf, output: OutputTarget(path: pdf))
            let pages = try PatternsDocument(templates: templates).write(patients, in: context)
            console.wrote(pdf, [counted(pages, "page")])
        }
        if json {
            try OutputTarget.standardOutput.write(try presenter.json(asOf: run.asOf, patients).serialized())
        } else if text || (pdf == nil && isatty(STDOUT_FILENO) == 1) {
            try OutputTarget.standardOutput.write(try presenter.text(asOf: run.asOf, patients))
        } else {
            try OutputTarget.standardOutput.write(try presenter.summary(asOf: run.asOf, patients))
        }
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
              report care dismiss 8615b44c60362fbd27da738d3abb08ce --db care.sqlite \\
                --as-of 2026-03-31
            """)

    @Argument(help: ArgumentHelp("The id of a surfaced insight (from patterns).", valueName: "INSIGHT_ID"))
    var insightID: String

    @OptionGroup var store: CareStoreOptions

    @Option(name: .customLong("as-of"), help: ArgumentHelp("The date of the dismissal, YYYY-MM-DD (default: today, UTC).", valueName: "D"))
    var asOf: LocalDate?

    var console: Console { store.console }

    func run() throws {
        let date = RunInfo.resolve(asOf: asOf, environment: ProcessInfo.processInfo.environment).asOf
        let db = try store.openExistingStore()
        try db.dismiss(insightID: insightID, on: date)
        console.info("dismissed as of \(date)")
    }
}
