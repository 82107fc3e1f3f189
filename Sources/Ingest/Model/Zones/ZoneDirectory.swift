#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A directory of TZif files, the system's time-zone database (Debian: `tzdata`): `TZDIR` when
/// it is set and not empty, else `/usr/share/zoneinfo` — the convention of the C library and of
/// the tz database's own tools. A zone is the file at its name (`Europe/Berlin`), read and parsed
/// once per run: an update of tzdata reaches the next run, and a name the database has no file
/// for is unknown, however well another library knows it.
public final class ZoneDirectory: Sendable {
    /// Why a zone cannot be had.
    public enum Failure: Error, Equatable, Sendable {
        /// Not an IANA zone name (`ZoneDirectory.isValidName`), or the database has no such file.
        case unknown
        /// The file exists but cannot be read or is not a usable TZif file.
        case unusable(String)
    }

    /// Where the TZif files are.
    public let path: String
    private let cache = Mutex<[String: Result<ZoneRules, Failure>]>([:])
    /// Distinct names remembered per run (a hostile input cannot grow the cache without end).
    static let cacheLimit = 4096
    /// No zone file is near this size (the largest are a few KB).
    static let maxFileBytes = 1 << 20

    public init(path: String) { self.path = path }

    /// The system's database: `TZDIR`, else `/usr/share/zoneinfo`.
    public static let system = ZoneDirectory(path: {
        if let dir = getenv("TZDIR"), dir.pointee != 0 { return String(cString: dir) }
        return "/usr/share/zoneinfo"
    }())

    /// Whether `name` can be a zone name of the database: at most 64 bytes of `/`-separated
    /// parts, each of ASCII letters, digits, `.`, `_`, `+` and `-`, not starting with `.` or
    /// `-` (so `..`, absolute paths and hidden files are never names). `localtime` is refused: it
    /// is the machine's own zone, and no output may depend on the machine.
    public static func isValidName(_ name: String) -> Bool {
        let u = Array(name.utf8)
        guard !u.isEmpty, u.count <= 64, name != "localtime" else { return false }
        for part in u.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let first = part.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-") else { return false }
            for c in part {
                switch c {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"): continue
                default: return false
                }
            }
        }
        return true
    }

    /// The rules of the zone `name`.
    public func zone(named name: String) throws(Failure) -> ZoneRules {
        guard Self.isValidName(name) else { throw .unknown }
        if let known = cache.withLock({ $0[name] }) { return try known.get() }
        let result = Result { () throws(Failure) -> ZoneRules in try load(name) }
        cache.withLock { if $0.count < Self.cacheLimit { $0[name] = result } }
        return try result.get()
    }

    /// Reads and parses `path/name`: only a regular file (a FIFO or a device there is unusable,
    /// never waited on) of at most `maxFileBytes`.
    private func load(_ name: String) throws(Failure) -> ZoneRules {
        let fd = open(path + "/" + name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            let e = errno
            if e == ENOENT || e == ENOTDIR { throw .unknown }
            throw .unusable(String(cString: strerror(e)))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .unusable(String(cString: strerror(errno))) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unknown   // `Europe` is a folder of zones, not a zone
        default: throw .unusable("not a regular file")
        }
        guard st.st_size <= Self.maxFileBytes else { throw .unusable("larger than a zone file can be") }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return read(fd, base + count, raw.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unusable(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            count += n
        }
        guard count <= Self.maxFileBytes else { throw .unusable("larger than a zone file can be") }
        do {
            return try TZif.parse(Array(bytes[..<count]))
        } catch {
            throw .unusable(error.description)
        }
    }
}
