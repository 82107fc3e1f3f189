import Aurae
import Foundation
import ReportKit

/// `run.json`, written when a run ends: its counts, as-of date, options, shard, version and wall
/// time, and the worker time per report. `batch-merge` reads the shards' ones back.
public struct RunRecord: Sendable, Equatable {
    public var version: String
    /// `--as-of` as given, or nil (each user's own today).
    public var asOf: String?
    /// The options every shard of one run shares (reports, range, tiers file, resume).
    public var options: [String: String]
    public var shard: Shard?
    public var counts: BatchCounts
    public var wallMs: Int
    public var reportMs: [String: Int]

    public init(settings: BatchSettings, summary: BatchSummary, tiersFile: String?) {
        version = RunInfo.version
        asOf = settings.asOf?.description
        var options = ["reports": settings.reports.map(\.rawValue).joined(separator: ",")]
        options["from"] = settings.from?.description
        options["to"] = settings.to?.description
        options["tiers"] = tiersFile
        options["fingerprint"] = settings.fingerprint
        self.options = options
        shard = settings.shard
        counts = summary.counts
        wallMs = summary.wallMs
        reportMs = Dictionary(uniqueKeysWithValues: summary.reportMs.map { ($0.key.rawValue, $0.value) })
    }

    public init(version: String, asOf: String?, options: [String: String], shard: Shard?, counts: BatchCounts,
                wallMs: Int, reportMs: [String: Int]) {
        self.version = version; self.asOf = asOf; self.options = options; self.shard = shard
        self.counts = counts; self.wallMs = wallMs; self.reportMs = reportMs
    }

    public var json: JSONOutput {
        .object([
            ("version", .string(version)),
            ("asOf", asOf.map(JSONOutput.string) ?? .null),
            ("options", .object(options.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("shard", shard.map { .object([("index", .int($0.index)), ("count", .int($0.count))]) } ?? .null),
            ("counts", counts.json),
            ("wallMs", .int(wallMs)),
            ("reportMs", .object(reportMs.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
        ])
    }

    /// Writes the record to `path` atomically.
    public func write(to path: String) throws {
        let text = json.serialized()
        try OutputTarget(path: path).write { try $0.write(text) }
    }

    /// The record in the file at `path`, or nil when it is missing or not one.
    public static func read(_ path: String) -> RunRecord? {
        guard let data = FileManager.default.contents(atPath: path),
              let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let version = o["version"] as? String, let options = o["options"] as? [String: String],
              let c = o["counts"] as? [String: Int], let wallMs = o["wallMs"] as? Int,
              let reportMs = o["reportMs"] as? [String: Int] else { return nil }
        var counts = BatchCounts()
        counts.users = c["users"] ?? 0; counts.ok = c["ok"] ?? 0; counts.invalid = c["invalid"] ?? 0
        counts.failed = c["failed"] ?? 0; counts.resumed = c["resumed"] ?? 0
        let shard = (o["shard"] as? [String: Int]).flatMap { s in
            s["index"].flatMap { i in s["count"].flatMap { Shard(index: i, count: $0) } }
        }
        return RunRecord(version: version, asOf: o["asOf"] as? String, options: options, shard: shard, counts: counts,
                         wallMs: wallMs, reportMs: reportMs)
    }
}
