import Aurae
import Foundation
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
        ]).compact()
    }

    /// The entry a manifest line holds; nil for a line that is not one (a line cut short when a
    /// run was killed while appending it, or one with a negative size, time or count).
    public init?(line: Substring) {
        guard let entry = try? ManifestEntry.decoder.decode(ManifestEntry.self, from: Data(line.utf8)) else { return nil }
        self = entry
    }

    public init(userId: String, status: Status, options: String, inputs: [Input], outputs: [Output], ms: Int, errors: Int) {
        self.userId = userId; self.status = status; self.options = options
        self.inputs = inputs; self.outputs = outputs; self.ms = ms; self.errors = errors
    }

    /// One decoder for every line read.
    static let decoder = JSONDecoder()

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(userId: try c.decode(String.self, forKey: .userId), status: try c.decode(Status.self, forKey: .status),
                  options: try c.decode(String.self, forKey: .options), inputs: try c.decode([Input].self, forKey: .inputs),
                  outputs: try c.decode([Output].self, forKey: .outputs), ms: try c.decodeCount(.ms),
                  errors: try c.decodeCount(.errors))
    }

    enum CodingKeys: String, CodingKey { case userId, status, options, inputs, outputs, ms, errors }
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
