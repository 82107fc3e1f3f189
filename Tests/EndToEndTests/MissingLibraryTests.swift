import Foundation
import TestSupport
import XCTest

/// A library missing from the machine is that run's error, in the tool's one format with status 4,
/// and nothing is written; commands that do not need it still work (Sources/CDelayLoad). The
/// library is made missing by refusing its `dlopen`: a `dlopen` built here with clang and put in
/// front of libc's with `LD_PRELOAD` fails for the file names in `REPORT_TEST_REFUSE`.
final class MissingLibraryTests: XCTestCase {
    static let refusingDlopen = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <stdlib.h>
        #include <string.h>

        void *dlopen(const char *file, int mode) {
            const char *refused = getenv("REPORT_TEST_REFUSE");
            if (file && refused && strstr(refused, file)) return NULL;
            void *(*real)(const char *, int) = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
            return real(file, mode);
        }
        """

    /// A folder with the refusing `dlopen` built in it, and the environment that puts it first.
    func refusing(_ libraries: [String]) throws -> (dir: URL, environment: [String: String]) {
        let clang = try ReportBinary.require("clang")
        let dir = try TestPaths.temporaryDirectory("report-missing-library")
        let source = dir.appendingPathComponent("refuse.c"), library = dir.appendingPathComponent("refuse.so")
        try Self.refusingDlopen.write(to: source, atomically: true, encoding: .utf8)
        let built = try ReportBinary.runTool(clang, ["-shared", "-fPIC", "-o", library.path, source.path])
        XCTAssertEqual(built.status, 0, built.stderr)
        return (dir, ["LD_PRELOAD": library.path, "REPORT_TEST_REFUSE": libraries.joined(separator: " ")])
    }

    func testAMissingPDFStackIsTheRunsErrorAndNothingIsWritten() throws {
        let (dir, environment) = try refusing(["libpangocairo-1.0.so.0"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let logs = TestPaths.samples.appendingPathComponent("aurae/logs.json").path
        let pdf = dir.appendingPathComponent("summary.pdf")

        let r = try ReportBinary.run(["headache", "summary", logs, "-o", pdf.path, "--as-of", "2026-07-31"],
                                     environment: environment)
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertEqual(r.stderr, "report: error: the PDF libraries: cannot load libpangocairo-1.0.so.0 (not found): "
                       + "install libpangocairo-1.0-0 (scripts/setup.sh does)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf.path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["refuse.c", "refuse.so"])

        // As a JSON log line too.
        let json = try ReportBinary.run(["headache", "summary", logs, "-o", pdf.path, "--as-of", "2026-07-31",
                                         "--log-format", "json"], environment: environment)
        XCTAssertEqual(json.status, 4)
        let line = try XCTUnwrap(json.stderr.split(separator: "\n").last.map(String.init))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
        XCTAssertEqual(object["level"] as? String, "error", line)
        XCTAssertTrue((object["message"] as? String)?.contains("cannot load libpangocairo-1.0.so.0") == true, line)

        // What needs no PDF still works: the version, the insights.
        XCTAssertEqual(try ReportBinary.run(["--version"], environment: environment).status, 0)
        let insights = try ReportBinary.run(["headache", "insights", logs, "--as-of", "2026-07-31", "--json"],
                                            environment: environment)
        XCTAssertEqual(insights.status, 0, insights.stderr)
    }

    func testAMissingSQLiteIsAStoreErrorAndNoStoreIsMade() throws {
        let (dir, environment) = try refusing(["libsqlite3.so.0"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("care.db")
        let r = try ReportBinary.run(["care", "ingest", TestPaths.samples.appendingPathComponent("care/handoffs-p1.json").path,
                                      "--db", db.path], environment: environment)
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertEqual(r.stderr, "report: error: SQLite: cannot load libsqlite3.so.0 (not found): "
                       + "install libsqlite3-0 (scripts/setup.sh does)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: db.path))
    }

    func testAMissingCSVLibraryIsTheRunsErrorAndJSONStillReads() throws {
        let (dir, environment) = try refusing(["libcsv.so.3"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = dir.appendingPathComponent("summary.pdf")
        let r = try ReportBinary.run(["headache", "summary", TestPaths.samples.appendingPathComponent("aurae/logs.csv").path,
                                      "-o", pdf.path, "--as-of", "2026-07-31"], environment: environment)
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertEqual(r.stderr, "report: error: the CSV library: cannot load libcsv.so.3 (not found): "
                       + "install libcsv3 (scripts/setup.sh does)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf.path))
        let json = try ReportBinary.run(["headache", "summary", TestPaths.samples.appendingPathComponent("aurae/logs.json").path,
                                         "-o", pdf.path, "--as-of", "2026-07-31"], environment: environment)
        XCTAssertEqual(json.status, 0, json.stderr)
    }

    func testABatchWithoutALibraryItNeedsStopsBeforeAnyUser() throws {
        for (library, message) in [("libnettle.so.8", "Nettle: cannot load libnettle.so.8 (not found): install libnettle8"),
                                   ("libpangocairo-1.0.so.0", "the PDF libraries: cannot load libpangocairo-1.0.so.0 (not found): install libpangocairo-1.0-0"),
                                   ("libdeflate.so.0", "the PDF libraries: cannot load libdeflate.so.0 (not found): install libdeflate0"),
                                   ("libcsv.so.3", "the CSV library: cannot load libcsv.so.3 (not found): install libcsv3")] {
            let (dir, environment) = try refusing([library])
            defer { try? FileManager.default.removeItem(at: dir) }
            let out = dir.appendingPathComponent("out")
            let r = try ReportBinary.run(["headache", "batch", TestPaths.samples.appendingPathComponent("users").path,
                                          "-o", out.path, "--as-of", "2026-07-31", "--quiet"], environment: environment)
            XCTAssertEqual(r.status, 4, r.stderr)
            XCTAssertEqual(r.stderr, "report: error: \(message) (scripts/setup.sh does)\n")
            let written = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
            XCTAssertTrue(written.allSatisfy { $0.hasPrefix(".report-lock.") }, "\(written)")
        }
    }
}
