import Catalog
@testable import CuraKnot
import Ingest
import TestSupport
import XCTest

/// Every statement the store prepares searches an index for its selective part: the test runs
/// every store operation (ingest, check, patterns for everyone, a circle, a patient, a patient in
/// a circle, a dry run, a dismissal) on a store of a few thousand handoffs, then asks SQLite for
/// the plan of each statement prepared (`EXPLAIN QUERY PLAN`) and fails on any full scan of a
/// table or index — except the few statements that read everything on purpose
/// (`StoreSQL.fullReads`, each with its reason).
final class StoreQueryPlanTests: XCTestCase {
    func testNoSelectiveQueryScansATable() throws {
        let dir = try TestPaths.temporaryDirectory("care-query-plans")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("care.sqlite").path
        let store = try CareStore(path: path)
        var handoffs: [Handoff] = []
        for i in 0..<3_000 {
            handoffs.append(Handoff(id: "h\(i)", circleId: "c-\(i % 40)", patientId: "p-\(i % 40)", authorId: "u-\(i % 3)", authorName: "Sam",
                                    createdAt: parseTimestamp("2026-03-\(10 + i % 18)T10:00:00+01:00")!, type: .visit,
                                    symptoms: ["dizzy", "nausea", "cough"].prefix(i % 4).map { $0 }))
        }
        let expense = Expense(id: "e1", circleId: "c-1", patientId: "p-1", date: LocalDate(iso: "2026-03-01")!, category: .medical,
                              description: "x", amount: Money(cents: 100), currency: "EUR")
        try store.ingest(CareRecords(handoffs: handoffs, expenses: [expense], providers: [Provider(id: "r1", circleId: "c-1", name: "Dr")]))
        let rules = PatternRules(settings: try PatternSettings.load(TemplateSet(directory: TestPaths.templates, app: "curaknot")))
        let asOf = LocalDate(iso: "2026-03-27")!
        _ = try store.check()
        let all = try store.surfacePatterns(rules: rules, asOf: asOf)
        for scope in [CareScope(circle: "c-3"), CareScope(patient: "p-4"), CareScope(circle: "c-5", patient: "p-5")] {
            _ = try store.surfacePatterns(rules: rules, asOf: asOf, scope: scope)
        }
        _ = try store.patternHandoffs(CareUnit(circleId: "c-1", patientId: "p-1"), asOf: asOf, synonyms: [:])
        let id = try XCTUnwrap(all.flatMap(\.insights).first?.id)
        try store.dismiss(insightID: id, on: asOf)

        let prepared = store.connection.preparedSQL
        XCTAssertGreaterThanOrEqual(prepared.count, 20, "every kind of statement was exercised")
        var checked = 0
        for sql in prepared.sorted() where !sql.hasPrefix("PRAGMA") {
            var plan: [String] = []
            try store.connection.prepare("EXPLAIN QUERY PLAN " + sql).query([]) { plan.append($0.text(3) ?? "") }
            checked += 1
            let scans = plan.filter { $0.hasPrefix("SCAN ") }
            if StoreSQL.fullReads[sql] != nil { continue }
            XCTAssertEqual(scans, [], "a full scan in the plan of\n\(sql)\n\(plan.joined(separator: "\n"))")
        }
        XCTAssertGreaterThan(checked, 15)
        // The one-patient query searches an index by patient, circle and date that covers it (the
        // table itself is never read); the old `?1 IS NULL OR patient_id = ?1` could not.
        var plan: [String] = []
        try store.connection.prepare("EXPLAIN QUERY PLAN " + StoreSQL.handoffsOfUnit).query([]) { plan.append($0.text(3) ?? "") }
        XCTAssertTrue(plan.contains { $0.hasPrefix("SEARCH h USING COVERING INDEX handoffs_") && $0.contains("patient_id=?")
                                      && $0.contains("circle_id=?") && $0.hasSuffix("local_date<?)") }, plan.joined(separator: "\n"))
        var old: [String] = []
        try store.connection.prepare("""
            EXPLAIN QUERY PLAN SELECT h.patient_id, h.id FROM handoffs h LEFT JOIN handoff_items i ON i.handoff_id = h.id
            WHERE ?1 IS NULL OR h.patient_id = ?1 ORDER BY h.patient_id, h.id
            """).query([]) { old.append($0.text(3) ?? "") }
        XCTAssertTrue(old.contains { $0.hasPrefix("SCAN h") }, "the test tells a scan when it sees one: \(old)")
        XCTAssertFalse(plan.contains { $0.contains("TEMP B-TREE") }, "the index gives the order: \(plan)")
    }
}
