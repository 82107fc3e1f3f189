import Aurae
import CDelayLoad
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Quoting
import ReportKit

/// Checks the manifests of a sharded run and merges them: every shard `0..<N` present once, each
/// proved finished by its run file (the run the file names is the one of every manifest line,
/// and the manifest is the one the run ended with: same number of lines, same SHA-256, same
/// counts), every user in the shard its id hashes to and in one shard only, the same options
/// everywhere. Writes `manifest.jsonl` (sorted by user id) and `run.json` as a run of its own.
public enum BatchMerge {
    /// Why the shards do not make one whole, finished run (exit status 1; nothing is written).
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// Merges the shard manifests found in `dirs` into `outDir`; returns the merged counts and
    /// the users that are not ok. Throws `Problem` (nothing written) when the shards do not make
    /// one whole run, `BatchFailure.output` when the merged files cannot be written.
    public static func merge(_ dirs: [String], into outDir: String) throws -> (counts: BatchCounts, problems: BatchProblems) {
        try BatchFailure.load([REPORT_LIBRARY_NETTLE])
        var shards: [Int: (dir: String, shard: Shard)] = [:]
        var count: Int?
        for dir in dirs {
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: dir) } catch {
                throw Problem("cannot read the folder \(shown(dir))")
            }
            for name in names.sorted() {
                guard let shard = shardOf(manifestName: name) else { continue }
                if let count, count != shard.count {
                    throw Problem("\(shown(dir))/\(name): a shard of \(shard.count), others are of \(count)")
                }
                count = shard.count
                if let other = shards[shard.index] {
                    throw Problem("shard \(shard) is in both \(shown(other.dir)) and \(shown(dir))")
                }
                shards[shard.index] = (dir, shard)
            }
        }
        guard let count else { throw Problem("no shard manifest (manifest.shard-I-of-N.jsonl) in \(dirs.map(shown).joined(separator: ", "))") }
        if let missing = (0..<count).first(where: { shards[$0] == nil }) {
            throw Problem("shard \(missing)/\(count) is missing")
        }
        var entries: [ManifestEntry] = []
        var seen: [String: Shard] = [:]
        var problems = BatchProblems()
        var reference: RunRecord?
        var merged = RunRecord(version: RunInfo.version, asOf: nil, options: [:], shard: nil, counts: BatchCounts(), wallMs: 0, reportMs: [:])
        for index in 0..<count {
            guard let (dir, shard) = shards[index] else { continue }
            let (run, runFile, shardEntries) = try finishedRun(of: shard, in: dir)
            if let reference, reference.options != run.options || reference.asOf != run.asOf || reference.version != run.version {
                throw Problem("shard \(shard) ran with other options, as-of date or version than shard 0/\(count)")
            }
            reference = reference ?? run
            for entry in shardEntries {
                let home = Shard.of(bytes: entry.shardBytes, count: count)
                guard home == shard.index else {
                    throw Problem("user \(entry.shownId) is in shard \(shard) but belongs to shard \(home)/\(count)")
                }
                if seen.updateValue(shard, forKey: entry.key) != nil {
                    throw Problem("user \(entry.shownId) has two lines in the manifest of shard \(shard)")
                }
                entries.append(entry)
                merged.counts.add(entry.status, unchanged: false)
                problems.add(entry)
            }
            merged.counts.unchanged = try add(merged.counts.unchanged, run.counts.unchanged, from: runFile)
            merged.wallMs = max(merged.wallMs, run.wallMs)
            for (k, v) in run.reportMs { merged.reportMs[k] = try add(merged.reportMs[k] ?? 0, v, from: runFile) }
        }
        merged.asOf = reference?.asOf
        merged.options = reference?.options ?? [:]
        entries.sort { Array($0.userId.utf8).lexicographicallyPrecedes(Array($1.userId.utf8)) }
        // Written as a run of its own: the old run.json removed first, then the manifest (every
        // line of the merge's run id), then run.json naming that id and the manifest's digest.
        let runPath = outDir + "/run.json"
        do {
            try BatchFile.checkRegularOrMissing(runPath, "run file")
            try BatchFile.remove(runPath, "run file")
            let manifest = try ManifestFile(path: outDir + "/" + BatchSettings.manifestName(nil), runId: RunId.make(), kept: entries)
            merged.run = manifest.runId
            merged.manifest = manifest.digest
            try merged.write(to: runPath)
        } catch let refused as BatchFile.Refused {
            throw BatchFailure.output(refused.description)
        }
        problems.sort()
        return (merged.counts, problems)
    }

    /// The run file and manifest entries of `shard` in `dir`, once they prove that the shard's
    /// last run finished: its run file is there and names the run of every manifest line, and
    /// the manifest has the lines, SHA-256 and counts the run file recorded. Else a `Problem`
    /// naming the shard and the file.
    static func finishedRun(of shard: Shard, in dir: String) throws -> (RunRecord, String, [ManifestEntry]) {
        let runFile = dir + "/" + BatchSettings.runFileName(shard)
        let manifestFile = dir + "/" + BatchSettings.manifestName(shard)
        let rerun = "rerun the shard (with --resume, which keeps its finished users), then merge again"
        let run: RunRecord
        let contents: ManifestFile.Contents
        do {
            guard let record = try RunRecord.load(runFile) else {
                throw Problem("shard \(shard) did not finish: \(shown(runFile)) is missing (its last run was killed, failed or is still going); \(rerun)")
            }
            run = record
            guard let read = try ManifestFile.read(manifestFile) else {
                throw Problem("shard \(shard): \(shown(manifestFile)) is missing, but its run file is there; \(rerun)")
            }
            contents = read
        } catch let refused as BatchFile.Refused {
            throw Problem(refused.description)
        }
        guard run.shard == shard else {
            throw Problem("\(shown(runFile)) is the run file of \(run.shard.map { "shard \($0)" } ?? "an unsharded run"), not of shard \(shard)")
        }
        guard let runId = run.run, let digest = run.manifest else {
            throw Problem("\(shown(runFile)) does not say which run it finished (an earlier version wrote it); \(rerun)")
        }
        if let line = contents.broken.first {
            throw Problem("\(shown(manifestFile)):\(line):1: not a manifest line (cut short or changed): shard \(shard) did not finish its last run, or its manifest was changed; \(rerun)")
        }
        if let (line, entry) = contents.entries.first(where: { $0.entry.run != runId }) {
            let other = entry.run.isEmpty ? "no run" : "run " + entry.run
            throw Problem("shard \(shard) did not finish its last run: \(shown(manifestFile)):\(line):1 is of \(other) but \(shown(runFile)) is of run \(runId); \(rerun)")
        }
        guard contents.digest == digest else {
            throw Problem("\(shown(manifestFile)) is not the manifest \(shown(runFile)) recorded (\(digest.lines) lines, SHA-256 \(digest.sha256.prefix(16))…): it changed after shard \(shard) finished; \(rerun)")
        }
        var counts = BatchCounts()
        for (_, entry) in contents.entries { counts.add(entry.status, unchanged: false) }
        let c = run.counts
        guard c.users == counts.users, c.ok == counts.ok, c.invalid == counts.invalid, c.failed == counts.failed,
              c.unchanged <= c.users else {
            throw Problem("\(shown(runFile)): its counts (\(c.users) users: \(c.ok) ok, \(c.invalid) invalid, \(c.failed) failed, \(c.unchanged) unchanged) are not those of its manifest (\(counts.users) users: \(counts.ok) ok, \(counts.invalid) invalid, \(counts.failed) failed)")
        }
        return (run, runFile, contents.entries.map(\.entry))
    }

    /// `total + value`, checked: absurd counts or times in a run file are a `Problem`, not a trap.
    static func add(_ total: Int, _ value: Int, from file: String) throws -> Int {
        let (sum, overflow) = total.addingReportingOverflow(value)
        guard !overflow else { throw Problem("\(shown(file)): its counts or times are too large to add up") }
        return sum
    }

    static func shown(_ path: String) -> String { Quote.escapingControls(path) }

    /// The shard a file name `manifest.shard-I-of-N.jsonl` names.
    static func shardOf(manifestName name: String) -> Shard? {
        guard name.hasPrefix("manifest.shard-"), name.hasSuffix(".jsonl") else { return nil }
        let middle = name.dropFirst("manifest.shard-".count).dropLast(".jsonl".count)
        let parts = middle.components(separatedBy: "-of-")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        return Shard(index: i, count: n)
    }
}
