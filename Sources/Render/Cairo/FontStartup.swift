import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// fontconfig's start-up, begun early on another thread.
///
/// The first font a process loads waits for fontconfig to read its configuration and the cache
/// of every installed font (`FcInit`, about 25 M instructions here: as much as parsing the
/// command line, reading the inputs and loading the templates together). Pango runs it on a
/// thread of its own, but only when the first measurer is made, so a single report waited for
/// it. A command that will draw a PDF calls `begin()` as soon as it knows it will: fontconfig
/// then loads on the other core while the command line is parsed and the inputs are read. The
/// measurer waits for that thread (`finish()`) before Pango starts, so Pango finds the
/// configuration loaded and fontconfig never loads it twice; the fonts and the output are the
/// same whichever way it was loaded.
public enum FontStartup {
    /// Starts loading fontconfig's configuration on another thread. Main thread only, before
    /// any other thread exists; once per process.
    public static func begin() {
        guard thread == nil else { return }
        var started = pthread_t()
        guard pthread_create(&started, nil, { _ in
            _ = FcInit()
            return nil
        }, nil) == 0 else { return }
        thread = started
    }

    /// Waits until the loading `begin()` started is done (at once when nothing was started).
    /// Called by the measurer that `begin()` was for, on the same thread.
    static func finish() {
        guard let started = thread else { return }
        thread = nil
        pthread_join(started, nil)
    }

    /// Written only by the main thread of a command that draws one PDF, before and after its
    /// other threads (Pango's) exist; a batch never starts it.
    nonisolated(unsafe) private static var thread: pthread_t?
}
