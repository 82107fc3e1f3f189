import Aurae
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Quoting
import ReportKit

/// One line of `manifest.jsonl`: what happened to one user, with the fingerprints `--resume`
/// compares. Never carries health data: ids, file names, sizes, hashes, times and counts.
/// Read with `JSONDecoder` (other members are ignored); written by `jsonLine`, whose member order
/// is the file's.
public struct ManifestEntry: Sendable, Equatable, Decodable {
    public enum Status: String, Sendable, Decodable {
        /// Every asked report was written.
        case ok
        /// The user's input is invalid: `errors.txt` holds the located messages.
        case invalid
        /// A report could not be made or written (not the input's fault).
        case failed
    }

    public struct Input: Sendable, Equatable, Decodable {
        public var file: String
        public var sha256: String
    }

    public struct Output: Sendable, Equatable, Decodable {
        public var file: String
        public var bytes: Int
        public var sha256: String

        public init(file: String, bytes: Int, sha256: String) {
            self.file = file; self.bytes = bytes; self.sha256 = sha256
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(file: try c.decode(String.self, forKey: .file), bytes: try c.decodeCount(.bytes),
                      sha256: try c.decode(String.self, forKey: .sha256))
        }

        enum CodingKeys: String, CodingKey { case file, bytes, sha256 }
    }

    public var userId: String
    public var status: Status
    /// The options that decide the user's outputs (reports, tier, dates, version), as one string.
    public var options: String
    public var inputs: [Input]
    public var outputs: [Output]
    public var ms: Int
    /// The number of error messages (in `errors.txt`, or the failure).
    public var errors: Int
    /// The id of the run that wrote (or, under `--resume`, kept) the line: the run file of a
    /// finished run names the same one (`RunRecord.run`). Empty in lines of earlier versions.
    public var run: String
    /// For a user folder whose name is not valid UTF-8 (so no user id): the name's bytes in hex;
    /// `userId` then shows the name with each byte that is not UTF-8 as `\xHH`.
    public var nameBytes: String?

    /// The compact JSON line, without the line break.
    public func jsonLine() -> String {
        JSONOutput.object([
            ("userId", .string(userId)),
            ("status", .string(status.rawValue)),
            ("options", .string(options)),
            ("inputs", .array(inputs.map { .object([("file", .string($0.file)), ("sha256", .string($0.sha256))]) })),
            ("outputs", .array(outputs.map {
                .object([("file", .string($0.file)), ("bytes", .int($0.bytes)), ("sha256", .string($0.sha256))])
            })),
            ("ms", .int(ms)),
            ("errors", .int(errors)),
            ("run", .string(run)),
        ] + (nameBytes.map { [("nameBytes", .string($0))] } ?? [])).compact()
    }

    /// The entry a manifest line holds; nil for a line that is not one (a line cut short when a
    /// run was killed while appending it, or one with a negative size, time or count).
    public init?(line: Substring) {
        guard let entry = try? ManifestEntry.decoder.decode(ManifestEntry.self, from: Data(line.utf8)) else { return nil }
        self = entry
    }

    public init(userId: String, status: Status, options: String, inputs: [Input], outputs: [Output], ms: Int, errors: Int,
                run: String = "", nameBytes: String? = nil) {
        self.userId = userId; self.status = status; self.options = options
        self.inputs = inputs; self.outputs = outputs; self.ms = ms; self.errors = errors
        self.run = run; self.nameBytes = nameBytes
    }

    /// The key that tells users apart: the id, or the name's bytes for a name that is not UTF-8
    /// (whose shown id another folder could have).
    public var key: String { nameBytes.map { "bytes:" + $0 } ?? "id:" + userId }

    /// The id as a message shows it: a name that is not UTF-8 as `userId` shows it already,
    /// another id through `Quote.text`.
    public var shownId: String { nameBytes == nil ? Quote.text(userId) : userId }

    /// The bytes the user's shard is computed from: the id's UTF-8, or the folder name's bytes.
    public var shardBytes: [UInt8] { nameBytes.flatMap(Hex.bytes) ?? Array(userId.utf8) }

    /// One decoder for every line read.
    static let decoder = JSONDecoder()

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(userId: try c.decode(String.self, forKey: .userId), status: try c.decode(Status.self, forKey: .status),
                  options: try c.decode(String.self, forKey: .options), inputs: try c.decode([Input].self, forKey: .inputs),
                  outputs: try c.decode([Output].self, forKey: .outputs), ms: try c.decodeCount(.ms),
                  errors: try c.decodeCount(.errors), run: try c.decodeIfPresent(String.self, forKey: .run) ?? "",
                  nameBytes: try c.decodeIfPresent(String.self, forKey: .nameBytes))
        if let nameBytes, Hex.bytes(nameBytes) == nil {
            throw DecodingError.dataCorruptedError(forKey: .nameBytes, in: c, debugDescription: "not hex")
        }
    }

    enum CodingKeys: String, CodingKey { case userId, status, options, inputs, outputs, ms, errors, run, nameBytes }
}

extension KeyedDecodingContainer {
    /// A size, time or count: a whole number from 0 to `Int.max`; anything else is a decoding error.
    func decodeCount(_ key: Key) throws -> Int {
        let value = try decode(Int.self, forKey: key)
        guard value >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(value) is negative")
        }
        return value
    }
}

/// Bytes as lower-case hex and back.
enum Hex {
    static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`, nil unless it is an even number of hex digits (at least two).
    static func bytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard !digits.isEmpty, digits.count % 2 == 0 else { return nil }
        func value(_ d: UInt8) -> UInt8? {
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return d - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return d - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return d - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var i = 0
        while i < digits.count {
            guard let hi = value(digits[i]), let lo = value(digits[i + 1]) else { return nil }
            out.append(hi << 4 | lo)
            i += 2
        }
        return out
    }
}
