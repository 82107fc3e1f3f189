import Foundation
import TestSupport
import XCTest

/// Runs the built `report care patterns --pdf` as a family preparing a meeting would.
final class CarePatternsPDFCommandTests: XCTestCase {
    var dir: URL!
    var db: String { dir.appendingPathComponent("care.sqlite").path }
    var pdf: String { dir.appendingPathComponent("meeting.pdf").path }

    override func setUpWithError() throws {
        dir = try TestPaths.temporaryDirectory("care-patterns-pdf-e2e")
        let handoffs = ["handoffs-p1.json", "handoffs-p2.csv"].map { TestPaths.samples.appendingPathComponent("care/" + $0).path }
        XCTAssertEqual(try ReportBinary.run(["care", "ingest"] + handoffs + ["--db", db]).status, 0)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func pages(_ path: String) throws -> [String] {
        let pdftotext = try ReportBinary.require("pdftotext")
        let text = try ReportBinary.runTool(pdftotext, ["-layout", path, "-"]).stdoutText
        return text.components(separatedBy: "\u{0C}").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    func testWritesOnePatientsPDFAndPrintsTheSummaryLine() throws {
        let r = try ReportBinary.run(["care", "patterns", "--db", db, "--tier", "plus", "--as-of", "2026-04-15", "--patient", "p-1", "--pdf", pdf])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdoutText, "", "the PDF is the output; --text or --json print as well")
        XCTAssertTrue(r.stderr.contains("report: info: care patterns as of 2026-04-15: 1 patient, 13 insights, 13 new today\n"), r.stderr)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: pdf)[.posixPermissions] as? Int, 0o600)
        let pages = try pages(pdf)
        XCTAssertGreaterThan(pages.count, 1)
        for page in pages {
            XCTAssertTrue(page.contains("This is an observation from your handoffs, not a medical assessment."))
            XCTAssertTrue(page.contains("Care circle c-1 · patient p-1"), "every page names whom it is for")
            XCTAssertFalse(page.contains("p-2") || page.contains("c-2"), "one family's notes only")
        }
        let text = pages.joined(separator: "\n")
        XCTAssertTrue(text.contains("Questions you may want to ask at the next appointment"))
        XCTAssertTrue(text.contains("Swelling was mentioned for the first time on 12 April."))
        XCTAssertTrue(text.contains("12 Apr 2026 · Mei"))
        XCTAssertFalse(text.contains("h1-0"), "no handoff ids")
        XCTAssertNil(text.range(of: #"\d{4}-\d{2}-\d{2}"#, options: .regularExpression), "dates as 9 Apr 2026")
    }

    func testTheRecipientsNameOnEveryPage() throws {
        let r = try ReportBinary.run(["care", "patterns", "--db", db, "--tier", "family", "--as-of", "2026-04-15", "--patient", "p-1",
                                      "--recipient-name", "Oma Helga", "--pdf", pdf])
        XCTAssertEqual(r.status, 0, r.stderr)
        for page in try pages(pdf) { XCTAssertTrue(page.contains("Care recipient: Oma Helga"), page) }
    }

    func testSameDateSameBytesAndJSONStillPrinted() throws {
        let second = dir.appendingPathComponent("again.pdf").path
        for out in [pdf, second] {
            let r = try ReportBinary.run(["care", "patterns", "--db", db, "--tier", "family", "--as-of", "2026-04-15", "--json",
                                          "--patient", "p-2", "--pdf", out])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdoutText.hasPrefix("{"), "--json still prints the contract")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pdf)), try Data(contentsOf: URL(fileURLWithPath: second)))
    }

    func testFreeIsRefusedAndTheStoreIsNotTheOutput() throws {
        let free = try ReportBinary.run(["care", "patterns", "--db", db, "--tier", "free", "--pdf", pdf])
        XCTAssertEqual(free.status, 3)
        XCTAssertTrue(free.stderr.contains("plus"), free.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf))
        XCTAssertEqual(try ReportBinary.run(["care", "patterns", "--db", db, "--tier", "plus", "--patient", "p-1", "--pdf", db]).status, 2)
    }

    func testAMissingStoreIsExit4AndIsNotCreated() throws {
        let missing = dir.appendingPathComponent("missing.sqlite").path
        for args in [["patterns", "--tier", "plus", "--pdf", pdf], ["dismiss", "0000"], ["check"]] {
            let r = try ReportBinary.run(["care"] + args + ["--db", missing])
            XCTAssertEqual(r.status, 4, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains("no store at"), r.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf))
    }
}

/// `report benchmark` measures the care commands on generated handoffs.
final class CareBenchmarkCommandTests: XCTestCase {
    func testBenchmarkMeasuresCareIngestAndPatterns() throws {
        let work = try TestPaths.temporaryDirectory("care-benchmark")
        defer { try? FileManager.default.removeItem(at: work) }
        let r = try ReportBinary.run(["benchmark", "--sizes", "10", "--runs", "1", "--clinical-episodes", "0", "--insights-episodes", "0",
                                      "--care-handoffs", "500", "--care-patients", "5", "--care-patient-handoffs", "800",
                                      "--batch-users", "0", "--work", work.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdoutText.contains("care ingest: 500 handoffs for 5 patients"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("care patterns: 5 patients as JSON"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("care patterns --patient: one of 5 patients in a store of 800 handoffs"), r.stdoutText)
        let patient = try ReportBinary.run(["care", "check", "--db", work.appendingPathComponent("care_patient.sqlite").path])
        XCTAssertTrue(patient.stdoutText.contains("handoffs: 800\npatients: 5\n"), patient.stdoutText)
        let check = try ReportBinary.run(["care", "check", "--db", work.appendingPathComponent("care.sqlite").path])
        XCTAssertTrue(check.stdoutText.contains("handoffs: 500\npatients: 5\n"), check.stdoutText)
        XCTAssertEqual(try ReportBinary.run(["benchmark", "--care-handoffs", "-1"]).status, 2)
    }
}
