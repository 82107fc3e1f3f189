import Foundation
import TestSupport
import XCTest

/// Runs the built `report care expenses` as a family would: tier refusals, totals as text and
/// JSON, the PDF and CSV, and bad input.
final class CareExpensesCommandTests: XCTestCase {
    var dir: URL!
    var expenses: String { TestPaths.samples.appendingPathComponent("care/expenses.csv").path }
    var benchmarks: String { TestPaths.samples.appendingPathComponent("care/benchmarks.csv").path }

    override func setUpWithError() throws { dir = try TestPaths.temporaryDirectory("care-expenses-e2e") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func out(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: out(name)))
        return out(name)
    }

    func testTierRefusals() throws {
        let free = try ReportBinary.run(["care", "expenses", expenses, "--tier", "free"])
        XCTAssertEqual(free.status, 3)
        XCTAssertTrue(free.stderr.contains("plus"), free.stderr)
        XCTAssertTrue(free.stdout.isEmpty)
        for args in [["--circle", "c-1", "-o", out("e.pdf")], ["-o", out("e.csv")], ["--benchmarks", benchmarks]] {
            let plus = try ReportBinary.run(["care", "expenses", expenses, "--tier", "plus"] + args)
            XCTAssertEqual(plus.status, 3, args.joined(separator: " "))
            XCTAssertTrue(plus.stderr.contains("family"), plus.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "nothing written")
    }

    func testPlusPrintsTotalsAsTextAndJSON() throws {
        let text = try ReportBinary.run(["care", "expenses", expenses, "--tier", "plus", "--from", "2026-01-01", "--to", "2026-01-31"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdoutText.contains("This is not financial advice. Consult a professional."))
        XCTAssertTrue(text.stdoutText.contains("2026-01 · Medical: 10.00 EUR (1)"), text.stdoutText)
        XCTAssertTrue(text.stdoutText.contains("2026-01 · Medical: 35000 KRW (1)"), text.stdoutText)
        XCTAssertFalse(text.stdoutText.contains("2026-02"), "--to is the end")
        let c1 = try XCTUnwrap(text.stdoutText.range(of: "Care circle c-1 · patient p-1\n"))
        let c2 = try XCTUnwrap(text.stdoutText.range(of: "Care circle c-2 · patient p-2\n"))
        XCTAssertFalse(text.stdoutText[c1.upperBound..<c2.lowerBound].contains("KRW"), "each circle's own totals")
        let both = try ReportBinary.run(["care", "expenses", expenses, "--tier", "plus", "--json"])
        let circles = try XCTUnwrap((JSONSerialization.jsonObject(with: both.stdout) as? [String: Any])?["circles"] as? [[String: Any]])
        XCTAssertEqual(circles.compactMap { $0["circleId"] as? String }, ["c-1", "c-2"])
        let json = try ReportBinary.run(["care", "expenses", expenses, "--tier", "plus", "--json", "--circle", "c-1",
                                         "--from", "2026-01-05", "--to", "2026-01-05"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        XCTAssertEqual(object["circleId"] as? String, "c-1")
        XCTAssertEqual(object["from"] as? String, "2026-01-05")
        XCTAssertEqual(object["source"] as? String, "expenses.csv")
        XCTAssertNil(object["projections"], "projections are family content")
        let years = try XCTUnwrap(object["byYear"] as? [[String: Any]])
        XCTAssertEqual(years.count, 1)
        XCTAssertEqual(years.first?["amount"] as? String, "10.00", "both ends inclusive: the one expense of 2026-01-05")
    }

    func testFamilyWritesThePDFAndCSV() throws {
        let env = ["SOURCE_DATE_EPOCH": "1776254400"]
        for name in ["e.pdf", "e.csv", "again.pdf"] {
            let r = try ReportBinary.run(["care", "expenses", expenses, "--tier", "family", "--circle", "c-1", "--benchmarks", benchmarks,
                                          "--from", "2026-01-01", "--to", "2026-03-31", "-o", out(name)], environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: out(name))[.posixPermissions] as? Int, 0o600)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out("e.pdf"))), try Data(contentsOf: URL(fileURLWithPath: out("again.pdf"))))
        let csv = try String(contentsOfFile: out("e.csv"), encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("id,circle_id,patient_id,date,category,description,amount,currency,paid_by,reimbursable,receipt\r\n"))
        XCTAssertEqual(csv.components(separatedBy: "\r\n").count, 24, "a header, circle c-1's 22 expenses and the final line end")
        XCTAssertFalse(csv.contains(",c-2,"))
        let pdftotext = try ReportBinary.require("pdftotext")
        let text = try ReportBinary.runTool(pdftotext, ["-layout", out("e.pdf"), "-"]).stdoutText
        let pages = text.components(separatedBy: "\u{0C}").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        XCTAssertGreaterThan(pages.count, 1)
        for (i, page) in pages.enumerated() {
            XCTAssertTrue(page.contains("This is not financial advice. Consult a professional."))
            if i == 0 {
                // Page 1 says whom it is for and the data source under its title, as text.
                XCTAssertTrue(page.contains("Care circle c-1 · patient p-1") && page.contains("Data: expenses.csv · 1 Jan 2026 to 31 Mar 2026"), page)
            } else {
                XCTAssertTrue(page.contains("Care circle c-1 · patient p-1 · Data: expenses.csv · 1 Jan 2026 to 31 Mar 2026"), page)
            }
            XCTAssertFalse(page.contains("KRW") || page.contains("Ji-woo"), "nothing of circle c-2")
        }
        XCTAssertTrue(text.contains("Projections are estimates based on current patterns and local averages."))
        XCTAssertTrue(text.contains("Synthetic sample figures (not real data), 31 Jan"))
        let several = try ReportBinary.run(["care", "expenses", expenses, "--tier", "family", "-o", out("both.pdf")])
        XCTAssertEqual(several.status, 2, several.stderr)
        XCTAssertTrue(several.stderr.contains("(c-1, c-2)"), several.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out("both.pdf")))
    }

    func testBadInputIsLocatedAndWritesNothing() throws {
        let bad = try write("bad.csv", "id,circle_id,patient_id,date,category,description,amount,currency\ne1,c,p,2026-01-01,MEDICAL,x,-5,EUR\n")
        let r = try ReportBinary.run(["care", "expenses", bad, "--tier", "family", "-o", out("e.pdf")])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("bad.csv:2:7: error: amount must be an amount above 0"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out("e.pdf")))
        let bench = try write("b.json", "[{\"category\": \"MEDICAL\", \"monthlyAmount\": \"12\", \"currency\": \"EUR\", \"source\": \"s\"}]")
        let b = try ReportBinary.run(["care", "expenses", expenses, "--tier", "family", "--benchmarks", bench])
        XCTAssertEqual(b.status, 1)
        XCTAssertTrue(b.stderr.contains("b.json:1:2: error: asOf is required"), b.stderr)
    }

    func testUsageErrors() throws {
        for args in [["--from", "2026-02-01", "--to", "2026-01-01"], ["-o", out("e.txt")], ["--json", "-o", out("e.csv")]] {
            let r = try ReportBinary.run(["care", "expenses", expenses, "--tier", "family"] + args)
            XCTAssertEqual(r.status, 2, args.joined(separator: " "))
        }
    }
}
