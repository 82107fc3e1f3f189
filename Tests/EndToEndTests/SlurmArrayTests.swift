import Foundation
import TestSupport
import XCTest

/// deploy/slurm/report-batch.sbatch submitted, unchanged but for its folders (environment
/// variables), to a real single-node Slurm (Debian's slurm-wlm and munge, started by
/// scripts/slurm-single-node.sh): three array tasks over samples/users, then the merge as a job
/// that depends on the array (`afterok`). The union equals the unsharded run file by file, and
/// the task with the invalid user (u-cam) ends COMPLETED, so the array does not fail.
/// Skipped where Slurm is not installed (REPORT_SLURM=1 bash scripts/setup.sh installs it); CI
/// installs it and fails instead of skipping.
final class SlurmArrayTests: XCTestCase {
    func testTheArrayScriptRunsOnSlurmAndMakesTheUnshardedRun() throws {
        for tool in ["sbatch", "scontrol", "slurmctld", "slurmd", "munged"] {
            guard (try? ReportBinary.require(tool)) != nil else {
                throw ReportBinary.missing("Slurm is not installed (REPORT_SLURM=1 bash scripts/setup.sh installs slurm-wlm and munge)")
            }
        }
        guard getuid() == 0 else { throw ReportBinary.missing("a single-node Slurm needs root") }
        let bash = try ReportBinary.require("bash")
        let work = try TestPaths.temporaryDirectory("slurm")
        let cluster = work.appendingPathComponent("cluster").path
        let script = TestPaths.repoRoot.appendingPathComponent("scripts/slurm-single-node.sh").path
        let start = try ReportBinary.runTool(bash, [script, "start", cluster])
        defer {
            _ = try? ReportBinary.runTool(bash, [script, "stop", cluster])
            try? FileManager.default.removeItem(at: work)
        }
        XCTAssertEqual(start.status, 0, start.stderr)
        guard start.status == 0 else { return }

        // `report` and `report-nightly` on the jobs' PATH, as an installation has them.
        let bin = work.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("report"), withDestinationURL: ReportBinary.url)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("report-nightly"),
                                                   withDestinationURL: TestPaths.repoRoot.appendingPathComponent("deploy/report-nightly"))
        let out = work.appendingPathComponent("out").path
        let epoch = "1785456000"  // 2026-07-31: the as-of date of every user, and the PDFs' date
        var environment = ["SLURM_CONF": cluster + "/slurm.conf",
                           "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        let exported = ["REPORT_SHARDS=3", "REPORT_USERS=\(BatchSupport.users)", "REPORT_OUT=\(out)",
                        "REPORT_TIERS=\(BatchSupport.tiers)", "REPORT_TEMPLATES=\(TestPaths.templates.path)",
                        "SOURCE_DATE_EPOCH=\(epoch)", "REPORT_RETRY_DELAY=1"]
        let sbatch = try ReportBinary.require("sbatch")
        // Every wait is bounded: a cluster that does not run the jobs fails the test, never hangs it.
        let timeout = try ReportBinary.require("timeout")
        let started = Date()
        let array = try ReportBinary.runTool(timeout, ["300", sbatch.path, "--parsable", "--wait", "--array=0-2", "--export=ALL," + exported.joined(separator: ","),
                                                      TestPaths.repoRoot.appendingPathComponent("deploy/slurm/report-batch.sbatch").path],
                                             environment: environment, in: work)
        XCTAssertEqual(array.status, 0, "no task of the array failed: \(array.stdoutText) \(array.stderr)")
        let jobID = array.stdoutText.split(separator: "\n").first.map { String($0.split(separator: ";")[0]) } ?? ""
        XCTAssertFalse(jobID.isEmpty, array.stdoutText)

        // Each task ended COMPLETED with exit code 0, the one holding u-cam too.
        let scontrol = try ReportBinary.require("scontrol")
        let show = try ReportBinary.runTool(scontrol, ["show", "job", jobID], environment: environment)
        let states = show.stdoutText.components(separatedBy: "JobState=").dropFirst().map { $0.prefix { $0 != " " } }
        XCTAssertEqual(states.count, 3, show.stdoutText)
        XCTAssertTrue(states.allSatisfy { $0 == "COMPLETED" }, show.stdoutText)
        XCTAssertEqual(show.stdoutText.components(separatedBy: "ExitCode=0:0").count - 1, 3, show.stdoutText)
        let logs = try (0..<3).map { try String(contentsOf: work.appendingPathComponent("report-batch-\(jobID)-\($0).log"), encoding: .utf8) }
        XCTAssertEqual(logs.filter { $0.contains("invalid: u-cam") }.count, 1, "one task had the invalid user: \(logs)")

        // The merge, as an operator submits it: after the array, only if it went well.
        let merge = try ReportBinary.runTool(timeout, ["120", sbatch.path, "--parsable", "--wait", "--dependency=afterok:\(jobID)", "--export=ALL",
                                                      "--output=merge.log", "--wrap", "report headache batch-merge \(out)"],
                                             environment: environment, in: work)
        XCTAssertEqual(merge.status, 5, "merged; u-cam invalid: \(merge.stderr)")
        let mergeLog = try String(contentsOf: work.appendingPathComponent("merge.log"), encoding: .utf8)
        XCTAssertTrue(mergeLog.hasPrefix("report: warning: batch-merge: 8 users: 7 ok, 1 invalid, 0 failed"), mergeLog)
        print("SlurmArrayTests: the array and the merge took \(String(format: "%.1f", Date().timeIntervalSince(started))) s on Slurm")

        // The same users in one unsharded run: the same files, byte for byte.
        environment = ["SOURCE_DATE_EPOCH": epoch, "REPORT_TEMPLATES": TestPaths.templates.path]
        let whole = work.appendingPathComponent("whole").path
        let unsharded = try ReportBinary.run(["headache", "batch", BatchSupport.users, "-o", whole, "--tiers", BatchSupport.tiers],
                                             environment: environment)
        XCTAssertEqual(unsharded.status, 5, unsharded.stderr)
        let sharded = try BatchSupport.userFiles(out)
        XCTAssertEqual(Set(sharded.keys), Set(try BatchSupport.userFiles(whole).keys))
        XCTAssertEqual(sharded, try BatchSupport.userFiles(whole))
        XCTAssertGreaterThanOrEqual(sharded.count, 15, "every user's files, errors.txt included")
    }
}
