import Foundation
import Render
import XCTest

/// fontconfig started early on a thread of its own (`FontStartup`, as the summary and clinical
/// commands do while their command line is parsed) changes nothing a measurer measures or draws.
final class FontStartupTests: XCTestCase {
    func pdf(_ doc: Document) throws -> Data {
        let m = PangoMeasurer()
        return try PDFRenderer.pdfData(try LayoutEngine(measurer: m).layout(doc), measurer: m)
    }

    /// The measurer made after `begin()` waits for that thread and draws the same bytes; a
    /// second `begin()` starts nothing more, and a later measurer has nothing left to wait for.
    func testStartingFontconfigEarlyChangesNoByte() throws {
        let doc = CairoBackendTests.smallDocument()
        let plain = try pdf(doc)
        FontStartup.begin()
        FontStartup.begin()
        XCTAssertEqual(try pdf(doc), plain)
        XCTAssertEqual(try pdf(doc), plain)
        FontStartup.begin()
        XCTAssertEqual(try pdf(doc), plain)
    }
}
