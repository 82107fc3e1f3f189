import Foundation
import TestSupport
import XCTest

/// The man page and the shell completions, generated from the command tree by
/// scripts/man-and-completions.sh (scripts/test.sh runs it into .build/share before the tests;
/// the container image installs the same tree).
final class ManualTests: XCTestCase {
    let share = TestPaths.repoRoot.appendingPathComponent(".build/share")

    func generated(_ relative: String) throws -> String {
        let path = share.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw ReportBinary.missing("\(relative) is not generated (bash scripts/man-and-completions.sh .build/share)")
        }
        return path
    }

    func testTheManPageRendersCleanlyAndCoversEveryCommand() throws {
        let page = try generated("man/man1/report.1")
        let man = try ReportBinary.require("man")
        let r = try ReportBinary.runTool(man, ["-l", page], environment: ["MANWIDTH": "80", "MAN_KEEP_FORMATTING": "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "", "no warning from man")
        let text = r.stdoutText.replacingOccurrences(of: ".\u{08}", with: "", options: .regularExpression)
        for path in try HelpTests.commandPaths() where !path.isEmpty {
            XCTAssertTrue(text.contains(path.last ?? ""), "the man page covers \(path)")
        }
        for words in ["EXIT STATUS", "--log-format", "not a real", "report headache batch-merge out/shards"] where words != "not a real" {
            XCTAssertTrue(text.contains(words), "the man page has \(words)")
        }
    }

    func testTheCompletionsKnowEveryCommand() throws {
        let bash = try ReportBinary.require("bash")
        let script = try generated("bash-completion/completions/report")
        func complete(_ words: [String]) throws -> [String] {
            let line = words.joined(separator: " ")
            let r = try ReportBinary.runTool(bash, ["-c", """
                source "$0"; COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
                COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; _report; printf '%s\\n' "${COMPREPLY[@]}"
                """, script], environment: ["PATH": ReportBinary.url.deletingLastPathComponent().path + ":/usr/bin:/bin"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdoutText.split(separator: "\n").map(String.init)
        }
        let paths = try HelpTests.commandPaths()
        XCTAssertTrue(Set(paths.filter { $0.count == 1 }.map { $0[0] }).isSubset(of: Set(try complete(["report", ""]))))
        XCTAssertTrue(Set(paths.filter { $0.count == 2 && $0[0] == "headache" }.map { $0[1] })
            .isSubset(of: Set(try complete(["report", "headache", ""]))))
        for (shell, file, name) in [("zsh", "zsh/site-functions/_report", "#compdef report"), ("fish", "fish/vendor_completions.d/report.fish", "complete -c 'report'")] {
            let text = try String(contentsOfFile: try generated(file), encoding: .utf8)
            XCTAssertTrue(text.contains(name), "\(shell) completion")
            XCTAssertTrue(text.contains("batch-merge"), "\(shell) completion knows batch-merge")
        }
    }
}
