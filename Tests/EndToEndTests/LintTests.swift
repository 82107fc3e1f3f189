import Foundation
import TestSupport
import XCTest

/// Every shell script of the project (scripts/, deploy/, .ci/run) passes shellcheck, and every
/// YAML file under deploy/ passes yamllint in strict mode (warnings fail too).
final class LintTests: XCTestCase {
    /// The files under `folders` (recursively) whose first line is a shell's `#!`, and `.ci/run`.
    static func shellScripts() throws -> [String] {
        let root = TestPaths.repoRoot
        var found: [String] = []
        for folder in ["scripts", "deploy", ".ci"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let relative as String in walker {
                let path = base.appendingPathComponent(relative).path
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                guard let handle = FileHandle(forReadingAtPath: path) else { continue }
                let head = String(decoding: handle.readData(ofLength: 64), as: UTF8.self)
                try? handle.close()
                if head.hasPrefix("#!"), head.split(separator: "\n").first.map({ $0.hasSuffix("sh") || $0.hasSuffix("bash") }) == true {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }

    func testEveryShellScriptPassesShellcheck() throws {
        let shellcheck = try ReportBinary.require("shellcheck")
        let scripts = try LintTests.shellScripts()
        let names = scripts.map { $0.replacingOccurrences(of: TestPaths.repoRoot.path + "/", with: "") }
        for expected in [".ci/run", "scripts/test.sh", "scripts/setup.sh", "deploy/report-nightly", "deploy/slurm/report-batch.sbatch"] {
            XCTAssertTrue(names.contains(expected), "\(expected) is found as a shell script: \(names)")
        }
        let r = try ReportBinary.runTool(shellcheck, ["--severity=style"] + scripts)
        XCTAssertEqual(r.status, 0, r.stdoutText + r.stderr)
    }

    func testEveryYAMLFilePassesYamllint() throws {
        let yamllint = try ReportBinary.require("yamllint")
        let deploy = TestPaths.repoRoot.appendingPathComponent("deploy").path
        let files = (FileManager.default.enumerator(atPath: deploy)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.map { deploy + "/" + $0 }
        XCTAssertFalse(files.isEmpty)
        let r = try ReportBinary.runTool(yamllint, ["--strict", "--format", "parsable"] + files)
        XCTAssertEqual(r.status, 0, r.stdoutText + r.stderr)
    }
}
