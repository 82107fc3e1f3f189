@testable import CuraKnot
import TestSupport
import XCTest

/// The schema version: a new store gets every migration, an older one is brought up to date with
/// its data, a newer store is refused untouched.
final class SchemaMigrationTests: XCTestCase {
    func testVersionsAreAppliedAndANewerStoreIsRefused() throws {
        let dir = try TestPaths.temporaryDirectory("care-schema")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.sqlite").path
        XCTAssertEqual(try CareStore(path: path).userVersion(), Schema.migrations.count)
        XCTAssertEqual(try CareStore(path: path).userVersion(), Schema.migrations.count, "opening again migrates nothing")
        try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000).execute("PRAGMA user_version = 99")
        XCTAssertThrowsError(try CareStore(path: path)) { error in
            XCTAssertTrue((error as? StoreError)?.message.contains("schema version 99") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try CareStore(path: path, readOnly: true), "read only, too")
    }

    /// A store of version 1 (before circles had their own index) keeps its handoffs and gets the
    /// indexes by patient and circle; read only, it is read as it is.
    func testAVersionOneStoreIsMigrated() throws {
        let dir = try TestPaths.temporaryDirectory("care-schema")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("v1.sqlite").path
        do {
            let c = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000)
            try c.execute(Schema.migrations[0])
            try c.execute("PRAGMA user_version = 1")
            try c.execute("""
                INSERT INTO handoffs (id, circle_id, patient_id, author_id, created_at, local_date, type)
                VALUES ('h1', 'c-1', 'p-1', 'u-1', '2026-03-01T10:00:00Z', '2026-03-01', 'CALL')
                """)
        }
        let old = try CareStore(path: path, readOnly: true)
        XCTAssertEqual(try old.userVersion(), 1, "a dry run does not migrate")
        XCTAssertEqual(try old.units(), [CareUnit(circleId: "c-1", patientId: "p-1")])
        let store = try CareStore(path: path)
        XCTAssertEqual(try store.userVersion(), Schema.migrations.count)
        var indexes: [String] = []
        try store.connection.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'handoffs' ORDER BY name")
            .query([]) { indexes.append($0.text(0) ?? "") }
        XCTAssertEqual(indexes.filter { !$0.hasPrefix("sqlite_autoindex") }, ["handoffs_circle", "handoffs_patient"])
        XCTAssertEqual(try store.units(), [CareUnit(circleId: "c-1", patientId: "p-1")])
        XCTAssertTrue(try store.check().isOK)
    }

    func testForeignKeysHoldItemsToTheirHandoff() throws {
        let dir = try TestPaths.temporaryDirectory("care-schema")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try CareStore(path: dir.appendingPathComponent("s.sqlite").path)
        XCTAssertThrowsError(try store.connection.prepare(
            "INSERT INTO handoff_items (handoff_id, list, position, value) VALUES (?1, 'symptoms', 0, 'x')").run([.text("missing")]))
        XCTAssertTrue(try store.check().isOK)
    }
}
