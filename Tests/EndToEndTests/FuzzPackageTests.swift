import Foundation
import TestSupport
import XCTest

/// The fuzz package (`Fuzz/`, built by `scripts/fuzz-smoke.sh`) declares the library targets of
/// the main package again over symlinks to `Sources/`: each one it declares must have the main
/// package's dependencies and a symlink, or the fuzz build breaks when a module gains one. Its own
/// library targets (`Fuzz…`, code shared by the harnesses) are real folders of the fuzz package.
final class FuzzPackageTests: XCTestCase {
    /// `name → dependencies` of the `.target(name:dependencies:)` lines of a manifest.
    func targets(_ manifest: String) throws -> [String: [String]] {
        let text = try String(contentsOf: TestPaths.repoRoot.appendingPathComponent(manifest), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.target\(name: "(\w+)", dependencies: \[([^\]]*)\]"#)
        var out: [String: [String]] = [:]
        for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let name = Range(m.range(at: 1), in: text), let deps = Range(m.range(at: 2), in: text) else { continue }
            out[String(text[name])] = text[deps].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }.filter { !$0.isEmpty && !$0.hasPrefix(".product") }
        }
        return out
    }

    func testFuzzTargetsMatchTheMainPackage() throws {
        let main = try targets("Package.swift"), fuzz = try targets("Fuzz/Package.swift")
        for app in ["Aurae", "CuraKnot", "Cycle", "Gentle", "MindfulHome", "Batch"] { XCTAssertTrue(fuzz.keys.contains(app), app) }
        for (name, deps) in fuzz {
            if name.hasPrefix("Fuzz") {
                XCTAssertNil(main[name], "\(name) is a fuzz-only target name, but the main package has one")
                let folder = TestPaths.repoRoot.appendingPathComponent("Fuzz/Sources/\(name)").path
                XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: folder), "Fuzz/Sources/\(name)")
                for dep in deps { XCTAssertNotNil(fuzz[dep] ?? main[dep], "\(name) depends on \(dep)") }
                continue
            }
            XCTAssertEqual(Set(deps), Set(main[name] ?? ["not in the main package"]), "Fuzz/Package.swift: \(name)")
            for dep in deps where main[dep] != nil {
                XCTAssertNotNil(fuzz[dep], "Fuzz/Package.swift declares \(name) but not its dependency \(dep)")
            }
            let link = TestPaths.repoRoot.appendingPathComponent("Fuzz/Sources/\(name)").path
            XCTAssertEqual(try? FileManager.default.destinationOfSymbolicLink(atPath: link), "../../Sources/\(name)")
        }
    }

    /// The PDF stack's header folders are listed in both manifests (a manifest cannot import
    /// another): the same list, or the fuzz build misses a folder the main one has.
    func testFuzzPackageListsThePDFHeadersAsTheMainPackage() throws {
        func headers(_ manifest: String) throws -> String {
            let text = try String(contentsOf: TestPaths.repoRoot.appendingPathComponent(manifest), encoding: .utf8)
            let start = try XCTUnwrap(text.range(of: "#if arch(arm64)"), manifest)
            let end = try XCTUnwrap(text.range(of: ".map { \"-I\" + $0 }", range: start.upperBound..<text.endIndex), manifest)
            return String(text[start.lowerBound..<end.upperBound])
        }
        let main = try headers("Package.swift")
        XCTAssertTrue(main.contains("/usr/include/pango-1.0"), main)
        XCTAssertEqual(try headers("Fuzz/Package.swift"), main)
    }
}

