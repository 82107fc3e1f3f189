import Catalog
import CuraKnot
import Foundation
import Ingest
import Render
import ReportKit
import TestSupport
import XCTest

/// The expense report presentation: the JSON contract, the CSV's neutralisation, and the PDF
/// goldens of the sample expenses (family, with benchmarks). Re-record with
/// `RECORD_GOLDEN=1 swift test --filter CareExpensesTests`.
final class CareExpensesTests: XCTestCase {
    let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    func day(_ s: String) -> LocalDate { LocalDate(iso: s) ?? LocalDate(daysSinceEpoch: 0) }

    func job() throws -> ExpensesJob { try ExpensesJob(templates: TemplateSet(directory: TestPaths.templates, app: "curaknot")) }

    func sample(_ name: String) -> InputSource { InputSource(path: TestPaths.samples.appendingPathComponent("care/" + name).path) }

    func sampleReport(family: Bool) throws -> ExpenseReport {
        let expenses = try ExpenseReader.read([sample("expenses.csv")]).records
        let benchmarks = family ? try BenchmarkReader.read([sample("benchmarks.csv")]).records : []
        return try job().report(expenses, source: "expenses.csv", from: day("2026-01-01"), to: day("2026-03-31"),
                                family: family, benchmarks: benchmarks)
    }

    func testJSONFollowsTheContract() throws {
        let e = [Expense(id: "1", circleId: "c", patientId: "p", date: day("2026-01-05"), category: .medical, description: "x",
                         amount: Money(cents: 12_000), currency: "EUR", paidBy: "Sam", reimbursable: true),
                 Expense(id: "2", circleId: "c", patientId: "p", date: day("2026-02-01"), category: .transport, description: "y",
                         amount: Money(cents: 3_000), currency: "JPY")]
        let plus = try job().report(e, source: "expenses.csv", from: nil, to: nil, family: false, benchmarks: [])
        XCTAssertEqual(try job().json(plus).compact(), """
            {"from":"2026-01-05","to":"2026-02-01","source":"expenses.csv",\
            "byMonthAndCategory":[{"currency":"EUR","month":"2026-01","category":"MEDICAL","amount":"120.00","count":1},\
            {"currency":"JPY","month":"2026-02","category":"TRANSPORT","amount":"30","count":1}],\
            "byYear":[{"currency":"EUR","year":2026,"amount":"120.00"},{"currency":"JPY","year":2026,"amount":"30"}],\
            "byPayer":[{"currency":"EUR","paidBy":"Sam","amount":"120.00"},{"currency":"JPY","paidBy":"Unassigned","amount":"30"}],\
            "reimbursable":[{"currency":"EUR","reimbursable":"120.00","notReimbursable":"0.00"},\
            {"currency":"JPY","reimbursable":"0","notReimbursable":"30"}]}
            """.replacingOccurrences(of: "\n", with: ""))
        let family = try job().report(e, source: "expenses.csv", from: nil, to: day("2026-03-31"), family: true, benchmarks: [])
        XCTAssertTrue(try job().json(family).compact().contains(
            "\"projections\":[{\"currency\":\"EUR\",\"category\":\"MEDICAL\",\"monthlyAmount\":\"40.00\",\"twelveMonthTotal\":\"480.00\",\"benchmarks\":[]},"
            + "{\"currency\":\"JPY\",\"category\":\"TRANSPORT\",\"monthlyAmount\":\"10\",\"twelveMonthTotal\":\"120\",\"benchmarks\":[]}]"))
    }

    func testNoExpensesAndNoRangeGiveNullDates() throws {
        let r = try job().report([], source: "e.csv", from: nil, to: nil, family: true, benchmarks: [])
        XCTAssertTrue(try job().json(r).compact().hasPrefix("{\"from\":null,\"to\":null,\"source\":\"e.csv\",\"byMonthAndCategory\":[]"))
        XCTAssertTrue(try job().text(r).contains("No expenses in this date range."))
    }

    func testAMissingEndComesFromTheExpensesOrTheOtherEnd() throws {
        let e = [Expense(id: "1", circleId: "c", patientId: "p", date: day("2026-01-05"), category: .medical, description: "x",
                         amount: Money(cents: 100), currency: "EUR")]
        func range(_ from: String?, _ to: String?, _ list: [Expense]) throws -> String {
            let r = try job().report(list, source: "e.csv", from: from.map(day), to: to.map(day), family: false, benchmarks: [])
            return r.range.map { "\($0.lowerBound)...\($0.upperBound)" } ?? "none"
        }
        XCTAssertEqual(try range(nil, nil, e), "2026-01-05...2026-01-05")
        XCTAssertEqual(try range("2026-01-01", nil, e), "2026-01-01...2026-01-05")
        XCTAssertEqual(try range("2026-02-01", nil, e), "2026-02-01...2026-02-01", "after the last expense: an empty range, not none")
        XCTAssertEqual(try range(nil, "2025-12-31", e), "2025-12-31...2025-12-31")
        XCTAssertEqual(try range(nil, "2026-03-01", []), "2026-03-01...2026-03-01")
        XCTAssertEqual(try range(nil, nil, []), "none")
    }

    func testCSVNeutralisesFormulasAndReadsBack() throws {
        let hostile = Expense(id: "=1+1", circleId: "c", patientId: "p", date: day("2026-01-05"), category: .other,
                              description: "@SUM(A1), \"quoted\"", amount: Money(cents: 999), currency: "EUR", paidBy: "+Sam",
                              reimbursable: false, receipt: "-r")
        let r = try job().report([hostile], source: "e.csv", from: nil, to: nil, family: true, benchmarks: [])
        let dir = try TestPaths.temporaryDirectory("care-expenses-csv")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.csv").path
        let context = ReportContext(run: RunInfo(asOf: day("2026-01-05"), generatedAt: Date(timeIntervalSince1970: 0)),
                                    output: OutputTarget(path: path))
        try job().write(r, format: .csv, in: context)
        let csv = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(csv, "id,circle_id,patient_id,date,category,description,amount,currency,paid_by,reimbursable,receipt\r\n"
                       + "'=1+1,c,p,2026-01-05,OTHER,\"'@SUM(A1), \"\"quoted\"\"\",9.99,EUR,'+Sam,false,'-r\r\n")
        XCTAssertEqual(try ExpenseReader.read([InputSource(path: path)]).records, [hostile], "the readers take the ' away again")
    }

    func testFamilyExpensesGolden() throws {
        let m = PangoMeasurer()
        let report = try sampleReport(family: true)
        let run = RunInfo(asOf: day("2026-03-31"), generatedAt: Date(timeIntervalSince1970: 1_776_254_400))
        let doc = try LayoutEngine(measurer: m).layout(try job().pdfDocument(report, run: run))
        XCTAssertGreaterThan(doc.pages.count, 1)
        for page in doc.pages {
            let text = page.textRuns.map(\.text)
            XCTAssertTrue(text.contains("This is not financial advice. Consult a professional."))
            XCTAssertTrue(text.contains("Data: expenses.csv · 2026-01-01 to 2026-03-31"))
            XCTAssertTrue(text.contains("Generated by CuraKnot"))
        }
        let all = doc.pages.flatMap { $0.textRuns.map(\.text) }.joined(separator: "\n")
        XCTAssertTrue(all.contains("Projections are estimates based on current patterns and local averages."))
        XCTAssertTrue(all.contains("420.00 EUR a month · Berlin · Synthetic sample figures (not real data), 2026-01-31"))
        XCTAssertEqual(doc.outline.map(\.title), ["By month and category", "Yearly totals", "Who paid what", "Reimbursable and not",
                                                  "The next 12 months", "Itemised expenses"])
        GoldenFile.assertText(actual: doc.dump(), named: "expenses-family.txt", in: goldens)
        for page in doc.pages.indices {
            let png = try PNGRenderer.pngData(doc, page: page, scale: 0.5, measurer: m)
            GoldenFile.assertPNG(actual: png, named: "expenses-family-page\(page + 1).png", in: goldens, tolerance: 40, maxDifferingPixels: 60)
        }
    }
}
