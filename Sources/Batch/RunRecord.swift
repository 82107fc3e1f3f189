import Aurae
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import ReportKit

/// `run.json`, written when a run ends: its counts, as-of date, options, shard, version and wall
/// time, the worker time per report, and the proof that this run finished: its id (the one in
/// every line of its manifest) and the number of lines and SHA-256 of the manifest it ended with.
/// `batch-merge` reads the shards' ones back: read with `JSONDecoder`, written by `json`, whose
/// member order is the file's.
public struct RunRecord: Sendable, Equatable, Decodable {
    /// The run's id; nil in run files of earlier versions.
    public var run: String?
    /// The manifest the run ended with; nil in run files of earlier versions.
    public var manifest: ManifestDigest?
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
        run = summary.runId
        manifest = summary.manifest
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

    public init(run: String? = nil, manifest: ManifestDigest? = nil, version: String, asOf: String?, options: [String: String],
                shard: Shard?, counts: BatchCounts, wallMs: Int, reportMs: [String: Int]) {
        self.run = run; self.manifest = manifest
        self.version = version; self.asOf = asOf; self.options = options; self.shard = shard
        self.counts = counts; self.wallMs = wallMs; self.reportMs = reportMs
    }

    public var json: JSONOutput {
        .object([
            ("run", run.map(JSONOutput.string) ?? .null),
            ("manifest", manifest?.json ?? .null),
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

    /// The record in the file at `path`, or nil when it is missing or not one (a negative count
    /// or time is not one, nor is a FIFO or a file over `BatchFile.maxRunFileBytes`).
    public static func read(_ path: String) -> RunRecord? {
        (try? load(path)) ?? nil
    }

    /// The record in the file at `path`, or nil when nothing has that name; throws
    /// `BatchFile.Refused` naming the file when it is not a regular file, is too large, or is not
    /// a run file (a member missing or of the wrong type, a number out of range).
    public static func load(_ path: String) throws -> RunRecord? {
        guard let bytes = try BatchFile.read(path, "run file", maxBytes: BatchFile.maxRunFileBytes) else { return nil }
        do {
            return try JSONDecoder().decode(RunRecord.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw BatchFile.refused("run file", path, "it is not a run file (\(RunRecord.describe(error)))")
        }
    }

    /// A decoding error as a few words naming the member (never the value).
    static func describe(_ error: DecodingError) -> String {
        let member: ([CodingKey]) -> String = { path in path.isEmpty ? "the file" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".") }
        switch error {
        case .keyNotFound(let key, let context): return member(context.codingPath + [key]) + " is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return member(context.codingPath) + " has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : member(context.codingPath) + " is out of range"
        @unknown default: return "unreadable"
        }
    }

    /// As `read` has always taken it: `asOf` a string or nothing, `shard` left out unless it is a
    /// valid one, a count that is not in `counts` 0; other members are ignored.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let counts = try c.nestedContainer(keyedBy: CountKeys.self, forKey: .counts)
        var n = BatchCounts()
        n.users = try counts.decodeCountIfPresent(.users); n.ok = try counts.decodeCountIfPresent(.ok)
        n.invalid = try counts.decodeCountIfPresent(.invalid); n.failed = try counts.decodeCountIfPresent(.failed)
        n.unchanged = try counts.decodeCountIfPresent(.unchanged)
        let reportMs = try c.decode([String: Int].self, forKey: .reportMs)
        guard reportMs.values.allSatisfy({ $0 >= 0 }) else {
            throw DecodingError.dataCorruptedError(forKey: .reportMs, in: c, debugDescription: "a negative time")
        }
        let shard = (try? c.decodeIfPresent(ShardFields.self, forKey: .shard)).flatMap { $0 }
        self.init(run: try c.decodeIfPresent(String.self, forKey: .run),
                  manifest: try c.decodeIfPresent(ManifestDigest.self, forKey: .manifest), version: try c.decode(String.self, forKey: .version),
                  asOf: (try? c.decodeIfPresent(String.self, forKey: .asOf)).flatMap { $0 },
                  options: try c.decode([String: String].self, forKey: .options),
                  shard: shard.flatMap { Shard(index: $0.index, count: $0.count) }, counts: n,
                  wallMs: try c.decodeCount(.wallMs), reportMs: reportMs)
    }

    enum CodingKeys: String, CodingKey { case run, manifest, version, asOf, options, shard, counts, wallMs, reportMs }
    enum CountKeys: String, CodingKey { case users, ok, invalid, failed, unchanged }
    struct ShardFields: Decodable { var index, count: Int }
}

extension KeyedDecodingContainer {
    /// `decodeCount`, or 0 when the key is missing.
    func decodeCountIfPresent(_ key: Key) throws -> Int {
        contains(key) ? try decodeCount(key) : 0
    }
}
