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

    /// The README's release build is the one the scripts, CI and the container make: a static
    /// Swift runtime and no search path of the binary's own (`$ORIGIN`, which SwiftPM adds and the
    /// loader would search for every library before the system's, at every start).
    func testEveryReleaseBuildIsTheReadmes() throws {
        let files = ["README.md", "scripts/run-samples.sh", "scripts/test.sh", "deploy/Dockerfile"]
        var builds = 0
        for file in files {
            let text = try String(contentsOf: TestPaths.repoRoot.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n").filter { $0.contains("swift build -c release") }
            XCTAssertFalse(lines.isEmpty, "\(file) makes a release build")
            for line in lines {
                builds += 1
                XCTAssertTrue(line.contains("swift build -c release --static-swift-stdlib --disable-local-rpath"),
                              "\(file): \(line)")
            }
        }
        XCTAssertGreaterThanOrEqual(builds, files.count)
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
        // The man page, the completions and report-nightly are installed.
        XCTAssertTrue(text.contains("scripts/man-and-completions.sh"), "the man page and completions are generated")
        XCTAssertTrue(text.contains("COPY --from=build /out/share/ /usr/local/share/"), "and installed where man and the shells look")
        XCTAssertTrue(text.contains("COPY deploy/report-nightly /usr/local/bin/report-nightly"))
        // Every package installed without a pinned version is justified in a comment above it.
        let all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (n, line) in all.enumerated() where line.contains("apt-get install") {
            let command = all[n...].prefix { !$0.contains("&& rm") }.joined(separator: " ")
            let packages = command.split(separator: " ").filter { $0.first?.isLetter == true && !["apt-get", "install"].contains($0) }
            let unpinned = packages.filter { !$0.contains("=") }
            guard !unpinned.isEmpty else { continue }
            let run = all[...n].lastIndex { $0.hasPrefix("RUN") } ?? n
            let comments = all[..<run].reversed().prefix { $0.hasPrefix("#") }
            XCTAssertTrue(comments.joined().contains("Not pinned"), "line \(n + 1) installs \(unpinned) unpinned with no reason given")
        }
    }

    /// The exit statuses a shard ends with, from runs of the built binary: the sample users
    /// (u-cam's export is invalid) and an output folder that cannot be created.
    func shardStatuses() throws -> (invalid: Int32, output: Int32, usage: Int32) {
        let out = try TestPaths.temporaryDirectory("deploy-batch").path
        let invalid = try ReportBinary.run(BatchSupport.batchArguments(out: out, ["--reports", "insights"])).status
        FileManager.default.createFile(atPath: out + "/file", contents: Data())
        let output = try ReportBinary.run(BatchSupport.batchArguments(out: out + "/file/out")).status
        let usage = try ReportBinary.run(BatchSupport.batchArguments(out: out, ["--shard", "auto/3"])).status
        return (invalid, output, usage)
    }

    /// The Job's pod failure policy, read as Kubernetes applies it: the first rule whose
    /// `onExitCodes` matches the container's exit code decides; none matching counts the failure
    /// against the index's backoff limit (a retry).
    func testKubernetesRetriesCrashesAndOutputErrorsButNeverInvalidData() throws {
        let yaml = try parsedYAML(deploy.appendingPathComponent("k8s/cronjob.yaml").path)
        let job = try XCTUnwrap(((yaml["spec"] as? [String: Any])?["jobTemplate"] as? [String: Any])?["spec"] as? [String: Any])
        let pod = try XCTUnwrap((job["template"] as? [String: Any])?["spec"] as? [String: Any])
        XCTAssertEqual(pod["restartPolicy"] as? String, "Never", "a pod failure policy needs restartPolicy: Never")
        XCTAssertEqual(job["completionMode"] as? String, "Indexed")
        XCTAssertGreaterThan(job["backoffLimitPerIndex"] as? Int ?? 0, 0, "each shard retries on its own")
        XCTAssertNil(job["backoffLimit"], "no Job-wide limit: one shard's failures never stop the others")
        XCTAssertNil(job["maxFailedIndexes"], "a failed index never stops the others")
        let container = try XCTUnwrap((pod["containers"] as? [[String: Any]])?.first?["name"] as? String)
        let rules = try XCTUnwrap((job["podFailurePolicy"] as? [String: Any])?["rules"] as? [[String: Any]])
        func action(exitCode: Int32) -> String {
            for rule in rules {
                guard let codes = rule["onExitCodes"] as? [String: Any] else { continue }
                XCTAssertEqual(codes["containerName"] as? String, container, "the rule names the batch's container")
                let values = (codes["values"] as? [Int] ?? []).map(Int32.init)
                let matches = codes["operator"] as? String == "NotIn" ? !values.contains(exitCode) : values.contains(exitCode)
                if matches { return rule["action"] as? String ?? "?" }
            }
            return "Count"
        }
        let statuses = try shardStatuses()
        XCTAssertEqual(statuses.invalid, 5)
        XCTAssertEqual(action(exitCode: statuses.invalid), "FailIndex", "invalid user data: no retry, the other shards go on")
        XCTAssertEqual(statuses.output, 4)
        XCTAssertEqual(action(exitCode: statuses.output), "Count", "an unwritable output is retried")
        XCTAssertEqual(action(exitCode: statuses.usage), "FailJob", "a usage error fails the same way everywhere")
        XCTAssertEqual(action(exitCode: 1), "FailJob", "USERS_DIR or the tiers file: every shard would stop")
        for crash: Int32 in [134, 137, 139, 143] { XCTAssertEqual(action(exitCode: crash), "Count", "a crash (\(crash)) is retried") }
        let disruption = rules.first { ($0["onPodConditions"] as? [[String: Any]])?.contains { $0["type"] as? String == "DisruptionTarget" } == true }
        XCTAssertEqual(disruption?["action"] as? String, "Ignore", "a drained node is not the shard's fault")
    }

    func testCrontabLineAndSlurmArrayRunTheBatch() throws {
        let cron = try String(contentsOf: deploy.appendingPathComponent("crontab"), encoding: .utf8)
        let entries = cron.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        XCTAssertEqual(entries.count, 1)
        let fields = entries[0].split(separator: " ").map(String.init)
        XCTAssertTrue(fields[0..<5].allSatisfy { $0.allSatisfy { "0123456789*/,-".contains($0) } }, "five schedule fields")
        XCTAssertEqual(fields[6], "/usr/local/bin/report-nightly", "cron runs the batch through report-nightly")
        XCTAssertTrue(fields.contains("-o"))
        let slurm = try String(contentsOf: deploy.appendingPathComponent("slurm/report-batch.sbatch"), encoding: .utf8)
        let array = try XCTUnwrap(slurm.split(separator: "\n").first { $0.hasPrefix("#SBATCH --array=0-") })
        let last = try XCTUnwrap(Int(array.dropFirst("#SBATCH --array=0-".count)))
        XCTAssertTrue(slurm.contains("shards=${REPORT_SHARDS:-\(last + 1)}"), "array 0-\(last) runs \(last + 1) shards")
        XCTAssertTrue(slurm.contains("--shard \"auto/$shards\""))
        XCTAssertTrue(slurm.contains("report-nightly"), "the array runs the batch through report-nightly")
        let bash = try ReportBinary.require("bash")
        XCTAssertEqual(try ReportBinary.runTool(bash, ["-n", deploy.appendingPathComponent("slurm/report-batch.sbatch").path]).status, 0)
    }

    /// report-nightly (cron and Slurm) with a stand-in `report` that ends with given statuses:
    /// 0 and 5 end the night well, 1 and 2 at once, 4 and crashes are run again with --resume.
    func testReportNightlyRetriesCrashesAndOutputErrorsOnly() throws {
        let bash = try ReportBinary.require("bash")
        let dir = try TestPaths.temporaryDirectory("nightly")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fake = dir.appendingPathComponent("report").path
        try """
            #!/bin/bash
            echo "$*" >>"$(dirname "$0")/calls"
            statuses=($(cat "$(dirname "$0")/statuses"))
            n=$(wc -l <"$(dirname "$0")/calls")
            exit "${statuses[$((n - 1))]}"

            """.write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let cases: [(statuses: [Int], runs: Int, exit: Int32)] = [
            ([0], 1, 0), ([5], 1, 0), ([1], 1, 1), ([2], 1, 2),
            ([4, 4, 0], 3, 0), ([4, 4, 4], 3, 4), ([137, 5], 2, 0), ([139, 139, 139], 3, 139),
        ]
        for (statuses, runs, exit) in cases {
            try? FileManager.default.removeItem(atPath: dir.appendingPathComponent("calls").path)
            try statuses.map(String.init).joined(separator: " ").write(to: dir.appendingPathComponent("statuses"), atomically: true, encoding: .utf8)
            let r = try ReportBinary.runTool(bash, [deploy.appendingPathComponent("report-nightly").path, "users", "-o", "out"],
                                             environment: ["REPORT": fake, "REPORT_RETRY_DELAY": "0"])
            XCTAssertEqual(r.status, exit, "\(statuses): \(r.stderr)")
            let calls = try String(contentsOf: dir.appendingPathComponent("calls"), encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(calls.count, runs, "\(statuses)")
            XCTAssertTrue(calls.allSatisfy { $0 == "headache batch users -o out --resume" }, "\(calls)")
        }
    }
}
