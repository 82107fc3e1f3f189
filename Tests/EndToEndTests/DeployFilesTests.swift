import Foundation
import TestSupport
import XCTest

/// The files an operator deploys with: the Kubernetes manifest parses and runs shards of one
/// count, every COPY of the container file names a file of the repository, the crontab line
/// and the Slurm array agree with the batch's options.
final class DeployFilesTests: XCTestCase {
    let deploy = TestPaths.repoRoot.appendingPathComponent("deploy")

    /// The YAML file as JSON through PyYAML (python3-yaml).
    func parsedYAML(_ path: String) throws -> [String: Any] {
        let python = try ReportBinary.require("python3")
        guard try ReportBinary.runTool(python, ["-c", "import yaml"]).status == 0 else {
            throw ReportBinary.missing("PyYAML is not installed (scripts/setup.sh installs python3-yaml)")
        }
        let r = try ReportBinary.runTool(python, ["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
    }

    func testCronJobRunsAnIndexedJobOfShardsOnAVolume() throws {
        let path = deploy.appendingPathComponent("k8s/cronjob.yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertFalse(text.contains("\t"), "YAML is indented with spaces")
        let yaml = try parsedYAML(path)
        XCTAssertEqual(yaml["kind"] as? String, "CronJob")
        let spec = try XCTUnwrap(yaml["spec"] as? [String: Any])
        XCTAssertEqual((spec["schedule"] as? String)?.split(separator: " ").count, 5)
        let job = try XCTUnwrap((spec["jobTemplate"] as? [String: Any])?["spec"] as? [String: Any])
        XCTAssertEqual(job["completionMode"] as? String, "Indexed")
        let n = try XCTUnwrap(job["completions"] as? Int)
        XCTAssertEqual(job["parallelism"] as? Int, n)
        let pod = try XCTUnwrap((job["template"] as? [String: Any])?["spec"] as? [String: Any])
        let container = try XCTUnwrap((pod["containers"] as? [[String: Any]])?.first)
        let args = try XCTUnwrap(container["args"] as? [String])
        XCTAssertEqual(Array(args.prefix(2)), ["headache", "batch"])
        let shard = try XCTUnwrap(args.firstIndex(of: "--shard"))
        XCTAssertEqual(args[shard + 1], "auto/\(n)")
        let out = try XCTUnwrap(args.firstIndex(of: "-o")).advanced(by: 1)
        let mounts = try XCTUnwrap(container["volumeMounts"] as? [[String: Any]])
        let mount = try XCTUnwrap(mounts.first { args[out].hasPrefix(($0["mountPath"] as? String ?? "") + "/") })
        let volumes = try XCTUnwrap(pod["volumes"] as? [[String: Any]])
        let volume = try XCTUnwrap(volumes.first { $0["name"] as? String == mount["name"] as? String })
        XCTAssertNotNil(volume["persistentVolumeClaim"])
    }

    func testContainerFileCopiesFilesThatExist() throws {
        let text = try String(contentsOf: deploy.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let froms = lines.filter { $0.hasPrefix("FROM ") }
        XCTAssertEqual(froms.last, "FROM debian:12-slim", "the image that runs is Debian 12 slim")
        var copies = 0
        for line in lines where line.hasPrefix("COPY ") {
            let words = line.split(separator: " ").dropFirst().map(String.init)
            guard !words.contains(where: { $0.hasPrefix("--from=") }) else { continue }
            for source in words.dropLast() {
                copies += 1
                XCTAssertTrue(FileManager.default.fileExists(atPath: TestPaths.repoRoot.appendingPathComponent(source).path),
                              "COPY \(source) names no file of the repository")
            }
        }
        XCTAssertGreaterThanOrEqual(copies, 4)
        XCTAssertTrue(text.contains("COPY templates/"), "the templates travel with the binary")
        // The fonts (brand and fallbacks) and tzdata the local setup installs: the same outputs.
        let setup = try String(contentsOf: TestPaths.repoRoot.appendingPathComponent("scripts/setup.sh"), encoding: .utf8)
        let runtime = setup.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
            .filter { $0.hasPrefix("fonts-") || $0 == "tzdata" }
        XCTAssertGreaterThanOrEqual(runtime.count, 5)
        for package in runtime { XCTAssertTrue(text.contains(package), "the image installs \(package) as setup.sh does") }
        XCTAssertTrue(text.contains("--static-swift-stdlib"))
    }

    func testCrontabLineAndSlurmArrayRunTheBatch() throws {
        let cron = try String(contentsOf: deploy.appendingPathComponent("crontab"), encoding: .utf8)
        let entries = cron.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        XCTAssertEqual(entries.count, 1)
        let fields = entries[0].split(separator: " ").map(String.init)
        XCTAssertTrue(fields[0..<5].allSatisfy { $0.allSatisfy { "0123456789*/,-".contains($0) } }, "five schedule fields")
        XCTAssertEqual(Array(fields[6...8]), ["/usr/local/bin/report", "headache", "batch"])
        let slurm = try String(contentsOf: deploy.appendingPathComponent("slurm/report-batch.sbatch"), encoding: .utf8)
        let array = try XCTUnwrap(slurm.split(separator: "\n").first { $0.hasPrefix("#SBATCH --array=0-") })
        let last = try XCTUnwrap(Int(array.dropFirst("#SBATCH --array=0-".count)))
        XCTAssertTrue(slurm.contains("--shard auto/\(last + 1)"), "array 0-\(last) runs \(last + 1) shards")
        let bash = try ReportBinary.require("bash")
        XCTAssertEqual(try ReportBinary.runTool(bash, ["-n", deploy.appendingPathComponent("slurm/report-batch.sbatch").path]).status, 0)
    }
}
