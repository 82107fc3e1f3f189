import Foundation
import Render
import XCTest

/// Smoke tests of paths, clips and labels through the Cairo backend.
final class CairoChartShapesTests: XCTestCase {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let green = Color(red: 0, green: 1, blue: 0)

    /// A 180 × 100 drawing at (10, 10): a red rectangle clipped to the top-left 50 × 50, a blue
    /// triangle at the right, a dashed green line at y 100 (page) and a label ending at x 190.
    static func chart() -> Document {
        let shapes: [Shape] = [
            .clipped(.rect(Rect(x: 0, y: 0, width: 50, height: 50)),
                     [.rect(Rect(x: 0, y: 0, width: 180, height: 100), .solid(red))]),
            .path(.polygon([Point(x: 100, y: 0), Point(x: 180, y: 0), Point(x: 180, y: 80)]), fill: .solid(blue)),
            .path(.line(from: Point(x: 0, y: 90), to: Point(x: 180, y: 90)),
                  stroke: Stroke(color: green, width: 4, dash: [10, 10])),
            .label("Ag", at: Point(x: 180, y: 70), anchor: TextAnchor(.trailing, .baseline), style: Fixture.text),
        ]
        return Fixture.doc([.drawing(Drawing(size: Size(width: 180, height: 100), shapes: shapes))])
    }

    func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> [UInt8] {
        let o = (y * image.width + x) * 4
        return Array(image.rgba[o..<o + 4])
    }

    func testPNGShowsClippedFillsPolygonsDashesAndLabels() throws {
        let m = PangoMeasurer()
        let laid = try LayoutEngine(measurer: m).layout(Self.chart())
        let image = try RasterImage.decodePNG(try PNGRenderer.pngData(laid, page: 0, scale: 1, measurer: m))
        let white: [UInt8] = [255, 255, 255, 255]
        XCTAssertEqual(pixel(image, 30, 30), [255, 0, 0, 255], "inside the clip")
        XCTAssertEqual(pixel(image, 80, 30), white, "outside the clip")
        XCTAssertEqual(pixel(image, 180, 30), [0, 0, 255, 255], "inside the triangle")
        XCTAssertEqual(pixel(image, 120, 60), white, "below the triangle's diagonal")
        XCTAssertEqual(pixel(image, 15, 100), [0, 255, 0, 255], "on a dash")
        XCTAssertEqual(pixel(image, 25, 100), white, "in a gap")
        // The label ends at x 190 with its baseline at y 80: ink left of that, none right of it.
        let inked = { (xs: ClosedRange<Int>, ys: ClosedRange<Int>) in
            xs.contains { x in ys.contains { y in self.pixel(image, x, y)[0] < 128 && self.pixel(image, x, y)[2] < 128 } }
        }
        XCTAssertTrue(inked(176...189, 72...79))
        XCTAssertFalse(inked(191...199, 60...85))
    }

    func testPDFWithChartShapesIsReproducible() throws {
        let m = PangoMeasurer()
        let laid = try LayoutEngine(measurer: m).layout(Self.chart())
        let a = try PDFRenderer.pdfData(laid, measurer: m)
        XCTAssertEqual(String(decoding: a.prefix(5), as: UTF8.self), "%PDF-")
        XCTAssertEqual(a, try PDFRenderer.pdfData(laid, measurer: m))
    }
}
