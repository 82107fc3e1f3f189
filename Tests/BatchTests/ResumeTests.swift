import Catalog
import Foundation
import Ingest
import ReportKit
import TestSupport
import XCTest
@testable import Batch

/// What `--resume` keeps (issue 21): a manifest line whose outputs list was emptied or cut no
/// longer passes for a finished user — the outputs it lists must exist with their hashes, and
/// they must be exactly the ones the user's status and options call for.
final class ResumeTests: XCTestCase {
    var users: String!
    var out: String!
    var runner: BatchRunner!

    override func setUpWithError() throws {
        users = try TestPaths.temporaryDirectory("resume-users").path
        out = try TestPaths.temporaryDirectory("resume-out").path
        let settings = BatchSettings(usersDir: users, outDir: out, reports: [.insights, .summary], from: nil, to: nil, asOf: nil,
                                     tiers: TierTable(), shard: nil, resume: true, jobs: 1, fingerprint: "f",
                                     runInfo: { _ in RunInfo(asOf: LocalDate(year: 2026, month: 7, day: 31)!, generatedAt: Date(timeIntervalSince1970: 0)) })
        runner = BatchRunner(settings: settings, templates: try TemplateSet(directory: TestPaths.templates))
    }

    /// A user `id` with one export and the given output files in its output folder; returns the
    /// entry a run that made them writes.
    func user(_ id: String, status: ManifestEntry.Status, outputs: [String]) throws -> ManifestEntry {
        try FileManager.default.createDirectory(atPath: users + "/" + id, withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: URL(fileURLWithPath: users + "/" + id + "/logs.json"))
        try FileManager.default.createDirectory(atPath: out + "/" + id, withIntermediateDirectories: true)
        var listed: [ManifestEntry.Output] = []
        for name in outputs {
            let data = Data("\(id) \(name)".utf8)
            try data.write(to: URL(fileURLWithPath: out + "/" + id + "/" + name))
            listed.append(.init(file: name, bytes: data.count, sha256: SHA256.hex(data)))
        }
        return ManifestEntry(userId: id, status: status, options: runner.settings.options(for: .free),
                             inputs: runner.fingerprints(UserFolder(userId: id, usersDir: users)), outputs: listed, ms: 1, errors: 0)
    }

    func testAUserIsKeptOnlyWithExactlyTheOutputsItsStatusCallsFor() throws {
        let ok = try user("u-ok", status: .ok, outputs: ["insights.json", "summary.pdf"])
        XCTAssertTrue(runner.isUnchanged(ok))
        var emptied = ok
        emptied.outputs = []
        XCTAssertFalse(runner.isUnchanged(emptied), "the review's example: an emptied outputs list")
        var cut = ok
        cut.outputs.removeLast()
        XCTAssertFalse(runner.isUnchanged(cut), "a report missing from the list")
        var twice = ok
        twice.outputs = [ok.outputs[0], ok.outputs[0]]
        XCTAssertFalse(runner.isUnchanged(twice), "one report listed twice, the other not")
        var extra = ok
        extra.outputs.append(.init(file: "errors.txt", bytes: 0, sha256: SHA256.hex([UInt8]())))
        XCTAssertFalse(runner.isUnchanged(extra))
        try FileManager.default.removeItem(atPath: out + "/u-ok/summary.pdf")
        XCTAssertFalse(runner.isUnchanged(ok), "a listed output deleted")

        let invalid = try user("u-bad", status: .invalid, outputs: ["errors.txt"])
        XCTAssertTrue(runner.isUnchanged(invalid))
        var noErrors = invalid
        noErrors.outputs = []
        XCTAssertFalse(runner.isUnchanged(noErrors))
        var named = invalid
        named.nameBytes = "ff"
        XCTAssertFalse(runner.isUnchanged(named), "a folder name that is not UTF-8 is reported again every run")
    }

    func testAUserWithAnInputThatCannotBeReadIsNeverKept() throws {
        let ok = try user("u-ok", status: .ok, outputs: ["insights.json", "summary.pdf"])
        XCTAssertTrue(runner.isUnchanged(ok))
        XCTAssertEqual(mkfifo(users + "/u-ok/more.json", 0o600), 0)
        XCTAssertFalse(runner.isUnchanged(ok))
    }

    /// The manifest read back under `--resume` must be a regular file: a FIFO is refused at once.
    func testAFIFOManifestIsRefusedAtOnce() throws {
        XCTAssertEqual(mkfifo(out + "/manifest.jsonl", 0o600), 0)
        XCTAssertThrowsError(try runner.keptEntries(["u-1"])) { error in
            XCTAssertEqual("\(error)", "the manifest \(out!)/manifest.jsonl cannot be used: it is a FIFO, not a regular file")
        }
    }
}
