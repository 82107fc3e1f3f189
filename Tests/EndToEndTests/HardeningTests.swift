import Foundation
import TestSupport
import XCTest

/// The process-level cases of the second adversarial review (issue 21), run against the built
/// binary: FIFOs with and without a writer, stores another program changed, hostile values in
/// every care text output. Every run has a deadline of its own, so a hang fails the test instead
/// of blocking CI.
final class HardeningTests: XCTestCase {
    var dir: URL!
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
    func sample(_ name: String) -> String { TestPaths.samples.appendingPathComponent("care/" + name).path }

    override func setUpWithError() throws { dir = try TestPaths.temporaryDirectory("hardening") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// What a run printed and its exit status.
    struct Ran {
        var status: Int32
        var stdout: Data
        var stderr: String
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    struct TimedOut: Error, CustomStringConvertible {
        var arguments: [String]
        var description: String { "report \(arguments.joined(separator: " ")) did not end within its deadline" }
    }

    /// Runs `report` with `arguments`, killing it (and failing) when it has not ended after
    /// `seconds`; `stdin` is written and closed.
    func run(_ arguments: [String], stdin: Data? = nil, seconds: Double = 60) throws -> Ran {
        let child = ReportBinary.process(arguments)
        let out = Pipe(), err = Pipe(), inp = Pipe()
        child.standardOutput = out
        child.standardError = err
        child.standardInput = inp
        try child.run()
        let outData = Box(), errData = Box()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { outData.set(out.fileHandleForReading.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: group) { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        if let stdin { try? inp.fileHandleForWriting.write(contentsOf: stdin) }
        try? inp.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(seconds)
        while child.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if child.isRunning {
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            throw TimedOut(arguments: arguments)
        }
        group.wait()
        return Ran(status: child.terminationStatus, stdout: outData.value, stderr: String(decoding: errData.value, as: UTF8.self))
    }

    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
        var value: Data { lock.lock(); defer { lock.unlock() }; return data }
    }

    // MARK: FIFOs given to care ingest (item 3)

    /// No process ever opens the FIFO for writing: the documented time-out (10 s), exit 1, nothing
    /// stored — not a wait without end in the kind detection.
    func testAFIFOWithoutAWriterTimesOutWithoutKind() throws {
        let fifo = path("handoffs.json")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let started = Date()
        let r = try run(["care", "ingest", fifo, "--db", path("care.sqlite")], seconds: 40)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "report: error: cannot read \(fifo): no process opened the FIFO for writing within 10000 ms\n")
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("care.sqlite")), "nothing stored, no store made")
    }

    /// A writer that comes after a while and writes slowly: every record is read once, the kind
    /// told from the same bytes (nothing is lost to the detection), with and without `--kind`.
    func testAFIFOWithAWriterIsReadOnceAndWhole() throws {
        let handoffs = try Data(contentsOf: URL(fileURLWithPath: sample("handoffs-p1.json")))
        for extra in [[], ["--kind", "handoffs"]] {
            let fifo = path("in-\(extra.count).json")
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            let writer = Thread {
                Thread.sleep(forTimeInterval: 0.5)
                let fd = open(fifo, O_WRONLY)
                guard fd >= 0 else { return }
                // In two pieces, the second after a pause: the reader waits for the end.
                let half = handoffs.count / 2
                for piece in [handoffs.prefix(half), handoffs.dropFirst(half)] {
                    _ = piece.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    Thread.sleep(forTimeInterval: 0.3)
                }
                close(fd)
            }
            writer.start()
            let r = try run(["care", "ingest", fifo, "--db", path("care-\(extra.count).sqlite")] + extra, seconds: 40)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stdoutText, "stored 52 handoffs, 0 expenses, 0 providers in \(path("care-\(extra.count).sqlite"))\n")
        }
    }

    /// Standard input needs no `--kind` any more: it is read once and told like a file.
    func testStandardInputIsToldByItsStructure() throws {
        let expenses = try Data(contentsOf: URL(fileURLWithPath: sample("expenses.csv")))
        let r = try run(["care", "ingest", "-", "--db", path("care.sqlite")], stdin: expenses)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdoutText, "stored 0 handoffs, 36 expenses, 0 providers in \(path("care.sqlite"))\n")
        let handoffs = try Data(contentsOf: URL(fileURLWithPath: sample("handoffs-p1.json")))
        let named = Data(#"{"name": "export", "#.utf8) + handoffs.drop { $0 != UInt8(ascii: "{") }.dropFirst()
        let h = try run(["care", "ingest", "-", "--db", path("care.sqlite")], stdin: named)
        XCTAssertEqual(h.status, 0, h.stderr)
        XCTAssertTrue(h.stdoutText.hasPrefix("stored 52 handoffs"), "a \"name\" key first is still a handoffs export")
    }

    /// A FIFO (or any file that is not a regular file) as the store is refused before SQLite
    /// reads it, by every store command.
    func testAFIFOAsTheStoreIsRefused() throws {
        let fifo = path("store.sqlite")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for args in [["ingest", sample("providers.json")], ["check"], ["patterns", "--tier", "plus", "--as-of", "2026-04-15"],
                     ["patterns", "--tier", "plus", "--as-of", "2026-04-15", "--dry-run"], ["dismiss", "abc"]] {
            let r = try run(["care"] + args + ["--db", fifo], seconds: 20)
            XCTAssertEqual(r.status, 4, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasSuffix("report: error: the store \(fifo) cannot be used: it is not a regular file\n"), r.stderr)
        }
    }

    // MARK: stores another program changed (item 1)

    /// The example of the review: `PRAGMA user_version` set negative by another program made
    /// check, ingest, patterns and dismiss die with an illegal instruction. Written here into the
    /// database header (offset 60, big-endian), as any program could.
    func testANegativeSchemaVersionIsExitFourForEveryCommand() throws {
        let db = path("care.sqlite")
        XCTAssertEqual(try run(["care", "ingest", sample("handoffs-p1.json"), "--db", db]).status, 0)
        for version in [Int32(-5), Int32.min, 3] {
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: db))
            try handle.seek(toOffset: 60)
            try handle.write(contentsOf: withUnsafeBytes(of: version.bigEndian) { Data($0) })
            try handle.close()
            for args in [["check"], ["ingest", sample("providers.json")], ["patterns", "--tier", "plus", "--as-of", "2026-04-15"],
                         ["patterns", "--tier", "plus", "--as-of", "2026-04-15", "--dry-run"], ["dismiss", "abc"]] {
                let r = try run(["care"] + args + ["--db", db])
                XCTAssertEqual(r.status, 4, "\(version) \(args): \(r.stderr)")
                XCTAssertFalse(r.stderr.contains("Fatal error") || r.stderr.contains("crashed"), r.stderr)
                if args == ["check"] {
                    XCTAssertTrue(r.stdoutText.hasPrefix("integrity: 1 problem found\n"), r.stdoutText)
                    XCTAssertTrue(r.stdoutText.contains("\nschema version: cannot be used\nhandoffs: 52\n"), r.stdoutText)
                    XCTAssertEqual(r.stderr, "report: error: the store failed its check\n")
                } else if version < 0 {
                    XCTAssertEqual(r.stderr, "report: error: the store \(db) cannot be used: the schema version (PRAGMA user_version) is \(version), outside 0 to 2147483647\n")
                } else {
                    XCTAssertEqual(r.stderr, "report: error: the store has schema version 3; this build knows up to 2\n")
                }
            }
        }
    }

    // MARK: values in care text outputs (item 5)

    /// An id (and a name, a symptom, a payer) carrying an OSC 52 sequence and a newline that would
    /// forge a line: every care text output shows it escaped, on its own line.
    func testEveryCareTextOutputEscapesValues() throws {
        let evil = #"x\u001b]52;c;cGF5bG9hZA==\u0007\nFORGED 2026"#
        let shown = #"x\u{1B}]52;c;cGF5bG9hZA==\u{7}\nFORGED 2026"#
        let handoffs = (0..<3).map { i in
            #"{"id": "h\#(i)\#(evil)", "circleId": "c\#(evil)", "patientId": "p\#(evil)", "authorId": "u", "authorName": "Sam\#(evil)", "#
                + #""createdAt": "2026-04-1\#(i)T10:00:00Z", "type": "VISIT", "symptoms": ["dizzy\#(evil)", "cough"]}"#
        }
        try Data(("{\"handoffs\": [" + handoffs.joined(separator: ",") + "]}").utf8).write(to: URL(fileURLWithPath: path("h.json")))
        try Data(#"{"providers": [{"id": "r\#(evil)", "circleId": "c\#(evil)", "name": "Dr\#(evil)", "role": "GP\#(evil)", "notes": "n\#(evil)", "rating": 4}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path("p.json")))
        try Data(#"{"expenses": [{"id": "e\#(evil)", "circleId": "c\#(evil)", "patientId": "p\#(evil)", "date": "2026-04-01", "category": "MEDICAL", "description": "d", "amount": "10.00", "currency": "EUR", "paidBy": "Sam\#(evil)"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path("e.json")))
        let db = path("care\u{1B}]0;title\u{07}.sqlite")
        let ingest = try run(["care", "ingest", path("h.json"), path("p.json"), path("e.json"), "--db", db])
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        XCTAssertEqual(ingest.stdoutText, "stored 3 handoffs, 1 expenses, 1 providers in \(path("care\\u{1B}]0;title\\u{7}.sqlite"))\n")
        let outputs: [(String, Ran)] = [
            ("patterns", try run(["care", "patterns", "--db", db, "--tier", "plus", "--as-of", "2026-04-15", "--text"])),
            ("directory", try run(["care", "directory", path("p.json"), "--tier", "family"])),
            ("expenses", try run(["care", "expenses", path("e.json"), "--tier", "family"])),
            ("check", try run(["care", "check", "--db", db])),
        ]
        for (name, r) in outputs {
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            for text in [r.stdoutText, r.stderr] {
                XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(name): \(text)")
                XCTAssertFalse(text.split(separator: "\n").contains { $0.hasPrefix("FORGED") }, "\(name): a forged line\n\(text)")
            }
        }
        XCTAssertTrue(outputs[0].1.stdoutText.contains("Care circle c\(shown) · patient p\(shown)\n"), outputs[0].1.stdoutText)
        // A symptom key is lower-cased with its white space collapsed; its ESC and BEL stay escaped.
        XCTAssertTrue(outputs[0].1.stdoutText.contains(#"Dizzyx\u{1B}]52;c;cgf5bg9hza==\u{7} forged 2026 was mentioned"#), outputs[0].1.stdoutText)
        XCTAssertTrue(outputs[0].1.stdoutText.contains(" Sam\(shown) "), outputs[0].1.stdoutText)
        XCTAssertTrue(outputs[1].1.stdoutText.contains("  Dr\(shown) · Rating: 4 of 5\n    n\(shown)\n"), outputs[1].1.stdoutText)
        XCTAssertTrue(outputs[2].1.stdoutText.contains("  Sam\(shown): 10.00 EUR"), outputs[2].1.stdoutText)
        // A usage error listing the ids present.
        try Data(#"{"providers": [{"id": "r1", "circleId": "c\#(evil)", "name": "A"}, {"id": "r2", "circleId": "d", "name": "B"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path("two.json")))
        let usage = try run(["care", "directory", path("two.json"), "--tier", "plus", "-o", path("d.pdf")])
        XCTAssertEqual(usage.status, 2, usage.stderr)
        XCTAssertTrue(usage.stderr.contains("(c\(shown), d)"), usage.stderr)
        XCTAssertEqual(usage.stderr.split(separator: "\n").count, 1, usage.stderr)
    }

    // MARK: linear work (item 4)

    /// The review's 24 KB file (three handoffs with 800 symptoms each) is refused where it is
    /// read, at once, naming each handoff's first symptom over the limit.
    func testTheQuadraticFileIsRefusedWhereItIsRead() throws {
        let list = (0..<800).map { "\"s\($0)\"" }.joined(separator: ",")
        let records = (0..<3).map { i in
            #"{"id": "h\#(i)", "circleId": "c-1", "patientId": "p-1", "authorId": "u-1", "createdAt": "2026-03-1\#(i)T10:00:00Z", "type": "VISIT", "symptoms": [\#(list)]}"#
        }
        try Data(("{\"handoffs\": [\n" + records.joined(separator: ",\n") + "\n]}\n").utf8).write(to: URL(fileURLWithPath: path("hostile.json")))
        let r = try run(["care", "ingest", path("hostile.json"), "--db", path("care.sqlite")], seconds: 20)
        XCTAssertEqual(r.status, 1, r.stderr)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, r.stderr)
        XCTAssertTrue(lines.prefix(3).allSatisfy { $0.hasSuffix("error: symptoms lists more than 50 symptoms, the most a handoff may list") }, r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("care.sqlite")))
    }

    // MARK: messages that must be true (item 8)

    /// 60 errors: 50 shown, "10 more errors not shown", and a closing line that counts 60.
    func testTheClosingLineCountsEveryError() throws {
        let logs = "id,onset_at,severity\n" + (0..<60).map { "e\($0),2026-01-01T10:00:00Z,9\n" }.joined()
        try Data(logs.utf8).write(to: URL(fileURLWithPath: path("logs.csv")))
        let r = try run(["headache", "summary", path("logs.csv"), "-o", path("s.pdf")])
        XCTAssertEqual(r.status, 1)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 52, r.stderr)
        XCTAssertEqual(lines.suffix(2), ["report: error: 10 more errors not shown", "report: error: 60 errors in the input; nothing was written"])
        let handoffs = "id,circle_id,patient_id,author_id,created_at,type\n" + (0..<60).map { "h\($0),c,p,u,2026-01-01T10:00:00Z,PARTY\n" }.joined()
        try Data(handoffs.utf8).write(to: URL(fileURLWithPath: path("h.csv")))
        let care = try run(["care", "ingest", path("h.csv"), "--db", path("care.sqlite"), "--max-errors", "5"])
        XCTAssertEqual(care.status, 1)
        XCTAssertTrue(care.stderr.hasSuffix("report: error: 55 more errors not shown\nreport: error: 60 errors in the input; nothing was written\n"), care.stderr)
    }

    /// A valid output name of 255 bytes (the most a file system takes) is written: its temporary's
    /// name is kept within 255 bytes too.
    func testAnOutputNameOf255BytesIsWritten() throws {
        let name = String(repeating: "n", count: 251) + ".pdf"
        let r = try run(["headache", "summary", TestPaths.samples.appendingPathComponent("aurae/logs.json").path, "-o", path(name)])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [name])
    }

    /// A CSV without its header row: one error at line 1 saying so, nothing of the row quoted.
    func testAHeaderlessCSVIsSaidToLackItsHeader() throws {
        try Data("h1,c-1,p-1,u-1,2026-03-01T10:00:00Z,VISIT,Mum fell in the bathroom last night\n".utf8)
            .write(to: URL(fileURLWithPath: path("h.csv")))
        let r = try run(["care", "ingest", path("h.csv"), "--db", path("care.sqlite"), "--kind", "handoffs"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "\(path("h.csv")):1:1: error: the header row is missing: line 1 holds values (a number, a date or a time), not column names\n"
                                 + "report: error: 1 error in the input; nothing was written\n")
        let told = try run(["care", "ingest", path("h.csv"), "--db", path("care.sqlite")])
        XCTAssertEqual(told.stderr, "report: error: \(path("h.csv")): cannot tell whether it holds handoffs, expenses or providers; use --kind\n")
        XCTAssertFalse((r.stderr + told.stderr).contains("Mum"))
    }

    /// The negative balance's sentence, from the templates, with the ledger's plural forms.
    func testTheNegativeBalanceSaysOnePeanut() throws {
        let tasks = TestPaths.samples.appendingPathComponent("home/broken/tasks-negative-balance.json").path
        let r = try run(["home", "export", tasks, "-o", path("t.json")])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("earn 2 peanuts, the rewards in the basket cost 6 peanuts; reward \"Ice cream\" (id \"r2\") costs 1 peanut\n"), r.stderr)
        let nl = try run(["home", "ledger", tasks, "-o", path("t.pdf"), "--lang", "nl"])
        XCTAssertTrue(nl.stderr.contains("beloning \"Ice cream\" (id \"r2\") kost 1 pinda\n"), nl.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("t.json")) || FileManager.default.fileExists(atPath: path("t.pdf")))
    }
}
