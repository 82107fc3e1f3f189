import CuraKnot
import Foundation
import FuzzSupport
import Ingest
import ReportKit

/// Everything made once per process: the pattern rules, the presenter, the meeting document and
/// the scratch folder where each input becomes the store file (tmpfs: its syncs cost nothing).
struct Harness {
    let rules: PatternRules
    let presenter: PatternsPresenter
    let patterns: PatternsDocument
    let store: String

    nonisolated(unsafe) static let shared: Harness = {
        Fuzz.silenceStandardOutput("FuzzCareStore")
        let templates = Fuzz.templates("FuzzCareStore", app: "curaknot")
        do {
            return Harness(rules: PatternRules(settings: try PatternSettings.load(templates)),
                           presenter: try PatternsPresenter(templates: templates),
                           patterns: try PatternsDocument(templates: templates),
                           store: Fuzz.scratchFolder("FuzzCareStore") + "/care.sqlite")
        } catch { Fuzz.die("FuzzCareStore", "cannot load the care templates: \(error)") }
    }()

    /// The as-of date of every run: the samples' date, so the seeds' handoffs give findings.
    static let asOf = LocalDate(iso: "2026-04-15")!

    /// `care check`: the findings, the schema version and the counts, as printed.
    func check() throws {
        _ = try CareStore.forCheck(path: store).check().text
    }

    /// `care patterns --dry-run` (read only, nothing written): the units, the patterns of every
    /// patient as text and JSON, the cron line, and the meeting PDF of the first patient.
    func dryRun() throws {
        let db = try CareStore(path: store, readOnly: true)
        _ = try db.units()
        let found = try db.surfacePatterns(rules: rules, asOf: Self.asOf, record: false)
        _ = try presenter.text(asOf: Self.asOf, found)
        _ = try presenter.json(asOf: Self.asOf, found).serialized()
        _ = try presenter.summary(asOf: Self.asOf, found, dryRun: true)
        if let first = found.first {
            _ = try patterns.write(first, in: Fuzz.context(asOf: Self.asOf))
        }
    }

    /// What `care ingest`, `care patterns` and `care dismiss` do to a store another program
    /// wrote: open it for writing (migrating its schema), store one handoff, record the patterns
    /// and dismiss the first one.
    func write() throws {
        let db = try CareStore(path: store)
        try db.ingest(CareRecords(handoffs: [Self.handoff]))
        let found = try db.surfacePatterns(rules: rules, asOf: Self.asOf)
        _ = try presenter.text(asOf: Self.asOf, found)
        if let id = found.first?.insights.first?.id { try db.dismiss(insightID: id, on: Self.asOf) }
    }

    static let handoff = Handoff(id: "h-fuzz", circleId: "c-1", patientId: "p-1", authorId: "u-1",
                                 createdAt: Timestamp(epochSeconds: 1_776_240_000, offsetSeconds: 0), type: .visit,
                                 symptoms: ["nausea", "dizziness"])
}

/// The input bytes are a store file another program wrote: opened as `care check`, `care patterns
/// --dry-run`, then `care ingest`/`patterns`/`dismiss` open it. Errors are expected results (a
/// store that cannot be used is refused with a message); only a trap, a hang or runaway memory is
/// a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCareStore(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let harness = Harness.shared
    for suffix in ["", "-wal", "-shm"] { unlink(harness.store + suffix) }
    Fuzz.write(UnsafeBufferPointer(start: data, count: size), to: harness.store)
    do { try harness.check() } catch { Fuzz.expected(error) }
    do { try harness.dryRun() } catch { Fuzz.expected(error) }
    do { try harness.write() } catch { Fuzz.expected(error) }
    return 0
}
