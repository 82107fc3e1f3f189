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
        for args in [["-o", out("e.pdf")], ["-o", out("e.csv")], ["--benchmarks", benchmarks]] {
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
        XCTAssertTrue(text.stdoutText.contains("2026-01 · Medical: 128.04 EUR (1)"), text.stdoutText)
        XCTAssertFalse(text.stdoutText.contains("2026-02"), "--to is the end")
        let json = try ReportBinary.run(["care", "expenses", expenses, "--tier", "plus", "--json", "--from", "2026-01-03", "--to", "2026-01-03"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        XCTAssertEqual(object["from"] as? String, "2026-01-03")
        XCTAssertEqual(object["source"] as? String, "expenses.csv")
        XCTAssertNil(object["projections"], "projections are family content")
        let years = try XCTUnwrap(object["byYear"] as? [[String: Any]])
        XCTAssertEqual(years.count, 1)
        XCTAssertEqual(years.first?["amount"] as? String, "12.00", "both ends inclusive: the one expense of 2026-01-03")
    }

    func testFamilyWritesThePDFAndCSV() throws {
        let env = ["SOURCE_DATE_EPOCH": "1776254400"]
        for name in ["e.pdf", "e.csv", "again.pdf"] {
            let r = try ReportBinary.run(["care", "expenses", expenses, "--tier", "family", "--benchmarks", benchmarks,
                                          "--from", "2026-01-01", "--to", "2026-03-31", "-o", out(name)], environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: out(name))[.posixPermissions] as? Int, 0o600)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out("e.pdf"))), try Data(contentsOf: URL(fileURLWithPath: out("again.pdf"))))
        let csv = try String(contentsOfFile: out("e.csv"), encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("id,circle_id,patient_id,date,category,description,amount,currency,paid_by,reimbursable,receipt\r\n"))
        XCTAssertEqual(csv.components(separatedBy: "\r\n").count, 42, "a header, 40 expenses and the final line end")
        let pdftotext = try ReportBinary.require("pdftotext")
        let text = try ReportBinary.runTool(pdftotext, ["-layout", out("e.pdf"), "-"]).stdoutText
        let pages = text.components(separatedBy: "\u{0C}").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        XCTAssertGreaterThan(pages.count, 1)
        for page in pages {
            XCTAssertTrue(page.contains("This is not financial advice. Consult a professional."))
            XCTAssertTrue(page.contains("Data: expenses.csv · 2026-01-01 to 2026-03-31"))
        }
        XCTAssertTrue(text.contains("Projections are estimates based on current patterns and local averages."))
        XCTAssertTrue(text.contains("Synthetic sample figures (not real data), 2026-01-31"))
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
