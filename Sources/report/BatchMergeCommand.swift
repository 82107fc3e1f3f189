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
            finished once, with the same options, and that each user is in the shard its id \
            hashes to and in no other; then writes manifest.jsonl (sorted by user id) and \
            run.json into -o (default: the first folder).

            Exit status: 0 every user ok, 1 a check failed (nothing written) or a user is \
            invalid or failed, 4 the merged files cannot be written.

            Example:
              report headache batch-merge out/batch
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
        let counts: BatchCounts
        do {
            counts = try BatchMerge.merge(dirs, into: output ?? dirs[0])
        } catch let problem as BatchMerge.Problem {
            throw RunFailure(.invalidInput, "batch-merge: \(problem); nothing was written")
        }
        let line = "batch-merge: \(counts.users) users: \(counts.ok) ok, \(counts.invalid) invalid, \(counts.failed) failed"
        guard counts.allOK else { throw RunFailure(.invalidInput, line) }
        console.emit(level: "info", line)
    }
}
