import Foundation
import TestSupport
import XCTest

/// The help of every command, as a newcomer reads it at an 80-column terminal: nothing wider,
/// examples never broken, paragraphs wrapped by the tool (not by hand), the common options
/// first, no file a release user lacks, every app's commands named at the top; and every
/// example of every help run on the samples, as argument-parser runs its own.
final class HelpTests: XCTestCase {
    /// Every command path of the tool, depth first in the order of the help (the root is []).
    static func commandPaths() throws -> [[String]] {
        let r = try ReportBinary.run(["--experimental-dump-help"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        func walk(_ command: [String: Any], _ path: [String]) -> [[String]] {
            let subs = (command["subcommands"] as? [[String: Any]] ?? []).filter { $0["commandName"] as? String != "help" }
            return [path] + subs.flatMap { walk($0, path + [$0["commandName"] as? String ?? "?"]) }
        }
        return walk(try XCTUnwrap(root["command"] as? [String: Any]), [])
    }

    func help(_ path: [String], columns: Int) throws -> String {
        let r = try ReportBinary.run(path + ["--help"], environment: ["COLUMNS": "\(columns)"])
        XCTAssertEqual(r.status, 0, "\(path): \(r.stderr)")
        return r.stdoutText
    }

    /// The example lines of a help text: after a line `Example:` or `Examples …:` up to the next
    /// blank line.
    static func exampleLines(_ help: String) -> [String] {
        var lines: [String] = []
        var inside = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("Example") && line.hasSuffix(":") { inside = true; continue }
            if inside && line.isEmpty { inside = false }
            if inside { lines.append(line) }
        }
        return lines
    }

    /// The commands of an example block: a line starting with `report`, and the lines it
    /// continues with a final backslash.
    static func exampleCommands(_ lines: [String]) -> [String] {
        var commands: [String] = []
        var continuing = false
        for line in lines {
            if continuing, let last = commands.popLast() {
                commands.append(last + "\n" + line)
            } else if line.trimmingCharacters(in: .whitespaces).hasPrefix("report ") {
                commands.append(line)
            }
            continuing = line.hasSuffix("\\")
        }
        return commands
    }

    func testEveryHelpReadsWellAtEightyColumns() throws {
        let paths = try HelpTests.commandPaths()
        XCTAssertGreaterThan(paths.count, 20)
        for path in paths {
            let narrow = try help(path, columns: 80)
            let wide = try help(path, columns: 10_000)
            for line in narrow.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, 80, "\(path): a line wider than 80 columns: \(line)")
            }
            // Examples: the same at any width (never re-wrapped), each line fitting 80 columns.
            let examples = HelpTests.exampleLines(narrow)
            XCTAssertEqual(examples, HelpTests.exampleLines(wide), "\(path): an example is broken at 80 columns")
            let isLeaf = !narrow.contains("SUBCOMMANDS:")
            if isLeaf || path.isEmpty {
                XCTAssertFalse(HelpTests.exampleCommands(examples).isEmpty, "\(path) has no example")
            }
            for line in examples {
                XCTAssertTrue(line.hasPrefix("  "), "\(path): an example line is indented: \(line)")
            }
            // Paragraphs: one line each at any width, so the tool wraps them to the screen.
            let overview = wide.components(separatedBy: "\nUSAGE:").first ?? ""
            var previous = ""
            for line in overview.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                let prose = !line.isEmpty && !line.hasPrefix(" ")
                let previousProse = !previous.isEmpty && !previous.hasPrefix(" ") && !previous.hasSuffix(":")
                XCTAssertFalse(prose && previousProse, "\(path): a hard line break inside a paragraph: \(previous) ⏎ \(line)")
                previous = line
            }
            // Nothing a user of the release binary lacks.
            XCTAssertFalse(wide.contains("docs/"), "\(path) names a docs/ file")
            XCTAssertNil(wide.range(of: #"\b\w+\.md\b"#, options: .regularExpression), "\(path) names a .md file")
        }
    }

    /// `-o`, `--from`, `--to`, `--as-of` (and every option of the command itself) come before
    /// the input limits `--max-*`.
    func testCommonOptionsComeBeforeTheLimits() throws {
        for path in try HelpTests.commandPaths() {
            let text = try help(path, columns: 10_000)
            let options = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("-") }
            guard let firstLimit = options.firstIndex(where: { $0.hasPrefix("--max-") }) else { continue }
            for common in ["-o, --output", "--from", "--to", "--as-of", "--tier", "--days", "--json"] {
                if let i = options.firstIndex(where: { $0.hasPrefix(common + " ") }) {
                    XCTAssertLessThan(i, firstLimit, "\(path): \(common) comes after the limits")
                }
            }
        }
    }

    func testTheTopLevelHelpNamesEveryCommandOfEveryApp() throws {
        let top = try help([], columns: 80)
        let paths = try HelpTests.commandPaths()
        for group in Set(paths.filter { $0.count == 1 }.map { $0[0] }) {
            let commands = paths.filter { $0.count == 2 && $0[0] == group }.map { $0[1] }
            let line = try XCTUnwrap(top.split(separator: "\n").first { $0.hasPrefix("  \(group) ") || $0 == "  \(group)" },
                                     "\(group) is not in the top-level help: \(top)")
            for command in commands {
                XCTAssertTrue(line.contains(command), "the top-level help hides '\(group) \(command)': \(line)")
            }
        }
        let care = try XCTUnwrap(top.split(separator: "\n").first { $0.hasPrefix("  care ") })
        for command in ["ingest", "patterns", "expenses", "directory"] { XCTAssertTrue(care.contains(command), String(care)) }
    }

    /// Every example of every help, run in a fresh folder that holds the samples, in the order
    /// of the help (the care store is made by `care ingest`'s example before `care patterns`'s
    /// reads it). Each succeeds: status 0, or 5 for the batch over samples/users, whose only
    /// invalid user (u-cam) is there on purpose and named in its help.
    func testEveryExampleOfEveryHelpRuns() throws {
        let work = try TestPaths.temporaryDirectory("help-examples")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createSymbolicLink(at: work.appendingPathComponent("samples"), withDestinationURL: TestPaths.samples)
        let bin = ReportBinary.url.deletingLastPathComponent().path
        let sh = try ReportBinary.require("sh")
        var ran = 0
        for path in try HelpTests.commandPaths() {
            for command in HelpTests.exampleCommands(HelpTests.exampleLines(try help(path, columns: 80))) {
                let environment = ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                                   "REPORT_TEMPLATES": TestPaths.templates.path, "SOURCE_DATE_EPOCH": "1785456000"]
                let r = try ReportBinary.runTool(sh, ["-c", command], environment: environment, in: work)
                let batch = command.contains("report headache batch")
                if batch && r.status == 5 {
                    XCTAssertTrue(r.stderr.contains("invalid: u-cam"), "\(path): \(command): \(r.stderr)")
                    XCTAssertTrue(r.stderr.contains(" 1 invalid"), "\(path): only u-cam is invalid: \(r.stderr)")
                } else {
                    XCTAssertEqual(r.status, 0, "\(path): \(command)\n\(r.stderr)")
                }
                XCTAssertFalse(r.stderr.contains("error:") && !batch, "\(path): \(command): \(r.stderr)")
                ran += 1
            }
        }
        XCTAssertGreaterThanOrEqual(ran, 25)
    }
}
