import Aurae
import Foundation
import ReportKit

/// Checks the manifests of a sharded run and merges them: every shard `0..<N` present once with
/// its `run` file (so it finished), every user in the shard its id hashes to and in one shard
/// only, the same options everywhere. Writes `manifest.jsonl` (sorted by user id) and `run.json`.
public enum BatchMerge {
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// Merges the shard manifests found in `dirs` into `outDir`; returns the merged counts and
    /// the users that are not ok. Throws `Problem` (nothing written) when the shards do not make
    /// one whole run.
    public static func merge(_ dirs: [String], into outDir: String) throws -> (counts: BatchCounts, problems: BatchProblems) {
        var shards: [Int: (dir: String, shard: Shard)] = [:]
        var count: Int?
        for dir in dirs {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            for name in names.sorted() {
                guard let shard = shardOf(manifestName: name) else { continue }
                if let count, count != shard.count {
                    throw Problem(description: "\(dir)/\(name): a shard of \(shard.count), others are of \(count)")
                }
                count = shard.count
                if let other = shards[shard.index] {
                    throw Problem(description: "shard \(shard) is in both \(other.dir) and \(dir)")
                }
                shards[shard.index] = (dir, shard)
            }
        }
        guard let count else { throw Problem(description: "no shard manifest (manifest.shard-I-of-N.jsonl) in \(dirs.joined(separator: ", "))") }
        if let missing = (0..<count).first(where: { shards[$0] == nil }) {
            throw Problem(description: "shard \(missing)/\(count) is missing")
        }
        var entries: [ManifestEntry] = []
        var seen: Set<String> = []
        var problems = BatchProblems()
        var reference: RunRecord?
        var merged = RunRecord(version: RunInfo.version, asOf: nil, options: [:], shard: nil, counts: BatchCounts(), wallMs: 0, reportMs: [:])
        for index in 0..<count {
            guard let (dir, shard) = shards[index] else { continue }
            let runName = "run.shard-\(shard.index)-of-\(shard.count).json"
            guard let run = RunRecord.read(dir + "/" + runName) else {
                throw Problem(description: "\(dir)/\(runName) is missing or unreadable: shard \(shard) did not finish")
            }
            if let reference, reference.options != run.options || reference.asOf != run.asOf || reference.version != run.version {
                throw Problem(description: "shard \(shard) ran with other options, as-of date or version than shard 0/\(count)")
            }
            reference = reference ?? run
            for entry in ManifestFile.load(dir + "/" + BatchSettings.manifestName(shard)).values {
                guard shard.contains(entry.userId) else {
                    throw Problem(description: "user \(entry.userId) is in shard \(shard) but belongs to shard \(Shard.of(entry.userId, count: count))/\(count)")
                }
                guard seen.insert(entry.userId).inserted else { throw Problem(description: "user \(entry.userId) is in two shards") }
                entries.append(entry)
                merged.counts.add(entry.status, unchanged: false)
                problems.add(entry)
            }
            let runFile = dir + "/" + runName
            merged.counts.unchanged = try add(merged.counts.unchanged, run.counts.unchanged, from: runFile)
            merged.wallMs = max(merged.wallMs, run.wallMs)
            for (k, v) in run.reportMs { merged.reportMs[k] = try add(merged.reportMs[k] ?? 0, v, from: runFile) }
        }
        merged.asOf = reference?.asOf
        merged.options = reference?.options ?? [:]
        entries.sort { Array($0.userId.utf8).lexicographicallyPrecedes(Array($1.userId.utf8)) }
        let text = entries.map { $0.jsonLine() + "\n" }.joined()
        try OutputTarget(path: outDir + "/" + BatchSettings.manifestName(nil)).write { try $0.write(text) }
        try merged.write(to: outDir + "/run.json")
        problems.sort()
        return (merged.counts, problems)
    }

    /// `total + value`, checked: absurd counts or times in a run file are a `Problem`, not a trap.
    static func add(_ total: Int, _ value: Int, from file: String) throws -> Int {
        let (sum, overflow) = total.addingReportingOverflow(value)
        guard !overflow else { throw Problem(description: "\(file): its counts or times are too large to add up") }
        return sum
    }

    /// The shard a file name `manifest.shard-I-of-N.jsonl` names.
    static func shardOf(manifestName name: String) -> Shard? {
        guard name.hasPrefix("manifest.shard-"), name.hasSuffix(".jsonl") else { return nil }
        let middle = name.dropFirst("manifest.shard-".count).dropLast(".jsonl".count)
        let parts = middle.components(separatedBy: "-of-")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        return Shard(index: i, count: n)
    }
}
