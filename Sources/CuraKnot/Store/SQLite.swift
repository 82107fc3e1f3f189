import CDelayLoad
import CSQLite
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import Quoting
import ReportKit

/// A failure of the SQLite store: the operation and SQLite's message (never a value).
public struct StoreError: ReportFailure, CustomStringConvertible, Equatable {
    /// The store cannot be opened or written (exit status 4).
    public var kind: FailureKind { .output }
    public var message: String
    /// What went wrong, without the store it happened to (a finding of `care check`).
    public var reason: String
    public init(_ message: String, reason: String? = nil) { self.message = message; self.reason = reason ?? message }
    public var description: String { message }

    /// SQLite's message for a failed statement: `store: MESSAGE`.
    static func sqlite(_ message: String) -> StoreError { StoreError("store: " + message, reason: message) }

    /// A store whose contents this build cannot use (written by another program, or damaged):
    /// `the store PATH cannot be used: DETAIL`.
    static func unusable(_ path: String, _ detail: String) -> StoreError {
        StoreError("the store \(Quote.escapingControls(path)) cannot be used: \(detail)", reason: detail)
    }

    /// Refuses a path that is not a regular file — a FIFO, a device, a folder — before SQLite
    /// opens it (its read of a FIFO would wait for a writer forever); `create` makes a missing
    /// one (mode 0600).
    static func requireRegularFile(_ path: String, create: Bool) throws {
        let fd = open(path, (create ? O_RDWR | O_CREAT : O_RDONLY) | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
        guard fd >= 0 else {
            throw StoreError("cannot open the store \(Quote.escapingControls(path)): \(String(cString: strerror(errno)))")
        }
        var st = stat()
        let isRegular = fstat(fd, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
        close(fd)
        guard isRegular else { throw unusable(path, "it is not a regular file") }
    }
}

/// One SQLite connection. Every statement binds its values; no SQL is built from values.
final class SQLiteConnection {
    private var db: OpaquePointer?
    let path: String
    /// Every statement this connection prepared, for the query-plan test.
    private(set) var preparedSQL: Set<String> = []

    /// Opens the database at `path`: read and write, creating it when missing, or read only
    /// (nothing is ever written: a dry run).
    init(path: String, busyTimeoutMilliseconds: Int32, readOnly: Bool = false) throws {
        self.path = path
        // SQLite is loaded when a store is first opened, not at start (CDelayLoad).
        if let why = report_library_load(REPORT_LIBRARY_SQLITE) { throw StoreError(String(cString: why)) }
        try StoreError.requireRegularFile(path, create: !readOnly)
        let flags = (readOnly ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(readOnly ? Self.readOnlyURI(path) : path, &db, flags, nil) == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw StoreError("cannot open the store \(Quote.escapingControls(path)): \(message)", reason: message)
        }
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    }

    /// Closes nothing when the connection never opened (SQLite could not even be loaded).
    deinit { if let db { sqlite3_close_v2(db) } }

    /// The URI that opens `path` for reading without writing any file: `immutable=1` when the
    /// store has no write-ahead log (everything is in the database file, which a WAL reader would
    /// otherwise accompany with new `-wal` and `-shm` files), plain `mode=ro` when another
    /// connection has one open (its log must be read too).
    static func readOnlyURI(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                escaped += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        let hasLog = FileManager.default.fileExists(atPath: path + "-wal")
        return "file:" + escaped + (hasLog ? "?mode=ro" : "?mode=ro&immutable=1")
    }

    var errorMessage: String { db.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection" }

    /// Runs SQL without parameters (schema, pragmas, transaction control).
    func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw StoreError.sqlite(errorMessage) }
    }

    /// `execute`, tried again for up to `milliseconds` while SQLite answers that the database is
    /// busy without waiting for the busy timeout itself: it does so when the journal mode is
    /// changed while another connection has the store (two first ingests into a new store at
    /// once: one got "database is locked" at once).
    func executeWaitingWhileBusy(_ sql: String, milliseconds: Int32) throws {
        var waited = 0  // Int: counting past any Int32 timeout cannot overflow
        while true {
            let rc = sqlite3_exec(db, sql, nil, nil, nil)
            if rc == SQLITE_OK { return }
            guard rc & 0xFF == SQLITE_BUSY, waited < Int(milliseconds) else { throw StoreError.sqlite(errorMessage) }
            usleep(10_000)
            waited += 10
        }
    }

    /// Prepares one statement.
    func prepare(_ sql: String) throws -> Statement {
        preparedSQL.insert(sql)
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK, let stmt else {
            throw StoreError.sqlite(errorMessage)
        }
        return Statement(stmt, connection: self)
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` (a writer), or `BEGIN … COMMIT` when it only
    /// reads (one consistent snapshot), rolling back when it throws.
    func immediateTransaction<T>(readOnly: Bool = false, _ body: () throws -> T) throws -> T {
        try execute(readOnly ? "BEGIN" : "BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}

/// A value bound to or read from a statement.
enum SQLValue: Equatable {
    case null, int(Int64), text(String)
}

/// A prepared statement: bind, step, read columns, reset.
final class Statement {
    private let stmt: OpaquePointer
    private unowned let connection: SQLiteConnection
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ stmt: OpaquePointer, connection: SQLiteConnection) { self.stmt = stmt; self.connection = connection }
    deinit { sqlite3_finalize(stmt) }

    /// Binds `values` to parameters 1…n, runs the statement to completion and resets it.
    func run(_ values: [SQLValue]) throws {
        try bind(values)
        defer { sqlite3_reset(stmt) }
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw StoreError.sqlite(connection.errorMessage) }
        }
    }

    /// Binds `values` and calls `row` for every result row.
    func query(_ values: [SQLValue], _ row: (Statement) throws -> Void) throws {
        try bind(values)
        defer { sqlite3_reset(stmt) }
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw StoreError.sqlite(connection.errorMessage) }
            try row(self)
        }
    }

    private func bind(_ values: [SQLValue]) throws {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(stmt, index)
            case .int(let v): rc = sqlite3_bind_int64(stmt, index, v)
            case .text(let s): rc = sqlite3_bind_text(stmt, index, s, -1, Self.transient)
            }
            guard rc == SQLITE_OK else { throw StoreError.sqlite(connection.errorMessage) }
        }
    }

    /// The integer in `column`, checked where it enters: an INTEGER within `range`. Anything else
    /// (another type, a value out of range — a store another program wrote) is a `StoreError`
    /// naming `what` and the store, never a value that could trap later.
    func int(_ column: Int32, _ what: String, in range: ClosedRange<Int64>) throws -> Int {
        let type = sqlite3_column_type(stmt, column)
        guard type == SQLITE_INTEGER else {
            throw StoreError.unusable(connection.path, "\(what) is \(Self.typeName(type)), not an integer")
        }
        let value = sqlite3_column_int64(stmt, column)
        guard range.contains(value), let int = Int(exactly: value) else {
            throw StoreError.unusable(connection.path, "\(what) is \(value), outside \(range.lowerBound) to \(range.upperBound)")
        }
        return int
    }

    /// The date in `column` (`YYYY-MM-DD` in the years an input may have), nil for NULL; anything
    /// else is a `StoreError` naming `what`.
    func date(_ column: Int32, _ what: String) throws -> LocalDate? {
        guard sqlite3_column_type(stmt, column) != SQLITE_NULL else { return nil }
        guard let text = text(column), let date = LocalDate(iso: text), InputYears.contains(date) else {
            throw StoreError.unusable(connection.path, "\(what) is not a date from \(InputYears.valid.lowerBound) to \(InputYears.valid.upperBound)")
        }
        return date
    }

    func text(_ column: Int32) -> String? {
        guard let p = sqlite3_column_text(stmt, column) else { return nil }
        return String(cString: p)
    }

    static func typeName(_ type: Int32) -> String {
        switch type {
        case SQLITE_NULL: return "NULL"
        case SQLITE_FLOAT: return "a real number"
        case SQLITE_TEXT: return "text"
        case SQLITE_BLOB: return "a blob"
        default: return "an integer"
        }
    }
}

extension SQLValue {
    init(_ s: String?) { self = s.map { .text($0) } ?? .null }
    init(_ i: Int?) { self = i.map { .int(Int64($0)) } ?? .null }
}
