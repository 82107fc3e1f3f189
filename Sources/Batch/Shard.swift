import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Quoting

/// One shard of a sharded run: the users whose `FNV-1a-64(UTF-8 bytes of userId) mod count` is
/// `index`. The hash is fixed so that shards stay stable across versions and machines.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    /// The environment variables `--shard auto/N` reads the index from, in order.
    public static let indexVariables = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "AWS_BATCH_JOB_ARRAY_INDEX"]
    /// The largest shard count accepted.
    public static let maxCount = 100_000

    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Shard.maxCount, index >= 0, index < count else { return nil }
        self.index = index; self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether `userId` belongs to this shard.
    public func contains(_ userId: String) -> Bool {
        Shard.of(userId, count: count) == index
    }

    /// Whether the user folder named by `bytes` (a name that need not be UTF-8) belongs to this
    /// shard: for a UTF-8 name, the same as `contains` of the id.
    public func contains(bytes: some Sequence<UInt8>) -> Bool {
        Shard.of(bytes: bytes, count: count) == index
    }

    /// The shard index of `userId` among `count` shards.
    public static func of(_ userId: String, count: Int) -> Int {
        of(bytes: userId.utf8, count: count)
    }

    /// The shard index of a folder name's bytes among `count` shards.
    public static func of(bytes: some Sequence<UInt8>, count: Int) -> Int {
        Int(fnv1a64(bytes: bytes) % UInt64(max(1, count)))
    }

    /// FNV-1a, 64 bits, of the UTF-8 bytes of `text`.
    public static func fnv1a64(_ text: String) -> UInt64 { fnv1a64(bytes: text.utf8) }

    /// FNV-1a, 64 bits, of `bytes`.
    public static func fnv1a64(bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The shard `I/N` or `auto/N` names; `auto` takes I from the first of `indexVariables` set in
    /// `environment`. Nil with a reason when the text or the variable is not valid.
    public static func parse(_ text: String, environment: [String: String]) -> Result<Shard, ShardError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]), count >= 1, count <= maxCount else {
            return .failure(.malformed)
        }
        var indexText = String(parts[0])
        if indexText == "auto" {
            guard let variable = indexVariables.first(where: { environment[$0] != nil }), let value = environment[variable] else {
                return .failure(.noIndexVariable)
            }
            indexText = value.trimmed(.spaces)
        }
        guard let index = Int(indexText), let shard = Shard(index: index, count: count) else {
            return .failure(.indexOutOfRange(count: count))
        }
        return .success(shard)
    }
}

/// Why a `--shard` value was refused.
public enum ShardError: Error, Equatable, CustomStringConvertible {
    case malformed
    case noIndexVariable
    case indexOutOfRange(count: Int)

    public var description: String {
        switch self {
        case .malformed: return "--shard takes I/N or auto/N with N from 1 to \(Shard.maxCount)"
        case .noIndexVariable:
            return "--shard auto/N needs one of \(Shard.indexVariables.joined(separator: ", ")) in the environment"
        case .indexOutOfRange(let count): return "the shard index must be a whole number from 0 to \(count - 1)"
        }
    }
}
