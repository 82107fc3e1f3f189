import ArgumentParser
import Aurae
import Batch
import FoundationEssentials
import Ingest
import Quoting
import ReportKit
#if canImport(Glibc)
import Glibc
#endif

struct BatchCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Write every user's insights JSON and PDFs in one process: the nightly batch.",
        discussion: """
            USERS_DIR holds one folder per user (the folder name is the user id) with the \
            headache log exports (every .json and .csv file, merged in name order) and \
            optionally days.json or days.csv. Each user gets OUT_DIR/<userId>/insights.json, \
            summary.pdf and clinical.pdf (premium users only), byte-identical to what \
            'headache insights --json', 'headache summary' and 'headache clinical' write for the \
            same input and options; a user whose input is invalid gets errors.txt with the \
            located messages instead, and the others go on. OUT_DIR/manifest.jsonl has one line \
            per user (status ok, invalid or failed, input and output SHA-256, ms, the run's id), \
            appended once the user's files are on disk; OUT_DIR/run.json, removed as a run \
            starts and written at its end, the run's id, the manifest's lines and SHA-256 and \
            the counts: the proof that this run finished. With --shard the two are named \
            manifest.shard-I-of-N.jsonl and run.shard-I-of-N.json; 'headache batch-merge' checks \
            and merges them. --resume skips the users whose inputs, options and outputs (all \
            of those their status calls for) are unchanged since their manifest line.

            Nothing is left out in silence: a user folder whose name is not valid UTF-8 is \
            counted as invalid (its manifest line shows the name, bytes as \\xHH); a file \
            named *.json or *.csv that cannot be read as an input (a name that is not UTF-8, a \
            FIFO, a device, a dangling link) makes its user invalid, named in errors.txt. The \
            manifest and run file must be regular files (a FIFO there is refused at once), and \
            OUT_DIR and USERS_DIR must be apart (neither inside the other). One run of a \
            shard at a time: a second run of the same shard in the same OUT_DIR is refused at \
            once (status 4) while the first holds OUT_DIR/.report-lock.<manifest name>; the \
            lock ends with its process.

            On a terminal a progress bar shows users done, ok, invalid, failed and skipped as \
            unchanged, users per second and the time left; without one, or with --quiet, only \
            one summary line is printed at the end, naming up to five users that are not ok; \
            --log-format json prints one line per user (ts, level, userId, status, ms). No \
            health data is ever printed. --jobs defaults to the number of cores.

            Exit status: 0 every user ok; 5 finished, but some users' input is invalid (a rerun \
            cannot fix it: their errors.txt says why); 4 a user failed, or OUT_DIR, its manifest \
            or its run file cannot be written, or another run of the shard is writing it (rerun \
            with --resume); 1 USERS_DIR or the tiers \
            file cannot be read or is invalid (nothing was done); 2 usage error (-o inside \
            USERS_DIR, or USERS_DIR inside -o, among them). A scheduler retries 4 and crashes, not \
            5, 1 or 2.

            Example (samples/users holds one invalid user on purpose, u-cam: status 5):
              report headache batch samples/users -o out/batch \\
                --tiers samples/users/tiers.csv --as-of 2026-07-31
            """)

    @Argument(help: ArgumentHelp("One folder per user, named by the user id.", valueName: "USERS_DIR"))
    var usersDir: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The output folder (created when missing).", valueName: "OUT_DIR"))
    var output: String

    @OptionGroup var options: RunOptions

    @Option(name: .customLong("reports"), help: ArgumentHelp("Reports to write, comma-separated: insights, summary, clinical (clinical for premium users only).", valueName: "LIST"),
            transform: BatchCommand.reportList)
    var reports: [BatchReport] = BatchReport.allCases

    @Option(name: .customLong("tiers"), help: ArgumentHelp("CSV of user_id,tier (free or premium); users not listed are free.", valueName: "FILE"))
    var tiers: String?

    @Option(name: .customLong("jobs"), help: ArgumentHelp("Worker threads (default: the number of cores).", valueName: "N"))
    var jobsOption: Int?

    var jobs: Int { jobsOption ?? ProcessInfo.processInfo.activeProcessorCount }

    @Option(name: .customLong("shard"), help: ArgumentHelp("Only the users of shard I of N (FNV-1a-64 of the id mod N); auto/N takes I from JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX.", valueName: "I/N"),
            transform: BatchCommand.shardValue)
    var shard: Shard?

    @Flag(name: .customLong("resume"), help: "Skip users whose inputs, options and outputs are unchanged since the manifest was written.")
    var resume = false

    @OptionGroup var common: CommonOptions

    var console: Console { common.console }

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 256") }
        if BatchCommand.isInside(output, folder: usersDir) {
            throw ValidationError("-o names the users folder or a folder inside it, which the next run would take for a user; the output must be elsewhere")
        }
        if BatchCommand.isInside(usersDir, folder: output) {
            throw ValidationError("the users folder is inside the -o folder, where a user's reports could be written among the users' folders; the two folders must be apart")
        }
    }

    /// Whether `path` is `folder` or inside it at any depth, existing or to be created
    /// (`USERS_DIR/new/out` would make `new` a user with no exports every night). The longest
    /// part of `path` that exists is resolved (symbolic links, `..`), and it and each folder
    /// above it are compared with `folder` by device and inode; a `folder` that does not exist
    /// holds nothing.
    static func isInside(_ path: String, folder: String) -> Bool {
        var target = stat()
        guard stat(folder, &target) == 0 else { return false }
        var existing = path.isEmpty ? "." : path
        var st = stat()
        while stat(existing, &st) != 0 {
            let parent = Text.deletingLastPathComponent(existing)
            existing = parent.isEmpty ? "." : parent
            if existing == "/" || existing == "." { break }
        }
        guard let resolved = realpath(existing, nil) else { return false }
        var walk = String(cString: resolved)
        free(resolved)
        while true {
            if stat(walk, &st) == 0 && st.st_dev == target.st_dev && st.st_ino == target.st_ino { return true }
            guard walk != "/", !walk.isEmpty else { return false }
            walk = Text.deletingLastPathComponent(walk)
        }
    }

    /// The `--reports` names: each known, none twice; made in the order of `BatchReport`.
    static func reportList(_ text: String) throws -> [BatchReport] {
        let names = try CommaList(text, noun: "report", known: "insights, summary, clinical",
                                  element: { BatchReport(rawValue: $0) }, describe: \.rawValue).values
        return BatchReport.allCases.filter(names.contains)
    }

    /// `--shard I/N` or `auto/N` (the index from the environment).
    static func shardValue(_ text: String) throws -> Shard {
        switch Shard.parse(text, environment: ProcessInfo.processInfo.environment) {
        case .success(let value): return value
        case .failure(let problem): throw ValidationError(problem.description)
        }
    }

    func run() throws {
        let templates = try common.templateSet(app: "aurae")
        do { try BatchRunner.prepare(outDir: output) } catch { throw RunFailure(.output, "\(error)") }
        let settings = try batchSettings()
        // Held until the run file is written: one run of a shard at a time (exit status 4).
        let lock: ShardLock
        do { lock = try ShardLock(outDir: output, manifestName: settings.manifestName) } catch { throw RunFailure(.output, "\(error)") }
        let progress = BatchProgress(console: console)
        let summary: BatchSummary
        do {
            summary = try BatchRunner(settings: settings, templates: templates).run(observer: progress)
        } catch BatchFailure.users(let message) {
            throw RunFailure(.invalidInput, message)
        } catch BatchFailure.output(let message) {
            throw RunFailure(.output, message)
        }
        try RunRecord(settings: settings, summary: summary, tiersFile: tiers).write(to: output + "/" + settings.runFileName)
        withExtendedLifetime(lock) {}
        let seconds = Double(summary.wallMs) / 1000
        let line = BatchProgress.summaryLine("batch", summary.counts, problems: summary.problems, outDir: output, seconds: seconds)
        try BatchProgress.finish(line, summary.counts, seconds: seconds, console: console)
    }

    /// The settings of this run; reads the tiers file (a located error, status 1, when invalid).
    func batchSettings() throws -> BatchSettings {
        let environment = ProcessInfo.processInfo.environment
        let asOf = options.asOf.map { "\($0)" } ?? "auto:\(RunInfo.today(RunInfo.clock(environment)))"
        let epoch = RunInfo.sourceDateEpoch(environment).map { "\(Int64($0.timeIntervalSince1970))" } ?? ""
        let fingerprint = "asOf=\(asOf);from=\(options.from.map { "\($0)" } ?? "");to=\(options.to.map { "\($0)" } ?? "");" +
            "epoch=\(epoch);version=\(RunInfo.version)"
        let options = self.options
        return BatchSettings(
            usersDir: usersDir, outDir: output, reports: reports, from: options.from, to: options.to,
            asOf: options.asOf, tiers: try tiers.map { try TierTable.read(path: $0) } ?? TierTable(),
            shard: shard, resume: resume, jobs: jobs, fingerprint: fingerprint,
            runInfo: { logs in
                let run = options.runInfo(logs: logs)
                do { try options.checkRange(run) } catch let failure as RunFailure { throw BatchUserProblem(failure.message) }
                return run
            })
    }
}
