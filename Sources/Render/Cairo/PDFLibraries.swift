import CDelayLoad

/// The PDF stack — Pango, Cairo and the libraries they bring (GLib, fontconfig, HarfBuzz,
/// FreeType), with libdeflate and zlib for the tagged file's streams — is loaded when a command is about
/// to measure or draw, not when the process starts:
/// binding its 44 libraries was most of `report --version`'s start-up (docs/performance.md).
public enum PDFLibraries {
    /// Loads the stack once per process, from any thread; throws `RenderError.libraries` when it
    /// cannot be loaded (not installed, or older than the functions `report` calls).
    public static func load() throws(RenderError) {
        if let why = report_library_load(REPORT_LIBRARY_PDF) ?? report_library_load(REPORT_LIBRARY_DEFLATE)
            ?? report_library_load(REPORT_LIBRARY_ZLIB) {
            throw .libraries(String(cString: why))
        }
    }

    /// Starts loading the stack on a thread of its own (and fontconfig's configuration on
    /// another), for a command that will draw a PDF: it is ready by the time the command has
    /// parsed its arguments and read its templates and input, work that would otherwise wait
    /// for it (docs/performance.md).
    /// `load` waits for that thread and reports what it found. Main thread only; `settle`
    /// before the process exits.
    public static func startLoading() { report_library_preload_pdf() }

    /// Waits for the loading `startLoading` began and for fonts being preloaded
    /// (`PangoMeasurer.preload`), if still at work: the process must not unload libraries that
    /// are in use. Main thread only.
    public static func settle() {
        PangoMeasurer.settlePreload()
        report_library_settle()
    }
}
