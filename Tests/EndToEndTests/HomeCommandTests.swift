import Foundation
import TestSupport
import XCTest

/// Runs the built `report home` on the sample family: the ledger in both languages read back,
/// the export, identical bytes, and the errors that write nothing.
final class HomeCommandTests: XCTestCase {
    var dir: URL!
    var tasks: String { TestPaths.samples.appendingPathComponent("home/tasks.json").path }
    func broken(_ name: String) -> String { TestPaths.samples.appendingPathComponent("home/broken/\(name)").path }
    let epoch = ["SOURCE_DATE_EPOCH": "1775044800"]

    override func setUpWithError() throws { dir = try TestPaths.temporaryDirectory("home-e2e") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func out(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func testLedgerInBothLanguages() throws {
        let pdftotext = try ReportBinary.require("pdftotext"), pdffonts = try ReportBinary.require("pdffonts")
        for (lang, expected) in [("en", ["Peanut ledger", "9 peanuts", "Respect & Boundaries", "1 peanut", "Rewards in the basket", "Page 1 of 1"]),
                                 ("nl", ["Pindaboekje", "9 pinda's", "Respect & grenzen", "1 pinda", "Beloningen in het mandje", "Pagina 1 van 1"])] {
            let r = try ReportBinary.run(["home", "ledger", tasks, "-o", out("\(lang).pdf"), "--lang", lang], environment: epoch)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stderr.contains("11 tasks, 1 page"), r.stderr)
            let mode = try FileManager.default.attributesOfItem(atPath: out("\(lang).pdf"))[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600)
            let text = try ReportBinary.runTool(pdftotext, ["-layout", out("\(lang).pdf"), "-"]).stdoutText
            for s in expected { XCTAssertTrue(text.contains(s), "\(lang): \(s)") }
            XCTAssertTrue(try ReportBinary.runTool(pdffonts, [out("\(lang).pdf")]).stdoutText.contains("Inter"))
        }
        let again = try ReportBinary.run(["home", "ledger", tasks, "-o", out("again.pdf"), "--lang", "en"], environment: epoch)
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out("again.pdf"))), try Data(contentsOf: URL(fileURLWithPath: out("en.pdf"))))
    }

    func testExportIsKeyedByIdWithTheBalance() throws {
        let r = try ReportBinary.run(["home", "export", tasks, "-o", out("e.json")])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out("e.json")))) as? [String: Any]
        XCTAssertEqual(json?["balance"] as? Int, 9)
        let docs = json?["tasks"] as? [String: [String: Any]]
        XCTAssertEqual(docs?.count, 11)
        XCTAssertEqual(docs?["t05"]?["title"] as? String, "Feed the cat")
        XCTAssertEqual(docs?["r01"]?["inBasket"] as? Bool, true)
        let mode = try FileManager.default.attributesOfItem(atPath: out("e.json"))[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
    }

    func testNegativeBalanceNamesTheRewardsAndWritesNothing() throws {
        for command in ["ledger", "export"] {
            let name = command == "ledger" ? "x.pdf" : "x.json"  // outputs are named by what they hold
            let r = try ReportBinary.run(["home", command, broken("tasks-negative-balance.json"), "-o", out(name)])
            XCTAssertEqual(r.status, 1)
            XCTAssertTrue(r.stderr.contains("tasks-negative-balance.json:4:5: error: the balance is negative (-4)"), r.stderr)
            XCTAssertTrue(r.stderr.contains("reward \"Pick the movie\" (id \"r1\") costs 5"), r.stderr)
            XCTAssertTrue(r.stderr.contains("reward \"Ice cream\" (id \"r2\") costs 1"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out(name)))
        }
        let json = try ReportBinary.run(["home", "export", broken("tasks-negative-balance.json"), "-o", out("x.json"), "--log-format", "json"])
        XCTAssertFalse(json.stderr.contains("Ice cream"), "no titles in JSON log lines")
    }

    func testInvalidTasksAreLocated() throws {
        let r = try ReportBinary.run(["home", "ledger", broken("tasks-broken.csv"), "-o", out("x.pdf")])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("tasks-broken.csv:2:2: error: kind must be one of rule, chore, reward; found \"task\""), r.stderr)
        XCTAssertTrue(r.stderr.contains("tasks-broken.csv:4:5: error: category must be one of security, respect, fun"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try ReportBinary.run(["home", "ledger", tasks, "-o", out("x.pdf"), "--lang", "de"]).status, 2)
        XCTAssertEqual(try ReportBinary.run(["home", "ledger", tasks]).status, 2, "-o is required")
        XCTAssertEqual(try ReportBinary.run(["home", "export", tasks, "-o", tasks]).status, 2, "-o naming the input")
        let readOnly = try ReportBinary.run(["home", "export", tasks, "-o", "/nonexistent-dir/e.json"])
        XCTAssertEqual(readOnly.status, 4)
    }
}
