import CCairo
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The measurer a single report draws with, made and given its fonts on a spare core while the
/// command reads its input.
///
/// A report's first use of each font is fontconfig's match (on threads Pango starts), FreeType
/// opening the face and HarfBuzz reading its tables: work the main thread did, alone, between
/// reading the input and laying the document out, while the other core sat idle once the PDF
/// stack was loaded (docs/performance.md). A command that knows its report's fonts
/// (`ReportJob.fonts`) starts them here as soon as it has its templates; the report's layout then
/// takes this measurer, the fonts already loaded. A font the list misses is loaded when first
/// measured, as without this; one listed but not used costs the spare core only. Same fonts, same
/// options, same output.
///
/// The measurer is made and used on the preloading thread alone until `preloaded()` joins that
/// thread; from then on it belongs to the main thread, like any other measurer. It lives until
/// the process ends: there is one a process, and freeing its fonts, Pango's objects and its
/// shaped words one by one when the report's context goes cost 1.3 ms of a 100-row summary's
/// wall time, memory the process was about to give back whole (docs/performance.md).
extension PangoMeasurer {
    /// Starts making the measurer `preloaded()` gives, on a thread of its own: it waits for the
    /// PDF stack (`PDFLibraries.startLoading`), makes the measurer and loads `fonts` into it, in
    /// order. Once per process; main thread only. Does nothing when no thread can be started.
    public static func preload(_ fonts: [FontSpec]) {
        guard !Preload.started, !fonts.isEmpty else { return }
        Preload.started = true
        // The one `setenv` of the measurer's making (cairo's debug switch), here on the main
        // thread: the environment is not safe to change beside a thread that reads it.
        PDFRenderer.writeContentUncompressed()
        let fontsBox = Unmanaged.passRetained(Preload.Fonts(fonts))
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let fonts = Unmanaged<Preload.Fonts>.fromOpaque(context).takeRetainedValue().list
            // A stack that cannot be loaded is the report's error, reported where it draws.
            do { try PDFLibraries.load() } catch { return nil }
            let measurer = PangoMeasurer()
            for font in fonts {
                if Preload.wanted.load(ordering: .acquiring) { break }
                _ = measurer.entry(font)
            }
            Preload.measurer = measurer
            return nil
        }, fontsBox.toOpaque())
        if status == 0 { Preload.thread = thread } else { fontsBox.release() }
    }

    /// The measurer `preload` made, with the fonts it has loaded so far: the thread is asked to
    /// stop after the font it is loading, and joined. The fonts it did not reach are loaded when
    /// first measured, on the calling thread — now that the other core is free, rather than
    /// after the rest of the list. Nil when no preload was started, or after the first call.
    /// Main thread only.
    public static func preloaded() -> PangoMeasurer? {
        Preload.wanted.store(true, ordering: .releasing)
        settlePreload()
        defer { Preload.measurer = nil }
        Preload.kept = Preload.measurer
        return Preload.measurer
    }

    /// Waits for the preloading thread, if any: before the measurer is taken, and before the
    /// process exits (`PDFLibraries.settle`). Main thread only.
    static func settlePreload() {
        guard let thread = Preload.thread else { return }
        pthread_join(thread, nil)
        Preload.thread = nil
    }

    /// The fonts this measurer has loaded for measuring, for a test that checks a report's list.
    public var fontsLoaded: Set<FontSpec> { Set(entries.keys) }
}

/// The preload's state: set by the main thread before the thread starts, and by the thread
/// before it ends, read by the main thread after joining it.
private enum Preload {
    final class Fonts {
        let list: [FontSpec]
        init(_ list: [FontSpec]) { self.list = list }
    }
    nonisolated(unsafe) static var started = false
    nonisolated(unsafe) static var thread: pthread_t?
    nonisolated(unsafe) static var measurer: PangoMeasurer?
    /// The measurer `preloaded()` gave, never released.
    nonisolated(unsafe) static var kept: PangoMeasurer?
    /// Set by the main thread when it wants the measurer: the thread loads no further font.
    static let wanted = Atomic<Bool>(false)
}
