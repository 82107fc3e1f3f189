#if canImport(Glibc)
import Glibc
#endif

/// Writes an output file whole or not at all: a temporary file is created beside the target with
/// `O_CREAT|O_EXCL` and mode 0600, written, `fsync`ed, renamed over the target, and the folder is
/// `fsync`ed. A failure removes the temporary file and leaves any old target untouched.
///
/// What the path names decides the way (`OutputPath`): a symbolic link is followed and its final
/// target replaced (the link stays); a FIFO or character device is written directly; `-` is
/// standard output. Every atomic write first removes the stale temporaries of dead runs from the
/// folder it writes in (`StaleTemporaries`); an interrupted run removes its own
/// (`InterruptCleanup`).
public final class AtomicFile {
    public enum Failure: Error, CustomStringConvertible {
        case cannotCreate(path: String, reason: String)
        case cannotWrite(path: String, reason: String)
        public var description: String {
            switch self {
            case .cannotCreate(let path, let reason), .cannotWrite(let path, let reason):
                return "cannot write \(path == "-" ? "to standard output" : path): \(reason)"
            }
        }
    }

    /// The path as the user gave it (named in messages).
    public let path: String
    /// The temporary file and the file it replaces; nil when writing directly.
    private let replacing: (temp: String, final: String)?
    private var fd: Int32
    private var finished = false
    /// The interrupt cleanup's record of the temporary, given back once it is renamed or removed.
    private var tracked: InterruptCleanup.Slot?
    /// Bytes waiting to be written, at most `bufferSize`.
    private var buffer: [UInt8] = []
    static let bufferSize = 1 << 16

    /// Prefix of temporary files, so stale ones from a killed run can be recognised and removed.
    public static let tempPrefix = ".report-tmp-"

    /// Longest file name the file systems take (NAME_MAX), in bytes.
    static let nameMax = 255

    /// `.report-tmp-<name>.<pid>.<attempt>`, within `nameMax` bytes: a target name too long to fit
    /// is cut (at a character boundary) so that every valid output name has a temporary. The
    /// stale-temporary cleanup reads only the prefix and the last two parts.
    static func temporaryName(for name: String, pid: pid_t, attempt: Int) -> String {
        let suffix = "." + String(pid) + "." + String(attempt)
        var budget = nameMax - tempPrefix.utf8.count - suffix.utf8.count
        var kept = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            budget -= String(scalar).utf8.count
            if budget < 0 { break }
            kept.append(scalar)
        }
        return tempPrefix + String(kept) + suffix
    }

    public init(path: String) throws {
        self.path = path
        switch try OutputPath.resolve(path) {
        case .standardOutput:
            fd = STDOUT_FILENO
            replacing = nil
        case .direct:
            fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { throw Failure.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
            replacing = nil
        case .replace(let final):
            let dir = OutputPath.folder(of: final)
            var st = stat()
            guard stat(dir, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
                throw Failure.cannotCreate(path: path, reason: "folder \(dir) does not exist")
            }
            StaleTemporaries.remove(in: dir)
            // Created and tracked with the interrupting signals held back, so that a signal in
            // between cannot leave a temporary the cleanup does not know of.
            let (created, candidate, openErrno, slot) = InterruptCleanup.withSignalsHeld { () -> (Int32, String, Int32, InterruptCleanup.Slot?) in
                var created: Int32 = -1
                var candidate = ""
                for attempt in 0..<16 {
                    candidate = dir + "/" + AtomicFile.temporaryName(for: OutputPath.name(of: final), pid: getpid(), attempt: attempt)
                    created = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
                    if created >= 0 || errno != EEXIST { break }
                }
                let openErrno = errno
                return (created, candidate, openErrno, created >= 0 ? InterruptCleanup.track(candidate) : nil)
            }
            guard created >= 0 else {
                throw Failure.cannotCreate(path: path, reason: String(cString: strerror(openErrno)))
            }
            fd = created
            replacing = (candidate, final)
            tracked = slot
        }
    }

    /// Appends bytes, collected in memory and written in blocks of `bufferSize` (a PDF arrives in
    /// thousands of small pieces). Throws on a short write (disk full, closed pipe), here or at
    /// `commit`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count >= Self.bufferSize { try writeAll(bytes) } else { buffer.append(contentsOf: bytes) }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try buffer.withUnsafeBytes { try writeAll($0) }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure.cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
            offset += n
        }
    }

    public func write(_ string: String) throws {
        var s = string
        try s.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Whether the file replaces a target through a temporary (not standard output, a FIFO or
    /// a device written directly).
    public var replacesTarget: Bool { replacing != nil }

    /// The folder the target is renamed into; nil for a direct write.
    var folder: String? { replacing.map { OutputPath.folder(of: $0.final) } }

    /// Writes out what is still buffered and closes the temporary, to be synced and renamed by
    /// a later `commit` (`DeferredCommits`): a batch's waiting files hold neither a descriptor
    /// nor a buffer. On failure the temporary is removed.
    public func flushBuffered() throws {
        do { try flush() } catch {
            abandon()
            throw error
        }
        buffer = []
        guard replacing != nil else { return }
        if close(fd) != 0 && errno != EINTR {
            let reason = String(cString: strerror(errno))
            fd = -1
            abandon()
            throw Failure.cannotWrite(path: path, reason: reason)
        }
        fd = -1
    }

    /// Flushes, syncs, renames into place and syncs the folder (unless `syncingFolder` is false:
    /// the caller syncs it, once for several files); for a direct write, closes the file.
    public func commit(syncingFolder: Bool = true) throws {
        guard !finished else { return }
        do { try flush() } catch {
            abandon()
            throw error
        }
        finished = true
        guard let (tempPath, final) = replacing else {
            if fd != STDOUT_FILENO && close(fd) != 0 && errno != EINTR {
                throw Failure.cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
            return
        }
        // A temporary closed by `flushBuffered` is opened again to be synced.
        let syncing = fd >= 0 ? fd : open(tempPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        defer { if syncing >= 0 { close(syncing) }; fd = -1; InterruptCleanup.untrack(tracked) }
        if syncing < 0 || fsync(syncing) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(tempPath)
            throw Failure.cannotWrite(path: path, reason: reason)
        }
        if rename(tempPath, final) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(tempPath)
            throw Failure.cannotWrite(path: path, reason: reason)
        }
        if syncingFolder { _ = AtomicFile.syncFolder(OutputPath.folder(of: final)) }
    }

    /// Syncs a folder, so that the names renamed into it are durable; the reason when it could
    /// not be opened or synced.
    @discardableResult
    static func syncFolder(_ folder: String) -> String? {
        let dfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dfd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(dfd) }
        return fsync(dfd) == 0 ? nil : String(cString: strerror(errno))
    }

    /// Removes the temporary file; the target is untouched. A direct write cannot be taken back:
    /// it is only closed.
    public func abandon() {
        guard !finished else { return }
        finished = true
        if let (tempPath, _) = replacing {
            if fd >= 0 { close(fd) }
            fd = -1
            unlink(tempPath)
            InterruptCleanup.untrack(tracked)
        } else if fd != STDOUT_FILENO {
            close(fd)
        }
    }

    deinit { abandon() }
}
