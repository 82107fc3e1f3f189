import Foundation
import Ingest

/// The CuraKnot SQLite store: handoffs, expenses and providers keyed by id, and the memory of the
/// pattern job (what surfaced on which as-of date, what the family dismissed).
///
/// Opened with WAL, `synchronous=FULL`, foreign keys and a busy timeout; every change runs in one
/// `BEGIN IMMEDIATE` transaction, so a second writer waits and a killed process leaves the store
/// as it was before or after.
public final class CareStore {
    let connection: SQLiteConnection
    /// Opened read only: nothing is migrated or written (`care patterns --dry-run`).
    public let readOnly: Bool

    /// Opens the store at `path`, creating it (mode 0600) and migrating its schema as needed; or,
    /// `readOnly`, an existing store as it is, never writing a byte of it (a store of an older
    /// schema is read as it is, a newer one refused).
    public init(path: String, busyTimeoutMilliseconds: Int32 = 30_000, readOnly: Bool = false) throws {
        self.readOnly = readOnly
        if readOnly {
            connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, readOnly: true)
            let version = try userVersion()
            guard version <= Schema.migrations.count else { throw Self.newer(version) }
            return
        }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError("cannot open the store \(path): \(String(cString: strerror(errno)))") }
        close(fd)
        connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try connection.execute("PRAGMA foreign_keys = ON")
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute("PRAGMA synchronous = FULL")
        try migrate()
    }

    static func newer(_ version: Int) -> StoreError {
        StoreError("the store has schema version \(version); this build knows up to \(Schema.migrations.count)")
    }

    /// The schema version this build writes.
    public static var schemaVersion: Int { Schema.migrations.count }

    private func migrate() throws {
        try connection.immediateTransaction {
            let version = try userVersion()
            guard version <= Schema.migrations.count else { throw Self.newer(version) }
            for (i, sql) in Schema.migrations.enumerated().dropFirst(version) {
                try connection.execute(sql)
                try connection.execute("PRAGMA user_version = \(i + 1)")  // an integer from the table above, not a value
            }
        }
    }

    func userVersion() throws -> Int {
        var version = 0
        try connection.prepare(StoreSQL.userVersion).query([]) { version = Int(clamping: $0.int(0)) }
        return version
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction (one read transaction when the store is
    /// read only).
    func transaction<T>(_ body: () throws -> T) throws -> T { try connection.immediateTransaction(readOnly: readOnly, body) }
}

/// What `care check` prints.
public struct StoreCheck: Equatable, Sendable {
    /// `ok`, or SQLite's first problems.
    public var integrity: [String]
    public var schemaVersion: Int
    public var counts: [(table: String, rows: Int)]

    public static func == (a: StoreCheck, b: StoreCheck) -> Bool {
        a.integrity == b.integrity && a.schemaVersion == b.schemaVersion
            && a.counts.map(\.table) == b.counts.map(\.table) && a.counts.map(\.rows) == b.counts.map(\.rows)
    }

    public var isOK: Bool { integrity == ["ok"] }
}

extension CareStore {
    /// The tables `check` counts, in the order printed.
    static let countedTables = ["handoffs", "expenses", "providers", "surfaced", "dismissals"]

    /// `PRAGMA integrity_check`, foreign-key check and the row counts.
    public func check() throws -> StoreCheck {
        var integrity: [String] = []
        try connection.prepare(StoreSQL.integrityCheck).query([]) { integrity.append($0.text(0) ?? "") }
        var orphans = 0
        try connection.prepare(StoreSQL.foreignKeyCheck).query([]) { _ in orphans += 1 }
        if orphans > 0 { integrity = (integrity == ["ok"] ? [] : integrity) + ["\(orphans) row(s) fail the foreign-key check"] }
        var counts: [(String, Int)] = []
        for table in Self.countedTables {
            // Table names come from the fixed list above, never from input.
            var n = 0
            try connection.prepare(StoreSQL.rowCount(table)).query([]) { n = Int(clamping: $0.int(0)) }
            counts.append((table, n))
        }
        var patients = 0
        try connection.prepare(StoreSQL.patientCount).query([]) { patients = Int(clamping: $0.int(0)) }
        counts.insert(("patients", patients), at: 1)
        return StoreCheck(integrity: integrity, schemaVersion: try userVersion(), counts: counts)
    }
}
