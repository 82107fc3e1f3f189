import Catalog
import CSQLite
@testable import CuraKnot
import Ingest
import ReportKit
import TestSupport
import XCTest

/// A store another program wrote (or damaged) can hold anything in any column: every number the
/// store reads is checked where it enters, so every store operation either works or fails with a
/// `StoreError` (exit status 4) — never a trap. The values are written with the sqlite3 C API,
/// past every check of this tool.
final class StoreExtremeValuesTests: XCTestCase {
    var dir: URL!
    var pristine: String { dir.appendingPathComponent("pristine.sqlite").path }
    var rules: PatternRules!
    let asOf = LocalDate(iso: "2026-03-27")!
    var insightID = ""

    override func setUpWithError() throws {
        dir = try TestPaths.temporaryDirectory("care-extreme")
        rules = PatternRules(settings: try PatternSettings.load(TemplateSet(directory: TestPaths.templates, app: "curaknot")))
        let store = try CareStore(path: pristine)
        try store.ingest(Self.records)
        insightID = try XCTUnwrap(try store.surfacePatterns(rules: rules, asOf: asOf).flatMap(\.insights).first?.id)
        try store.dismiss(insightID: insightID, on: asOf)
        _ = try store.surfacePatterns(rules: rules, asOf: asOf.adding(days: 1))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    static let records: CareRecords = {
        let handoffs = (0..<12).map { i in
            Handoff(id: "h\(i)", circleId: "c-1", patientId: "p-1", authorId: "u-\(i % 2)", authorName: "Sam",
                    createdAt: parseTimestamp("2026-03-\(10 + i)T10:00:00+01:00")!, type: .visit,
                    symptoms: ["dizzy", "nausea", "cough"], medicationChanges: ["stop x"])
        }
        let expense = Expense(id: "e1", circleId: "c-1", patientId: "p-1", date: LocalDate(iso: "2026-03-01")!, category: .medical,
                              description: "x", amount: Money(cents: 100), currency: "EUR", reimbursable: true)
        return CareRecords(handoffs: handoffs, expenses: [expense],
                           providers: [Provider(id: "r1", circleId: "c-1", name: "Dr", rating: 4, lastVisit: LocalDate(iso: "2026-02-01"))])
    }()

    /// What is written into each column: the ends of SQLite's integers, a real too large for any
    /// integer, text that is no date, a blob of invalid UTF-8, NULL.
    static let values: [(name: String, sql: String)] = [
        ("Int64.min", "-9223372036854775808"), ("-1", "-1"), ("Int64.max", "9223372036854775807"), ("1e308", "1e308"),
        ("text", "'9999-99-99'"), ("blob", "x'FF00FE'"), ("NULL", "NULL"),
    ]

    // MARK: the sqlite3 C API, below every check of the store

    /// Runs `sql` on the store at `path` with the C API; false when SQLite refuses it (a NOT NULL,
    /// CHECK or UNIQUE constraint).
    @discardableResult
    func raw(_ path: String, _ sql: String) -> Bool {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { sqlite3_close(db); return false }
        defer { sqlite3_close(db) }
        return sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK
    }

    func columns(_ table: String) -> [String] {
        var db: OpaquePointer?
        guard sqlite3_open_v2(pristine, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_close(db) }
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_info(?1)", -1, &stmt, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_text(stmt, 1, table, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        var out: [String] = []
        while sqlite3_step(stmt) == SQLITE_ROW { out.append(String(cString: sqlite3_column_text(stmt, 0))) }
        return out
    }

    func copyOfPristine(_ name: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: pristine, toPath: path)
        return path
    }

    // MARK: every store operation

    /// Runs every store operation on the store at `path`; returns the errors thrown (each must be
    /// one the commands turn into a message and an exit status).
    func everyOperation(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> [Error] {
        var errors: [Error] = []
        func attempt(_ body: () throws -> Void) {
            do { try body() } catch {
                XCTAssertTrue(error is StoreError || error is PatternsError || error is ScopeError, "\(error)", file: file, line: line)
                errors.append(error)
            }
        }
        attempt { _ = try CareStore.forCheck(path: path).check() }
        attempt { _ = try CareStore(path: path, readOnly: true).surfacePatterns(rules: rules, asOf: asOf, record: false) }
        attempt { _ = try CareStore(path: path).surfacePatterns(rules: rules, asOf: asOf.adding(days: 2)) }
        attempt { _ = try CareStore(path: path).surfacePatterns(rules: rules, asOf: asOf, scope: CareScope(circle: "c-1", patient: "p-1")) }
        attempt { try CareStore(path: path).dismiss(insightID: insightID, on: asOf.adding(days: 3)) }
        attempt { try CareStore(path: path).ingest(Self.records) }
        attempt { _ = try CareStore(path: path).units() }
        return errors
    }

    func testExtremeValuesInEveryColumnNeverTrap() throws {
        var written = 0
        for table in ["handoffs", "handoff_items", "expenses", "providers", "surfaced", "dismissals"] {
            let names = columns(table)
            XCTAssertFalse(names.isEmpty, table)
            for column in names {
                for value in Self.values {
                    let path = try copyOfPristine("s.sqlite")
                    // Table and column names come from the schema, values from the fixed list above.
                    guard raw(path, "UPDATE \(table) SET \(column) = \(value.sql)") else { continue }
                    written += 1
                    _ = everyOperation(path)
                }
            }
        }
        XCTAssertGreaterThan(written, 200, "most columns took most values")
    }

    /// The example of the review: a negative `user_version` (another program set it). Every
    /// operation refuses the store with a message naming the version; the class: every version
    /// outside what this build knows.
    func testASchemaVersionThisBuildCannotUseIsRefusedByEveryOperation() throws {
        for version in [Int64(Int32.min), -5, -1, Int64(Schema.migrations.count + 1), Int64(Int32.max)] {
            let path = try copyOfPristine("v.sqlite")
            XCTAssertTrue(raw(path, "PRAGMA user_version = \(version)"))
            let errors = everyOperation(path)
            XCTAssertEqual(errors.count, 6, "every operation but the check refuses version \(version)")
            for error in errors {
                let message = (error as? StoreError)?.message ?? ""
                XCTAssertTrue(message.contains("schema version") && message.contains("\(version)"), message)
            }
            let check = try CareStore.forCheck(path: path).check()
            XCTAssertFalse(check.isOK)
            XCTAssertNil(check.schemaVersion)
            XCTAssertTrue(check.text.hasPrefix("integrity: 1 problem found\n  "), check.text)
            XCTAssertTrue(check.text.contains("schema version: cannot be used\nhandoffs: 12\n"), check.text)
        }
        let negative = try copyOfPristine("n.sqlite")
        raw(negative, "PRAGMA user_version = -5")
        XCTAssertThrowsError(try CareStore(path: negative)) { error in
            XCTAssertEqual((error as? StoreError)?.message,
                           "the store \(negative) cannot be used: the schema version (PRAGMA user_version) is -5, outside 0 to 2147483647")
        }
    }

    /// A date column holding something else is refused where it is read, not skipped.
    func testADateThatIsNoDateIsAnErrorNamingWhatHeldIt() throws {
        // One surfaced row (not the dismissed insight's): the key is part of that table's primary key.
        let oneSurfaced = "WHERE insight_id = (SELECT min(insight_id) FROM surfaced WHERE insight_id <> '\(insightID)')"
        for (table, column, what, which) in [("handoffs", "local_date", "the date of a handoff", ""),
                                             ("dismissals", "dismissed_on", "the date of a dismissal", ""),
                                             ("surfaced", "as_of", "the date an insight surfaced", oneSurfaced)] {
            let path = try copyOfPristine("d.sqlite")
            XCTAssertTrue(raw(path, "UPDATE \(table) SET \(column) = '1899-12-31' \(which)"), table)
            let errors = everyOperation(path).compactMap { ($0 as? StoreError)?.message }
            XCTAssertTrue(errors.contains { $0.hasSuffix("cannot be used: \(what) is not a date from 1900 to 2100") }, "\(table): \(errors)")
        }
    }

    /// `care check` on a damaged store prints SQLite's findings (pages and cells, no values), at
    /// most `StoreCheck.shownFindings` of them, and what it could not count.
    func testCheckOfADamagedStorePrintsSQLitesFindingsCapped() throws {
        let path = try copyOfPristine("damaged.sqlite")
        XCTAssertTrue(raw(path, "PRAGMA wal_checkpoint(TRUNCATE)"))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        if pageSize == 1 { pageSize = 65_536 }
        // Every page after the schema's: their cell pointers point past the page's end.
        for page in 2..<(bytes.count / pageSize) {
            let start = page * pageSize
            for i in start + 8..<min(start + 60, bytes.count) { bytes[i] = 0xFF }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let check = try CareStore.forCheck(path: path).check()
        XCTAssertFalse(check.isOK)
        XCTAssertGreaterThan(check.integrity.count, StoreCheck.shownFindings)
        let lines = check.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "integrity: \(check.integrity.count) problems found")
        XCTAssertTrue(lines.contains("  *** in database main ***"), check.text)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  On tree page ") }, check.text)
        XCTAssertEqual(lines.filter { $0.hasPrefix("  ") }.count, StoreCheck.shownFindings + 1)
        XCTAssertEqual(lines[StoreCheck.shownFindings + 1], "  … and \(check.integrity.count - StoreCheck.shownFindings) more")
        XCTAssertFalse(check.text.contains("Sam") || check.text.contains("dizzy"), "structure, not health data")
    }

    /// A file SQLite cannot read at all has no findings to list: the check is refused with
    /// SQLite's reason, once (exit 4).
    func testCheckOfAFileThatIsNoDatabaseIsRefusedWithItsReason() throws {
        let path = dir.appendingPathComponent("garbage.sqlite").path
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try CareStore.forCheck(path: path).check()) { error in
            XCTAssertEqual((error as? StoreError)?.message, "the store \(path) cannot be used: file is not a database")
        }
    }
}
