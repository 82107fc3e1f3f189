import Catalog
import Foundation
import Ingest
@testable import MindfulHome
import MindfulHome
import Render
import ReportKit
import TestSupport
import XCTest

/// The peanut ledger: plural forms in both languages, the seed's swatches on the category
/// tables, the export document, and the PDF goldens of the sample family in English and Dutch.
/// Re-record with `RECORD_GOLDEN=1 swift test --filter MindfulHomeLedgerTests`.
final class MindfulHomeLedgerTests: XCTestCase {
    let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    func templates() throws -> TemplateSet { try TemplateSet(directory: TestPaths.templates, app: "mindfulhome") }

    func sampleTasks() throws -> [HomeTask] {
        try TaskReader.read([InputSource(path: TestPaths.samples.appendingPathComponent("home/tasks.json").path)]).records
    }

    let run = RunInfo(asOf: LocalDate(year: 2026, month: 4, day: 1)!, generatedAt: Date(timeIntervalSince1970: 1_775_044_800))

    func testPluralFormsByCountInBothLanguages() throws {
        let ledger = try LedgerDocument(templates: templates())
        XCTAssertEqual(try [0, 1, 2].map { try ledger.wording(.en).peanuts($0) }, ["0 peanuts", "1 peanut", "2 peanuts"])
        XCTAssertEqual(try [0, 1, 2].map { try ledger.wording(.nl).peanuts($0) }, ["0 pinda's", "1 pinda", "2 pinda's"])
        XCTAssertEqual(try ledger.wording(.nl).peanuts(11), "11 pinda's")
    }

    func testBothLanguagesDeclareTheSameKeys() throws {
        let w = try templates().wording
        let en = Set(w.entries.keys.filter { $0.hasPrefix("en.") }.map { $0.dropFirst(3) })
        let nl = Set(w.entries.keys.filter { $0.hasPrefix("nl.") }.map { $0.dropFirst(3) })
        XCTAssertEqual(en, nl)
        let used = LedgerKeys(.en).declaredKeys.flatMap(w.entryKeys) + BalanceWording.Keys(.en).declaredKeys.flatMap(w.entryKeys)
        XCTAssertEqual(Set(used).count, en.count, "every key of the file is used (the ledger's and the balance error's)")
    }

    func testCategoryTablesUseTheSeedsSwatches() throws {
        let doc = try LedgerJob(templates: templates()).document(try sampleTasks(), language: .en, run: run)
        let laidOut = try LayoutEngine(measurer: PangoMeasurer()).layout(doc)
        XCTAssertEqual(laidOut.pages.count, 1)
        let dump = laidOut.dump()
        // Headers in the selected background, rows in the default background (seed §8.1).
        for hex in ["7FAD98", "D78C28", "7F9BAD", "EAF3EA", "FAEDDB", "E4F0F8"] {
            XCTAssertTrue(dump.contains("#" + hex), "swatch \(hex) not drawn")
        }
        let text = laidOut.pages.flatMap { $0.textRuns.map(\.text) }
        XCTAssertTrue(text.contains("9 peanuts"))
        XCTAssertTrue(text.contains("Respect & Boundaries"))
        XCTAssertFalse(text.contains("Set the table"), "not completed")
        XCTAssertFalse(text.contains("Pancakes for breakfast"), "not in the basket")
    }

    func testEmptyExportSaysSo() throws {
        let doc = try LedgerJob(templates: templates()).document([], language: .nl, run: run)
        let text = try LayoutEngine(measurer: PangoMeasurer()).layout(doc).pages.flatMap { $0.textRuns.map(\.text) }
        XCTAssertTrue(text.contains("0 pinda's"))
        XCTAssertTrue(text.contains("Nog niets voltooid."))
        XCTAssertTrue(text.contains("Het mandje is leeg."))
    }

    func testExportIsKeyedByIdWithTheBalance() throws {
        let tasks = try sampleTasks()
        let json = HomeExport.document(tasks, balance: PeanutBalance(tasks))
        XCTAssertEqual(json["balance"], .int(9))
        guard case .object(let docs)? = json["tasks"] else { return XCTFail("no tasks object") }
        XCTAssertEqual(docs.map(\.0), tasks.map(\.id).sorted())
        XCTAssertEqual(docs.first?.1["createdAt"], .string("2026-03-01T09:00:00+01:00"))
        XCTAssertEqual(docs.first?.1["inBasket"], .bool(true))
    }

    func testLedgerGoldens() throws {
        for language in LedgerLanguage.allCases {
            let m = PangoMeasurer()
            let doc = try LedgerJob(templates: templates()).document(try sampleTasks(), language: language, run: run)
            let laidOut = try LayoutEngine(measurer: m).layout(doc)
            let name = "ledger-\(language.rawValue)"
            GoldenFile.assertText(actual: laidOut.dump(), named: "\(name).txt", in: goldens)
            for page in laidOut.pages.indices {
                let png = try PNGRenderer.pngData(laidOut, page: page, scale: 0.5, measurer: m)
                GoldenFile.assertPNG(actual: png, named: "\(name)-page\(page + 1).png", in: goldens, tolerance: 40, maxDifferingPixels: 60)
            }
        }
    }
}
