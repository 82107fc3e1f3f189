import CCairo
@testable import Render
import XCTest

/// A measurer's font map is at 72 dpi, set by `report_font_map_set_resolution` (CCairo/shim.h)
/// without the family list Pango's own setter rebuilds; Pango measures the same either way.
final class FontMapResolutionTests: XCTestCase {
    private func newMap() -> UnsafeMutablePointer<PangoFontMap> {
        PDFRenderer.writeContentUncompressed()
        return pango_cairo_font_map_new()!
    }

    func testMeasurersFontMapIsAt72Dpi() {
        let m = PangoMeasurer()
        XCTAssertEqual(pango_cairo_font_map_get_resolution(OpaquePointer(m.fontMap)), 72)
    }

    /// Fails when Pango keeps the resolution elsewhere than 1.50 does: reports are still right
    /// (the public setter is taken), but each run lists every installed family again.
    func testResolutionIsSetInPlaceOnThisPango() {
        let map = newMap()
        defer { g_object_unref(map) }
        XCTAssertEqual(pango_cairo_font_map_get_resolution(OpaquePointer(map)), 96)
        XCTAssertEqual(report_font_map_set_resolution(map, 72), 1, "set in place, not through Pango's setter")
        XCTAssertEqual(pango_cairo_font_map_get_resolution(OpaquePointer(map)), 72)
        XCTAssertEqual(report_font_map_set_resolution(map, 72), 1, "already at 72")
        XCTAssertEqual(report_font_map_set_resolution(map, 144), 1)
        XCTAssertEqual(pango_cairo_font_map_get_resolution(OpaquePointer(map)), 144)
    }

    /// A layout measured through a context with no resolution of its own (as Pango measures a
    /// font's metrics) has the same extents whichever way its font map was set to 72.
    func testSameExtentsAsPangosOwnSetter() throws {
        func extents(_ direct: Bool) -> [Int32] {
            let map = newMap()
            defer { g_object_unref(map) }
            if direct {
                XCTAssertEqual(report_font_map_set_resolution(map, 72), 1)
            } else {
                pango_cairo_font_map_set_resolution(OpaquePointer(map), 72)
            }
            let context = pango_font_map_create_context(map)!
            defer { g_object_unref(UnsafeMutableRawPointer(context)) }
            let layout = pango_layout_new(context)!
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let d = PangoMeasurer.fontDescription(FontSpec(family: "Inter", size: 13))
            defer { pango_font_description_free(d) }
            pango_layout_set_font_description(layout, d)
            pango_layout_set_text(layout, "Migraine days 12 · Acute medication 9 days", -1)
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(layout, &ink, &logical)
            return [ink.x, ink.y, ink.width, ink.height, logical.x, logical.y, logical.width, logical.height,
                    pango_layout_get_baseline(layout)]
        }
        let direct = extents(true), pangos = extents(false)
        XCTAssertGreaterThan(direct[6], 0)
        XCTAssertEqual(direct, pangos)
    }
}
