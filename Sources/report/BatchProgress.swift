import Batch
import Foundation
import ReportKit
#if canImport(Glibc)
import Glibc
#endif

/// What a batch shows while it runs: a progress bar when standard error is a terminal (and not
/// `--quiet`), one JSON line per user with `--log-format json`, else nothing; the summary line
/// at the end is the command's. Only ids, statuses, counts and times: never health data.
final class BatchProgress: BatchObserver {
    enum Mode { case bar, json, silent }

    let mode: Mode
    private var total = 0
    private var done = 0
    private var failures = 0
    private var processed = 0
    private var start = DispatchTime.now().uptimeNanoseconds
    private var lastDrawn: UInt64 = 0

    init(console: Console) {
        if console.format == .json {
            mode = .json
        } else {
            mode = !console.quiet && isatty(STDERR_FILENO) == 1 ? .bar : .silent
        }
    }

    func started(total: Int) {
        self.total = total
        start = DispatchTime.now().uptimeNanoseconds
    }

    func finished(_ entry: ManifestEntry, resumed: Bool) {
        done += 1
        if entry.status != .ok { failures += 1 }
        if !resumed { processed += 1 }
        switch mode {
        case .json:
            var fields: [(String, JSONOutput)] = [("level", .string("info")), ("userId", .string(entry.userId)),
                                                  ("status", .string(entry.status.rawValue)), ("ms", .int(entry.ms))]
            if resumed { fields.append(("resumed", .bool(true))) }
            StandardStreams.writeError(JSONOutput.object(fields).compact() + "\n")
        case .bar:
            let now = DispatchTime.now().uptimeNanoseconds
            guard done == total || now - lastDrawn > 100_000_000 else { return }
            lastDrawn = now
            StandardStreams.writeError("\r" + BatchProgress.bar(done: done, total: total, processed: processed, failures: failures,
                                                                seconds: seconds(now)) + (done == total ? "\n" : ""))
        case .silent:
            break
        }
    }

    func seconds(_ now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> Double {
        Double(now - start) / 1e9
    }

    /// `[#####.....]  120/1000  56.3 users/s  2 failed  0:15 left`: users per second and the time
    /// left count the users processed in this run (not those kept by `--resume`).
    static func bar(done: Int, total: Int, processed: Int, failures: Int, seconds: Double) -> String {
        let width = 30
        let filled = total > 0 ? min(width, done * width / total) : width
        let rate = seconds > 0 ? Double(processed) / seconds : 0
        let left = rate > 0 ? Int((Double(total - done) / rate).rounded()) : nil
        let eta = left.map { String(format: "%d:%02d left", $0 / 60, $0 % 60) } ?? "--:-- left"
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] " +
            "\(done)/\(total)  " + String(format: "%.1f users/s", rate) + "  \(failures) failed  " + eta
    }

    /// The line printed at the end (what cron mails).
    static func summaryLine(_ summary: BatchSummary) -> String {
        let c = summary.counts
        let secs = Double(summary.wallMs) / 1000
        let rate = secs > 0 ? Double(c.users - c.resumed) / secs : 0
        return "batch: \(c.users) users: \(c.ok) ok, \(c.invalid) invalid, \(c.failed) failed, \(c.resumed) resumed in "
            + String(format: "%.1f s (%.1f users/s)", secs, rate)
    }
}

/// A user's range that the single-user command would refuse (`--from` after that user's today).
struct BatchUserProblem: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
