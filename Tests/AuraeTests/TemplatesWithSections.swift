import Catalog
import Foundation
import TestSupport
import XCTest

extension XCTestCase {
    /// A copy of templates/ (removed after the test) whose `reports/<report>.json` has the section
    /// list `sections`, a JSON array written as is.
    func templates(report: String, sections: String) throws -> TemplateSet {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(report)-sections-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TestPaths.templates, to: dir)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("reports/\(report).json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: #""sections": ["#))
        let end = try XCTUnwrap(text.range(of: "]", range: start.upperBound..<text.endIndex))
        try text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: #""sections": "# + sections)
            .write(to: url, atomically: true, encoding: .utf8)
        return try TemplateSet(directory: dir)
    }

    /// A copy of templates/ (removed after the test) with `file` edited by replacing `old` with `new`.
    func templates(editing file: String, _ old: String, _ new: String) throws -> TemplateSet {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("load-check-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TestPaths.templates, to: dir)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(file) has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
        return try TemplateSet(directory: dir)
    }
}
