import Cycle
import FuzzSupport
import Gentle
import Ingest
import MindfulHome
import ReportKit

/// One companion-app run decoded from the fuzzer's first byte; the rest is the export.
///
/// Byte 0: bits 0–1 the app (0 Cycle, 1 Gentle Days, 2 Mindful Home, 3 every reader only),
/// bit 2 CSV (else JSON), bit 3 `--skip-invalid`, bits 4–7 the command's options:
/// - Cycle: bit 4 `--json`, bit 7 summary (else reminders); reminders' window by bits 5–6
///   (2026-03-28T00:00Z to 03-31, the latest start's day to 45 days later, years 1 to 9999, or
///   08:00Z to 09:00Z the day after the latest start); summary's `--as-of` by bits 5–6 (none,
///   the latest start, 30 days before it, 2026-03-01).
/// - Gentle Days: bit 4 `--json`, bit 5 `gentle export` (else `notify`), bit 6 export of the
///   first event's user (else `user_maya`).
/// - Mindful Home: bit 4 `--lang nl`, bit 5 `home export` (else the ledger PDF).
struct CompanionCase {
    var app: UInt8
    var format: InputFormat
    var options: IngestOptions
    var bits: UInt8
    var body: [UInt8]

    init?(_ data: UnsafeBufferPointer<UInt8>) {
        guard let flags = data.first else { return nil }
        app = flags & 3
        format = flags & 4 != 0 ? .csv : .json
        options = IngestOptions(skipInvalid: flags & 8 != 0, limits: Fuzz.limits)
        bits = flags >> 4
        body = Array(data.dropFirst())
    }

    var name: String { "export.\(format.rawValue)" }

    func bit(_ n: UInt8) -> Bool { bits & (1 << n) != 0 }
}

/// The jobs, made once per process.
struct Harness {
    let cycle: CycleJob
    let notify: NotifyJob
    let ledger: LedgerJob
    let homeExport: HomeExportJob

    nonisolated(unsafe) static let shared: Harness = {
        Fuzz.silenceStandardOutput("FuzzCompanion")
        do {
            let home = Fuzz.templates("FuzzCompanion", app: "mindfulhome")
            return Harness(cycle: try CycleJob(templates: Fuzz.templates("FuzzCompanion", app: "cycle")),
                           notify: try NotifyJob(templates: Fuzz.templates("FuzzCompanion", app: GentleWording.app)),
                           ledger: try LedgerJob(templates: home), homeExport: try HomeExportJob(templates: home))
        } catch { Fuzz.die("FuzzCompanion", "cannot load the companion templates: \(error)") }
    }()

    nonisolated(unsafe) static let context = Fuzz.context(asOf: LocalDate(iso: "2026-04-15")!)

    /// `cycle reminders` or `cycle summary`.
    func cycle(_ input: CompanionCase) throws {
        let starts = try PeriodReader.read(bytes: input.body, name: input.name, format: input.format, options: input.options)
        _ = starts.warnings.map(\.description)
        let latest = starts.records.map(\.startDate).max() ?? LocalDate(iso: "2026-03-01")!
        let choice = input.bits >> 1 & 3
        let request: CycleJob.Request
        if input.bit(3) {
            let asOf = [nil, latest, Fuzz.shifted(latest, by: -30), LocalDate(iso: "2026-03-01")][Int(choice)]
            request = .summary(asOf: asOf, json: input.bit(0))
        } else {
            let day = Fuzz.shifted(latest, by: 1)
            let window = [("2026-03-28T00:00:00Z", "2026-03-31T00:00:00Z"),
                          ("\(latest)T00:00:00Z", "\(Fuzz.shifted(latest, by: 45))T00:00:00Z"),
                          ("0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"),
                          ("\(day)T08:00:00Z", "\(day)T09:00:00Z")][Int(choice)]
            guard let from = Timestamp(iso: window.0), let to = Timestamp(iso: window.1) else { return }
            request = .reminders(from: from, to: to, json: input.bit(0))
        }
        try cycle.run(starts.records, request, in: Self.context)
    }

    /// `gentle notify` or `gentle export`.
    func gentle(_ input: CompanionCase) throws {
        let events = try GentleEventReader.read(bytes: input.body, name: input.name, format: input.format, options: input.options)
        _ = events.warnings.map(\.description)
        if input.bit(1) {
            let user = input.bit(2) ? events.records.first?.userId ?? "" : "user_maya"
            try GentleExportJob().run(events.records, GentleExportJob.Request(userId: user), in: Self.context)
        } else {
            try notify.run(events.records, NotifyJob.Request(json: input.bit(0)), in: Self.context)
        }
    }

    /// `home ledger` (the PDF, with the shared measurer) or `home export`.
    func home(_ input: CompanionCase) throws {
        let tasks = try TaskReader.read(bytes: input.body, name: input.name, format: input.format, options: input.options)
        _ = tasks.warnings.map(\.description)
        if input.bit(1) {
            _ = try homeExport.run(tasks.records, HomeExportJob.Request(), in: Self.context)
        } else {
            _ = try ledger.run(tasks.records, LedgerJob.Request(language: input.bit(0) ? .nl : .en), in: Self.context)
        }
    }

    /// Every companion reader on the export, strict and with `--skip-invalid`, messages formatted.
    func readers(_ input: CompanionCase) {
        for skip in [false, true] {
            var options = input.options
            options.skipInvalid = skip
            do { _ = try PeriodReader.read(bytes: input.body, name: input.name, format: input.format, options: options).warnings.map(\.description) } catch { Fuzz.expected(error) }
            do { _ = try GentleEventReader.read(bytes: input.body, name: input.name, format: input.format, options: options).warnings.map(\.description) } catch { Fuzz.expected(error) }
            do { _ = try TaskReader.read(bytes: input.body, name: input.name, format: input.format, options: options).warnings.map(\.description) } catch { Fuzz.expected(error) }
        }
    }
}

/// The Cycle, Gentle Days and Mindful Home readers and the jobs their commands run on what was
/// read, output to /dev/null. Errors are expected results; only a trap, a hang or runaway memory
/// is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompanion(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let input = CompanionCase(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    let harness = Harness.shared
    do {
        switch input.app {
        case 0: try harness.cycle(input)
        case 1: try harness.gentle(input)
        case 2: try harness.home(input)
        default: harness.readers(input)
        }
    } catch {
        Fuzz.expected(error)
    }
    return 0
}
