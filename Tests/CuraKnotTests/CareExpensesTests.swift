import Catalog
@testable import CuraKnot
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

    /// Circle c-1's report from the sample (EUR and USD).
    func sampleReport(family: Bool) throws -> ExpenseReport {
        let expenses = try ExpenseReader.read([sample("expenses.csv")]).records.filter { $0.circleId == "c-1" }
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
            {"circleId":"c","from":"2026-01-05","to":"2026-02-01","source":"expenses.csv",\
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
        XCTAssertTrue(try job().json(r).compact().hasPrefix("{\"circleId\":null,\"from\":null,\"to\":null,\"source\":\"e.csv\",\"byMonthAndCategory\":[]"))
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

    /// Two circles: one report each, their own totals and range; JSON wraps several in `circles`; a
    /// file needs one.
    func testEachCircleIsItsOwnReport() throws {
        let expenses = try ExpenseReader.read([sample("expenses.csv")]).records
        let reports = try job().reports(expenses, circle: nil, single: false, source: "expenses.csv", from: nil, to: nil,
                                        family: false, benchmarks: [])
        XCTAssertEqual(reports.map(\.circleId), ["c-1", "c-2"])
        XCTAssertEqual(reports.map(\.patientIds), [["p-1"], ["p-2"]])
        XCTAssertEqual(reports.map { $0.totals.items.count }, [22, 14])
        XCTAssertEqual(reports[1].totals.currencies, ["KRW", "USD"])
        XCTAssertEqual(reports[0].range.map { "\($0.lowerBound)" }, "2026-01-05", "each circle's own first expense")
        XCTAssertEqual(reports[1].range.map { "\($0.lowerBound)" }, "2026-01-06")
        let payers = reports[0].totals.byPayer.filter { $0.currency == "EUR" }
        XCTAssertEqual(payers.map(\.paidBy), ["Linh", "Mei", "Sam", "Unassigned"])
        XCTAssertFalse(reports[0].totals.byPayer.contains { $0.paidBy == "Ji-woo" }, "no member of the other family")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(job().json(reports).compact().utf8)) as? [String: Any])
        XCTAssertEqual((json["circles"] as? [[String: Any]])?.compactMap { $0["circleId"] as? String }, ["c-1", "c-2"])
        XCTAssertThrowsError(try job().reports(expenses, circle: nil, single: true, source: "e", from: nil, to: nil, family: true, benchmarks: [])) {
            XCTAssertEqual($0 as? ScopeError, .severalCircles(["c-1", "c-2"]))
        }
        let text = try job().text(reports)
        XCTAssertTrue(text.contains("Care circle c-1 · patient p-1") && text.contains("Care circle c-2 · patient p-2"), text)
    }

    /// Walks a document's blocks: per section heading, the currency captions and their tables.
    func tables(_ doc: Document) -> [(section: String, currency: String, table: Table)] {
        var out: [(String, String, Table)] = []
        var section = "", caption = ""
        for block in doc.blocks {
            if let h = block.element as? Heading {
                if h.outlineLevel == nil { caption = h.text } else { section = h.text }
            }
            if let kept = block.element as? KeptTable { out.append((section, String(caption.suffix(3)), kept.table)) }
            guard let group = block.element as? KeepTogether else { continue }
            let caption = (group.blocks.first?.element as? Heading)?.text ?? ""
            for b in group.blocks { if let kept = b.element as? KeptTable { out.append((section, String(caption.suffix(3)), kept.table)) } }
        }
        return out
    }

    /// Every table is about one currency (its caption, and the currency in any column heading),
    /// every row is labelled, and "Who paid what" holds each currency's payers and total.
    func testEveryTableIsOneCurrencyWithLabelledRows() throws {
        let report = try sampleReport(family: true)
        let doc = try job().pdfDocument(report, run: RunInfo(asOf: day("2026-03-31"), generatedAt: Date(timeIntervalSince1970: 0)))
        let found = tables(doc)
        let sections = ["By month and category", "Yearly totals", "Who paid what", "Reimbursable and not", "The next 12 months", "Itemised expenses"]
        XCTAssertEqual(Set(found.map(\.section)), Set(sections))
        for section in sections {
            let currencies = found.filter { $0.section == section }.map(\.currency)
            XCTAssertEqual(currencies, section == "The next 12 months" ? ["EUR", "USD"] : report.totals.currencies, section)
        }
        for (section, currency, table) in found {
            for heading in table.header where heading.contains("(") {
                XCTAssertTrue(heading.hasSuffix("(\(currency))"), "\(section): \(heading) in a \(currency) table")
            }
            for row in table.rows { XCTAssertFalse(row.cells[0].text.isEmpty, "\(section) \(currency): a row without a label") }
            for row in table.rows {
                for cell in row.cells { XCTAssertFalse(cell.text.contains(currency == "EUR" ? "USD" : "EUR"), "\(section): \(cell.text)") }
            }
        }
        let payers = try XCTUnwrap(found.first { $0.section == "Who paid what" && $0.currency == "USD" }).table
        XCTAssertEqual(payers.rows.map { $0.cells.map(\.text) }, [["Linh", "268.50"], ["Total", "268.50"]])
        let refunds = try XCTUnwrap(found.first { $0.section == "Reimbursable and not" && $0.currency == "EUR" }).table
        XCTAssertEqual(refunds.rows.map { $0.cells[0].text }, ["Reimbursable", "Not reimbursable", "Total"])
    }

    /// A benchmark's region and source come from the input: one written right to left is set
    /// between isolates in the PDF's cell, so the date after it stays after it; a Latin one is
    /// left as it is.
    func testRightToLeftBenchmarkValuesAreIsolated() throws {
        let expenses = try ExpenseReader.read([sample("expenses.csv")]).records.filter { $0.circleId == "c-1" }
        let benchmarks = [CostBenchmark(category: .careServices, monthlyAmount: Money(cents: 42_000), currency: "EUR",
                                        region: "תל אביב", source: "נתונים סינתטיים", asOf: day("2025-12-31")),
                          CostBenchmark(category: .medication, monthlyAmount: Money(cents: 8_550), currency: "EUR",
                                        region: "Berlin", source: "Survey", asOf: day("2026-01-31"))]
        let report = try job().report(expenses, source: "expenses.csv", from: day("2026-01-01"), to: day("2026-03-31"),
                                      family: true, benchmarks: benchmarks)
        let doc = try job().pdfDocument(report, run: RunInfo(asOf: day("2026-03-31"), generatedAt: Date(timeIntervalSince1970: 0)))
        let table = try XCTUnwrap(tables(doc).first { $0.section == "The next 12 months" && $0.currency == "EUR" }).table
        let cells = table.rows.map { $0.cells[3].text }.filter { !$0.isEmpty }
        XCTAssertTrue(cells.contains("420.00 EUR a month · \u{2068}תל אביב\u{2069} · \u{2068}נתונים סינתטיים\u{2069}, 31 Dec 2025"), "\(cells)")
        XCTAssertTrue(cells.contains("85.50 EUR a month · Berlin · Survey, 31 Jan 2026"), "\(cells)")
    }

    /// A table broken across pages leaves at least three rows at the foot and carries at least two:
    /// wherever the table starts on the page.
    func testATableIsNeverLeftWithOneRowAtAPagesFoot() throws {
        let brand = try CuraKnotBrand(templates: TemplateSet(directory: TestPaths.templates, app: "curaknot"))
        let style = brand.style(\.bodyFamily, 10, .regular, brand.palette.textPrimary)
        for filler in stride(from: 0.0, through: 700, by: 7) {
            let rows = (0..<40).map { TableRow([TableCell("row \($0)"), TableCell("x")]) }
            let table = Table(name: "t", columns: [TableColumn(.flexible(1)), TableColumn(.fixed(40))], header: ["A", "B"], rows: rows,
                              headerStyle: style, bodyStyle: style, minRowHeight: 14)
            let doc = Document(metadata: SampleDocuments.metadata(), template: SampleDocuments.template(),
                               blocks: [.spacer(filler), .paragraph(Paragraph("filler", style: style)),
                                        Block(KeptTable(table: table, minimumAtFoot: 3, minimumCarried: 2))])
            let laid = try LayoutEngine(measurer: FixedWidthMeasurer()).layout(doc)
            let counts = laid.pages.map { $0.textRuns.filter { $0.text.hasPrefix("row ") }.count }
            XCTAssertEqual(counts.reduce(0, +), 40, "filler \(filler)")
            for (i, n) in counts.enumerated() where n > 0 {
                if i == counts.firstIndex(where: { $0 > 0 }) { XCTAssertGreaterThanOrEqual(n, 3, "filler \(filler): \(counts)") }
                if i == counts.lastIndex(where: { $0 > 0 }) { XCTAssertGreaterThanOrEqual(n, 2, "filler \(filler): \(counts)") }
            }
        }
    }

    func testFamilyExpensesGolden() throws {
        let m = PangoMeasurer()
        let report = try sampleReport(family: true)
        let run = RunInfo(asOf: day("2026-03-31"), generatedAt: Date(timeIntervalSince1970: 1_776_254_400))
        let doc = try LayoutEngine(measurer: m).layout(try job().pdfDocument(report, run: run))
        XCTAssertGreaterThan(doc.pages.count, 1)
        for (i, page) in doc.pages.enumerated() {
            let text = page.textRuns.map(\.text)
            XCTAssertTrue(text.contains("This is not financial advice. Consult a professional."))
            if i == 0 {
                // Under the title, once, in the text a reader hears; no running header.
                XCTAssertEqual(Array(text.prefix(5)), ["CuraKnot", "Care expenses", "Care circle c-1 · patient p-1",
                                                       "Data: expenses.csv · 1 Jan 2026 to 31 Mar 2026",
                                                       "This is not financial advice. Consult a professional."])
            } else {
                XCTAssertTrue(text.contains("Care circle c-1 · patient p-1 · Data: expenses.csv · 1 Jan 2026 to 31 Mar 2026"), "\(text.prefix(2))")
            }
            XCTAssertTrue(text.contains("Generated by CuraKnot"))
        }
        let all = doc.pages.flatMap { $0.textRuns.map(\.text) }.joined(separator: "\n")
        XCTAssertTrue(all.contains("Projections are estimates based on current patterns and local averages."))
        XCTAssertTrue(all.replacingOccurrences(of: "\n", with: " ").contains("420.00 EUR a month · Berlin · Synthetic sample figures (not real data), 31 Jan 2026"),
                      "a wrapped cell's lines, joined")
        XCTAssertNil(all.range(of: #"\d{4}-\d{2}-\d{2}"#, options: .regularExpression), "dates as 9 Apr 2026")
        XCTAssertFalse(all.contains("Ji-woo") || all.contains("KRW") || all.contains("c-2"), "nothing of the other circle")
        XCTAssertEqual(doc.outline.map(\.title), ["By month and category", "Yearly totals", "Who paid what", "Reimbursable and not",
                                                  "The next 12 months", "Itemised expenses"])
        GoldenFile.assertText(actual: doc.dump(), named: "expenses-family.txt", in: goldens)
        for page in doc.pages.indices {
            let png = try PNGRenderer.pngData(doc, page: page, scale: 0.5, measurer: m)
            GoldenFile.assertPNG(actual: png, named: "expenses-family-page\(page + 1).png", in: goldens, tolerance: 40, maxDifferingPixels: 60)
        }
    }
}
