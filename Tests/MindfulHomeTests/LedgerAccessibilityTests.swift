import Ingest
@testable import MindfulHome
import Render
import ReportKit
import TestSupport
import XCTest

/// The ledger read by someone who does not see it: every text colour at WCAG 2.1 AA on the
/// swatch it is drawn on, and its structure in reading order (issue 22).
extension MindfulHomeLedgerTests {
    func testLedgerTextContrastMeetsWCAGAA() throws {
        for language in LedgerLanguage.allCases {
            let doc = try LedgerJob(templates: templates()).document(try sampleTasks(), language: language, run: run)
            let laidOut = try LayoutEngine(measurer: PangoMeasurer()).layout(doc)
            XCTAssertEqual(ContrastAudit.findings(laidOut).map(\.description), [], "\(language)")
        }
    }

    func testLedgerStructureAndLanguage() throws {
        let doc = try LedgerJob(templates: templates()).document(try sampleTasks(), language: .nl, run: run)
        XCTAssertEqual(doc.metadata.language, "nl")
        let structure = try LayoutEngine(measurer: PangoMeasurer()).layout(doc).structureDump()
        XCTAssertTrue(structure.hasPrefix("P \"Mindful Home\"\nH1 \"Pindaboekje\"\nP \"Gemaakt op 2026-04-01\"\nH2 \"Saldo\"\n"), structure)
        XCTAssertTrue(structure.contains("Table\n  TR\n    TH \"Veiligheid\"\n    TH \"Soort\"\n    TH \"Pinda's\"\n  TR\n    TH \"Buckle up in the car\"\n    TD \"Regel\"\n"),
                      structure)
        XCTAssertFalse(structure.contains("Page 1"), "the footer is an artifact")
    }
}
