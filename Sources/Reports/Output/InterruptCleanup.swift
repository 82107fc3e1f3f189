#if canImport(Glibc)
import Glibc
#endif

/// Removes the temporary file of the write under way when the run is interrupted (SIGINT,
/// SIGTERM, SIGHUP), then lets the signal end the process as it would have. A signal the process
/// was started with ignored stays ignored. SIGKILL cannot be caught: its temporary is removed by
/// the next run that writes in the folder (`StaleTemporaries`).
public enum InterruptCleanup {
    /// The temporary being written, as a C string the signal handler can use; nil between writes.
    nonisolated(unsafe) static var pending: UnsafeMutablePointer<CChar>?

    /// Installs the handlers; called once, before any output is written.
    public static func install() {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(sig) { sig in
                if let path = InterruptCleanup.pending { unlink(path) }
                signal(sig, SIG_DFL)
                raise(sig)
            }
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(sig, SIG_IGN) }
        }
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back; one that arrives meanwhile is
    /// delivered when `body` returns.
    static func withSignalsHeld<T>(_ body: () -> T) -> T {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&held, sig) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// Marks `path` as the temporary to remove on interruption.
    static func track(_ path: String) {
        let old = pending
        pending = strdup(path)
        free(old)
    }

    /// Forgets the temporary (renamed into place or removed).
    static func untrack() {
        let old = pending
        pending = nil
        free(old)
    }
}
