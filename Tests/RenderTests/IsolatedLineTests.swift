import Foundation
@testable import Render
import TestSupport
import XCTest

/// A line holding a name set apart by isolates (`PrintableText.isolated`) is drawn without
/// cairo's text and copies out as its group's `ActualText` — also when the name is all the line
/// holds: the isolates are runs of their own beside the right-to-left name, so the line is a
/// group (a review feared it would be bare glyphs, copied out in the order they are seen).
final class IsolatedLineTests: XCTestCase {
    func testAnIsolatedNameAloneOnALineCopiesOutAsWritten() throws {
        let qpdf = try ReportBinary.require("qpdf")
        let dir = try TestPaths.temporaryDirectory("isolated-line")
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = "שרה לוי-כהן"
        var doc = SampleDocuments.summaryTable(rows: 2)
        doc.blocks.append(.paragraph(Paragraph(PrintableText.isolated(name), style: SampleDocuments.style(10))))
        let m = PangoMeasurer()
        let data = try PDFRenderer.pdfData(try LayoutEngine(measurer: m).layout(doc), measurer: m)
        let pdf = dir.appendingPathComponent("a.pdf").path, qdf = dir.appendingPathComponent("q.pdf").path
        try data.write(to: URL(fileURLWithPath: pdf))
        _ = try ReportBinary.runTool(qpdf, ["--qdf", "--object-streams=disable", pdf, qdf])
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: qdf)), as: UTF8.self)
        let hex = "<FEFF" + name.utf16.map { String(format: "%04X", $0) }.joined() + ">"
        XCTAssertTrue(text.lowercased().contains(("/ActualText " + hex).lowercased()), "the name as written, without its isolates")
    }
}
