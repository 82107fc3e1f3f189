import Foundation
import TestSupport
import XCTest

/// Runs the built `report care directory` as a family would: the listing, the tier refusals and
/// every export format.
final class CareDirectoryCommandTests: XCTestCase {
    var dir: URL!
    var providers: String { TestPaths.samples.appendingPathComponent("care/providers.json").path }

    override func setUpWithError() throws { dir = try TestPaths.temporaryDirectory("care-directory-e2e") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func out(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func testFreePrintsTheListingAndRefusesEveryExport() throws {
        let r = try ReportBinary.run(["care", "directory", providers, "--tier", "free"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdoutText.contains("Dr. Anna Weber · Praxis am Park"), r.stdoutText)
        let c1 = try XCTUnwrap(r.stdoutText.range(of: "Care circle c-1\n")), c2 = try XCTUnwrap(r.stdoutText.range(of: "Care circle c-2\n"))
        XCTAssertLessThan(c1.lowerBound, c2.lowerBound, "grouped by circle")
        XCTAssertTrue(r.stdoutText[c2.upperBound...].contains("Nurse Kim") && !r.stdoutText[..<c2.lowerBound].contains("Nurse Kim"))
        XCTAssertFalse(r.stdoutText.contains("Prefers morning"), "notes are family content")
        for name in ["d.pdf", "d.csv", "d.vcf"] {
            let refused = try ReportBinary.run(["care", "directory", providers, "--tier", "free", "-o", out(name)])
            XCTAssertEqual(refused.status, 3, name)
            XCTAssertTrue(refused.stderr.contains("plus"), refused.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out(name)))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "nothing written")
    }

    func testUnknownExtensionIsAUsageError() throws {
        let r = try ReportBinary.run(["care", "directory", providers, "--tier", "plus", "-o", out("d.txt")])
        XCTAssertEqual(r.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out("d.txt")))
    }

    /// An export is about one circle: the sample's two are a usage error listing them; --circle
    /// picks one; a circle the input does not hold is exit 1.
    func testAnExportIsAboutOneCircle() throws {
        let several = try ReportBinary.run(["care", "directory", providers, "--tier", "plus", "-o", out("d.pdf")])
        XCTAssertEqual(several.status, 2, several.stderr)
        XCTAssertTrue(several.stderr.contains("(c-1, c-2)") && several.stderr.contains("--circle"), several.stderr)
        let unknown = try ReportBinary.run(["care", "directory", providers, "--tier", "plus", "--circle", "c-9", "-o", out("d.pdf")])
        XCTAssertEqual(unknown.status, 1, unknown.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "nothing written")
        let c2 = try ReportBinary.run(["care", "directory", providers, "--tier", "family", "--circle", "c-2", "--recipient-name", "Soon-ja",
                                       "-o", out("c2.pdf")])
        XCTAssertEqual(c2.status, 0, c2.stderr)
        XCTAssertTrue(c2.stderr.contains("2 providers"), c2.stderr)
        let pdftotext = try ReportBinary.require("pdftotext")
        let text = try ReportBinary.runTool(pdftotext, ["-layout", out("c2.pdf"), "-"]).stdoutText
        XCTAssertTrue(text.contains("Care recipient: Soon-ja") && text.contains("St. Mary's Hospital"), text)
        XCTAssertFalse(text.contains("Anna Weber") || text.contains("Green Cross"), "nothing of circle c-1")
        XCTAssertTrue(text.contains("3 of 5"), "the rating with its scale")
    }

    func testPlusExportsPDFAndCSVWithoutFamilyContent() throws {
        for name in ["d.pdf", "d.csv", "d.vcf"] {
            let r = try ReportBinary.run(["care", "directory", providers, "--tier", "plus", "--circle", "c-1", "-o", out(name)])
            XCTAssertEqual(r.status, 0, r.stderr)
            let mode = try FileManager.default.attributesOfItem(atPath: out(name))[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600, name)
        }
        let csv = try String(contentsOfFile: out("d.csv"), encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("id,circle_id,name,role,organization,phone,email,address,last_visit\r\n"))
        XCTAssertTrue(csv.contains("pr-1,c-1,Dr. Anna Weber,Primary care,Praxis am Park,'+49 30 1234567"), csv)
        XCTAssertFalse(csv.contains("Prefers morning"))
        XCTAssertFalse(csv.contains("c-2"), "circle c-1 only")
        let vcf = try String(contentsOfFile: out("d.vcf"), encoding: .utf8)
        XCTAssertEqual(vcf.components(separatedBy: "BEGIN:VCARD\r\n").count, 4)
        XCTAssertFalse(vcf.contains("NOTE"))
        let pdftotext = try ReportBinary.require("pdftotext")
        let text = try ReportBinary.runTool(pdftotext, ["-layout", out("d.pdf"), "-"]).stdoutText
        for s in ["Care network directory", "Care circle c-1", "Dr. Anna Weber", "Green Cross", "Cardiology", "Generated by CuraKnot", "Page 1 of 1"] {
            XCTAssertTrue(text.contains(s), s)
        }
        XCTAssertFalse(text.contains("Prefers morning"))
    }

    func testFamilyAddsNotesAndRatings() throws {
        for name in ["d.pdf", "d.csv", "d.vcf"] {
            let r = try ReportBinary.run(["care", "directory", providers, "--tier", "family", "--circle", "c-1", "-o", out(name)])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        XCTAssertTrue(try String(contentsOfFile: out("d.csv"), encoding: .utf8).contains(",Prefers morning calls; bring the medication list.,5"))
        XCTAssertTrue(try String(contentsOfFile: out("d.vcf"), encoding: .utf8)
            .contains("NOTE:Prefers morning calls\\; bring the medication list.\\nRating: 5 of 5\r\n"))
        let pdftotext = try ReportBinary.require("pdftotext")
        let text = try ReportBinary.runTool(pdftotext, ["-layout", out("d.pdf"), "-"]).stdoutText
        XCTAssertTrue(text.contains("Prefers morning"), text)
        XCTAssertTrue(text.contains("Notes"))
    }

    func testSameInputSameBytesUnderSourceDateEpoch() throws {
        let env = ["SOURCE_DATE_EPOCH": "1776254400"]
        for name in ["a.pdf", "b.pdf"] {
            XCTAssertEqual(try ReportBinary.run(["care", "directory", providers, "--tier", "plus", "--circle", "c-1", "-o", out(name)],
                                                environment: env).status, 0)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out("a.pdf"))), try Data(contentsOf: URL(fileURLWithPath: out("b.pdf"))))
    }
}
