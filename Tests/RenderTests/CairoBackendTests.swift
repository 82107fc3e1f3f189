import Foundation
import Render
import TestSupport
import XCTest

final class CairoBackendTests: XCTestCase {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static func smallDocument() -> Document {
        let s = SampleDocuments.self
        let mark: [Shape] = [
            .ellipse(Rect(x: 0, y: 0, width: 40, height: 40), .linearGradient(
                start: Point(x: 0, y: 0), end: Point(x: 40, y: 40),
                stops: [GradientStop(offset: 0, color: s.accent), GradientStop(offset: 1, color: s.muted)]), opacity: 0.35),
            .ellipse(Rect(x: 6, y: 6, width: 28, height: 28), .solid(s.accent), opacity: 1),
            .line(from: Point(x: 50, y: 38), to: Point(x: 200, y: 38), color: s.ink, width: 0.5),
            .text("aurae", origin: Point(x: 50, y: 10), style: s.style(17, .semibold)),
        ]
        var doc = SampleDocuments.summaryTable(rows: 60)
        doc.blocks.insert(.drawing(Drawing(size: Size(width: 220, height: 40), shapes: mark, spaceAfter: 6)), at: 0)
        doc.blocks.append(.heading(Heading("Notes", style: s.style(12, .bold), outlineLevel: 2, spaceBefore: 8)))
        doc.blocks.append(.paragraph(Paragraph("Ünïcödé wraps: ελληνικά, русский, 日本語のテキスト and a long sentence "
            + "that has to wrap across the frame width at least once or twice.", style: s.style(10))))
        return doc
    }

    func render(_ doc: Document) throws -> (LaidOutDocument, Data, PangoMeasurer) {
        let m = PangoMeasurer()
        let laid = try LayoutEngine(measurer: m).layout(doc)
        return (laid, try PDFRenderer.pdfData(laid, measurer: m), m)
    }

    func testPDFBytesStartWithHeaderAndCarryOutline() throws {
        let (laid, pdf, m) = try render(Self.smallDocument())
        XCTAssertEqual(String(decoding: pdf.prefix(5), as: UTF8.self), "%PDF-")
        XCTAssertGreaterThan(laid.pages.count, 1)
        XCTAssertEqual(laid.outline.map(\.title), ["Headache Report", "Notes"])
        XCTAssertNotNil(pdf.range(of: Data("/Outlines".utf8)))
        XCTAssertEqual(m.fontWarnings, [], "Inter (fonts-inter) must be installed")
    }

    func testTwoRendersAreByteIdentical() throws {
        let (_, a, _) = try render(Self.smallDocument())
        let (_, b, _) = try render(Self.smallDocument())
        XCTAssertEqual(a, b)
        XCTAssertNotNil(a.range(of: Data("/CreationDate (20260218143400".utf8)), "creation date from metadata")
    }

    /// One measurer draws many documents in a batch worker, keeping shaped text from one to the
    /// next: each PDF is byte-identical to the same document drawn by a fresh measurer, also
    /// after a document of thousands of unique strings has filled the cache (and the next one
    /// dropped what it did not draw again).
    func testPDFsDrawnByOneMeasurerEqualFreshOnes() throws {
        let small = Self.smallDocument()
        let big = SampleDocuments.summaryTable(rows: 2_500)
        let shared = PangoMeasurer()
        func pdf(_ doc: Document, _ m: PangoMeasurer) throws -> Data {
            try PDFRenderer.pdfData(try LayoutEngine(measurer: m).layout(doc), measurer: m)
        }
        let fresh = try pdf(small, PangoMeasurer())
        XCTAssertEqual(try pdf(small, shared), fresh)
        XCTAssertEqual(try pdf(big, shared), try pdf(big, PangoMeasurer()))
        XCTAssertEqual(try pdf(small, shared), fresh)
        XCTAssertEqual(try pdf(small, shared), fresh)
    }

    func testSinkErrorIsRethrown() throws {
        struct Full: Error {}
        let m = PangoMeasurer()
        let laid = try LayoutEngine(measurer: m).layout(Self.smallDocument())
        XCTAssertThrowsError(try PDFRenderer.render(laid, measurer: m) { _ in throw Full() }) {
            XCTAssertTrue($0 is Full, "\($0)")
        }
    }

    func testPNGOfAPageHasExpectedSize() throws {
        let m = PangoMeasurer()
        let laid = try LayoutEngine(measurer: m).layout(Self.smallDocument())
        let png = try PNGRenderer.pngData(laid, page: 0, scale: 0.5, measurer: m)
        let image = try RasterImage.decodePNG(png)
        XCTAssertEqual(image.width, 298)
        XCTAssertEqual(image.height, 421)
        XCTAssertTrue(image.rgba.contains { $0 < 128 }, "something dark (text) is drawn")
        XCTAssertThrowsError(try PNGRenderer.pngData(laid, page: 99, scale: 1, measurer: m))
    }

    func testPNGGolden() throws {
        let m = PangoMeasurer()
        let laid = try LayoutEngine(measurer: m).layout(Self.smallDocument())
        let png = try PNGRenderer.pngData(laid, page: 0, scale: 0.5, measurer: m)
        GoldenFile.assertPNG(actual: png, named: "small-page1.png", in: Self.goldens, tolerance: 24, maxDifferingPixels: 50)
    }

    func testGoldenImageCompareCountsDifferences() {
        let white = RasterImage(width: 2, height: 1, rgba: [255, 255, 255, 255, 255, 255, 255, 255])
        var other = white
        other.rgba[0] = 200
        XCTAssertEqual(GoldenFile.compare(white, white, tolerance: 0).0, 0)
        XCTAssertEqual(GoldenFile.compare(white, other, tolerance: 8).0, 1)
        XCTAssertEqual(GoldenFile.compare(white, other, tolerance: 60).0, 0)
    }

    func testFontFallbackWarnsOncePerFamily() throws {
        let m = PangoMeasurer()
        var seen: [String] = []
        m.onFontWarning = { seen.append($0) }
        let style = SampleDocuments.style(10, family: "No Such Family Xyz")
        _ = m.width("abc", style: style)
        _ = m.width("abc", style: SampleDocuments.style(12, .bold, family: "No Such Family Xyz"))
        _ = m.width("abc", style: SampleDocuments.style(10))
        XCTAssertEqual(m.fontWarnings.count, 1)
        XCTAssertEqual(seen, m.fontWarnings)
        XCTAssertTrue(m.fontWarnings[0].contains("\"No Such Family Xyz\" is not installed"), m.fontWarnings[0])
    }

    func testPangoMeasurerWrapsAndTruncatesWithinWidth() {
        let m = PangoMeasurer()
        let style = SampleDocuments.style(7.5)
        let text = "Woke up with it; after a long screen session; skipped lunch"
        let lines = m.wrap(text, style: style, width: 60)
        XCTAssertGreaterThan(lines.count, 2)
        for l in lines { XCTAssertLessThanOrEqual(m.width(l, style: style), 60.01, l) }
        XCTAssertEqual(lines.joined(separator: " "), text)
        XCTAssertEqual(m.wrap("short", style: style, width: 60), ["short"])
        XCTAssertEqual(m.wrap("a\nb", style: style, width: 60), ["a", "b"])
        let cut = m.truncate(text, style: style, width: 60)
        XCTAssertTrue(cut.hasSuffix("…"), cut)
        XCTAssertLessThanOrEqual(m.width(cut, style: style), 60.01)
        XCTAssertGreaterThan(m.width(cut, style: style), 50, "cut near the limit, not too early")
        XCTAssertEqual(m.truncate("2h 05m", style: style, width: 60), "2h 05m")
        let (ascent, height) = m.lineMetrics(style)
        XCTAssertGreaterThan(height, 7.5)
        XCTAssertLessThan(ascent, height)
    }

    func testPdftotextGivesBackTableRowsAndPageCount() throws {
        let tools = try ["pdftotext", "pdfinfo", "pdffonts"].map(ReportBinary.require)
        let doc = SampleDocuments.summaryTable(rows: 100)
        let (laid, pdf, _) = try render(doc)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-test-\(getpid()).pdf")
        try pdf.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let text = try run(tools[0], ["-layout", url.path, "-"])
        guard let table = doc.blocks.last?.element as? Table else { return XCTFail("no table") }
        let first = table.rows[0].cells.map(\.text).filter { !$0.isEmpty }
        let line = text.split(separator: "\n").first { $0.contains(first[0]) && $0.contains(first[1]) }.map(String.init) ?? ""
        var rest = Substring(line)
        for cell in first {
            guard let r = rest.range(of: cell) else { return XCTFail("\(cell) not in order in \(line)") }
            rest = rest[r.upperBound...]
        }
        XCTAssertEqual(text.components(separatedBy: "Date").count - 1, laid.pages.count, "header on every page")
        XCTAssertTrue(text.contains("Page 2 of 2"))
        let info = try run(tools[1], [url.path])
        XCTAssertTrue(info.contains("Pages:           2"), info)
        XCTAssertTrue(info.contains("Title:           Headache Report"), info)
        let fonts = try run(tools[2], [url.path])
        XCTAssertTrue(fonts.contains("+Inter-Regular"), fonts)
        XCTAssertFalse(fonts.split(separator: "\n").dropFirst(2).contains { $0.contains(" no ") }, "all embedded: \(fonts)")
    }

    private func run(_ tool: URL, _ args: [String]) throws -> String {
        try ReportBinary.runTool(tool, args).stdoutText
    }
}
