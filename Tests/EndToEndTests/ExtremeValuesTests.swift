import Foundation
import TestSupport
import XCTest

/// Runs the built `report` on records with absurd values (a year typo in `resolvedAt`, a
/// `takenAt` centuries early, a temperature of 1e19): the process is never killed by a signal,
/// and it either writes its output (exit 0) or says why not (exit 1, a message on stderr).
final class ExtremeValuesTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try TestPaths.temporaryDirectory("report-extreme") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// A JSON log file with one record, or with the record and four ordinary resolved episodes
    /// (so that the premium cards have enough episodes to be computed).
    func logFile(_ name: String, _ record: String, withOthers: Bool = true) throws -> String {
        var records = [record]
        if withOthers {
            for day in 2...5 {
                records.append(#"{"id":"o\#(day)","onsetAt":"2026-03-0\#(day)T08:00:00+01:00","severity":2,"#
                               + #""resolvedAt":"2026-03-0\#(day)T09:00:00+01:00","sleep":{"hours":5}}"#)
            }
        }
        let url = dir.appendingPathComponent(name)
        try Data(#"{"schemaVersion":1,"logs":["# .utf8 + Data(records.joined(separator: ",").utf8) + Data("]}".utf8)).write(to: url)
        return url.path
    }

    struct Outcome { var status: Int32; var stdout: Data; var stderr: String }

    /// Runs `report` through `/bin/sh`, which reports a death by signal as a status above 128.
    func run(_ arguments: [String]) throws -> Outcome {
        let r = try ReportBinary.runTool(URL(fileURLWithPath: "/bin/sh"),
                                         ["-c", #""$0" "$@"; echo "status=$?" >&2"#, ReportBinary.url.path] + arguments)
        var lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        let last = lines.popLast() ?? ""
        XCTAssertTrue(last.hasPrefix("status="), r.stderr)
        return Outcome(status: Int32(last.dropFirst("status=".count)) ?? -1, stdout: r.stdout,
                       stderr: lines.joined(separator: "\n"))
    }

    /// Exit 0 with output, or exit 1 with a message; never a signal.
    func assertHandled(_ o: Outcome, wroteOutput: Bool, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThan(o.status, 128, "\(what): killed by signal \(o.status - 128)", file: file, line: line)
        XCTAssertTrue(o.status == 0 || o.status == 1, "\(what): exit \(o.status) \(o.stderr)", file: file, line: line)
        if o.status == 0 { XCTAssertTrue(wroteOutput, "\(what): exit 0 without output", file: file, line: line) }
        if o.status == 1 { XCTAssertFalse(o.stderr.isEmpty, "\(what): exit 1 without a message", file: file, line: line) }
    }

    /// Insights in every tier and format, and the summary PDF, on one file.
    func assertEveryCommandHandles(_ path: String, _ what: String) throws {
        for tier in ["free", "premium"] {
            for format in [[], ["--json"]] {
                let o = try run(["headache", "insights", path, "--tier", tier, "--as-of", "2026-04-01"] + format)
                assertHandled(o, wroteOutput: !o.stdout.isEmpty, "\(what) insights \(tier) \(format)")
                if o.status == 0 && !format.isEmpty {
                    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: o.stdout), what)
                }
            }
        }
        let pdf = dir.appendingPathComponent(UUID().uuidString + ".pdf")
        let o = try run(["headache", "summary", path, "-o", pdf.path, "--as-of", "2026-04-01"])
        assertHandled(o, wroteOutput: FileManager.default.fileExists(atPath: pdf.path), "\(what) summary")
    }

    func testResolvedCenturiesAfterOnset() throws {
        let path = try logFile("typo.json", #"{"id":"x1","onsetAt":"2026-03-01T08:00:00+01:00","severity":3,"#
                               + #""resolvedAt":"2926-03-01T09:00:00+01:00","sleep":{"hours":5}}"#, withOthers: false)
        try assertEveryCommandHandles(path, "resolvedAt 900 years later, alone")
        let withOthers = try logFile("typo5.json", #"{"id":"x1","onsetAt":"2026-03-01T08:00:00+01:00","severity":3,"#
                                     + #""resolvedAt":"2926-03-01T09:00:00+01:00","sleep":{"hours":5}}"#)
        try assertEveryCommandHandles(withOthers, "resolvedAt 900 years later, with four more")
    }

    func testTakenAtCenturiesBeforeTheEpisode() throws {
        let path = try logFile("taken.json", #"{"id":"x1","onsetAt":"2026-03-01T08:00:00+01:00","severity":3,"#
                               + #""resolvedAt":"2026-03-01T09:00:00+01:00","retrospective":{"medications":"#
                               + #"[{"name":"Ibuprofen","takenAt":"1126-03-01T08:30:00+01:00","isAcute":true,"effectiveness":3}]}}"#)
        try assertEveryCommandHandles(path, "takenAt 900 years early")
    }

    func testHugeAndUnrepresentableTemperatures() throws {
        for (n, value) in ["1e19", "-1e19", "1e308", "1e400", "-1e400"].enumerated() {
            let path = try logFile("temp\(n).json", #"{"id":"x1","onsetAt":"2026-03-01T08:00:00+01:00","severity":3,"#
                                   + #""resolvedAt":"2026-03-01T09:00:00+01:00","weather":{"temperatureC":\#(value)}}"#)
            try assertEveryCommandHandles(path, "temperature \(value)")
        }
    }

    func testOnsetCenturiesEarlierMakesALongWindowThatStillEnds() throws {
        let path = try logFile("early.json", #"{"id":"x1","onsetAt":"1026-03-01T08:00:00+01:00","severity":3,"#
                               + #""resolvedAt":"2026-03-01T09:00:00+01:00"}"#)
        let o = try run(["headache", "insights", path, "--tier", "premium", "--as-of", "2026-04-01", "--json"])
        assertHandled(o, wroteOutput: !o.stdout.isEmpty, "onset 1,000 years early")
    }
}
