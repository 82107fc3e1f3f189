/// Files written whole into their temporaries (closed, their buffers freed) and not yet in
/// place: a batch worker writes a user's reports this way and hands them on, so that syncing
/// them to disk (a wait of about a millisecond per `fsync` on a journalling file system) does
/// not hold up the next user's drawing. `commit` then does for all of them what
/// `AtomicFile.commit` does for one, syncing each folder once. Owned by one thread at a time.
public final class DeferredCommits: @unchecked Sendable {
    private var files: [AtomicFile] = []

    public init() {}

    /// Whether no file is waiting.
    public var isEmpty: Bool { files.isEmpty }

    func add(_ file: AtomicFile) { files.append(file) }

    /// Syncs each file and renames it over its target, in the order written, then syncs each
    /// folder once. On the first failure the files not yet renamed are removed (their targets
    /// untouched) and the failure is thrown; a folder that cannot be synced is a failure too (the
    /// files renamed into it are in place but not known to be durable).
    public func commit() throws {
        let pending = files
        files = []
        var folders: [String] = []
        for (i, file) in pending.enumerated() {
            do {
                try file.commit(syncingFolder: false)
            } catch {
                for rest in pending[(i + 1)...] { rest.abandon() }
                for folder in folders { AtomicFile.syncFolder(folder) }
                throw error
            }
            if let folder = file.folder, !folders.contains(folder) { folders.append(folder) }
        }
        for folder in folders {
            if let reason = AtomicFile.syncFolder(folder) { throw AtomicFile.Failure.cannotWrite(path: folder, reason: reason) }
        }
    }

    /// Removes every temporary waiting; no target is touched.
    public func abandon() {
        for file in files { file.abandon() }
        files = []
    }

    deinit { abandon() }
}
