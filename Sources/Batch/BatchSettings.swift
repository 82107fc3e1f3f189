import Aurae
import Ingest
import ReportKit

/// The reports a batch can write for each user, in the order they are made.
public enum BatchReport: String, CaseIterable, Sendable {
    case insights, summary, clinical

    /// The file each report is written to in the user's output folder.
    public var fileName: String {
        switch self {
        case .insights: return "insights.json"
        case .summary: return "summary.pdf"
        case .clinical: return "clinical.pdf"
        }
    }
}

/// Everything a batch run was asked for.
public struct BatchSettings: Sendable {
    public var usersDir: String
    public var outDir: String
    public var reports: [BatchReport]
    public var from: LocalDate?
    public var to: LocalDate?
    /// `--as-of` when given (recorded in `run.json` and in each user's options).
    public var asOf: LocalDate?
    public var tiers: TierTable
    public var shard: Shard?
    public var resume: Bool
    public var jobs: Int
    /// The run's dates for a user's logs, as the single-user commands choose them; throws when
    /// the range is empty for that user.
    public var runInfo: @Sendable ([HeadacheLog]) throws -> RunInfo
    /// What decides the outputs besides the inputs and the tier (dates, the creation time
    /// source, the version): part of each user's options.
    public var fingerprint: String

    public init(usersDir: String, outDir: String, reports: [BatchReport], from: LocalDate?, to: LocalDate?,
                asOf: LocalDate?, tiers: TierTable, shard: Shard?, resume: Bool, jobs: Int,
                fingerprint: String, runInfo: @escaping @Sendable ([HeadacheLog]) throws -> RunInfo) {
        self.usersDir = usersDir; self.outDir = outDir; self.reports = reports; self.from = from; self.to = to
        self.asOf = asOf; self.tiers = tiers; self.shard = shard; self.resume = resume; self.jobs = jobs
        self.fingerprint = fingerprint; self.runInfo = runInfo
    }

    /// The reports a user of `tier` gets: those whose job's tier gates `tier` passes (the
    /// clinical report only for premium).
    public func reports(for tier: AuraeTier) -> [BatchReport] {
        reports.filter { $0.allows(tier) }
    }

    /// The options string of a user's manifest line.
    public func options(for tier: AuraeTier) -> String {
        "reports=\(reports(for: tier).map(\.rawValue).joined(separator: ","));tier=\(tier.rawValue);\(fingerprint)"
    }

    /// The manifest and run file names: `manifest.jsonl` and `run.json`, or with the shard in the
    /// name (`manifest.shard-0-of-3.jsonl`) so that shards sharing a folder never write the same file.
    public var manifestName: String { Self.manifestName(shard) }
    public var runFileName: String { Self.runFileName(shard) }

    public static func runFileName(_ shard: Shard?) -> String {
        shard.map { "run.shard-\($0.index)-of-\($0.count).json" } ?? "run.json"
    }

    public static func manifestName(_ shard: Shard?) -> String {
        shard.map { "manifest.shard-\($0.index)-of-\($0.count).jsonl" } ?? "manifest.jsonl"
    }

    /// The name of the file holding a user's located error messages.
    public static let errorsName = "errors.txt"
}
