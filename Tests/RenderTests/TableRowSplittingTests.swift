import Render
import XCTest

final class TableRowSplittingTests: XCTestCase {
    /// Rows "ok" (16 pt) and "big" whose second cell has 40 lines "x1"…"x40" (484 pt).
    func tallTable() -> Table {
        let lines = (1...40).map { "x\($0)" }.joined(separator: "\n")
        var table = Fixture.table(rows: [["ok", "fine"], ["big", lines]], name: "Episodes")
        table.rowSplitting = .atLineBoundaries
        return table
    }

    func testRowTallerThanAPageContinuesUnderTheRepeatedHeader() throws {
        let doc = try Fixture.layout([.table(tallTable()), Fixture.para("after")])
        XCTAssertEqual(doc.pages.count, 4)
        // Page 1: header 10–26, "ok" 26–42, then 10 lines (124 pt with padding); pages 2–3: 11 lines
        // under the header; page 4: the last 8.
        let perPage = doc.pages.map { page in page.bodyRuns.map(\.text).filter { $0.hasPrefix("x") } }
        XCTAssertEqual(perPage, [(1...10), (11...21), (22...32), (33...40)].map { $0.map { "x\($0)" } })
        for page in doc.pages { XCTAssertEqual(page.run("A")?.origin.y, 12, "header on every page") }
        XCTAssertEqual(doc.pages[0].run("x1")?.origin.y, 44)
        XCTAssertEqual(doc.pages[1].run("x11")?.origin.y, 28)
        XCTAssertNotNil(doc.pages[0].run("big"))
        XCTAssertEqual(doc.pages.filter { $0.run("big") != nil }.count, 1)
        // The zebra fill of the second row covers each of its parts.
        let zebra = doc.pages.map { $0.rects.filter { $0.1 == Fixture.zebra }.map(\.0) }
        XCTAssertEqual(zebra.map { $0.map(\.minY) }, [[42], [26], [26], [26]])
        XCTAssertEqual(zebra.map { $0.map(\.height) }, [[124], [136], [136], [100]])
        XCTAssertEqual(doc.pages[3].run("after")?.origin.y, 126)
    }

    func testRowsThatFitAPageStillMoveWhole() throws {
        var table = Fixture.table(rows: [["a", "b"], ["c", "1\n2\n3\n4\n5"]])
        table.rowSplitting = .atLineBoundaries
        let doc = try Fixture.layout(Fixture.lines(9) + [.table(table)])
        XCTAssertEqual(doc.pages.count, 2)
        XCTAssertEqual(doc.pages[1].bodyRuns.map(\.text), ["A", "B", "c", "1", "2", "3", "4", "5"])
    }

    func testWithoutTheOptInATallRowIsStillAnError() {
        var table = tallTable()
        table.rowSplitting = .never
        XCTAssertThrowsError(try Fixture.layout([.table(table)])) { error in
            XCTAssertEqual(error as? LayoutError,
                           .doesNotFit(element: "table \"Episodes\" row 2", size: 484, available: 144))
        }
    }
}
