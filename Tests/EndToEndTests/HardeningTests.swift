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
                    XCTAssertEqual(r.stderr, "report: error: the store failed its integrity check\n")
                } else if version < 0 {
                    XCTAssertEqual(r.stderr, "report: error: the store \(db) cannot be used: the schema version (PRAGMA user_version) is \(version), outside 0 to 2147483647\n")
                } else {
                    XCTAssertEqual(r.stderr, "report: error: the store has schema version 3; this build knows up to 2\n")
                }
            }
        }
    }
}
