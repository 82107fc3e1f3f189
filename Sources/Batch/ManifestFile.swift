import Aurae
import FoundationEssentials
import ReportKit
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A run's manifest: read back for `--resume`, started over (atomically) with the lines kept,
/// then appended one line per user, each line with one write, and synced when the run ends.
/// A line is only ever written after the user's files are synced, so a line lost with the page
/// cache (a power cut) only means that user is made again; a cut line is not read back.
///
/// Every line carries the id of the run that wrote it (kept lines are rewritten with it), and
/// the file keeps the number of lines and the SHA-256 of all it wrote: the run file records both
/// when the run ends, so `batch-merge` can tell a manifest that exactly that run finished from
/// one a later, killed run (or anything else) rewrote.
public final class ManifestFile: Sendable {
    public let path: String
    public let runId: String
    private let fd: Int32
    private let state: Mutex<(digest: SHA256, lines: Int)>

    /// A manifest as read back: its entries with their line numbers, the numbers of the lines
    /// that are not entries (cut short, changed), and the digest of the whole file.
    public struct Contents: Sendable {
        public var entries: [(line: Int, entry: ManifestEntry)] = []
        public var broken: [Int] = []
        public var digest: ManifestDigest
    }

    /// Reads the manifest at `path`: nil when it does not exist; `BatchFile.Refused` when it is
    /// not a regular file or is over `BatchFile.maxManifestBytes`.
    public static func read(_ path: String) throws -> Contents? {
        guard let bytes = try BatchFile.read(path, "manifest", maxBytes: BatchFile.maxManifestBytes) else { return nil }
        var contents = Contents(digest: ManifestDigest(lines: 0, sha256: SHA256.hex(bytes)))
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if line.isEmpty { continue }
            if let entry = ManifestEntry(line: Substring(String(decoding: line, as: UTF8.self))) {
                contents.entries.append((number, entry))
            } else {
                contents.broken.append(number)
            }
        }
        contents.digest.lines = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        return contents
    }

    /// The entries of the manifest at `path` (none when it does not exist), the last line of a
    /// user winning; lines that do not parse are left out (that user is made again). Throws
    /// `BatchFile.Refused` as `read` does.
    public static func load(_ path: String) throws -> [String: ManifestEntry] {
        var entries: [String: ManifestEntry] = [:]
        for (_, entry) in try read(path)?.entries ?? [] { entries[entry.key] = entry }
        return entries
    }

    /// Replaces the manifest at `path` with `kept`, each line now of run `runId` (atomically: a
    /// killed run leaves the old one or the new one), and opens it for appending. Refuses a
    /// manifest that is not a regular file before writing anything.
    public init(path: String, runId: String, kept: [ManifestEntry]) throws {
        self.path = path
        self.runId = runId
        try BatchFile.checkRegularOrMissing(path, "manifest")
        let text = kept.map { entry in
            var line = entry
            line.run = runId
            return line.jsonLine() + "\n"
        }.joined()
        try OutputTarget(path: path).write { try $0.write(text) }
        fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw AtomicFile.Failure.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        var digest = SHA256()
        digest.update(Array(text.utf8))
        state = Mutex((digest, kept.count))
    }

    deinit { close(fd) }

    /// Appends `entry` (as a line of this run) with a single write.
    public func append(_ entry: ManifestEntry) throws {
        var line = entry
        line.run = runId
        let bytes = Array((line.jsonLine() + "\n").utf8)
        try state.withLock { state in
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw AtomicFile.Failure.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
                offset += n
            }
            state.digest.update(bytes)
            state.lines += 1
        }
    }

    /// The number of lines and the SHA-256 of everything written so far.
    public var digest: ManifestDigest {
        state.withLock { state in
            var copy = state.digest
            return ManifestDigest(lines: state.lines, sha256: copy.finalHex())
        }
    }

    /// Syncs the lines appended so far to disk (at the end of a run).
    public func sync() throws {
        guard fdatasync(fd) == 0 else {
            throw AtomicFile.Failure.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }
}

/// What a run file records of its manifest: the number of lines and the SHA-256 of the file.
public struct ManifestDigest: Sendable, Equatable, Decodable {
    public var lines: Int
    public var sha256: String

    public init(lines: Int, sha256: String) { self.lines = lines; self.sha256 = sha256 }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(lines: try c.decodeCount(.lines), sha256: try c.decode(String.self, forKey: .sha256))
    }

    enum CodingKeys: String, CodingKey { case lines, sha256 }

    var json: JSONOutput { .object([("lines", .int(lines)), ("sha256", .string(sha256))]) }
}

/// A new run's id: 128 random bits as 32 hex digits.
public enum RunId {
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.string((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
