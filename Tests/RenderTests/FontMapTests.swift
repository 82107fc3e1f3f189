import CCairo
@testable import Render
import XCTest

/// The measurer's font map is at the resolution of every context made from it.
final class FontMapTests: XCTestCase {
    /// Pango measures a font's metrics in a context it makes from the font map, which takes the
    /// map's resolution; at another than our contexts' 72 dpi, fontconfig loads and sorts every
    /// font a second time for it (PangoMeasurer.init; docs/performance.md).
    func testTheFontMapIsAtTheContextsResolution() {
        let measurer = PangoMeasurer()
        XCTAssertEqual(pango_cairo_font_map_get_resolution(OpaquePointer(measurer.fontMap)), 72)
    }
}
