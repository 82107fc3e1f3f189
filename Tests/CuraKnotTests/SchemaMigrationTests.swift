@testable import CuraKnot
import TestSupport
import XCTest

/// The schema version: a new store gets every migration, a newer store is refused untouched.
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
