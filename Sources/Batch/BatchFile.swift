import Quoting
#if canImport(Glibc)
import Glibc
#endif

/// The batch's own files — manifests and run files — as it reads, checks and removes them: each
/// is a regular file or nothing. A FIFO, a device, a folder or a socket at their names is refused
/// at once with a message naming it (never opened for a read or a write that could wait), and a
/// file over its size limit is refused before it is read.
public enum BatchFile {
    /// Largest manifest read back (`--resume`, `batch-merge`): about 500,000 users of one shard.
    public static let maxManifestBytes = 256 << 20
    /// Largest run file read back (`batch-merge`); one is about 600 bytes.
    public static let maxRunFileBytes = 1 << 20

    /// Why one of the batch's files cannot be used; the message names the file.
    public struct Refused: Error, CustomStringConvertible {
        public var description: String
    }

    /// Throws `Refused` unless `path` is a regular file (symbolic links followed) or names
    /// nothing. Never opens it.
    public static func checkRegularOrMissing(_ path: String, _ what: String) throws {
        var st = stat()
        if stat(path, &st) != 0 {
            guard errno == ENOENT else { throw refused(what, path, String(cString: strerror(errno))) }
            return
        }
        if let kind = irregularKind(st.st_mode) { throw refused(what, path, "it is \(kind), not a regular file") }
    }

    /// The bytes of the file at `path`, or nil when nothing has that name. Opened without waiting
    /// (so a FIFO no process writes to is refused at once, not waited for) and refused unless it
    /// is a regular file of at most `maxBytes`.
    public static func read(_ path: String, _ what: String, maxBytes: Int) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw refused(what, path, String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw refused(what, path, String(cString: strerror(errno))) }
        if let kind = irregularKind(st.st_mode) { throw refused(what, path, "it is \(kind), not a regular file") }
        guard st.st_size >= 0, Int(st.st_size) <= maxBytes else {
            throw refused(what, path, "it is \(st.st_size) bytes, over the limit of \(maxBytes) bytes")
        }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 { if errno == EINTR { continue }; throw refused(what, path, String(cString: strerror(errno))) }
            if n == 0 { break }
            count += n
        }
        // A file that grew while it was read is cut at the size it had when opened, plus one byte:
        // more than `maxBytes` is never read.
        guard count <= maxBytes else { throw refused(what, path, "it grew over the limit of \(maxBytes) bytes while read") }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Removes the file at `path` (nothing there is fine) and syncs its folder, so that the
    /// removal is durable before the run goes on.
    public static func remove(_ path: String, _ what: String) throws {
        guard unlink(path) == 0 else {
            guard errno == ENOENT else { throw refused(what, path, "it cannot be removed: " + String(cString: strerror(errno))) }
            return
        }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { fsync(fd); close(fd) }
    }

    /// What a file of mode `mode` is when it is not a regular file ("a FIFO", "a folder", …).
    public static func irregularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFDIR: return "a folder"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "neither a file nor a folder"
        }
    }

    static func refused(_ what: String, _ path: String, _ reason: String) -> Refused {
        Refused(description: "the \(what) \(Quote.escapingControls(path)) cannot be used: \(reason)")
    }
}
