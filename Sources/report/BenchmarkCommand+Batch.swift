import Aurae
import ReportKit
import Batch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Synthetic
import Quoting

extension BenchmarkCommand {
    /// The nightly batch as a whole process: `batchUsers` generated users of about 100 episodes
    /// each, insights JSON and the free summary PDF, on every core; prints users per second,
    /// the worker time per report (from `run.json`) next to one user's summary as a whole
    /// process, and the batch's peak memory.
    func measureBatch(dir: String, exe: String) throws {
        let users = "\(dir)/batch_users", out = "\(dir)/batch_out"
        try? FileManager.default.removeItem(atPath: users)
        try? FileManager.default.removeItem(atPath: out)
        for u in 0..<batchUsers {
            let folder = users + "/user-" + String(u)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let rows = SyntheticExport.rows(count: 100, seed: UInt64(1_000 + u))
            try SyntheticExport.json(rows).write(toFile: folder + "/logs.json", atomically: false, encoding: .utf8)
        }
        let asOf = "2023-12-31"
        var args = [exe, "headache", "batch", users, "-o", out, "--reports", "insights,summary", "--as-of", asOf, "--quiet"]
        if let templates { args += ["--templates", templates] }
        let batch = try spawn(args)
        guard let run = RunRecord.read(out + "/run.json"), run.counts.ok == batchUsers else {
            throw RunFailure(.output, "the measured batch did not make every user (see \(out))")
        }
        var single = [exe, "headache", "summary", users + "/user-0/logs.json", "-o", "\(dir)/batch_single.pdf", "--as-of", asOf, "--quiet"]
        if let templates { single += ["--templates", templates] }
        _ = try spawn(single)  // warm-up
        let singleTimes = try (0..<max(3, runs)).map { _ in try spawn(single).seconds }.sorted()
        let rate = Double(batchUsers) / batch.seconds
        func perUser(_ report: String) -> Double { Double(run.reportMs[report] ?? 0) / Double(batchUsers) }
        print("")
        print(Text.format("batch: %ld users × 100 episodes, insights + summary, %ld cores: %.1f s, %.1f users/s (10,000 users: %.1f min), peak RSS %.1f MB",
                     batchUsers, ProcessInfo.processInfo.activeProcessorCount, batch.seconds, rate,
                     10_000 / rate / 60, Double(batch.maxRSSKiB) / 1024))
        print(Text.format("batch per report (worker time): insights %.1f ms, summary %.1f ms; one summary as a whole process: %.1f ms median",
                     perUser("insights"), perUser("summary"), singleTimes[singleTimes.count / 2] * 1000))
    }
}
