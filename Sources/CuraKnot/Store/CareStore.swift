import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import Quoting

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
            try Self.usableVersion(try userVersion())
            return
        }
        connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try connection.execute("PRAGMA foreign_keys = ON")
        try connection.executeWaitingWhileBusy("PRAGMA journal_mode = WAL", milliseconds: busyTimeoutMilliseconds)
        try connection.execute("PRAGMA synchronous = FULL")
        try migrate()
    }

    /// Opens an existing store read only for `check`: nothing is migrated or written, and a schema
    /// version this build cannot use is one of the check's findings instead of a refusal.
    public static func forCheck(path: String, busyTimeoutMilliseconds: Int32 = 30_000) throws -> CareStore {
        try CareStore(checking: SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, readOnly: true))
    }

    private init(checking connection: SQLiteConnection) {
        self.connection = connection
        readOnly = true
    }

    /// Refuses a schema version this build cannot use: one of a newer build.
    static func usableVersion(_ version: Int) throws {
        guard version <= Schema.migrations.count else {
            throw StoreError("the store has schema version \(version); this build knows up to \(Schema.migrations.count)")
        }
    }

    /// The schema version this build writes.
    public static var schemaVersion: Int { Schema.migrations.count }

    private func migrate() throws {
        try connection.immediateTransaction {
            let version = try userVersion()
            try Self.usableVersion(version)
            for (i, sql) in Schema.migrations.enumerated().dropFirst(version) {
                try connection.execute(sql)
                try connection.execute("PRAGMA user_version = \(i + 1)")  // an integer from the table above, not a value
            }
        }
    }

    /// `PRAGMA user_version`, checked where it enters: never negative (SQLite keeps it as a 32-bit
    /// signed integer that any program may set).
    func userVersion() throws -> Int {
        var version = 0
        try connection.prepare(StoreSQL.userVersion).query([]) {
            version = try $0.int(0, "the schema version (PRAGMA user_version)", in: 0...Int64(Int32.max))
        }
        return version
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction (one read transaction when the store is
    /// read only).
    func transaction<T>(_ body: () throws -> T) throws -> T { try connection.immediateTransaction(readOnly: readOnly, body) }
}

/// What `care check` prints: SQLite's findings, the schema version and the row counts. A store
/// so damaged that a part cannot be read gives a finding for that part instead of an error, so
/// the check reports everything it can.
public struct StoreCheck: Equatable, Sendable {
    /// `["ok"]`, or the problems: SQLite's integrity findings (they describe pages, cells and
    /// indexes, never values), foreign-key failures, and what could not be read.
    public var integrity: [String]
    /// The schema version; nil when it cannot be read or used (a finding says why).
    public var schemaVersion: Int?
    /// Rows per table; nil when the table cannot be counted (a finding says why).
    public var counts: [(table: String, rows: Int?)]

    public static func == (a: StoreCheck, b: StoreCheck) -> Bool {
        a.integrity == b.integrity && a.schemaVersion == b.schemaVersion
            && a.counts.map(\.table) == b.counts.map(\.table) && a.counts.map(\.rows) == b.counts.map(\.rows)
    }

    public var isOK: Bool { integrity == ["ok"] }

    /// Most findings `text` shows; the rest are counted.
    public static let shownFindings = 20

    /// What `care check` prints: `integrity: ok`, or the number of findings and the first
    /// `shownFindings` of them one per line (each through `Quote.text`: SQLite names tables and
    /// indexes as the store's schema spells them); then the schema version and the counts.
    public var text: String {
        var lines: [String]
        if isOK {
            lines = ["integrity: ok"]
        } else {
            lines = ["integrity: \(integrity.count) problem\(integrity.count == 1 ? "" : "s") found"]
            lines += integrity.prefix(Self.shownFindings).map { "  " + Quote.text($0) }
            if integrity.count > Self.shownFindings { lines.append("  … and \(integrity.count - Self.shownFindings) more") }
        }
        lines.append("schema version: " + (schemaVersion.map { String($0) } ?? "cannot be used"))
        lines += counts.map { "\($0.table): " + ($0.rows.map { String($0) } ?? "cannot be counted") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension CareStore {
    /// The tables `check` counts, in the order printed.
    static let countedTables = ["handoffs", "expenses", "providers", "surfaced", "dismissals"]

    /// `PRAGMA integrity_check` (SQLite stops at 100 findings), the foreign-key check, the schema
    /// version and the row counts. A damaged store is reported, not refused: whatever part fails
    /// is a finding (a reason already given is not repeated) and the rest is still checked. Only a
    /// file SQLite cannot read at all — the integrity check fails before its first finding (not a
    /// database, a damaged first page) — throws: there is nothing to report but that.
        public func check() throws -> StoreCheck {
        var findings: [String] = []
        func attempt(_ what: String?, _ body: () throws -> Void) {
            do { try body() } catch {
                let reason = (error as? StoreError)?.reason ?? "\(error)"
                guard !findings.contains(where: { $0.hasSuffix(reason) }) else { return }
                findings.append(what.map { "\($0): \(reason)" } ?? reason)
            }
        }
        var integrity: [String] = []
        do {
            // One row may hold several findings, one per line.
            try connection.prepare(StoreSQL.integrityCheck).query([]) { row in
                integrity += (row.text(0) ?? "").split(separator: "\n").map(String.init)
            }
        } catch {
            guard !integrity.isEmpty else { throw StoreError.unusable(connection.path, (error as? StoreError)?.reason ?? "\(error)") }
            findings.append("SQLite's integrity check stopped: \((error as? StoreError)?.reason ?? "\(error)")")
        }
        findings = (integrity == ["ok"] ? [] : integrity) + findings
        var orphans = 0
        attempt("the foreign-key check stopped") { try connection.prepare(StoreSQL.foreignKeyCheck).query([]) { _ in orphans += 1 } }
        if orphans > 0 { findings.append("\(orphans) row(s) fail the foreign-key check") }
        var version: Int?
        attempt(nil) {
            let v = try userVersion()
            try Self.usableVersion(v)
            version = v
        }
        var counts: [(String, Int?)] = []
        for table in Self.countedTables {
            // Table names come from the fixed list above, never from input.
            var n: Int?
            attempt("tables cannot be counted") {
                try connection.prepare(StoreSQL.rowCount(table)).query([]) { n = try $0.int(0, "the row count of \(table)", in: 0...Int64.max) }
            }
            counts.append((table, n))
        }
        var patients: Int?
        attempt("tables cannot be counted") {
            try connection.prepare(StoreSQL.patientCount).query([]) { patients = try $0.int(0, "the patient count", in: 0...Int64.max) }
        }
        counts.insert(("patients", patients), at: 1)
        return StoreCheck(integrity: findings.isEmpty ? ["ok"] : findings, schemaVersion: version, counts: counts)
    }
}
