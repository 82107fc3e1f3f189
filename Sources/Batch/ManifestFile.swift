import Aurae
import Foundation
import ReportKit
#if canImport(Glibc)
import Glibc
#endif

/// A run's manifest: read back for `--resume`, started over (atomically) with the lines kept,
/// then appended one line per user, each line with one write, and synced when the run ends.
/// A line is only ever written after the user's files are synced, so a line lost with the page
/// cache (a power cut) only means that user is made again; a cut line is not read back.
public final class ManifestFile: Sendable {
    public let path: String
    private let fd: Int32
    private let lock = NSLock()

    /// The entries of the manifest at `path` (none when it does not exist), the last line of a
    /// user winning; lines that do not parse are left out.
    public static func load(_ path: String) -> [String: ManifestEntry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var entries: [String: ManifestEntry] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if let entry = ManifestEntry(line: line) { entries[entry.userId] = entry }
        }
        return entries
    }

    /// Replaces the manifest at `path` with `kept` (atomically: a killed run leaves the old one or
    /// the new one) and opens it for appending.
    public init(path: String, kept: [ManifestEntry]) throws {
        self.path = path
        let text = kept.map { $0.jsonLine() + "\n" }.joined()
        try OutputTarget(path: path).write { try $0.write(text) }
        fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else {
            throw AtomicFile.Failure.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    deinit { close(fd) }

    /// Appends `entry` as one line with a single write.
    public func append(_ entry: ManifestEntry) throws {
        let bytes = Array((entry.jsonLine() + "\n").utf8)
        lock.lock()
        defer { lock.unlock() }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw AtomicFile.Failure.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
            offset += n
        }
    }

    /// Syncs the lines appended so far to disk (at the end of a run).
    public func sync() throws {
        guard fdatasync(fd) == 0 else {
            throw AtomicFile.Failure.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
