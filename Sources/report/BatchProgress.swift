import Batch
import Dispatch
import FoundationEssentials
import Quoting
import ReportKit
#if canImport(Glibc)
import Glibc
#endif

/// What a batch shows while it runs: a progress bar when standard error is a terminal (and not
/// `--quiet`), one JSON line per user with `--log-format json`, else nothing; the summary line
/// at the end is the command's. Only ids, statuses, counts and times: never health data. One
/// vocabulary everywhere: ok, invalid, failed, and skipped as unchanged (`--resume`).
final class BatchProgress: BatchObserver {
    enum Mode { case bar, json, silent }

    let mode: Mode
    private var total = 0
    private var counts = BatchCounts()
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

    func finished(_ entry: ManifestEntry, unchanged: Bool) {
        counts.users += 1
        switch entry.status {
        case .ok: counts.ok += 1
        case .invalid: counts.invalid += 1
        case .failed: counts.failed += 1
        }
        if unchanged { counts.unchanged += 1 }
        switch mode {
        case .json:
            var fields: [(String, JSONOutput)] = [("userId", .string(entry.userId)), ("status", .string(entry.status.rawValue)),
                                                  ("ms", .int(entry.ms))]
            if unchanged { fields.append(("unchanged", .bool(true))) }
            Console(format: .json).emit(level: BatchProgress.level(entry.status), nil, extra: fields)
        case .bar:
            let now = DispatchTime.now().uptimeNanoseconds
            guard counts.users == total || now - lastDrawn > 100_000_000 else { return }
            lastDrawn = now
            let line = BatchProgress.bar(counts, total: total, seconds: Double(now - start) / 1e9,
                                         columns: BatchProgress.terminalColumns())
            // Back to the start of the line, the new text, and the rest of the old one erased.
            StandardStreams.writeError("\r" + line + "\u{1B}[K" + (counts.users == total ? "\n" : ""))
        case .silent:
            break
        }
    }

    /// The level of a user's log line: an invalid user is a warning (its data needs a look), a
    /// failed one an error (retried by the next `--resume`).
    static func level(_ status: ManifestEntry.Status) -> String {
        switch status {
        case .ok: return "info"
        case .invalid: return "warning"
        case .failed: return "error"
        }
    }

    /// `[#######.......] 120/1000  117 ok  2 invalid  1 failed  56.3 users/s  0:15 left`, within
    /// `columns - 1` characters: the bar shrinks, then goes, then the time left and the rate.
    /// Users per second and the time left count the users made in this run, not those skipped as
    /// unchanged, and are left out until one is made.
    static func bar(_ c: BatchCounts, total: Int, seconds: Double, columns: Int) -> String {
        let made = c.users - c.unchanged
        let rate = seconds > 0 ? Double(made) / seconds : 0
        var parts = ["\(c.users)/\(total)", "\(c.ok) ok", "\(c.invalid) invalid", "\(c.failed) failed"]
        if c.unchanged > 0 { parts.append("\(c.unchanged) unchanged") }
        var optional: [String] = []
        if made > 0 {
            optional.append(Text.format("%.1f users/s", rate))
            let left = rate > 0 ? Int((Double(total - c.users) / rate).rounded()) : 0
            optional.append(Text.format("%ld:%02ld left", left / 60, left % 60))
        }
        var text = (parts + optional).joined(separator: "  ")
        while text.count > columns - 1, !optional.isEmpty {
            optional.removeLast()
            text = (parts + optional).joined(separator: "  ")
        }
        let width = min(30, columns - 1 - text.count - 3)
        guard width >= 5 else { return text }
        let filled = total > 0 ? min(width, c.users * width / total) : width
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] " + text
    }

    /// The width of the terminal on standard error (80 when it does not say).
    static func terminalColumns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// The line printed at the end (what cron mails): every user counted once by status, how
    /// many were skipped as unchanged, the time and rate of the users made (none when nothing
    /// was made), and up to five users that are not ok with where their errors.txt is.
    static func summaryLine(_ name: String, _ c: BatchCounts, problems: BatchProblems, outDir: String,
                            seconds: Double?) -> String {
        var line = "\(name): \(counted(c.users, "user")): \(c.ok) ok, \(c.invalid) invalid, \(c.failed) failed"
        let made = c.users - c.unchanged
        if c.unchanged > 0 {
            line += c.unchanged == c.users ? ", all skipped as unchanged" : ", \(c.unchanged) skipped as unchanged"
        }
        if let seconds, made > 0 {
            line += (c.unchanged > 0 ? "; \(made) made" : "") + " in " + Text.format("%.1f s (%.1f users/s)", seconds, Double(made) / max(seconds, 0.001))
        }
        return line + problemsText(problems, outDir: outDir)
    }

    /// "; invalid: u-a, u-b; failed: u-c (see OUT/<user>/errors.txt)", then the folders whose
    /// names are not UTF-8 (counted as invalid, without errors.txt): up to five named in all,
    /// each id through `Quote.text` (a name that is not UTF-8 comes shown already).
    static func problemsText(_ problems: BatchProblems, outDir: String) -> String {
        var named = 0
        var text = ""
        func list(_ label: String, _ ids: [String]) {
            guard !ids.isEmpty else { return }
            let shown = Array(ids.prefix(max(0, 5 - named)))
            named += shown.count
            let more = ids.count - shown.count
            text += "; \(label): " + (shown + (more > 0 ? ["and \(more) more"] : [])).joined(separator: ", ")
        }
        list("invalid", problems.invalid.map { Quote.text($0) })
        list("failed", problems.failed.map { Quote.text($0) })
        let withErrors = problems.invalid + problems.failed
        if !withErrors.isEmpty {
            let folder = Quote.escapingControls(outDir.hasSuffix("/") ? String(outDir.dropLast()) : outDir)
            let only = withErrors.count == 1 ? Quote.escapingControls(withErrors[0]) : "<user>"
            text += " (see \(folder)/\(only)/errors.txt)"
        }
        list("folder names not valid UTF-8, so no user id (rename them)", problems.badNames)
        return text
    }

    /// The exit status a batch's final state gives: 4 when a user failed (a rerun with `--resume`
    /// makes it), 5 when users are invalid (a rerun cannot help), else 0.
    static func status(_ c: BatchCounts) -> ExitStatus {
        c.failed > 0 ? .output : c.invalid > 0 ? .usersInvalid : .success
    }

    /// Prints the summary line at the level its status gives (with the counts as members of a
    /// JSON line) and ends the command with that status.
    static func finish(_ line: String, _ c: BatchCounts, seconds: Double?, console: Console) throws {
        let status = status(c)
        var extra: [(String, JSONOutput)] = [("users", .int(c.users)), ("ok", .int(c.ok)), ("invalid", .int(c.invalid)),
                                             ("failed", .int(c.failed)), ("unchanged", .int(c.unchanged))]
        if let seconds { extra.append(("seconds", .number(Text.format("%.3f", seconds)))) }
        console.emit(level: status == .output ? "error" : status == .usersInvalid ? "warning" : "info", line, extra: extra)
        if status != .success { throw Finished(status: status) }
    }
}

/// A user's range that the single-user command would refuse (`--from` after that user's today).
struct BatchUserProblem: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
