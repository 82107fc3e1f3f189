#if canImport(Glibc)
import Glibc
#endif

/// Removes the temporary files of the writes under way when the run is interrupted (SIGINT,
/// SIGTERM, SIGHUP), then lets the signal end the process as it would have. A signal the process
/// was started with ignored stays ignored. SIGKILL cannot be caught: its temporary is removed by
/// the next run that writes in the folder (`StaleTemporaries`).
///
/// Several threads write at once in a batch, so each write under way has a slot of its own: a
/// fixed buffer holding its path and an in-use mark. The slots are taken and given back under a
/// mutex; they are allocated once and never freed, so the signal handler, which can take no
/// lock, may read any of them at any moment. A write that finds no free slot (or a path longer
/// than a slot) is simply not tracked: `StaleTemporaries` removes what it leaves.
public enum InterruptCleanup {
    /// Enough for a batch of 256 workers: each user's files wait in their temporaries for the
    /// syncing threads (`DeferredCommits`), up to about ten files per worker.
    static let slotCount = 4096
    static let slotBytes = Int(PATH_MAX) + 1
    /// Zeroed by `calloc`, which maps fresh pages for a block this size instead of writing 16 MB
    /// of zeros at every start: only the pages of slots used are ever touched.
    nonisolated(unsafe) static let paths: UnsafeMutablePointer<CChar> = {
        if let block = calloc(slotCount, slotBytes) { return block.bindMemory(to: CChar.self, capacity: slotCount * slotBytes) }
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotBytes)
        p.initialize(repeating: 0, count: slotCount * slotBytes)
        return p
    }()
    nonisolated(unsafe) static let inUse: UnsafeMutablePointer<sig_atomic_t> = {
        if let block = calloc(slotCount, MemoryLayout<sig_atomic_t>.stride) {
            return block.bindMemory(to: sig_atomic_t.self, capacity: slotCount)
        }
        let p = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: slotCount)
        p.initialize(repeating: 0, count: slotCount)
        return p
    }()
    nonisolated(unsafe) static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()

    /// A tracked temporary: the slot its path is in.
    struct Slot { let index: Int }

    /// Installs the handlers; called once, before any output is written.
    public static func install() {
        // Made here, not in the handler: a signal handler must not run lazy initialisation.
        _ = (paths, inUse, mutex)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(sig) { sig in
                for i in 0..<InterruptCleanup.slotCount where InterruptCleanup.inUse[i] != 0 {
                    unlink(InterruptCleanup.paths + i * InterruptCleanup.slotBytes)
                }
                signal(sig, SIG_DFL)
                raise(sig)
            }
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(sig, SIG_IGN) }
        }
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back on this thread; one that arrives
    /// meanwhile is delivered when `body` returns.
    static func withSignalsHeld<T>(_ body: () -> T) -> T {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&held, sig) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// Marks `path` as a temporary to remove on interruption; nil when it cannot be tracked.
    static func track(_ path: String) -> Slot? {
        let bytes = Array(path.utf8)
        guard bytes.count < slotBytes, !bytes.contains(0) else { return nil }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard let index = (0..<slotCount).first(where: { inUse[$0] == 0 }) else { return nil }
        let slot = paths + index * slotBytes
        bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { c in
                if let base = c.baseAddress { slot.update(from: base, count: c.count) }
            }
        }
        slot[bytes.count] = 0
        inUse[index] = 1
        return Slot(index: index)
    }

    /// The temporaries an interruption would remove now, in slot order.
    static func trackedPaths() -> [String] {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return (0..<slotCount).filter { inUse[$0] != 0 }.map { String(cString: paths + $0 * slotBytes) }
    }

    /// Forgets a temporary (renamed into place or removed).
    static func untrack(_ slot: Slot?) {
        guard let slot else { return }
        pthread_mutex_lock(mutex)
        inUse[slot.index] = 0
        pthread_mutex_unlock(mutex)
    }
}
