import Catalog
import Foundation
import Ingest
import Render
import ReportKit

/// What the fuzz targets share, made once per process. libFuzzer calls a target from one thread
/// (`-jobs` and `-fork` start other processes), so nothing here needs a lock.
public enum Fuzz {
    /// Small limits, so that every limit (field bytes, records, depth, columns) is reached by
    /// inputs of at most 4 KiB (`-max_len=4096`) and one input stays cheap.
    public static let limits = IngestLimits(maxFieldBytes: 512, maxRecords: 100, maxDepth: 16, maxColumns: 64)

    /// The separator of the parts of one input (several files, or an input and its options).
    public static let separator: UInt8 = 0x1E

    /// One Pango measurer for the whole process: a font map per input would cost more than the
    /// rest of a pipeline. Only this process's one thread uses it.
    nonisolated(unsafe) public static let measurer = PangoMeasurer()

    /// Sends standard output, where the jobs write text and PDFs as with `-o -`, to /dev/null:
    /// no files, no fsync. Exits on failure. Call once, before the first input.
    public static func silenceStandardOutput(_ target: String) {
        let devNull = open("/dev/null", O_WRONLY)
        guard devNull >= 0, dup2(devNull, STDOUT_FILENO) >= 0 else { die(target, "cannot send standard output to /dev/null") }
        close(devNull)
    }

    /// The templates of `app`, found as the command finds them (`$REPORT_TEMPLATES`, else the
    /// checkout's `templates/` above the executable). Exits on failure.
    public static func templates(_ target: String, app: String) -> TemplateSet {
        do { return try TemplateSet(directory: TemplateDirectory.locate(), app: app) } catch {
            die(target, "cannot load templates (set REPORT_TEMPLATES): \(error)")
        }
    }

    /// A fresh folder for this process's scratch files, on tmpfs when there is one (nothing there
    /// is ever synced to a disk), removed when the process exits normally.
    public static func scratchFolder(_ target: String) -> String {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        var template = Array("\(base)/\(target).XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { die(target, "cannot make a scratch folder in \(base)") }
        let path = String(cString: made)
        scratchFolders.append(path)
        if scratchFolders.count == 1 { atexit { for f in Fuzz.scratchFolders { try? FileManager.default.removeItem(atPath: f) } } }
        return path
    }
    nonisolated(unsafe) static var scratchFolders: [String] = []

    /// Writes `bytes` to `path`, replacing what was there. Exits on failure (the scratch folder is
    /// the harness's own).
    public static func write(_ bytes: some Collection<UInt8>, to path: String) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { die("fuzz", "cannot write \(path)") }
    }

    /// `bytes` cut at every `separator`, at most `limit` parts (the last one keeps the rest).
    public static func parts(_ bytes: ArraySlice<UInt8>, limit: Int) -> [ArraySlice<UInt8>] {
        bytes.split(separator: separator, maxSplits: max(limit - 1, 0), omittingEmptySubsequences: false)
    }

    /// `date` moved by `days`, kept within the dates the options accept (years 1 to 9999).
    public static func shifted(_ date: LocalDate, by days: Int) -> LocalDate {
        let first = LocalDate.daysFromCivil(year: 1, month: 1, day: 1)
        let last = LocalDate.daysFromCivil(year: 9999, month: 12, day: 31)
        let target = Int(date.daysSinceEpoch) + days
        return LocalDate(daysSinceEpoch: Int32(clamping: min(max(target, first), last)))
    }

    /// Four fixed dates, or `newest` (nil: the first fixed date) plus 0, 1, 30 or 365 days, as the
    /// three low bits of `choice` say.
    public static func asOf(_ choice: UInt8, newest: LocalDate?) -> LocalDate {
        let fixed = ["2026-04-15", "2026-07-31", "2026-02-18", "2000-02-29"].compactMap { LocalDate(iso: $0) }
        let pick = Int(choice & 7)
        return pick < 4 ? fixed[pick] : shifted(newest ?? fixed[0], by: [0, 1, 30, 365][pick - 4])
    }

    /// A context writing to standard output (/dev/null) with the shared measurer.
    public static func context(asOf: LocalDate) -> ReportContext {
        ReportContext(run: RunInfo.resolve(asOf: asOf, environment: [:]), output: .standardOutput, measurer: measurer)
    }

    /// Formats an error as the command prints it (the work a message costs is part of the run).
    public static func expected(_ error: Error) { _ = "\(error)" }

    public static func die(_ target: String, _ message: String) -> Never {
        FileHandle.standardError.write(Data("\(target): \(message)\n".utf8))
        exit(2)
    }
}
