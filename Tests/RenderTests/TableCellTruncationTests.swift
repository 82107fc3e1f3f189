@testable import Render
import TestSupport
import XCTest

/// `.truncatingCells`: a cell with more lines than an empty page holds under the header keeps the
/// lines that fit and ends with "…", so no row is taller than a page; other rows are unchanged.
/// With the fixture, an empty page holds 160 pt: a 16 pt header and 11 lines of 12 pt (+4 pt padding).
final class TableCellTruncationTests: XCTestCase {
    func table(_ rows: [[String]], policy: RowSplitting = .truncatingCells, tags: [String?] = []) -> Table {
        var t = Fixture.table(rows: rows, name: "Episodes")
        t.rowSplitting = policy
        for (i, tag) in tags.enumerated() { t.rows[i].tag = tag }
        return t
    }

    func testTallCellKeepsWhatFitsAndEndsWithAnEllipsis() throws {
        let words = (1...500).map { "w\($0)" }.joined(separator: " ")
        let doc = try Fixture.layout([.table(table([["ok", "fine"], ["big", words]]))])
        let runs = doc.pages.flatMap(\.bodyRuns).map(\.text).filter { $0.hasPrefix("w") }
        XCTAssertEqual(runs.count, 11)
        XCTAssertEqual(runs.last?.hasSuffix("…"), true)
        XCTAssertLessThanOrEqual(runs.last.map { Double($0.count) * 5 } ?? 0, 114, "the last line still fits")
        XCTAssertEqual(doc.pages.count, 2, "the tall row moves to a page of its own")
        XCTAssertEqual(doc.pages[1].rects.filter { $0.1 == Fixture.zebra }.map(\.0.height), [136])
    }

    func testOneUnbreakableRunBreaksAnywhere() throws {
        let doc = try Fixture.layout([.table(table([["x", String(repeating: "A", count: 16_000)]]))])
        let runs = doc.pages.flatMap(\.bodyRuns).map(\.text).filter { $0.hasPrefix("AA") }  // not the header "A"
        XCTAssertEqual(runs.count, 11)
        XCTAssertEqual(runs.first, String(repeating: "A", count: 22), "114 pt hold 22 characters of 5 pt")
        XCTAssertEqual(runs.last, String(repeating: "A", count: 21) + "…")
    }

    func testRowsThatFitAreDrawnExactlyAsBefore() throws {
        let rows = [["a", "b c d"], ["e", (1...11).map { "l\($0)" }.joined(separator: "\n")]]
        let truncating = try Fixture.layout([.table(table(rows))])
        let plain = try Fixture.layout([.table(table(rows, policy: .never))])
        XCTAssertEqual(truncating.pages.map(\.items), plain.pages.map(\.items))
        XCTAssertFalse(truncating.pages.flatMap(\.textRuns).contains { $0.text.contains("…") })
    }

    /// The lines broken for a cell do not grow with the text past what the page shows.
    func testWorkDoesNotGrowWithTheHiddenText() throws {
        var work: [Int] = []
        for n in [20_000, 80_000] {
            let m = PangoMeasurer()
            let doc = Document(metadata: SampleDocuments.metadata("T"), template: Fixture.template(),
                               blocks: [.table(table([["x", String(repeating: "B", count: n)]]))])
            let laidOut = try LayoutEngine(measurer: m).layout(doc)
            XCTAssertTrue(laidOut.pages.flatMap(\.textRuns).contains { (run: TextRun) in run.text.hasSuffix("…") })
            work.append(m.entry(Fixture.text.font).shapedBytes)
        }
        XCTAssertEqual(work[0], work[1])
    }

    func testRowTooTallEvenTruncatedNamesTheRowsTag() {
        var t = table([["a", "b"], ["c", "d"]], tags: [nil, "episode \"e-2\" at logs.json:14:5"])
        t.minRowHeight = 300
        XCTAssertThrowsError(try Fixture.layout([.table(t)])) { error in
            XCTAssertEqual(error as? LayoutError, .doesNotFit(
                element: "table \"Episodes\" row 1", size: 300, available: 144))
        }
        t.rows.swapAt(0, 1)
        XCTAssertThrowsError(try Fixture.layout([.table(t)])) { error in
            XCTAssertEqual(error as? LayoutError, .doesNotFit(
                element: "table \"Episodes\" row 1 (episode \"e-2\" at logs.json:14:5)", size: 300, available: 144))
        }
    }

    func testTallRowErrorNamesTheRecordWithoutTruncation() {
        let lines = (1...40).map { "x\($0)" }.joined(separator: "\n")
        let t = table([["ok", "fine"], ["big", lines]], policy: .never, tags: ["r1", "episode \"b\""])
        XCTAssertThrowsError(try Fixture.layout([.table(t)])) { error in
            XCTAssertEqual(error as? LayoutError,
                           .doesNotFit(element: "table \"Episodes\" row 2 (episode \"b\")", size: 484, available: 144))
            XCTAssertTrue("\(error)".contains("row 2 (episode \"b\") is 484.0 pt tall"))
        }
    }
}
