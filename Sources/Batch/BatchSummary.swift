import Aurae
import ReportKit

/// How many users of a run ended in each status (`ok`, `invalid`, `failed`: each user counted
/// once, by the status of its manifest line), and how many of them were skipped as unchanged
/// (`--resume`): the one vocabulary of the progress bar, the summary line, `run.json` and the logs.
public struct BatchCounts: Sendable, Equatable {
    public var users = 0
    public var ok = 0
    public var invalid = 0
    public var failed = 0
    /// Users skipped as unchanged by `--resume` (kept from an earlier run, counted in their
    /// status too).
    public var unchanged = 0

    public init() {}

    mutating func add(_ status: ManifestEntry.Status, unchanged: Bool) {
        users += 1
        switch status {
        case .ok: ok += 1
        case .invalid: invalid += 1
        case .failed: failed += 1
        }
        if unchanged { self.unchanged += 1 }
    }

    public var allOK: Bool { invalid == 0 && failed == 0 }

    var json: JSONOutput {
        .object([("users", .int(users)), ("ok", .int(ok)), ("invalid", .int(invalid)), ("failed", .int(failed)),
                 ("unchanged", .int(unchanged))])
    }
}

/// The users a run ended with as `invalid` or `failed`, each list sorted by id: what the summary
/// line names (their `errors.txt` says why), and apart the folders whose names are not UTF-8
/// (counted as invalid; they have no output folder, so no `errors.txt`), as the manifest shows them.
public struct BatchProblems: Sendable, Equatable {
    public var invalid: [String] = []
    public var failed: [String] = []
    public var badNames: [String] = []

    public init() {}

    mutating func add(_ entry: ManifestEntry) {
        switch entry.status {
        case .ok: break
        case .invalid where entry.nameBytes != nil: badNames.append(entry.userId)
        case .invalid: invalid.append(entry.userId)
        case .failed: failed.append(entry.userId)
        }
    }

    /// Both lists in id order (by UTF-8 bytes, as the merged manifest is).
    mutating func sort() {
        let byBytes: (String, String) -> Bool = { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        invalid.sort(by: byBytes)
        failed.sort(by: byBytes)
        badNames.sort(by: byBytes)
    }
}

/// What a run came to: its id, the manifest it ended with, the counts, the users that were not
/// ok, its wall time and the time its workers spent in each report.
public struct BatchSummary: Sendable {
    public var runId: String
    public var manifest: ManifestDigest
    public var counts: BatchCounts
    public var problems: BatchProblems
    public var wallMs: Int
    /// Milliseconds of worker time per report, summed over users.
    public var reportMs: [BatchReport: Int]
}
