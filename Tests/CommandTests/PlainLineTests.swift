import ArgumentParser
import Foundation
@testable import report
import Synthetic
import XCTest

/// The plain-line parser (`PlainLine`) against ArgumentParser: every line it takes gives the
/// same command, every option of its commands is read by it, and every line it does not take is
/// left to ArgumentParser.
final class PlainLineTests: XCTestCase {
    /// A valid value for every option of the plain commands, by long name.
    static let sampleValues: [String: String] = [
        "output": "out.pdf", "from": "2026-01-01", "to": "2026-02-28", "as-of": "2026-03-31",
        "patient-name": "Alex Doe", "tier": "premium", "format": "json", "max-errors": "7",
        "max-records": "1000", "max-field-bytes": "4096", "max-input-bytes": "100000",
        "templates": "templates", "log-format": "json", "days": "days.json", "sections": "glance,charts",
        "input-format": "csv", "db": "care.sqlite", "circle": "circle-1", "patient": "patient-1",
        "recipient-name": "Sam Doe", "pdf": "patterns.pdf", "benchmarks": "benchmarks.json", "lang": "nl",
    ]

    /// Values that differ by command: the output's extension and the export's format.
    static func sample(_ name: String, for command: PlainParsable.Type) -> String? {
        switch (name, command) {
        case ("output", is InsightsCommand.Type): return "out.json"
        case ("output", is ExportCommand.Type): return "out.csv"
        case ("format", is ExportCommand.Type): return "csv"
        case ("tier", is CarePatternsCommand.Type), ("tier", is CareExpensesCommand.Type), ("tier", is CareDirectoryCommand.Type):
            return "family"
        default: return sampleValues[name]
        }
    }

    /// Every plain command's options, flags and inputs, as ArgumentParser declares them.
    struct Declared {
        var options: [String] = []
        var flags: [String] = []
        /// The options without a default, and whether the command takes input words.
        var required: [String] = []
        var takesInputs = false
    }

    static func declared(_ command: ParsableCommand.Type) throws -> Declared {
        let json = try JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any]
        let arguments = ((json?["command"] as? [String: Any])?["arguments"] as? [[String: Any]]) ?? []
        var declared = Declared()
        for argument in arguments {
            if argument["kind"] as? String == "positional" { declared.takesInputs = true }
            guard let kind = argument["kind"] as? String, kind != "positional",
                  let long = (argument["names"] as? [[String: Any]])?.first(where: { $0["kind"] as? String == "long" })?["name"] as? String,
                  long != "help", long != "version" else { continue }
            if kind == "flag" { declared.flags.append(long) } else { declared.options.append(long) }
            if kind == "option", argument["isOptional"] as? Bool == false { declared.required.append(long) }
        }
        return declared
    }

    func parsedByArgumentParser(_ command: ParsableCommand.Type, _ words: [String]) -> String {
        do { return String(describing: try command.parseAsRoot(words)) } catch { return "error: \(error)" }
    }

    func assertSame(_ command: PlainParsable.Type, _ words: [String], file: StaticString = #filePath, line: UInt = #line) {
        guard let plain = command.parsePlain(words[...]) else {
            return XCTFail("not taken as plain: \(words)", file: file, line: line)
        }
        XCTAssertEqual(String(describing: plain), parsedByArgumentParser(command, words), "\(words)", file: file, line: line)
    }

    /// An input (when the command takes them), the required options, and `extra` (replacing a
    /// required option of its name).
    static func line(_ command: PlainParsable.Type, _ extra: [String] = [], replacing name: String? = nil) throws -> [String] {
        let declared = try declared(command)
        return (declared.takesInputs ? ["logs.json"] : [])
            + declared.required.filter { $0 != name }.flatMap { ["--\($0)", sample($0, for: command)!] } + extra
    }

    func testEveryOptionAndFlagIsReadAsArgumentParserReadsIt() throws {
        for command in LeafDispatch.plainCommands {
            assertSame(command, try Self.line(command))
            let declared = try Self.declared(command)
            if declared.options.contains("output") {
                assertSame(command, try Self.line(command, ["-o", Self.sample("output", for: command)!], replacing: "output"))
            }
            XCTAssertFalse(declared.options.isEmpty, "\(command)")
            for name in declared.options {
                let value = try XCTUnwrap(Self.sample(name, for: command), "no sample value for --\(name) of \(command)")
                assertSame(command, try Self.line(command, ["--\(name)", value], replacing: name))
                assertSame(command, try Self.line(command, ["--\(name)=\(value)"], replacing: name))
            }
            for name in declared.flags {
                assertSame(command, try Self.line(command, ["--\(name)"]))
            }
            // All at once, in another order (--json aside: it excludes -o or --text).
            let all = declared.options.map { ["--\($0)", Self.sample($0, for: command)!] }
                + declared.flags.filter { $0 != "json" }.map { ["--\($0)"] }
            assertSame(command, all.reversed().flatMap { $0 } + (declared.takesInputs ? ["b.json", "c.json"] : []))
        }
    }

    func testInputsAnywhereAndStandardInput() {
        assertSame(SummaryCommand.self, ["--as-of", "2026-03-31", "a.json", "-o", "-", "b.csv", "--quiet", "-"])
        assertSame(ClinicalCommand.self, ["a.json", "--tier", "free", "-o", "c.pdf", "b.json", "--sections", "all"])
        assertSame(ExportCommand.self, ["-", "-o", "-", "--format", "json", "--tier", "premium"])
        assertSame(InsightsCommand.self, ["a.json", "--json"])
        assertSame(SummaryCommand.self, ["", "-o", "s.pdf", "--patient-name", ""])  // empty words are words
    }

    /// Lines the plain parser leaves to ArgumentParser, which words their errors or reads
    /// spellings it does not.
    func testEverythingElseIsLeftToArgumentParser() {
        let lines: [[String]] = [
            ["a.json"],                                            // -o missing
            ["a.json", "-o", "s.pdf", "--bogus", "x"],             // unknown option
            ["a.json", "-o", "s.pdf", "--quiet", "--quiet"],       // given twice
            ["a.json", "-o", "s.pdf", "--as-of", "2026-01-01", "--as-of", "2026-02-01"],
            ["a.json", "-o", "s.pdf", "--as-of"],                  // no value
            ["a.json", "-o", "s.pdf", "--as-of", "2026-13-01"],    // refused by its type
            ["a.json", "-o", "s.pdf", "--max-errors", "-1"],       // a value that looks like an option
            ["a.json", "-o", "s.pdf", "--max-errors", "0"],        // refused by validate()
            ["a.json", "-o", "s.txt"],                             // refused by the command's validate()
            ["a.json", "-o", "s.pdf", "--quiet=yes"],              // a flag with a value
            ["a.json", "-o", "s.pdf", "--patient-name="],          // nothing after "="
            ["a.json", "-o", "s.pdf", "--patient-name=", "Alex"],
            ["a.json", "-o", "s.pdf", "--", "b.json"],             // terminator
            ["a.json", "-os.pdf"],                                 // attached short value
            ["a.json", "-o=s.pdf"],
            ["a.json", "-o", "s.pdf", "-q"],                       // unknown short name
            ["a.json", "-o", "s.pdf", "--from", "2026-03-01", "--to", "2026-02-01"],
            ["a.json", "-o", "s.pdf", "--json"],                   // another command's flag
            ["-o", "s.pdf"],                                       // no input
        ]
        for words in lines {
            XCTAssertNil(SummaryCommand.parsePlain(words[...]), "\(words)")
        }
        XCTAssertNil(ClinicalCommand.parsePlain(["a.json", "-o", "c.pdf", "--tier", "premium", "--sections", "bogus"]))
        XCTAssertNil(ClinicalCommand.parsePlain(["a.json", "-o", "c.pdf"]))  // --tier required
        XCTAssertNil(ExportCommand.parsePlain(["a.json", "-o", "x.csv", "--tier", "premium", "--format", "json"]))
    }

    /// Seeded random lines from words that are options, values and near misses: whenever the
    /// plain parser takes a line, ArgumentParser gives the same command.
    func testRandomLinesTakenAsPlainAreParsedAlike() {
        let words = ["a.json", "b.csv", "-", "", "--", "-o", "--output", "--output=", "out.pdf", "out.csv", "out.json",
                     "--output=out.pdf", "--as-of", "2026-03-31", "--as-of=2026-03-31", "--from", "2026-01-01",
                     "--to", "2026-02-30", "--quiet", "--quiet=1", "--json", "--text", "--dry-run", "-5", "+5", "--tier",
                     "premium", "free", "family", "plus", "--max-errors", "3", "0", "--sections", "all", "glance,glance",
                     "--patient-name", "Al", "=", "--=x", "---x", "-oo", "—o", "--lang", "nl", "--db", "c.sqlite",
                     "--pdf", "p.pdf", "--circle", "c-1", "--format", "csv", "json", "--skip-invalid", "--templates",
                     "--log-format", "text", "--input-format", "--days", "d.json", "-h", "--help", "help", "--version",
                     "--patient-name=", "--circle=", "--days=", "--recipient-name=", "--templates="]
        var generator = SeededGenerator(seed: 0x5EED)
        var taken = 0
        for command in LeafDispatch.plainCommands {
            let base = (try? Self.line(command)) ?? []
            for _ in 0..<300 {
                var line = Int(generator.next() % 2) == 0 ? base : []
                for _ in 0..<Int(generator.next() % 7) {
                    line.insert(words[Int(generator.next() % UInt64(words.count))], at: Int(generator.next() % UInt64(line.count + 1)))
                }
                guard let plain = command.parsePlain(line[...]) else { continue }
                taken += 1
                XCTAssertEqual(String(describing: plain), parsedByArgumentParser(command, line), "\(command) \(line)")
            }
        }
        XCTAssertGreaterThan(taken, 200, "too few random lines were plain to compare")
    }

    /// The dispatcher takes the plain parse for these commands and ArgumentParser's for others.
    func testDispatchTakesThePlainParse() throws {
        let parsed = try XCTUnwrap(LeafDispatch.parse(Report.self, ["headache", "summary", "a.json", "-o", "s.pdf"]))
        XCTAssertEqual(String(describing: parsed), parsedByArgumentParser(SummaryCommand.self, ["a.json", "-o", "s.pdf"]))
        XCTAssertNil(LeafDispatch.parse(Report.self, ["headache", "summary", "a.json", "-o", "s.txt"]))
    }
}
