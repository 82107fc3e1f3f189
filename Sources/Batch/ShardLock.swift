#if canImport(Glibc)
import Glibc
#endif

/// One run of a shard at a time in an output folder. Two runs of the same shard (a cron job
/// started again while the last one still runs, a scheduler's retry beside a slow first try)
/// would append to one manifest and each remove the other's run file; the second run is refused
/// at once instead (exit status 4, "rerun with --resume" once the first has ended), while the
/// shards of one array run side by side, each under its own lock.
///
/// The lock is `flock` on a file of its own, `OUT_DIR/.report-lock.<manifest name>`, held from
/// before the run file is removed until after the new one is written: the kernel releases it when
/// the process ends, however it ends, so a killed run never leaves a shard locked. The file is
/// left in place (removing it would let a third run lock a new file while the second still holds
/// the old one); `batch-merge` reads only manifests and run files.
public final class ShardLock {
    private let fd: Int32

    /// The lock file's name for the manifest `manifestName`.
    public static func fileName(_ manifestName: String) -> String { ".report-lock." + manifestName }

    /// Takes the lock of the shard whose manifest is `manifestName` in `outDir`, or throws
    /// `BatchFile.Refused` at once (never waits) when another process holds it, or when the lock
    /// file cannot be opened as a regular file.
    public init(outDir: String, manifestName: String) throws {
        let path = (outDir.hasSuffix("/") ? outDir : outDir + "/") + Self.fileName(manifestName)
        // Without waiting: a FIFO put at the name is refused, not waited on.
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY, 0o600)
        guard fd >= 0 else { throw BatchFile.refused("lock file", path, String(cString: strerror(errno))) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw BatchFile.refused("lock file", path, reason)
        }
        if let kind = BatchFile.irregularKind(st.st_mode) {
            close(fd)
            throw BatchFile.refused("lock file", path, "it is \(kind), not a regular file")
        }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let busy = errno == EWOULDBLOCK
            let reason = busy ? "another run of this shard is writing \(manifestName) in this folder; rerun with --resume once it has ended"
                              : String(cString: strerror(errno))
            close(fd)
            throw BatchFile.refused("lock file", path, reason)
        }
        self.fd = fd
    }

    /// Releases the lock (closing the file releases it).
    deinit { close(fd) }
}
