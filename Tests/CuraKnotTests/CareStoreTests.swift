import Catalog
import CuraKnot
import Ingest
import TestSupport
import XCTest

/// The store: idempotent ingest, replacement by id, stored analysis, dismissal memory.
final class CareStoreTests: XCTestCase {
    var dir: URL!
    var rules: PatternRules!

    override func setUpWithError() throws {
        dir = try TestPaths.temporaryDirectory("care-store")
        rules = PatternRules(settings: try PatternSettings.load(TemplateSet(directory: TestPaths.templates, app: "curaknot")))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func store() throws -> CareStore { try CareStore(path: dir.appendingPathComponent("care.sqlite").path) }

    func handoff(_ id: String, _ date: String, _ symptoms: [String], patient: String = "p-1", circle: String = "c-1") -> Handoff {
        Handoff(id: id, circleId: circle, patientId: patient, authorId: "u-1", authorName: "Sam",
                createdAt: parseTimestamp(date + "T10:00:00+01:00")!, type: .visit, symptoms: symptoms)
    }

    func counts(_ s: CareStore) throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try s.check().counts.map { ($0.table, $0.rows ?? -1) })
    }

    func testCreatedWithMode0600AndWAL() throws {
        _ = try store()
        let path = dir.appendingPathComponent("care.sqlite").path
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let check = try store().check()
        XCTAssertTrue(check.isOK)
        XCTAssertEqual(check.schemaVersion, CareStore.schemaVersion)
    }

    func testIngestIsKeyedByIDAndIdempotent() throws {
        let s = try store()
        let records = CareRecords(handoffs: [handoff("h1", "2026-03-01", ["dizzy"]), handoff("h2", "2026-03-02", ["sob", "cough"])])
        try s.ingest(records)
        let first = try s.check()
        try s.ingest(records)
        XCTAssertEqual(try s.check(), first)
        // A changed record replaces the old one, symptoms included.
        try s.ingest(CareRecords(handoffs: [handoff("h2", "2026-03-03", ["cough"], patient: "p-2")]))
        let units = try s.units()
        XCTAssertEqual(units.map(\.patientId), ["p-1", "p-2"])
        XCTAssertEqual(try s.patternHandoffs(units[1], asOf: LocalDate(iso: "2026-03-31")!, synonyms: [:]).map(\.keys), [["cough"]])
        XCTAssertEqual(try counts(s)["handoffs"], 2)
    }

    func testAnalysisIsStoredOnceAndRemembersWhenItFirstSurfaced() throws {
        let s = try store()
        try s.ingest(CareRecords(handoffs: ["01", "02", "03"].map { handoff("h\($0)", "2026-03-\($0)", ["Dizzy"]) }))
        let d3 = LocalDate(iso: "2026-03-03")!, d4 = LocalDate(iso: "2026-03-04")!
        let run1 = try s.surfacePatterns(rules: rules, asOf: d3)
        let stored = try counts(s)["surfaced"]
        XCTAssertEqual(try s.surfacePatterns(rules: rules, asOf: d3), run1, "same date, same result")
        XCTAssertEqual(try counts(s)["surfaced"], stored, "running twice for one date stores nothing new")
        let frequency = try XCTUnwrap(try s.surfacePatterns(rules: rules, asOf: d4)[0].insights.first { $0.finding.type == .frequency })
        XCTAssertEqual(frequency.firstSurfaced, d3)
        XCTAssertNotEqual(frequency.id, run1[0].insights.first { $0.finding.type == .frequency }?.id, "the id names the window end")
        XCTAssertEqual(frequency.id, CareStore.insightID(patient: "p-1", type: .frequency, key: "dizziness", asOf: d4))
    }

    func testDismissalHidesForNinetyDaysThenSurfacesAsNew() throws {
        let s = try store()
        // Three mentions in each of many weeks: FREQUENCY surfaces every week.
        var handoffs: [Handoff] = []
        var day = LocalDate(iso: "2026-01-01")!
        for i in 0..<200 { handoffs.append(handoff("h\(i)", day.description, ["dizzy"])); day = day.adding(days: 2) }
        try s.ingest(CareRecords(handoffs: handoffs))
        let start = LocalDate(iso: "2026-02-01")!
        func frequency(_ d: LocalDate) throws -> Insight? {
            try s.surfacePatterns(rules: rules, asOf: d)[0].insights.first { $0.finding.type == .frequency }
        }
        let shown = try XCTUnwrap(try frequency(start))
        XCTAssertThrowsError(try s.dismiss(insightID: "nope", on: start)) { XCTAssertEqual($0 as? PatternsError, .unknownInsight) }
        let dismissedOn = start.adding(days: 1)
        try s.dismiss(insightID: shown.id, on: dismissedOn)
        try s.dismiss(insightID: shown.id, on: dismissedOn)  // harmless
        XCTAssertEqual(try counts(s)["dismissals"], 1)
        XCTAssertNotNil(try frequency(start), "a run before the dismissal date is not affected")
        XCTAssertNil(try frequency(dismissedOn))
        XCTAssertNil(try frequency(dismissedOn.adding(days: 89)))
        let back = try XCTUnwrap(try frequency(dismissedOn.adding(days: 90)))
        XCTAssertEqual(back.firstSurfaced, dismissedOn.adding(days: 90), "after the memory it is new again")
        XCTAssertEqual(try frequency(dismissedOn.adding(days: 91))?.firstSurfaced, dismissedOn.adding(days: 90))
        // Dismissing again later restarts the 90 days.
        try s.dismiss(insightID: back.id, on: dismissedOn.adding(days: 95))
        XCTAssertNil(try frequency(dismissedOn.adding(days: 95 + 89)))
        XCTAssertEqual(try frequency(dismissedOn.adding(days: 95 + 90))?.firstSurfaced, dismissedOn.adding(days: 185))
    }

    func testUnknownPatientIsAnError() throws {
        let s = try store()
        XCTAssertThrowsError(try s.surfacePatterns(rules: rules, asOf: LocalDate(iso: "2026-03-01")!, scope: CareScope(patient: "p-9"))) {
            XCTAssertEqual($0 as? ScopeError, .unknownPatient(CareScope(patient: "p-9")))
            XCTAssertEqual(($0 as? ScopeError)?.kind, .invalidInput)
        }
    }

    /// Two families in one store: each circle's patient is analysed from its own handoffs only, a
    /// patient whose handoffs name two circles is two care recipients, and a scope picks them.
    func testCirclesAndPatientsAreAnalysedApart() throws {
        let s = try store()
        var handoffs: [Handoff] = []
        for (i, day) in ["10", "11", "12"].enumerated() {
            handoffs.append(handoff("a\(i)", "2026-03-\(day)", ["dizzy"], patient: "p-1", circle: "c-1"))
            handoffs.append(handoff("b\(i)", "2026-03-\(day)", ["cough"], patient: "p-2", circle: "c-2"))
            handoffs.append(handoff("x\(i)", "2026-03-\(day)", ["nausea"], patient: "p-1", circle: "c-9"))
        }
        try s.ingest(CareRecords(handoffs: handoffs))
        XCTAssertEqual(try s.units().map(\.description), ["p-1 (care circle c-1)", "p-2 (care circle c-2)", "p-1 (care circle c-9)"])
        XCTAssertEqual(try s.units(CareScope(patient: "p-1")).map(\.circleId), ["c-1", "c-9"])
        XCTAssertEqual(try s.units(CareScope(circle: "c-2")).map(\.patientId), ["p-2"])
        XCTAssertEqual(try s.units(CareScope(circle: "c-9", patient: "p-1")).count, 1)
        XCTAssertThrowsError(try s.units(CareScope(circle: "c-2", patient: "p-1")))
        let asOf = LocalDate(iso: "2026-03-12")!
        let all = try s.surfacePatterns(rules: rules, asOf: asOf, record: false)
        XCTAssertEqual(all.map(\.unit), try s.units())
        for p in all {
            let keys = Set(p.insights.flatMap(\.finding.symptoms))
            let sources = Set(p.insights.flatMap(\.finding.sources).map { $0.id.prefix(1) })
            switch p.circleId {
            case "c-1": XCTAssertEqual(keys, ["dizziness"]); XCTAssertEqual(sources, ["a"])
            case "c-2": XCTAssertEqual(keys, ["cough"]); XCTAssertEqual(sources, ["b"])
            default: XCTAssertEqual(keys, ["nausea"]); XCTAssertEqual(sources, ["x"])
            }
        }
        let one = try s.surfacePatterns(rules: rules, asOf: asOf, scope: CareScope(circle: "c-2"), record: false)
        XCTAssertEqual(one.map(\.unit), [CareUnit(circleId: "c-2", patientId: "p-2")])
    }

    /// A dry run computes what a run would record — the same insights and first-shown dates — and
    /// leaves every byte of the store as it was, even opened read only.
    func testADryRunWritesNothing() throws {
        let path = dir.appendingPathComponent("care.sqlite").path
        do {
            let s = try store()
            try s.ingest(CareRecords(handoffs: ["01", "02", "03", "04"].map { handoff("h\($0)", "2026-03-\($0)", ["Dizzy"]) }))
            _ = try s.surfacePatterns(rules: rules, asOf: LocalDate(iso: "2026-03-03")!)
        }
        func files() throws -> [String: Data] { try FolderSnapshot.files(dir) }
        let before = try files()
        XCTAssertEqual(before.keys.sorted(), ["care.sqlite"], "the last connection checkpointed and removed the WAL")
        let asOf = LocalDate(iso: "2026-03-04")!
        let dry = try CareStore(path: path, readOnly: true).surfacePatterns(rules: rules, asOf: asOf, record: false)
        XCTAssertEqual(try files(), before, "the store is unchanged, byte for byte")
        let frequency = try XCTUnwrap(dry[0].insights.first { $0.finding.type == .frequency })
        XCTAssertEqual(frequency.firstSurfaced, LocalDate(iso: "2026-03-03"), "what recording would give")
        XCTAssertThrowsError(try CareStore(path: path, readOnly: true).dismiss(insightID: frequency.id, on: asOf), "read only")
        let real = try store().surfacePatterns(rules: rules, asOf: asOf)
        XCTAssertEqual(real, dry, "the real run records what the dry run showed")
    }
}
