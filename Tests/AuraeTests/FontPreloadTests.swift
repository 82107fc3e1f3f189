import Aurae
import Catalog
import Render
import TestSupport
import XCTest

/// The fonts a report's job lists (`ReportJob.fonts`, loaded ahead on a spare core by
/// `PangoMeasurer.preload`) are the ones its layout measures: none missing, which would be
/// loaded on the main thread after all, and none extra, which would be loaded for nothing.
extension SummaryGoldenTests {
    func testTheSummaryListsTheFontsItsLayoutMeasures() throws {
        let listed = try SummaryJob(templates: TemplateSet(directory: TestPaths.templates)).fonts
        var measured = Set<FontSpec>()
        // The samples, one range with a flagged episode (the safety subheading) and one without.
        for (sample, asOf, from) in [("aurae/logs.json", "2026-07-31", nil), ("aurae/logs.csv", "2026-07-15", nil),
                                     ("aurae/logs.json", "2025-01-31", "2025-01-01")] {
            let m = PangoMeasurer()
            _ = try laidOut(sample, asOf: asOf, from: from, measurer: m)
            XCTAssertEqual(m.fontsLoaded.subtracting(listed), [], "measured but not listed: \(sample) \(asOf)")
            measured.formUnion(m.fontsLoaded)
        }
        XCTAssertEqual(Set(listed).subtracting(measured), [], "listed but never measured")
    }
}

extension ClinicalReportTests {
    func testTheClinicalReportListsTheFontsItsLayoutMeasures() throws {
        let listed = try ClinicalJob(templates: TemplateSet(directory: TestPaths.templates)).fonts
        var measured = Set<FontSpec>()
        for sections in [nil, ClinicalReport.sectionIds] as [[String]?] {
            let m = PangoMeasurer()
            _ = try laidOut(try inputs("aurae/logs.json", days: "aurae/days.json"), asOf: "2026-07-31", from: "2026-02-01",
                            to: "2026-07-31", sections: sections, measurer: m)
            XCTAssertEqual(m.fontsLoaded.subtracting(listed), [], "measured but not listed: \(sections ?? ["default"])")
            measured.formUnion(m.fontsLoaded)
        }
        XCTAssertEqual(Set(listed).subtracting(measured), [], "listed but never measured")
    }
}
