import CuraKnot
import Foundation
import FuzzSupport
import Ingest
import ReportKit

/// One `care` run decoded from the fuzzer's bytes: two option bytes, then one export, or two
/// separated by the first 0x1E byte.
///
/// Byte 0: bit 0 the first export is CSV (else JSON), bit 1 `--skip-invalid`, bit 2 a second
/// export after 0x1E, bit 3 it is CSV, bits 4–5 `--kind` (none: told by structure, handoffs,
/// expenses, providers), bit 6 the family tier (else plus), bit 7 JSON output (else text).
/// Byte 1: bits 0–2 the as-of date (`Fuzz.asOf`, from the newest handoff or expense), bits 3–4
/// the export (none, PDF, CSV, vCard; the expense report has no vCard and writes CSV), bit 5
/// `--recipient-name`, bits 6–7 the expense range (none, `--from`, `--to`, both).
struct CareCase {
    var files: [(bytes: ArraySlice<UInt8>, format: InputFormat)]
    var skipInvalid: Bool
    var kind: CareRecordKind?
    var family: Bool
    var json: Bool
    var dateChoice: UInt8
    var export: DirectoryFormat?
    var recipientName: String?
    var rangeChoice: UInt8

    init?(_ data: UnsafeBufferPointer<UInt8>) {
        guard data.count >= 2 else { return nil }
        let flags = data[0], more = data[1]
        let body = Array(data[2...])[...]
        let first: InputFormat = flags & 1 != 0 ? .csv : .json
        if flags & 4 != 0 {
            let two = Fuzz.parts(body, limit: 2)
            files = [(two[0], first)] + two.dropFirst().map { ($0, flags & 8 != 0 ? .csv : .json) }
        } else {
            files = [(body, first)]
        }
        skipInvalid = flags & 2 != 0
        kind = [nil, .handoffs, .expenses, .providers][Int(flags >> 4 & 3)]
        family = flags & 64 != 0
        json = flags & 128 != 0
        dateChoice = more & 7
        export = [nil, .pdf, .csv, .vcf][Int(more >> 3 & 3)]
        recipientName = more & 32 != 0 ? "Rose Doe" : nil
        rangeChoice = more >> 6
    }

    /// `--from` and `--to` of the expense report, around `asOf` (always `from ≤ to`).
    func range(asOf: LocalDate) -> (from: LocalDate?, to: LocalDate?) {
        let earlier = Fuzz.shifted(asOf, by: -365)
        switch rangeChoice {
        case 1: return (earlier, nil)
        case 2: return (nil, asOf)
        case 3: return (earlier, asOf)
        default: return (nil, nil)
        }
    }
}

/// Everything made once per process: the templates' jobs, and the scratch folder where each
/// input's exports and its store are written (tmpfs: the store's syncs cost nothing).
struct Harness {
    let rules: PatternRules
    let presenter: PatternsPresenter
    let patterns: PatternsDocument
    let expenses: ExpensesJob
    let directory: DirectoryJob
    let folder: String

    nonisolated(unsafe) static let shared: Harness = {
        Fuzz.silenceStandardOutput("FuzzCare")
        let templates = Fuzz.templates("FuzzCare", app: "curaknot")
        do {
            return Harness(rules: PatternRules(settings: try PatternSettings.load(templates)),
                           presenter: try PatternsPresenter(templates: templates),
                           patterns: try PatternsDocument(templates: templates),
                           expenses: try ExpensesJob(templates: templates), directory: try DirectoryJob(templates: templates),
                           folder: Fuzz.scratchFolder("FuzzCare"))
        } catch { Fuzz.die("FuzzCare", "cannot load the care templates: \(error)") }
    }()

    var store: String { folder + "/care.sqlite" }

    /// What `care ingest` does with the exports: each loaded once, its kind told from its bytes
    /// (or `--kind`), read by its kind's reader; nil (the message formatted) when it fails.
    func ingest(_ input: CareCase) -> CareRecords? {
        var options = IngestOptions(skipInvalid: input.skipInvalid, limits: Fuzz.limits)
        var groups: [CareRecordKind: [LoadedInput]] = [:]
        do {
            for (i, file) in input.files.enumerated() {
                let path = "\(folder)/export-\(i).\(file.format.rawValue)"
                Fuzz.write(file.bytes, to: path)
                let loaded = try LoadedInput.load(InputSource(path: path), limits: options.limits)
                if let failure = loaded.failure { throw IngestError.invalid([failure]) }
                let detected = CareRecordKind.detect(loaded, format: loaded.format(forced: options.format), limits: options.limits)
                guard let kind = input.kind ?? detected else { return nil }
                groups[kind, default: []].append(loaded)
            }
            options.format = nil
            var records = CareRecords()
            if let inputs = groups[.handoffs] {
                let r = try HandoffReader.read(inputs, options: options); _ = r.warnings.map(\.description); records.handoffs = r.records
            }
            if let inputs = groups[.expenses] {
                let r = try ExpenseReader.read(inputs, options: options); _ = r.warnings.map(\.description); records.expenses = r.records
            }
            if let inputs = groups[.providers] {
                let r = try ProviderReader.read(inputs, options: options); _ = r.warnings.map(\.description); records.providers = r.records
            }
            return records
        } catch {
            Fuzz.expected(error)
            return nil
        }
    }

    /// `care ingest` into a new store, then `care patterns` (recording, then `care dismiss` of
    /// the first insight): the text or JSON, the cron line, and the meeting PDF when asked for
    /// and the store holds one patient.
    func patterns(_ records: CareRecords, _ input: CareCase, asOf: LocalDate) throws {
        for suffix in ["", "-wal", "-shm"] { unlink(store + suffix) }
        let db = try CareStore(path: store)
        try db.ingest(records)
        let found = try db.surfacePatterns(rules: rules, asOf: asOf)
        if input.json {
            _ = try presenter.json(asOf: asOf, found).serialized()
        } else {
            _ = try presenter.text(asOf: asOf, found)
        }
        _ = try presenter.summary(asOf: asOf, found)
        if input.export == .pdf, found.count == 1 {
            _ = try patterns.write(found[0], recipientName: input.recipientName, in: Fuzz.context(asOf: asOf))
        }
        if let id = found.first?.insights.first?.id { try db.dismiss(insightID: id, on: asOf) }
    }

    /// `care expenses`: per circle, the text or JSON; with an export, the one circle's PDF or CSV.
    func expenses(_ records: [Expense], _ input: CareCase, asOf: LocalDate) throws {
        let range = input.range(asOf: asOf)
        let output: ExpensesJob.Output = switch input.export {
        case nil: input.json ? .json : .text
        case .pdf?: .file(.pdf)
        case .csv?, .vcf?: .file(.csv)
        }
        let request = ExpensesJob.Request(output: output, recipientName: input.recipientName)
        let reports = try expenses.reports(records, circle: nil, single: request.single, source: "expenses",
                                           from: range.from, to: range.to, family: input.family, benchmarks: [])
        _ = try expenses.run(reports, request, in: Fuzz.context(asOf: asOf))
    }

    /// `care directory`: the listing, or one circle's PDF, CSV or vCard.
    func directory(_ records: [Provider], _ input: CareCase, asOf: LocalDate) throws {
        let request = DirectoryJob.Request(content: input.family ? .family : .standard, format: input.export,
                                           recipientName: input.recipientName)
        _ = try directory.run(records, request, in: Fuzz.context(asOf: asOf))
    }
}

/// The CuraKnot pipeline: the exports read as `care ingest` reads them, then what `care ingest`,
/// `care patterns`, `care dismiss`, `care expenses` and `care directory` run on the records.
/// Errors are expected results; only a trap, a hang or runaway memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCare(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let input = CareCase(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    let harness = Harness.shared
    guard let records = harness.ingest(input) else { return 0 }
    let newest = (records.handoffs.map(\.date) + records.expenses.map(\.date)).max()
    let asOf = Fuzz.asOf(input.dateChoice, newest: newest)
    do { try harness.patterns(records, input, asOf: asOf) } catch { Fuzz.expected(error) }
    if !records.expenses.isEmpty {
        do { try harness.expenses(records.expenses, input, asOf: asOf) } catch { Fuzz.expected(error) }
    }
    if !records.providers.isEmpty {
        do { try harness.directory(records.providers, input, asOf: asOf) } catch { Fuzz.expected(error) }
    }
    return 0
}
