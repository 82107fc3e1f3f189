import ArgumentParser
import ReportKit
import Batch

struct BatchMergeCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch-merge",
        abstract: "Check and merge the manifests of a sharded batch.",
        discussion: """
            Reads manifest.shard-I-of-N.jsonl and run.shard-I-of-N.json of every shard from the \
            folders given (one shared folder, or one per shard), checks that every shard 0..N-1 \
            finished its last run once — its run file is there, names the run of every line of \
            its manifest, and records that manifest's number of lines, SHA-256 and counts — \
            with the same options, and that each user is in the shard its id hashes to and in \
            no other; then writes manifest.jsonl (sorted by user id) and run.json into -o \
            (default: the first folder), and prints one summary line naming up to five users \
            that are not ok.

            Exit status: 0 every user ok; 5 merged, but some users' input is invalid; 4 a user \
            failed (rerun its shard with --resume) or the merged files cannot be written; 1 a \
            check failed, naming the shard and the file (a shard killed or still running, a \
            manifest changed since its run, a file that is not a regular file): nothing was \
            written; rerun that shard with --resume, then merge again.

            Examples (two shards sharing a folder, then the merge):
              report headache batch samples/users -o out/shards --shard 0/2 \\
                --as-of 2026-07-31
              report headache batch samples/users -o out/shards --shard 1/2 \\
                --as-of 2026-07-31
              report headache batch-merge out/shards
            """)

    @Argument(help: ArgumentHelp("The shards' output folders.", valueName: "OUT_DIR"))
    var dirs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the merged manifest.jsonl and run.json (default: the first OUT_DIR).", valueName: "DIR"))
    var output: String?

    @OptionGroup var common: CommonOptions

    var console: Console { common.console }

    func validate() throws {
        guard !dirs.isEmpty else { throw ValidationError("no OUT_DIR given") }
    }

    func run() throws {
        let merged: (counts: BatchCounts, problems: BatchProblems)
        do {
            merged = try BatchMerge.merge(dirs, into: output ?? dirs[0])
        } catch let problem as BatchMerge.Problem {
            throw RunFailure(.invalidInput, "batch-merge: \(problem); nothing was written")
        } catch BatchFailure.output(let message) {
            throw RunFailure(.output, "batch-merge: \(message)")
        }
        let line = BatchProgress.summaryLine("batch-merge", merged.counts, problems: merged.problems,
                                             outDir: dirs.count == 1 ? dirs[0] : "<shard folder>", seconds: nil)
        try BatchProgress.finish(line, merged.counts, seconds: nil, console: console)
    }
}
