import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes an output file whole or not at all: a temporary file is created beside the target with
/// `O_CREAT|O_EXCL` and mode 0600, written, `fsync`ed, renamed over the target, and the folder is
/// `fsync`ed. A failure removes the temporary file and leaves any old target untouched.
///
/// `-` as the path writes to standard output instead.
public final class AtomicFile {
    public enum Failure: Error, CustomStringConvertible {
        case cannotCreate(path: String, reason: String)
        case cannotWrite(path: String, reason: String)
        public var description: String {
            switch self {
            case .cannotCreate(let path, let reason): return "cannot write \(path): \(reason)"
            case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
            }
        }
    }

    public let path: String
    private let tempPath: String?
    private var fd: Int32
    private var finished = false

    /// Prefix of temporary files, so stale ones from a killed run can be recognised and removed.
    public static let tempPrefix = ".report-tmp-"

    public init(path: String) throws {
        self.path = path
        if path == "-" {
            fd = STDOUT_FILENO
            tempPath = nil
            return
        }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw Failure.cannotCreate(path: path, reason: "folder \(dir) does not exist")
        }
        AtomicFile.removeStaleTemporaries(in: dir, target: url.lastPathComponent)
        var created: Int32 = -1
        var candidate = ""
        for attempt in 0..<16 {
            candidate = dir + "/" + AtomicFile.tempPrefix + url.lastPathComponent + "." + String(getpid()) + "." + String(attempt)
            created = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if created >= 0 || errno != EEXIST { break }
        }
        guard created >= 0 else {
            throw Failure.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        fd = created
        tempPath = candidate
    }

    /// Appends bytes. Throws on a short write (disk full, closed pipe).
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure.cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
            offset += n
        }
    }

    public func write(_ data: Data) throws { try data.withUnsafeBytes { try write($0) } }

    public func write(_ string: String) throws {
        var s = string
        try s.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Flushes, renames into place and syncs the folder.
    public func commit() throws {
        guard !finished else { return }
        finished = true
        guard let tempPath else { return }
        defer { close(fd) }
        if fsync(fd) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(tempPath)
            throw Failure.cannotWrite(path: path, reason: reason)
        }
        if rename(tempPath, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(tempPath)
            throw Failure.cannotWrite(path: path, reason: reason)
        }
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }

    /// Removes the temporary file; the target is untouched.
    public func abandon() {
        guard !finished else { return }
        finished = true
        if let tempPath { close(fd); unlink(tempPath) }
    }

    deinit { abandon() }

    /// Writes `bytes` to `path` atomically in one call.
    public static func write(_ data: Data, to path: String) throws {
        let file = try AtomicFile(path: path)
        do { try file.write(data); try file.commit() } catch { file.abandon(); throw error }
    }

    /// Deletes temporary files for `target` left by runs that were killed (their process is gone).
    static func removeStaleTemporaries(in dir: String, target: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        let prefix = tempPrefix + target + "."
        for name in names where name.hasPrefix(prefix) {
            let parts = name.dropFirst(prefix.count).split(separator: ".")
            guard parts.count == 2, let pid = Int32(parts[0]) else { continue }
            if pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH {
                unlink(dir + "/" + name)
            }
        }
    }
}
