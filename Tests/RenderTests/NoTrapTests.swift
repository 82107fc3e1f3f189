@testable import Render
import TestSupport
import XCTest

/// Absurd sizes (NaN, infinite, beyond Int) never trap in Render: counts are clamped, dumps print,
/// images refuse sizes a surface cannot hold, layout fails with a layout error.
final class NoTrapTests: XCTestCase {
    let absurd: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, -9.3e18, 1e17]

    func testDumpNumbersPrintEveryDouble() {
        XCTAssertEqual(fmt(12.34), "12.3")
        XCTAssertEqual(fmt(-0.04), "0.0")
        XCTAssertEqual(fmt(1e300), "1e+300")
        XCTAssertEqual(fmt(.nan), "nan")
        XCTAssertEqual(fmt(-.infinity), "-inf")
        for v in absurd { XCTAssertFalse(fmt(v).isEmpty) }
        let c = Color(red: .nan, green: 1e300, blue: -1e300, alpha: .infinity)
        XCTAssertEqual(hexString(c), "#00FF00FF")
        XCTAssertEqual(clampedRound(.nan, max: 100), 0)
        XCTAssertEqual(clampedRound(1e300, max: 100), 100)
    }

    func testDisplayListDumpOfAbsurdItems() {
        var items: [DisplayItem] = []
        for v in absurd {
            items.append(.rect(Rect(x: v, y: v, width: v, height: v), .solid(Color(red: v, green: v, blue: v)), opacity: v))
        }
        let doc = LaidOutDocument(pages: [DisplayPage(size: Size(width: .nan, height: 1e300), items: items)],
                                  outline: [], metadata: SampleDocuments.metadata("T"))
        XCTAssertEqual(doc.dump().split(separator: "\n").count, absurd.count + 2)
    }

    func testCountsFromHeights() {
        XCTAssertEqual(Counting.whole(.nan), 0)
        XCTAssertEqual(Counting.whole(-3), 0)
        XCTAssertEqual(Counting.whole(3.99), 3)
        XCTAssertEqual(Counting.whole(.infinity), .max)
        XCTAssertEqual(Counting.whole(1e300), .max)
        XCTAssertEqual(Counting.lines(fitting: 100, lineHeight: 0), .max)
        XCTAssertEqual(Counting.lines(fitting: .nan, lineHeight: 0), 0)
        XCTAssertEqual(Counting.lines(fitting: .nan, lineHeight: 12), 0)
        XCTAssertEqual(Counting.lines(fitting: 24, lineHeight: 12), 2)
        XCTAssertEqual(Counting.lines(fitting: 1e300, lineHeight: 1e-300), .max)
    }

    func testPangoUnitsClamp() {
        XCTAssertEqual(pangoUnits(10), 10 * 1024)
        XCTAssertEqual(pangoUnits(.nan), 0)
        XCTAssertEqual(pangoUnits(1e300), .max)
        XCTAssertEqual(pangoUnits(-.infinity), .min)
    }

    func testImagesRefuseSizesASurfaceCannotHold() throws {
        let doc = LaidOutDocument(pages: [DisplayPage(size: Size(width: 100, height: 100), items: [])],
                                  outline: [], metadata: SampleDocuments.metadata("T"))
        let m = PangoMeasurer()
        for scale in [.nan, 1e300, 1e9, 0, -1] {
            XCTAssertThrowsError(try PNGRenderer.pngData(doc, page: 0, scale: scale, measurer: m)) { error in
                guard case RenderError.invalidSize = error else { return XCTFail("\(error)") }
            }
        }
        XCTAssertNoThrow(try PNGRenderer.pngData(doc, page: 0, scale: 0.5, measurer: m))
        for (w, h, n) in [(1 << 40, 1, 0), (2, 2, 3), (0, 0, 0), (-1, 4, 0)] {
            XCTAssertThrowsError(try RasterImage(width: w, height: h, rgba: [UInt8](repeating: 0, count: n)).pngData())
        }
    }

    /// Fonts of absurd sizes and tables with absurd minimum heights lay out or fail with a
    /// layout error.
    func testAbsurdSizesGiveALayoutErrorOrAPage() {
        for measurer in [FixedWidthMeasurer(k: 0.5) as TextMeasurer, PangoMeasurer()] {
            for size in [0, .nan, 1e300, .infinity, -5] as [Double] {
                let style = TextStyle(font: FontSpec(family: "Inter", size: size), color: Fixture.ink)
                var table = Fixture.table(rows: [["a b c", String(repeating: "x", count: 3000)]])
                table.bodyStyle = style
                table.rowSplitting = .truncatingCells
                var tall = Fixture.table(rows: [["a", "b"]])
                tall.minRowHeight = size
                for blocks in [[Block.paragraph(Paragraph("some words " + String(repeating: "y", count: 2000), style: style))],
                               [.table(table)], [.table(tall)]] {
                    do {
                        _ = try LayoutEngine(measurer: measurer).layout(Fixture.doc(blocks))
                    } catch {
                        XCTAssertTrue(error is LayoutError, "size \(size): \(error)")
                    }
                }
            }
        }
    }
}
