import Foundation
import Synchronization
import TestSupport
import XCTest

/// Runs the built `report care` commands as a daily cron job and the family would.
final class CareCommandTests: XCTestCase {
    var dir: URL!
    var db: String { dir.appendingPathComponent("care.sqlite").path }

    override func setUpWithError() throws { dir = try TestPaths.temporaryDirectory("care-e2e") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func sample(_ name: String) -> String { TestPaths.samples.appendingPathComponent("care/" + name).path }
    var samples: [String] { ["handoffs-p1.json", "handoffs-p2.csv", "expenses.csv", "providers.json"].map(sample) }

    func checkLines() throws -> [String] {
        let r = try ReportBinary.run(["care", "check", "--db", db])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdoutText.split(separator: "\n").map(String.init)
    }

    func testIngestCheckPatternsAndDismiss() throws {
        let ingest = try ReportBinary.run(["care", "ingest"] + samples + ["--db", db])
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        let counts = try checkLines()
        XCTAssertEqual(Array(counts.prefix(5)), ["integrity: ok", "schema version: 2", "handoffs: 113", "patients: 2", "expenses: 36"])
        XCTAssertEqual(try ReportBinary.run(["care", "ingest"] + samples + ["--db", db]).status, 0)
        XCTAssertEqual(try checkLines(), counts, "re-ingesting changes nothing")

        let args = ["care", "patterns", "--db", db, "--tier", "family", "--as-of", "2026-04-15", "--json"]
        let r = try ReportBinary.run(args)
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual(json["disclaimer"] as? String, "This is an observation from your handoffs, not a medical assessment.")
        let patients = try XCTUnwrap(json["patients"] as? [[String: Any]])
        XCTAssertEqual(patients.map { $0["patientId"] as? String }, ["p-1", "p-2"])
        XCTAssertEqual(patients.map { $0["circleId"] as? String }, ["c-1", "c-2"], "grouped by circle and patient")
        let insights = try XCTUnwrap(patients[0]["insights"] as? [[String: Any]])
        XCTAssertEqual(Set(insights.compactMap { $0["type"] as? String }), ["FREQUENCY", "TREND", "CORRELATION", "NEW", "ABSENCE"])
        let swelling = try XCTUnwrap(insights.first { $0["type"] as? String == "NEW" && $0["key"] as? String == "swelling" })
        XCTAssertEqual(swelling["text"] as? String, "Swelling was mentioned for the first time on 12 April.")
        XCTAssertEqual(swelling["firstMentioned"] as? String, "2026-04-12")
        XCTAssertEqual(swelling["from"] as? String, "2026-04-09")
        XCTAssertEqual(swelling["firstSurfaced"] as? String, "2026-04-15")
        XCTAssertTrue(swelling["previousCount"] is NSNull)
        let source = try XCTUnwrap((swelling["sources"] as? [[String: Any]])?.first)
        XCTAssertEqual(source.keys.sorted(), ["authorId", "authorName", "date", "handoffId"])

        let stored = try checkLines()
        XCTAssertEqual(try ReportBinary.run(args).stdout, r.stdout, "same date, same output")
        XCTAssertEqual(try checkLines(), stored, "running twice for one date stores nothing new")

        // Without a terminal, as under cron: the text on standard output all the same, the one-line
        // summary on standard error, even with --quiet.
        let cron = try ReportBinary.run(["care", "patterns", "--db", db, "--tier", "plus", "--as-of", "2026-04-16", "--quiet"])
        XCTAssertEqual(cron.status, 0, cron.stderr)
        XCTAssertTrue(cron.stdoutText.hasPrefix("Care patterns as of 2026-04-16\nThis is an observation"), cron.stdoutText)
        XCTAssertTrue(cron.stdoutText.contains("Care circle c-1 · patient p-1\n") && cron.stdoutText.contains("Care circle c-2 · patient p-2\n"))
        XCTAssertTrue(cron.stdoutText.contains("Dizziness was mentioned in"), "every insight, not a summary")
        XCTAssertEqual(cron.stderr.split(separator: "\n").count, 1, cron.stderr)
        XCTAssertTrue(cron.stderr.hasPrefix("report: info: care patterns as of 2026-04-16: 2 patients,"), cron.stderr)

        let id = try XCTUnwrap(swelling["id"] as? String)
        XCTAssertEqual(try ReportBinary.run(["care", "dismiss", id, "--db", db, "--as-of", "2026-04-16"]).status, 0)
        let after = try ReportBinary.run(["care", "patterns", "--db", db, "--tier", "plus", "--as-of", "2026-04-17", "--patient", "p-1", "--json"])
        XCTAssertFalse(after.stdoutText.contains("\"swelling\""), "dismissed")
        let unknown = try ReportBinary.run(["care", "dismiss", "0000", "--db", db])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("no insight with that id"), unknown.stderr)
    }

    /// A dry run prints what a run would show — first-shown dates and "new" included — and leaves
    /// the store as it was, byte for byte: no file written, none created.
    func testADryRunLeavesTheStoreUnchanged() throws {
        XCTAssertEqual(try ReportBinary.run(["care", "ingest"] + samples + ["--db", db]).status, 0)
        XCTAssertEqual(try ReportBinary.run(["care", "patterns", "--db", db, "--tier", "plus", "--as-of", "2026-04-14", "--json"]).status, 0)
        func files() throws -> [String: Data] { try FolderSnapshot.files(dir) }
        let before = try files()
        let pdf = dir.appendingPathComponent("look.pdf").path
        let dry = try ReportBinary.run(["care", "patterns", "--db", db, "--tier", "plus", "--as-of", "2026-04-15", "--json", "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stderr.contains("(dry run, nothing recorded)"), dry.stderr)
        let dryPDF = try ReportBinary.run(["care", "patterns", "--db", db, "--tier", "plus", "--as-of", "2026-04-15", "--patient", "p-1",
                                           "--dry-run", "--pdf", pdf])
        XCTAssertEqual(dryPDF.status, 0, dryPDF.stderr)
        try FileManager.default.removeItem(atPath: pdf)
        XCTAssertEqual(try files(), before, "the store is unchanged, byte for byte")
        let real = try ReportBinary.run(["care", "patterns", "--db", db, "--tier", "plus", "--as-of", "2026-04-15", "--json"])
        XCTAssertEqual(real.stdoutText, dry.stdoutText, "the dry run showed what the run records")
        XCTAssertNotEqual(try files()["care.sqlite"], before["care.sqlite"], "the real run records")
        let missing = try ReportBinary.run(["care", "patterns", "--db", dir.appendingPathComponent("none.sqlite").path, "--tier", "plus", "--dry-run"])
        XCTAssertEqual(missing.status, 4)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("none.sqlite").path))
    }

    /// The PDF is about one patient: without --patient the store's two are a usage error listing
    /// them (ids only); --circle or --patient picks one; an unknown one is exit 1.
    func testThePDFIsAboutOnePatient() throws {
        XCTAssertEqual(try ReportBinary.run(["care", "ingest"] + samples + ["--db", db]).status, 0)
        let pdf = dir.appendingPathComponent("m.pdf").path
        let base = ["care", "patterns", "--db", db, "--tier", "family", "--as-of", "2026-04-15"]
        let several = try ReportBinary.run(base + ["--pdf", pdf])
        XCTAssertEqual(several.status, 2, several.stderr)
        XCTAssertTrue(several.stderr.contains("p-1 (care circle c-1), p-2 (care circle c-2)") && several.stderr.contains("--patient"), several.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf))
        XCTAssertTrue(try checkLines().contains("surfaced: 0"), "nothing stored before the choice")
        let named = try ReportBinary.run(base + ["--recipient-name", "Rose"])
        XCTAssertEqual(named.status, 2, "a name is one recipient's, too")
        let byCircle = try ReportBinary.run(base + ["--circle", "c-2", "--pdf", pdf, "--json"])
        XCTAssertEqual(byCircle.status, 0, byCircle.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: byCircle.stdout) as? [String: Any])
        XCTAssertEqual((json["patients"] as? [[String: Any]])?.compactMap { $0["patientId"] as? String }, ["p-2"])
        for args in [["--patient", "p-9"], ["--circle", "c-9"], ["--circle", "c-1", "--patient", "p-2"]] {
            let unknown = try ReportBinary.run(base + args + ["--pdf", pdf])
            XCTAssertEqual(unknown.status, 1, args.joined(separator: " "))
            XCTAssertTrue(unknown.stderr.contains("has no handoffs"), unknown.stderr)
        }
    }

    func testFreeTierIsRefusedNamingPlus() throws {
        let r = try ReportBinary.run(["care", "patterns", "--db", db, "--tier", "free"])
        XCTAssertEqual(r.status, 3)
        XCTAssertTrue(r.stderr.contains("plus"), r.stderr)
    }

    func testNothingIsCommittedFromARunWithAnError() throws {
        XCTAssertEqual(try ReportBinary.run(["care", "ingest", sample("providers.json"), "--db", db]).status, 0)
        let before = try checkLines()
        let bad = dir.appendingPathComponent("bad.csv")
        try Data("id,circle_id,patient_id,author_id,created_at,type\nh1,c,p,u,2026-03-01,CALL\n".utf8).write(to: bad)
        let r = try ReportBinary.run(["care", "ingest", sample("handoffs-p1.json"), bad.path, "--db", db])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("bad.csv:2:5: error:"), r.stderr)
        XCTAssertEqual(try checkLines(), before)
    }

    /// A big handoffs file, so that an ingest takes long enough to be interrupted.
    func bigHandoffs(_ name: String, count: Int, prefix: String) throws -> String {
        var text = "id,circle_id,patient_id,author_id,author_name,created_at,type,summary,symptoms\n"
        for i in 0..<count {
            text += "\(prefix)\(i),c,p-\(i % 500),u-\(i % 7),Sam,2026-03-\(10 + i % 18)T10:00:00+01:00,VISIT,Visit number \(i) went well,dizzy;nausea\n"
        }
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testConcurrentIngestsBothSucceed() throws {
        let a = try bigHandoffs("a.csv", count: 20_000, prefix: "a"), b = try bigHandoffs("b.csv", count: 20_000, prefix: "b")
        let group = DispatchGroup()
        let statuses = StatusBox(), db = db
        for file in [a, b] {
            DispatchQueue.global().async(group: group) {
                let r = try? ReportBinary.run(["care", "ingest", file, "--db", db])
                statuses.append(r?.status ?? -1, r?.stderr ?? "")
            }
        }
        group.wait()
        XCTAssertEqual(statuses.values.map(\.0), [0, 0], statuses.values.map(\.1).joined())
        XCTAssertTrue(try checkLines().contains("handoffs: 40000"))
    }

    /// Two first ingests into a store that does not exist yet, at once, a dozen times: both
    /// succeed every time. Turning the new store to write-ahead logging while the other process
    /// has it open made SQLite answer "database is locked" at once, without waiting for the busy
    /// timeout (1 time in 5 to 20 before `executeWaitingWhileBusy`).
    func testConcurrentFirstIngestsIntoANewStoreBothSucceed() throws {
        for round in 0..<12 {
            let store = dir.appendingPathComponent("new-\(round).sqlite").path
            let group = DispatchGroup()
            let statuses = StatusBox()
            for file in [sample("handoffs-p1.json"), sample("handoffs-p2.csv")] {
                DispatchQueue.global().async(group: group) {
                    let r = try? ReportBinary.run(["care", "ingest", file, "--db", store])
                    statuses.append(r?.status ?? -1, r?.stderr ?? "")
                }
            }
            group.wait()
            XCTAssertEqual(statuses.values.map(\.0), [0, 0], "round \(round): " + statuses.values.map(\.1).joined())
        }
    }

    func testKillingAnIngestLeavesTheStoreAsBefore() throws {
        XCTAssertEqual(try ReportBinary.run(["care", "ingest", sample("handoffs-p1.json"), "--db", db]).status, 0)
        let before = try checkLines()
        let big = try bigHandoffs("big.csv", count: 150_000, prefix: "k")
        let process = ReportBinary.process(["care", "ingest", big, "--db", db])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let wal = db + "-wal"
        let deadline = Date().addingTimeInterval(60)
        var killedMidway = false
        while process.isRunning && Date() < deadline {
            let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
            if size > 2_000_000 { kill(process.processIdentifier, SIGKILL); killedMidway = true; break }
            usleep(2_000)
        }
        process.waitUntilExit()
        XCTAssertTrue(killedMidway, "the ingest finished before it could be interrupted")
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(try checkLines(), before, "integrity ok and counts unchanged")
    }
}

/// Results written by two threads.
final class StatusBox: Sendable {
    private let results = Mutex<[(Int32, String)]>([])
    var values: [(Int32, String)] { results.withLock { $0 } }
    func append(_ status: Int32, _ stderr: String) { results.withLock { $0.append((status, stderr)) } }
}

extension CareCommandTests {
    func testSkipInvalidStoresTheValidRecordsAndSaysHowManyWereSkipped() throws {
        let file = dir.appendingPathComponent("handoffs.csv")
        try Data("id,circle_id,patient_id,author_id,created_at,type,symptoms\nh1,c,p,u,2026-03-01T10:00:00Z,CALL,Dizzy\nh2,c,p,u,2026-03-01,CALL,\n".utf8)
            .write(to: file)
        let r = try ReportBinary.run(["care", "ingest", file.path, "--db", db, "--skip-invalid"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("handoffs.csv:3:5: warning:") && r.stderr.contains("skipped 1 invalid record"), r.stderr)
        XCTAssertTrue(try checkLines().contains("handoffs: 1"))
    }
}
