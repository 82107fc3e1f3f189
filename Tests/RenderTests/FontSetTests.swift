import CCairo
@testable import Render
import TestSupport
import XCTest

/// Each measurer draws with cairo scaled fonts of its own (`PangoMeasurer.fontSet`: a subpixel
/// order no PDF reads), so that a batch's workers do not take turns at one font's lock; the file
/// is the same whichever measurer drew it.
final class FontSetTests: XCTestCase {
    func testMeasurersOfDifferentFontSetsWriteTheSameFile() throws {
        let measurers = (0..<6).map { _ in PangoMeasurer() }
        XCTAssertEqual(Set(measurers.map { $0.fontSet % 5 }).count, 5, "five subpixel orders among six measurers")
        var files: [[UInt8]] = []
        for m in measurers.prefix(5) {
            let laid = try LayoutEngine(measurer: m).layout(SampleDocuments.summaryTable(rows: 60))
            var bytes: [UInt8] = []
            try PDFRenderer.render(laid, measurer: m) { bytes.append(contentsOf: $0) }
            files.append(bytes)
        }
        XCTAssertGreaterThan(files[0].count, 10_000)
        for (i, file) in files.enumerated().dropFirst() {
            XCTAssertEqual(file, files[0], "font set \(measurers[i].fontSet)")
        }
    }

    /// Two measurers of different font sets draw with different cairo scaled fonts; the same
    /// set, with the same one (cairo's cache is shared across the process).
    func testFontSetsDoNotShareCairoScaledFonts() throws {
        let a = PangoMeasurer(), b = PangoMeasurer()
        XCTAssertNotEqual(a.fontSet % 5, b.fontSet % 5)
        let font = FontSpec(family: "Inter", size: 10)
        func scaledFont(_ m: PangoMeasurer) -> OpaquePointer? {
            let d = PangoMeasurer.fontDescription(font)
            defer { pango_font_description_free(d) }
            guard let f = report_context_load_font_for(m.pdfText.context, d, pango_language_get_default()) else { return nil }
            defer { g_object_unref(f) }
            return pango_cairo_font_get_scaled_font(OpaquePointer(f))
        }
        let sa = try XCTUnwrap(scaledFont(a)), sb = try XCTUnwrap(scaledFont(b))
        XCTAssertNotEqual(sa, sb)
    }
}
