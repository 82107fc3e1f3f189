import Foundation
import TestSupport
import XCTest

/// Valid exports with pathological text (a 16,000-character medication name without spaces, a
/// 3,000-character weather condition, 600 medications on one episode) give a PDF quickly: the
/// cells are cut with "…" to what a page holds.
final class PathologicalTextTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try TestPaths.temporaryDirectory("report-patho")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// An export with a normal episode and `episode` (extra JSON members of a log) between others.
    func export(_ name: String, _ episode: String) throws -> URL {
        let url = dir.appendingPathComponent(name)
        let logs = [
            #"{"id": "before", "onsetAt": "2026-03-01T08:00:00+01:00", "severity": 2}"#,
            #"{"id": "hostile", "onsetAt": "2026-03-02T09:30:00+01:00", "severity": 4, \#(episode)}"#,
            #"{"id": "after", "onsetAt": "2026-03-03T10:00:00+01:00", "severity": 3}"#,
        ]
        try (#"{"schemaVersion": 1, "logs": ["# + logs.joined(separator: ",\n") + "]}")
            .write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Runs the summary on `input`; returns the PDF's text.
    func summary(_ input: URL) throws -> String {
        let pdftotext = try ReportBinary.require("pdftotext")
        let out = dir.appendingPathComponent(input.deletingPathExtension().lastPathComponent + ".pdf")
        let started = Date()
        let r = try ReportBinary.run(["headache", "summary", input.path, "-o", out.path, "--as-of", "2026-03-31"])
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertLessThan(seconds, 30, "was quadratic: about a minute for 16,000 characters")
        let pdf = try Data(contentsOf: out)
        XCTAssertEqual(pdf.prefix(5), Data("%PDF-".utf8))
        let text = try ReportBinary.runTool(pdftotext, ["-layout", out.path, "-"])
        XCTAssertEqual(text.status, 0)
        return text.stdoutText
    }

    func assertRows(_ text: String, cut prefix: String) {
        for date in ["1 Mar 2026", "2 Mar 2026", "3 Mar 2026"] { XCTAssertTrue(text.contains(date), date) }
        XCTAssertTrue(text.split(separator: "\n").contains { $0.contains(prefix) && $0.hasSuffix("…") },
                      "the cut cell ends with …")
    }

    func testSixteenThousandCharacterMedicationName() throws {
        let name = String(repeating: "Z", count: 16_000)
        let text = try summary(try export("name.json", #""retrospective": {"medications": [{"name": "\#(name)"}]}"#))
        assertRows(text, cut: "ZZZZ")
    }

    func testThreeThousandCharacterWeatherCondition() throws {
        let condition = String(repeating: "Q", count: 3_000)
        let text = try summary(try export("condition.json", #""weather": {"condition": "\#(condition)"}"#))
        assertRows(text, cut: "QQQQ")
    }

    func testSixHundredMedications() throws {
        let meds = (1...600).map { #"{"name": "Med\#($0)"}"# }.joined(separator: ", ")
        let text = try summary(try export("meds.json", #""retrospective": {"medications": [\#(meds)]}"#))
        assertRows(text, cut: "Med")
    }
}
