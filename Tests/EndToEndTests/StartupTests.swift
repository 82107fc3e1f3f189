import Foundation
import TestSupport
import XCTest

/// What every run pays first: `--version` answered without the parser, and the benchmark's
/// start-up line and its side-by-side with the C floor.
final class StartupTests: XCTestCase {
    func testVersionIsOneLineOnStandardOutput() throws {
        let r = try ReportBinary.run(["--version"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdoutText, "report 0.1.0\n")
        XCTAssertEqual(r.stderr, "")
        // With other words ArgumentParser answers, as before, and prints the same line.
        let parsed = try ReportBinary.run(["--version", "--quiet"])
        XCTAssertEqual(parsed.status, 0, parsed.stderr)
        XCTAssertEqual(parsed.stdoutText, r.stdoutText)
    }

    /// The start-up line comes first; with `--floor` each size's summary is timed next to the
    /// floor (here /bin/true, which draws nothing) and the floor's input is written as its seven
    /// tab-separated columns, one line per episode.
    func testBenchmarkPrintsStartupAndTheSummaryNextToTheFloor() throws {
        let dir = try TestPaths.temporaryDirectory("report-bench-startup")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ReportBinary.run(["benchmark", "--sizes", "12", "--runs", "1", "--insights-episodes", "0",
                                      "--clinical-episodes", "0", "--care-handoffs", "0", "--batch-users", "0",
                                      "--floor", "/bin/true", "--work", dir.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdoutText.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.count > 2 && lines[1].hasPrefix("start-up: report --version "), r.stdoutText)
        XCTAssertTrue(lines[1].contains(" ms median of 20 (whole process); executable ") && lines[1].hasSuffix(" MB"), lines[1])
        // The executable's size and the ingest rates are measured, not 0.
        let megabytes = try XCTUnwrap(lines[1].firstMatch(of: /executable (\d+\.\d) MB$/).flatMap { Double($0.1) }, lines[1])
        XCTAssertGreaterThan(megabytes, 1, lines[1])
        let sizeRow = try XCTUnwrap(lines.first { $0.hasPrefix("12      | ") && $0.contains("MB/s") }, r.stdoutText)
        let rates = sizeRow.matches(of: /(\d+\.\d) MB\/s/).compactMap { Double($0.1) }
        XCTAssertEqual(rates.count, 2, sizeRow)
        XCTAssertTrue(rates.allSatisfy { $0 > 0 }, sizeRow)
        let table = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("summary against the C floor (/bin/true, ANCHOR_FONT=Inter)") }, r.stdoutText)
        XCTAssertEqual(lines[table + 1], "size    | summary PDF             | C floor                 | summary ÷ floor")
        let row = lines[table + 3]
        XCTAssertTrue(row.hasPrefix("12      | ") && row.contains("median of 10") && row.hasSuffix("×"), row)
        let rows = try String(contentsOf: dir.appendingPathComponent("floor_rows_12.tsv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        XCTAssertEqual(rows.count, 12)
        for fields in rows {
            XCTAssertEqual(fields.count, 7, "\(fields)")
            XCTAssertNotNil(fields[0].wholeMatch(of: /\d{4}-\d{2}-\d{2}/), "\(fields)")
            XCTAssertNotNil(fields[1].wholeMatch(of: /\d{2}:\d{2}/), "\(fields)")
            XCTAssertNotNil(fields[2].wholeMatch(of: /(2|4|6|8|10)\/10/), "\(fields)")
            XCTAssertNotNil(fields[3].wholeMatch(of: /\d+h \d{2}m/), "\(fields)")
        }
    }

    /// The benchmark measures the longest clinical report once, every section, and says whether
    /// its peak memory is under the spec's 100 MB for any single report.
    func testBenchmarkMeasuresTheLongestClinicalReportsPeakMemory() throws {
        let dir = try TestPaths.temporaryDirectory("report-bench-long-clinical")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ReportBinary.run(["benchmark", "--sizes", "5", "--runs", "1", "--insights-episodes", "0",
                                      "--clinical-episodes", "5", "--long-clinical-episodes", "40", "--care-handoffs", "0",
                                      "--batch-users", "0", "--work", dir.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let line = try XCTUnwrap(r.stdoutText.split(separator: "\n").first { $0.hasPrefix("longest clinical PDF: 40 episodes, every section, 2023-01-") },
                                 r.stdoutText)
        XCTAssertNotNil(line.firstMatch(of: /ms \(whole process, one run\), \d+ pages, peak RSS \d+\.\d MB \(\d+\.\d decimal MB: under the spec's 100 MB for any single report\)$/), String(line))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("clinical_long.pdf").path))
        // Skipped with the clinical measurement, and range-checked.
        let skipped = try ReportBinary.run(["benchmark", "--sizes", "5", "--runs", "1", "--insights-episodes", "0",
                                            "--clinical-episodes", "0", "--care-handoffs", "0", "--batch-users", "0", "--work", dir.path])
        XCTAssertFalse(skipped.stdoutText.contains("longest clinical PDF"), skipped.stdoutText)
        XCTAssertEqual(try ReportBinary.run(["benchmark", "--long-clinical-episodes", "-1"]).status, 2)
    }

    /// `--version`, help, a usage error and reports that write no PDF (insights, the CSV export,
    /// the care directory as CSV) load none of the PDF stack, SQLite, Nettle, libcsv or libdeflate; a summary of a JSON
    /// export loads the PDF stack and libdeflate when it draws, and none of the others
    /// (Sources/CDelayLoad). Read from glibc's loader's own
    /// account of the files it opens (`LD_DEBUG=files`).
    func testLibrariesAreLoadedWhenACommandFirstNeedsThem() throws {
        let late = ["libpangocairo-1.0.so.0", "libpango-1.0.so.0", "libcairo.so.2", "libgobject-2.0.so.0",
                    "libglib-2.0.so.0", "libfontconfig.so.1", "libharfbuzz.so.0", "libsqlite3.so.0", "libnettle.so.8",
                    "libcsv.so.3", "libdeflate.so.0", "libz.so.1"]
        /// The files the loader opened, and for each whether `dlopen` asked for it.
        func opened(_ stderr: String) -> [String: Bool] {
            var files: [String: Bool] = [:]
            for line in stderr.split(separator: "\n") {
                guard let match = line.firstMatch(of: /file=(\S+) \[0\];\s+(needed|dynamically loaded) by/) else { continue }
                files[String(match.1).split(separator: "/").last.map(String.init) ?? ""] = match.2 == "dynamically loaded"
            }
            return files
        }
        let dir = try TestPaths.temporaryDirectory("report-late-libraries")
        defer { try? FileManager.default.removeItem(at: dir) }
        let logs = TestPaths.samples.appendingPathComponent("aurae/logs.json").path
        for (arguments, status) in [(["--version"], 0), (["--help"], 0), (["headache", "summary", "--no-such-option"], 2),
                                    (["headache", "insights", logs, "--as-of", "2026-07-31", "--json"], 0),
                                    (["headache", "export", logs, "--as-of", "2026-07-31", "--tier", "premium", "-o", dir.appendingPathComponent("export.csv").path], 0),
                                    // A command that can draw a PDF, asked for a CSV (ReportCommand.drawsPDF).
                                    (["care", "directory", TestPaths.samples.appendingPathComponent("care/providers.json").path, "--tier", "family", "--circle", "c-1",
                                      "-o", dir.appendingPathComponent("providers.csv").path], 0)] {
            let r = try ReportBinary.run(arguments, environment: ["LD_DEBUG": "files"])
            XCTAssertEqual(r.status, Int32(status), "\(arguments): \(r.stderr.suffix(1000))")
            let files = opened(r.stderr)
            XCTAssertEqual(files["libc.so.6"], false, "the loader's account is missing: \(r.stderr.prefix(2000))")
            for lib in late { XCTAssertNil(files[lib], "\(arguments) loaded \(lib)") }
        }
        let pdf = dir.appendingPathComponent("summary.pdf").path
        let r = try ReportBinary.run(["headache", "summary", logs, "-o", pdf, "--as-of", "2026-03-31"],
                                     environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(r.status, 0, String(r.stderr.suffix(2000)))
        let files = opened(r.stderr)
        XCTAssertEqual(files["libpangocairo-1.0.so.0"], true, "the PDF stack was not loaded by dlopen")
        XCTAssertNotNil(files["libcairo.so.2"])
        XCTAssertEqual(files["libdeflate.so.0"], true, "libdeflate was not loaded with the PDF stack")
        XCTAssertNotNil(files["libz.so.1"], "zlib was not loaded with the PDF stack")
        XCTAssertNil(files["libsqlite3.so.0"])
        XCTAssertNil(files["libnettle.so.8"])
        XCTAssertNil(files["libcsv.so.3"], "a JSON input loaded the CSV library")
        XCTAssertTrue(FileManager.default.fileExists(atPath: pdf))
    }

    /// A plain command line that names an input of a command that always draws a PDF starts
    /// loading the PDF stack before its arguments are parsed (`LeafDispatch.drawsPDF`), so that
    /// the loading overlaps the parse: even a line the parser then rejects has begun it. One that
    /// names no file, or a command that draws no PDF, starts nothing (the test above).
    func testThePDFStackStartsLoadingBeforeAPlainLineIsParsed() throws {
        let logs = TestPaths.samples.appendingPathComponent("aurae/logs.json").path
        let dir = try TestPaths.temporaryDirectory("report-early-libraries")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = dir.appendingPathComponent("summary.pdf").path
        let r = try ReportBinary.run(["headache", "summary", logs, "-o", pdf, "--no-such-option"], environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(r.status, 2, String(r.stderr.suffix(1000)))
        XCTAssertTrue(r.stderr.contains("report: error: unknown option '--no-such-option'"), String(r.stderr.suffix(1000)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf))
        XCTAssertNotNil(r.stderr.firstMatch(of: /file=\S*libpangocairo-1\.0\.so\.0 \[0\];\s+dynamically loaded by/),
                        "the PDF stack was not loaded before the parse")
        let help = try ReportBinary.run(["headache", "summary", logs, "--help"], environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(help.status, 0)
        XCTAssertFalse(help.stderr.contains("libpangocairo"), "help loaded the PDF stack")
    }

    /// Fontconfig's configuration is read once, on its own thread, and quietly: when the file
    /// fontconfig reads cannot be found, fontconfig's own start says so once and the PDF is drawn
    /// with its defaults.
    func testAMissingFontconfigFileIsReportedOnce() throws {
        let dir = try TestPaths.temporaryDirectory("report-fontconfig-file")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = dir.appendingPathComponent("summary.pdf").path
        let r = try ReportBinary.run(["headache", "summary", TestPaths.samples.appendingPathComponent("aurae/logs.json").path,
                                      "-o", pdf, "--as-of", "2026-03-31"],
                                     environment: ["FONTCONFIG_FILE": dir.appendingPathComponent("no-such-fonts.conf").path])
        XCTAssertEqual(r.status, 0, String(r.stderr.suffix(1000)))
        XCTAssertEqual(r.stderr.components(separatedBy: "Cannot load default config file").count - 1, 1, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: pdf))
    }

    /// The tool is built on FoundationEssentials alone: no module imports the whole of Foundation,
    /// which would bring ICU's 34 MB of data and a thousand conformance records into every start
    /// (docs/performance.md, issue 23). The test binary links the Swift libraries dynamically, so
    /// the loader's account of a summary (`LD_DEBUG=files`) names each one the tool needs.
    func testTheToolNeedsNoFoundationBeyondItsEssentials() throws {
        let r = try summaryWithTheLoadersAccount("files", input: "aurae/logs.csv")
        let files = Set(r.stderr.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /file=(\S+) \[0\];/).map { String($0.1.split(separator: "/").last ?? "") }
        })
        XCTAssertTrue(files.contains("libc.so.6"), "the loader's account is missing: \(r.stderr.prefix(2000))")
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            XCTAssertFalse(files.contains(library), "a summary loaded \(library): a module imports Foundation instead of FoundationEssentials")
        }
    }

    /// Cairo writes a PDF's numbers through `__snprintf_chk`; the executable defines and exports
    /// its own (Sources/CNumberFormat: the same characters, without glibc's multi-precision
    /// arithmetic), and the loader binds cairo's calls to it rather than to glibc's.
    func testCairosNumbersAreFormattedByTheExecutable() throws {
        let r = try summaryWithTheLoadersAccount("bindings", input: "aurae/logs.json")
        let cairo = r.stderr.split(separator: "\n").filter { $0.contains("libcairo.so.2 [0] to ") && $0.contains("`__snprintf_chk'") }
        XCTAssertEqual(cairo.count, 1, "cairo's binding of __snprintf_chk: \(r.stderr.suffix(3000))")
        XCTAssertTrue(cairo.first?.contains(ReportBinary.url.path + " [0]") == true, "bound to \(cairo.first ?? "nothing"), not to the executable")
    }

    /// A summary of the sample `input` with glibc's loader telling `what` it did (`LD_DEBUG`), on
    /// standard error; the run must succeed.
    func summaryWithTheLoadersAccount(_ what: String, input: String) throws -> RunResult {
        let dir = try TestPaths.temporaryDirectory("report-loader-\(what)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let logs = TestPaths.samples.appendingPathComponent(input).path
        let r = try ReportBinary.run(["headache", "summary", logs, "-o", dir.appendingPathComponent("s.pdf").path, "--as-of", "2026-03-31"],
                                     environment: ["LD_DEBUG": what])
        XCTAssertEqual(r.status, 0, String(r.stderr.suffix(2000)))
        return r
    }
}
