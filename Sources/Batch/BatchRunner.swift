import Aurae
import CDelayLoad
import Catalog
import Dispatch
import FoundationEssentials
import Quoting
import Render
import ReportKit
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Told of a batch's progress, one call at a time (never two at once).
public protocol BatchObserver: AnyObject {
    /// Before the first user: how many users this run (or shard) has.
    func started(total: Int)
    /// After a user's manifest line is written; `unchanged` when it was kept from an earlier run
    /// (`--resume`) and nothing was made.
    func finished(_ entry: ManifestEntry, unchanged: Bool)
}

/// Why a batch could not run.
public enum BatchFailure: Error, CustomStringConvertible {
    /// `OUT_DIR` (or the manifest in it) cannot be written, or a library the run needs cannot be
    /// loaded: exit status 4.
    case output(String)
    /// `USERS_DIR` cannot be read: exit status 1.
    case users(String)

    public var description: String {
        switch self {
        case .output(let m), .users(let m): return m
        }
    }

    /// Loads `libraries` (`CDelayLoad`: loaded when first needed, not at start), or throws
    /// `.output` with why one cannot be.
    static func load(_ libraries: [report_library]) throws {
        for library in libraries {
            if let why = report_library_load(library) { throw BatchFailure.output(String(cString: why)) }
        }
    }
}

/// Runs a batch: lists the users (of the shard), keeps the unchanged ones under `--resume`, and
/// processes the rest on `jobs` worker threads, appending each user's manifest line once its
/// files are durable. A worker writes a user's files into their temporaries and hands them to
/// the run's syncing threads (one per worker), which sync them, rename them into place and
/// append the line, so that no worker waits for the disk to sync. What the threads share is one
/// `BatchRun` (its state behind a mutex), the `Syncer` and the manifest; each worker owns its
/// `UserProcessor`.
public struct BatchRunner: Sendable {
    public let settings: BatchSettings
    let templates: TemplateSet

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
    /// listed or the manifest cannot be written. The observer is the run's from then on: it is
    /// called on the syncing threads, one call at a time.
    ///
    /// Before anything else the run file of an earlier run (of this shard) is removed, durably:
    /// until this run writes its own, nothing says the shard finished. Each manifest line carries
    /// this run's id, which the run file written at the end repeats (with the manifest's digest).
    public func run(observer: sending BatchObserver?) throws -> BatchSummary {
        let start = DispatchTime.now().uptimeNanoseconds
        // The libraries every user needs, loaded before the first: a missing one stops the run
        // (status 4) rather than making every user fail or look invalid.
        try BatchFailure.load([REPORT_LIBRARY_NETTLE, REPORT_LIBRARY_PDF, REPORT_LIBRARY_DEFLATE, REPORT_LIBRARY_ZLIB, REPORT_LIBRARY_CSV])
        let manifestPath = settings.outDir + "/" + settings.manifestName
        do {
            try BatchFile.checkRegularOrMissing(manifestPath, "manifest")
            try BatchFile.checkRegularOrMissing(settings.outDir + "/" + settings.runFileName, "run file")
            try BatchFile.remove(settings.outDir + "/" + settings.runFileName, "run file")
        } catch {
            throw BatchFailure.output("\(error)")
        }
        let listing: UserFolder.Listing
        do {
            listing = try UserFolder.list(settings.usersDir)
        } catch {
            throw BatchFailure.users("cannot read the users folder \(Quote.escapingControls(settings.usersDir)): \(error)")
        }
        let ids = settings.shard.map { shard in listing.ids.filter(shard.contains) } ?? listing.ids
        let badNames = settings.shard.map { shard in listing.badNames.filter { shard.contains(bytes: $0.bytes) } } ?? listing.badNames
        let runId = RunId.make()
        let manifest: ManifestFile
        let kept: [String: ManifestEntry]
        do {
            kept = settings.resume ? try keptEntries(ids) : [:]
            manifest = try ManifestFile(path: manifestPath, runId: runId, kept: ids.compactMap { kept[$0] })
        } catch {
            throw BatchFailure.output("\(error)")
        }
        let run = BatchRun(pending: ids.filter { kept[$0] == nil }, observer: observer)
        run.started(total: ids.count + badNames.count)
        for id in ids { if let entry = kept[id] { run.record(entry, unchanged: true) } }
        // A folder whose name is not UTF-8 has no user id: it is counted as an invalid user, with
        // a line showing its name, every run (there is nothing to keep).
        for name in badNames {
            let entry = ManifestEntry(userId: name.shown, status: .invalid, options: settings.options(for: .free), inputs: [],
                                      outputs: [], ms: 0, errors: 1, nameBytes: Hex.string(name.bytes))
            do { try manifest.append(entry) } catch { throw BatchFailure.output("\(error)") }
            run.record(entry, unchanged: false)
        }
        try runWorkers(run, manifest: manifest)
        do { try manifest.sync() } catch { throw BatchFailure.output("\(error)") }
        let wallMs = Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        var (counts, problems, reportNanoseconds) = run.totals
        problems.sort()
        return BatchSummary(runId: runId, manifest: manifest.digest, counts: counts, problems: problems, wallMs: wallMs,
                            reportMs: reportNanoseconds.mapValues { Int($0 / 1_000_000) })
    }

    /// The earlier manifest's entries (of `ids`) that `--resume` keeps: same inputs and options,
    /// outputs intact and complete, status not `failed`. Checked on all cores. Throws
    /// `BatchFile.Refused` when the manifest is not a regular file or is too large.
    func keptEntries(_ ids: [String]) throws -> [String: ManifestEntry] {
        let old = try ManifestFile.load(settings.outDir + "/" + settings.manifestName)
        let candidates = ids.compactMap { old["id:" + $0] }.filter { $0.status != .failed }
        let kept = Mutex<[String: ManifestEntry]>([:])
        DispatchQueue.concurrentPerform(iterations: candidates.count) { i in
            let entry = candidates[i]
            if isUnchanged(entry) { kept.withLock { $0[entry.userId] = entry } }
        }
        return kept.withLock { $0 }
    }

    /// Whether `entry` still describes the user: the same input files with the same hashes, the
    /// same options, and exactly the outputs its status calls for — each report the options ask
    /// for when `ok`, `errors.txt` when `invalid` — each present with its recorded size and hash.
    /// A line whose outputs list was emptied or cut is not unchanged (the user is made again).
    func isUnchanged(_ entry: ManifestEntry) -> Bool {
        let folder = UserFolder(userId: entry.userId, usersDir: settings.usersDir)
        let tier = settings.tiers.tier(of: entry.userId)
        guard entry.nameBytes == nil, entry.options == settings.options(for: tier), folder.problems.isEmpty,
              fingerprints(folder) == entry.inputs else { return false }
        let expected = entry.status == .ok ? settings.reports(for: tier).map(\.fileName) : [BatchSettings.errorsName]
        guard entry.outputs.map(\.file).sorted() == expected.sorted() else { return false }
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

    /// Starts the worker threads, each with its own jobs and measurer, and the syncing threads
    /// that put their users' files in place, and waits for them.
    func runWorkers(_ run: BatchRun, manifest: ManifestFile) throws {
        let workers = max(1, min(settings.jobs, run.pending.count))
        // Every worker's reports are finished on its own thread: the cores are the workers'.
        if workers > 1 { PDFRenderer.finishingThreads = 1 }
        // Made here, one after another, so that a template that does not load stops the run
        // before any user (it would fail every one). Each is handed to its thread, which owns it.
        var processors: [Handoff<UserProcessor>] = []
        for _ in 0..<workers { processors.append(Handoff(try UserProcessor(settings: settings, templates: templates))) }
        // As many syncing threads as workers: the syncs of several users overlap, as they did
        // when each worker synced its own (a disk that syncs slowly is not one thread's queue).
        let syncer = Syncer(capacity: workers + 2)
        var syncing: [pthread_t] = []
        for _ in 0..<workers {
            guard let thread = BatchRunner.startThread({ BatchRunner.sync(syncer, run, manifest) }) else {
                let reason = String(cString: strerror(errno))
                for _ in syncing { syncer.submit(nil) }
                for thread in syncing { pthread_join(thread, nil) }
                throw BatchFailure.output("cannot start a syncing thread: \(reason)")
            }
            syncing.append(thread)
        }
        var threads: [pthread_t] = []
        for processor in processors {
            guard let thread = BatchRunner.startThread({ [self] in
                if let processor = processor.take() { work(processor, run, syncer) }
            }) else {
                // The workers already started finish their users and stop; the run ends with this.
                run.stop(BatchFailure.output("cannot start a worker thread: \(String(cString: strerror(errno)))"))
                break
            }
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
        for _ in syncing { syncer.submit(nil) }
        for thread in syncing { pthread_join(thread, nil) }
        if let stopError = run.stopError { throw BatchFailure.output("\(stopError)") }
    }

    /// Starts a thread with 16 MB of stack running `body`; nil (and `errno` set) when it cannot.
    static func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let context = Unmanaged.passRetained(WorkerBody(body))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, 16 << 20)
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            if let context { Unmanaged<WorkerBody>.fromOpaque(context).takeRetainedValue().run() }
            return nil
        }, context.toOpaque())
        pthread_attr_destroy(&attributes)
        guard status == 0 else {
            context.release()
            errno = status
            return nil
        }
        return thread
    }

    /// One worker: makes the next user's reports until none is left (or the manifest failed),
    /// handing each to the syncing threads, then adds its time per report to the run's.
    func work(_ processor: UserProcessor, _ run: BatchRun, _ syncer: Syncer) {
        while let id = run.take() {
            let folder = UserFolder(userId: id, usersDir: settings.usersDir)
            let tier = settings.tiers.tier(of: id)
            syncer.submit(processor.make(folder, inputs: fingerprints(folder), options: settings.options(for: tier),
                                         userOut: settings.outDir + "/" + id))
        }
        run.add(processor.reportNanoseconds)
    }

    /// A syncing thread: puts each made user's files in place, durably, then appends its
    /// manifest line, until the workers are done.
    static func sync(_ syncer: Syncer, _ run: BatchRun, _ manifest: ManifestFile) {
        while let made = syncer.next() {
            let entry = UserProcessor.finish(made)
            do {
                try manifest.append(entry)
                run.record(entry, unchanged: false)
            } catch {
                run.stop(error)
            }
        }
    }
}

/// The users the workers made and the syncing threads have yet to put in place, oldest first.
/// A worker waits when `capacity` users wait (each holds its temporaries), so the workers never
/// run far ahead of the disk; each `nil` tells one syncing thread the workers are done.
final class Syncer: Sendable {
    private let queue = Mutex<[UserProcessor.Made?]>([])
    private let waiting = DispatchSemaphore(value: 0)
    private let space: DispatchSemaphore

    init(capacity: Int) { space = DispatchSemaphore(value: max(1, capacity)) }

    func submit(_ made: UserProcessor.Made?) {
        space.wait()
        queue.withLock { $0.append(made) }
        waiting.signal()
    }

    /// The next user made, or nil once the workers are done.
    func next() -> UserProcessor.Made? {
        waiting.wait()
        let made = queue.withLock { $0.removeFirst() }
        space.signal()
        return made
    }
}

/// What the workers of one run share, behind one mutex: the next user to take, the counts, the
/// time per report, the first manifest failure, and the observer (so it is told one thing at a time).
final class BatchRun: Sendable {
    struct State {
        var next = 0
        var stopError: Error?
        var counts = BatchCounts()
        var problems = BatchProblems()
        var reportNanoseconds: [BatchReport: UInt64] = [:]
        var observer: BatchObserver?
    }

    /// The users left to process, in order.
    let pending: [String]
    private let state: Mutex<State>

    init(pending: [String], observer: sending BatchObserver?) {
        self.pending = pending
        state = Mutex(State(observer: observer))
    }

    func started(total: Int) {
        state.withLock { $0.observer?.started(total: total) }
    }

    /// The next user, or nil when none is left or the manifest failed.
    func take() -> String? {
        state.withLock { state in
            guard state.stopError == nil, state.next < pending.count else { return nil }
            defer { state.next += 1 }
            return pending[state.next]
        }
    }

    func record(_ entry: ManifestEntry, unchanged: Bool) {
        state.withLock { state in
            state.counts.add(entry.status, unchanged: unchanged)
            state.problems.add(entry)
            state.observer?.finished(entry, unchanged: unchanged)
        }
    }

    /// Stops the run after the users under way: the first error is the one reported.
    func stop(_ error: Error) {
        state.withLock { $0.stopError = $0.stopError ?? error }
    }

    func add(_ reportNanoseconds: [BatchReport: UInt64]) {
        state.withLock { state in
            for (report, ns) in reportNanoseconds { state.reportNanoseconds[report, default: 0] += ns }
        }
    }

    var stopError: Error? { state.withLock { $0.stopError } }
    var totals: (BatchCounts, BatchProblems, [BatchReport: UInt64]) {
        state.withLock { ($0.counts, $0.problems, $0.reportNanoseconds) }
    }
}

/// A value that is not `Sendable` handed to one other thread: the sender gives it up when making
/// the handoff (`sending`), the receiving thread takes it once.
final class Handoff<Value>: Sendable {
    private let slot: Mutex<Value?>

    init(_ value: sending Value) { slot = Mutex(value) }

    func take() -> sending Value? { slot.withLock { $0.take() } }
}

/// A worker thread's work, handed to `pthread_create`. Each worker gets 16 MB of stack, as the
/// main thread has, whatever the system's default for new threads.
private final class WorkerBody {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
