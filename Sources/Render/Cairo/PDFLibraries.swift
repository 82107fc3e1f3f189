import CDelayLoad

/// The PDF stack — Pango, Cairo and the libraries they bring (GLib, fontconfig, HarfBuzz,
/// FreeType), with libdeflate for the tagged file's streams — is loaded when a command is about
/// to measure or draw, not when the process starts:
/// binding its 44 libraries was most of `report --version`'s start-up (docs/performance.md).
public enum PDFLibraries {
    /// Loads the stack once per process, from any thread; throws `RenderError.libraries` when it
    /// cannot be loaded (not installed, or older than the functions `report` calls).
    public static func load() throws(RenderError) {
        if let why = report_library_load(REPORT_LIBRARY_PDF) ?? report_library_load(REPORT_LIBRARY_DEFLATE) {
            throw .libraries(String(cString: why))
        }
    }
}
