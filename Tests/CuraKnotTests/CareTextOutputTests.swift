import Catalog
@testable import CuraKnot
import Ingest
import Quoting
import TestSupport
import XCTest

/// Every care text output — the patterns text, the directory listing, the expenses text, the
/// check, the usage errors listing ids — shows each value from the input through `Quote.text`:
/// no control character, C1 control, bidi control or line separator reaches the terminal or the
/// cron mail raw, and no line break in a value starts a line of its own.
final class CareTextOutputTests: XCTestCase {
    var templates: TemplateSet!
    override func setUpWithError() throws { templates = try TemplateSet(directory: TestPaths.templates, app: "curaknot") }

    /// The review's example: an OSC 52 (set the clipboard) sequence and a newline forging a line.
    static let osc52 = "x\u{1B}]52;c;cGF5bG9hZA==\u{07}\nFORGED LINE"
    /// The class: every scalar `Quote.text` escapes, and a backslash.
    static let everyControl: String = {
        var s = String.UnicodeScalarView()
        for v in UInt32(0)...0x206F {
            if let scalar = Unicode.Scalar(v), Quote.isControl(scalar) { s.append(scalar) }
        }
        return "c" + String(s) + "\\"
    }()

    /// A line of text output holds no scalar `Quote.text` escapes (the lines are split on `\n`).
    func assertClean(_ text: String, lines expected: Int? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for l in lines {
            XCTAssertFalse(l.unicodeScalars.contains(where: Quote.isControl), "raw control in \(l.debugDescription)", file: file, line: line)
        }
        if let expected { XCTAssertEqual(lines.count, expected, text, file: file, line: line) }
    }

    func handoffs(_ v: String) -> [PatternHandoff] {
        (0..<3).map { i in
            PatternHandoff(id: "h\(i)" + v, date: LocalDate(iso: "2026-03-1\(i)")!, authorId: "u" + v, authorName: i == 0 ? nil : "Sam" + v,
                           keys: ["dizziness" + v, "nausea" + v])
        }
    }

    func testThePatternsTextShowsEveryValueEscaped() throws {
        let presenter = try PatternsPresenter(templates: templates)
        let rules = PatternRules(settings: try PatternSettings.load(templates))
        let asOf = LocalDate(iso: "2026-03-15")!
        var lineCounts: [Int] = []
        for v in ["", Self.osc52, Self.everyControl] {
            let insights = rules.findings(handoffs(v), asOf: asOf).map {
                Insight(id: CareStore.insightID(patient: "p", type: $0.type, key: $0.key, asOf: asOf), finding: $0, firstSurfaced: asOf)
            }
            XCTAssertFalse(insights.isEmpty)
            let text = try presenter.text(asOf: asOf, [PatientPatterns(circleId: "c" + v, patientId: "p" + v, insights: insights)])
            assertClean(text)
            lineCounts.append(text.split(separator: "\n", omittingEmptySubsequences: false).count)
            if v == Self.osc52 {
                XCTAssertTrue(text.contains(#"Care circle cx\u{1B}]52;c;cGF5bG9hZA==\u{7}\nFORGED LINE · patient px\u{1B}]52"#), text)
                XCTAssertTrue(text.contains(#"Dizzinessx\u{1B}]52;c;cGF5bG9hZA==\u{7}\nFORGED LINE was mentioned in 3 handoffs"#), text)
            }
            XCTAssertEqual(try presenter.summary(asOf: asOf, [PatientPatterns(circleId: "c" + v, patientId: "p" + v, insights: insights)]),
                           "care patterns as of 2026-03-15: 1 patient, \(insights.count) insight\(insights.count == 1 ? "" : "s"), \(insights.count) new today")
        }
        XCTAssertEqual(Set(lineCounts).count, 1, "no value adds a line: \(lineCounts)")
    }

    func testTheDirectoryListingShowsEveryValueEscaped() throws {
        let job = try DirectoryJob(templates: templates)
        var lineCounts: [Int] = []
        for v in ["", Self.osc52, Self.everyControl] {
            let p = Provider(id: "r" + v, circleId: "c" + v, name: "Dr" + v, role: "GP" + v, organization: "Org" + v, phone: "+1" + v,
                             email: "e" + v, address: "Street" + v, notes: "note" + v, rating: 4)
            let text = try job.listing([(circleId: p.circleId, records: [p])], content: .family, recipientName: nil)
            assertClean(text)
            lineCounts.append(text.split(separator: "\n", omittingEmptySubsequences: false).count)
            let named = try job.listing([(circleId: p.circleId, records: [p])], content: .family, recipientName: "Rose" + v)
            assertClean(named)
            if v == Self.osc52 { XCTAssertTrue(text.contains(#"  Drx\u{1B}]52;c;cGF5bG9hZA==\u{7}\nFORGED LINE · Orgx"#), text) }
        }
        XCTAssertEqual(Set(lineCounts).count, 1, "no value adds a line: \(lineCounts)")
    }

    func testTheExpensesTextShowsEveryValueEscaped() throws {
        let job = try ExpensesJob(templates: templates)
        var lineCounts: [Int] = []
        for v in ["", Self.osc52, Self.everyControl] {
            let expenses = (1...4).map { m in
                Expense(id: "e\(m)" + v, circleId: "c" + v, patientId: "p" + v, date: LocalDate(iso: "2026-0\(m)-05")!, category: .medical,
                        description: "d" + v, amount: Money(cents: 1000), currency: "EUR", paidBy: "Sam" + v)
            }
            let benchmark = CostBenchmark(category: .medical, monthlyAmount: Money(cents: 4200), currency: "EUR", region: "Berlin" + v,
                                          source: "Survey" + v, asOf: LocalDate(iso: "2026-01-31")!)
            let reports = try job.reports(expenses, circle: nil, single: false, source: "expenses" + v + ".csv", from: nil,
                                          to: LocalDate(iso: "2026-04-30"), family: true, benchmarks: [benchmark])
            let text = try job.text(reports)
            assertClean(text)
            lineCounts.append(text.split(separator: "\n", omittingEmptySubsequences: false).count)
            if v == Self.osc52 { XCTAssertTrue(text.contains(#"  Samx\u{1B}]52;c;cGF5bG9hZA==\u{7}\nFORGED LINE: 40.00 EUR"#), text) }
        }
        XCTAssertEqual(Set(lineCounts).count, 1, "no value adds a line: \(lineCounts)")
    }

    func testTheCheckAndTheUsageErrorsShowEveryValueEscaped() {
        for v in [Self.osc52, Self.everyControl] {
            let check = StoreCheck(integrity: ["row 3 missing from index i" + v], schemaVersion: 2, counts: [("handoffs", 1)])
            assertClean(check.text, lines: 5)
            for error in [ScopeError.severalCircles(["c" + v, "d"]), .severalPatients([CareUnit(circleId: "c" + v, patientId: "p" + v), CareUnit(circleId: "c", patientId: "q")]),
                          .unknownCircle("c" + v, records: "expenses", present: ["d" + v]), .unknownPatient(CareScope(circle: "c" + v, patient: "p" + v))] {
                assertClean(error.description, lines: 1)
            }
        }
    }
}
