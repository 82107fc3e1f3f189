import Aurae
import Catalog
import Foundation
import ReportKit
#if canImport(Glibc)
import Glibc
#endif

/// Told of a batch's progress, one call at a time (never two at once).
public protocol BatchObserver: AnyObject {
    /// Before the first user: how many users this run (or shard) has.
    func started(total: Int)
    /// After a user's manifest line is written; `resumed` when it was kept from an earlier run.
    func finished(_ entry: ManifestEntry, resumed: Bool)
}

/// Why a batch could not run.
public enum BatchFailure: Error, CustomStringConvertible {
    /// `OUT_DIR` (or the manifest in it) cannot be written: exit status 4.
    case output(String)
    /// `USERS_DIR` cannot be read: exit status 1.
    case users(String)

    public var description: String {
        switch self {
        case .output(let m), .users(let m): return m
        }
    }
}

/// Runs a batch: lists the users (of the shard), keeps the unchanged ones under `--resume`, and
/// processes the rest on `jobs` worker threads, appending each user's manifest line once its
/// files are durable.
public final class BatchRunner {
    public let settings: BatchSettings
    let templates: TemplateSet
    private let lock = NSLock()
    private var next = 0
    private var pending: [String] = []
    private var stopError: Error?
    private var counts = BatchCounts()
    private var reportNanoseconds: [BatchReport: UInt64] = [:]
    private var manifest: ManifestFile?
    private weak var observer: BatchObserver?

    public init(settings: BatchSettings, templates: TemplateSet) {
        self.settings = settings; self.templates = templates
    }

    /// Creates `outDir` when missing and checks that a file can be created in it: the check made
    /// before any work, so that an unwritable output is exit status 4 at once.
    public static func prepare(outDir: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
        } catch {
            throw BatchFailure.output("cannot create the output folder \(outDir)")
        }
        let probe = outDir + "/" + AtomicFile.tempPrefix + "probe." + String(getpid())
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw BatchFailure.output("cannot write in the output folder \(outDir): \(String(cString: strerror(errno)))")
        }
        close(fd)
        unlink(probe)
    }

    /// Runs the batch and returns what it came to; throws `BatchFailure` when the users cannot be
    /// listed or the manifest cannot be written.
    public func run(observer: BatchObserver?) throws -> BatchSummary {
        let start = DispatchTime.now().uptimeNanoseconds
        guard let all = UserFolder.userIds(in: settings.usersDir) else {
            throw BatchFailure.users("cannot read the users folder \(settings.usersDir): \(String(cString: strerror(errno)))")
        }
        let ids = settings.shard.map { shard in all.filter(shard.contains) } ?? all
        let kept = settings.resume ? keptEntries(ids) : [:]
        let manifestPath = settings.outDir + "/" + settings.manifestName
        do {
            manifest = try ManifestFile(path: manifestPath, kept: ids.compactMap { kept[$0] })
        } catch {
            throw BatchFailure.output("\(error)")
        }
        self.observer = observer
        observer?.started(total: ids.count)
        for id in ids { if let entry = kept[id] { record(entry, resumed: true) } }
        pending = ids.filter { kept[$0] == nil }
        try runWorkers()
        do { try manifest?.sync() } catch { throw BatchFailure.output("\(error)") }
        let wallMs = Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        return BatchSummary(counts: counts, wallMs: wallMs,
                            reportMs: reportNanoseconds.mapValues { Int($0 / 1_000_000) })
    }

    /// The earlier manifest's entries (of `ids`) that `--resume` keeps: same inputs and options,
    /// outputs intact, status not `failed`. Checked on all cores.
    func keptEntries(_ ids: [String]) -> [String: ManifestEntry] {
        let old = ManifestFile.load(settings.outDir + "/" + settings.manifestName)
        let candidates = ids.compactMap { old[$0] }.filter { $0.status != .failed }
        var keep = [Bool](repeating: false, count: candidates.count)
        keep.withUnsafeMutableBufferPointer { flags in
            let base = flags.baseAddress
            DispatchQueue.concurrentPerform(iterations: candidates.count) { i in
                base?[i] = isUnchanged(candidates[i])
            }
        }
        var kept: [String: ManifestEntry] = [:]
        for (entry, k) in zip(candidates, keep) where k { kept[entry.userId] = entry }
        return kept
    }

    /// Whether `entry` still describes the user: the same input files with the same hashes, the
    /// same options, every output present with its recorded size and hash.
    func isUnchanged(_ entry: ManifestEntry) -> Bool {
        let folder = UserFolder(userId: entry.userId, usersDir: settings.usersDir)
        guard entry.options == settings.options(for: settings.tiers.tier(of: entry.userId)),
              fingerprints(folder) == entry.inputs else { return false }
        let userOut = settings.outDir + "/" + entry.userId
        return entry.outputs.allSatisfy { output in
            guard let digest = SHA256.file(userOut + "/" + output.file) else { return false }
            return digest.hex == output.sha256 && digest.bytes == output.bytes
        }
    }

    /// The names and SHA-256 of the user's input files (an unreadable one has an empty hash).
    func fingerprints(_ folder: UserFolder) -> [ManifestEntry.Input] {
        folder.inputNames.map { ManifestEntry.Input(file: $0, sha256: SHA256.file(folder.file($0))?.hex ?? "") }
    }

    /// Starts the worker threads, each with its own jobs and measurer, and waits for them.
    func runWorkers() throws {
        let workers = max(1, min(settings.jobs, pending.count))
        // Made here, one after another, so that a template that does not load stops the run
        // before any user (it would fail every one).
        var processors: [UserProcessor] = []
        for _ in 0..<workers { processors.append(try UserProcessor(settings: settings, templates: templates)) }
        let group = DispatchGroup()
        for processor in processors {
            group.enter()
            let thread = Thread { [self] in
                work(processor)
                group.leave()
            }
            thread.stackSize = 16 << 20
            thread.start()
        }
        group.wait()
        for p in processors {
            for (report, ns) in p.reportNanoseconds { reportNanoseconds[report, default: 0] += ns }
        }
        if let stopError { throw BatchFailure.output("\(stopError)") }
    }

    /// One worker: takes the next user until none is left (or the manifest failed).
    func work(_ processor: UserProcessor) {
        while let id = take() {
            let folder = UserFolder(userId: id, usersDir: settings.usersDir)
            let tier = settings.tiers.tier(of: id)
            let entry = processor.process(folder, inputs: fingerprints(folder), options: settings.options(for: tier),
                                          userOut: settings.outDir + "/" + id)
            do {
                try manifest?.append(entry)
                record(entry, resumed: false)
            } catch {
                lock.lock(); stopError = stopError ?? error; lock.unlock()
            }
        }
    }

    private func take() -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard stopError == nil, next < pending.count else { return nil }
        defer { next += 1 }
        return pending[next]
    }

    private func record(_ entry: ManifestEntry, resumed: Bool) {
        lock.lock()
        defer { lock.unlock() }
        counts.add(entry.status, resumed: resumed)
        observer?.finished(entry, resumed: resumed)
    }
}
