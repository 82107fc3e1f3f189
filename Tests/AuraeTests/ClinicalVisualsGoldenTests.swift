@testable import Aurae
import Aurae
import Catalog
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// Golden files for the clinical calendar and charts drawn from the Berlin sample with its daily
/// context: the display list as text and each page as a low-resolution PNG. Re-record after a
/// reviewed change with `RECORD_GOLDEN=1 swift test --filter ClinicalVisualsGoldenTests`.
final class ClinicalVisualsGoldenTests: XCTestCase {
    let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    func laidOut(from: String, to: String, measurer: PangoMeasurer) throws -> LaidOutDocument {
        let templates = try TemplateSet(directory: TestPaths.templates)
        let logs = try HeadacheLogReader.read([InputSource(path: TestPaths.samples.appendingPathComponent("aurae/logs.json").path)]).records
        let days = try DayContextReader.read([InputSource(path: TestPaths.samples.appendingPathComponent("aurae/days.json").path)]).records
        let f = try XCTUnwrap(LocalDate(iso: from)), t = try XCTUnwrap(LocalDate(iso: to))
        let config = try InsightsConfig(templates: templates)
        let data = ClinicalVisualData.of(logs, days: days, from: f, to: t, asOf: t, config: config)
        let brand = try AuraeBrand(templates: templates)
        let visuals = try ClinicalVisuals(templates: templates, brand: brand, config: config)
        let heading = brand.style(\.headingFamily, brand.headingSize, .semibold, brand.palette.textSecondary)
        let blocks = [Block.heading(Heading("Calendar", style: heading, spaceAfter: 6))] + (try visuals.calendar(data))
            + [.pageBreak, .heading(Heading("Charts", style: heading, spaceAfter: 2))] + (try visuals.charts(data))
        let doc = Document(metadata: SampleDocuments.metadata(), template: SampleDocuments.template(), blocks: blocks)
        return try LayoutEngine(measurer: measurer).layout(doc)
    }

    /// Golden text and PNGs; with `VISUALS_PREVIEW_DIR` set, also sharper PNGs there to look at.
    func assertGolden(_ name: String, _ doc: LaidOutDocument, measurer m: PangoMeasurer) throws {
        GoldenFile.assertText(actual: doc.dump(), named: "\(name).txt", in: goldens)
        for page in doc.pages.indices {
            let png = try PNGRenderer.pngData(doc, page: page, scale: 0.5, measurer: m)
            GoldenFile.assertPNG(actual: png, named: "\(name)-page\(page + 1).png", in: goldens,
                                 tolerance: 40, maxDifferingPixels: 60)
            if let dir = ProcessInfo.processInfo.environment["VISUALS_PREVIEW_DIR"] {
                try PNGRenderer.pngData(doc, page: page, scale: 1.5, measurer: m)
                    .write(to: URL(fileURLWithPath: dir).appendingPathComponent("\(name)-\(page + 1).png"))
            }
        }
    }

    func testBerlinSampleVisuals() throws {
        let m = PangoMeasurer()
        let doc = try laidOut(from: "2026-02-01", to: "2026-07-31", measurer: m)
        XCTAssertEqual(doc.outline.filter { $0.level == 2 }.count, 4)
        try assertGolden("clinical-visuals-berlin", doc, measurer: m)
    }

    /// A range starting mid-month and short enough (under 10 weeks) to count by week.
    func testBerlinSampleVisualsByWeek() throws {
        let m = PangoMeasurer()
        let doc = try laidOut(from: "2026-05-25", to: "2026-07-31", measurer: m)
        try assertGolden("clinical-visuals-berlin-weekly", doc, measurer: m)
    }
}
