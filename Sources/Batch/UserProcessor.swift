import Aurae
import Catalog
import Dispatch
import FoundationEssentials
import Ingest
import Quoting
import Render
import ReportKit
#if canImport(Glibc)
import Glibc
#endif

/// Makes one user's reports with the same jobs and code paths as the single-user commands; one
/// per worker thread, holding that thread's jobs and text measurer (fonts loaded once).
final class UserProcessor {
    let settings: BatchSettings
    let templates: TemplateSet
    /// One job per report the batch writes, in the order they are made.
    let jobs: [BatchJob]
    let measurer = PangoMeasurer()
    /// Nanoseconds this worker spent in each report.
    private(set) var reportNanoseconds: [BatchReport: UInt64] = [:]

    init(settings: BatchSettings, templates: TemplateSet) throws {
        self.settings = settings
        self.templates = templates
        jobs = try settings.reports.map { try $0.job(templates: templates, from: settings.from, to: settings.to) }
    }

    /// What a user's reports came to: the reports written, or the text of `errors.txt`.
    enum Outcome {
        case ok([BatchReport])
        case invalid(String, count: Int)
        case failed(String)
    }

    /// One user's reports as a worker left them: written into their temporaries, not yet in
    /// place or durable (`finish` does that, on one of the run's syncing threads). Handed from the
    /// worker to that thread, which then owns it.
    final class Made: @unchecked Sendable {
        let userId: String
        let userOut: String
        let inputs: [ManifestEntry.Input]
        let options: String
        let files = DeferredCommits()
        var outcome: Outcome = .ok([])
        /// Set when the user's folder could not be made.
        var noFolder = false
        /// The worker's time on this user, in nanoseconds.
        var nanoseconds: UInt64 = 0
        init(userId: String, userOut: String, inputs: [ManifestEntry.Input], options: String) {
            self.userId = userId; self.userOut = userOut; self.inputs = inputs; self.options = options
        }
    }

    /// Makes `folder`'s user's reports into `userOut`, written but not yet in place (`finish`).
    func make(_ folder: UserFolder, inputs: [ManifestEntry.Input], options: String, userOut: String) -> Made {
        let start = DispatchTime.now().uptimeNanoseconds
        let made = Made(userId: folder.userId, userOut: userOut, inputs: inputs, options: options)
        if mkdir(userOut, 0o700) != 0 && errno != EEXIST {
            made.noFolder = true
        } else {
            made.outcome = run(folder, tier: settings.tiers.tier(of: folder.userId), userOut: userOut, files: made.files)
        }
        made.nanoseconds = DispatchTime.now().uptimeNanoseconds - start
        return made
    }

    /// Puts a made user's files in place and returns its manifest entry. Every file the entry
    /// names is durable when it returns, and no other output of the user is left.
    static func finish(_ made: Made) -> ManifestEntry {
        let start = DispatchTime.now().uptimeNanoseconds
        let userOut = made.userOut
        var status = ManifestEntry.Status.ok
        var errors = 0
        var written: [String] = []
        if made.noFolder {
            status = .failed
            errors = 1
        } else {
            var errorText: String?
            switch made.outcome {
            case .ok(let reports):
                do {
                    try made.files.commit()
                    written = reports.map(\.fileName)
                } catch {
                    (status, errors, errorText) = (.failed, 1, "report: error: \(error)\n")
                }
            case .invalid(let text, let count): (status, errors, errorText) = (.invalid, count, text)
            case .failed(let text): (status, errors, errorText) = (.failed, 1, text)
            }
            made.files.abandon()
            if let errorText {
                let path = userOut + "/" + BatchSettings.errorsName
                if (try? OutputTarget(path: path).write({ try $0.write(errorText) })) != nil {
                    written = [BatchSettings.errorsName]
                } else {
                    status = .failed
                    written = []
                }
            }
        }
        UserProcessor.removeOutputs(in: userOut, except: written)
        let outputs = written.compactMap { name in
            SHA256.file(userOut + "/" + name).map { ManifestEntry.Output(file: name, bytes: $0.bytes, sha256: $0.hex) }
        }
        let ms = Int((made.nanoseconds + DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        return ManifestEntry(userId: made.userId, status: status, options: made.options, inputs: made.inputs,
                             outputs: outputs, ms: ms, errors: errors)
    }

    /// Reads the user's inputs as the single-user commands do and writes each report asked for.
    func run(_ folder: UserFolder, tier: AuraeTier, userOut: String, files: DeferredCommits) -> Outcome {
        let reports = settings.reports(for: tier)
        let inputs: HeadacheInputs
        let run: RunInfo
        do {
            // What holds an input's name but cannot be read (a name that is not UTF-8, a FIFO, a
            // dangling link) makes the user invalid: leaving it out would make reports of part
            // of the user's data and call them ok.
            guard folder.problems.isEmpty else {
                return .invalid(folder.problems.map { $0 + "\n" }.joined(), count: folder.problems.count)
            }
            guard !folder.exports.isEmpty else {
                return .invalid("\(Quote.escapingControls(folder.path)): error: no headache log export (.json or .csv) in the folder\n", count: 1)
            }
            let logs = try HeadacheLogReader.read(folder.exports.map { InputSource(path: folder.file($0)) })
            var read = HeadacheInputs(logs: logs.records, skipped: logs.skipped)
            if let days = folder.days, reports.contains(.insights) || reports.contains(.clinical) {
                read.days = try DayContextReader.read([InputSource(path: folder.file(days))]).records
            }
            inputs = read
            run = try settings.runInfo(read.logs)
        } catch let e as IngestError {
            return .invalid(e.description + "\n", count: max(1, e.diagnostics.filter { $0.severity == .error }.count))
        } catch {
            return .invalid("report: error: \(error)\n", count: 1)
        }
        for job in jobs where reports.contains(job.report) {
            let started = DispatchTime.now().uptimeNanoseconds
            let context = ReportContext(run: run, output: OutputTarget(path: userOut + "/" + job.report.fileName, deferringTo: files),
                                        measurer: measurer)
            do {
                try job.run(inputs, tier: tier, in: context)
            } catch {
                return .failed("report: error: \(job.report.rawValue): \(error)\n")
            }
            reportNanoseconds[job.report, default: 0] += DispatchTime.now().uptimeNanoseconds - started
        }
        return .ok(reports)
    }

    /// Removes the user's report and error files that `keep` does not name (left by an earlier
    /// run), and syncs the folder when one was removed.
    static func removeOutputs(in userOut: String, except keep: [String]) {
        var removed = false
        for name in BatchReport.allCases.map(\.fileName) + [BatchSettings.errorsName] where !keep.contains(name) {
            if unlink(userOut + "/" + name) == 0 { removed = true }
        }
        guard removed else { return }
        let fd = open(userOut, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { fsync(fd); close(fd) }
    }
}
