import Aurae
import Foundation
import ReportKit

/// One line of `manifest.jsonl`: what happened to one user, with the fingerprints `--resume`
/// compares. Never carries health data: ids, file names, sizes, hashes, times and counts.
public struct ManifestEntry: Sendable, Equatable {
    public enum Status: String, Sendable {
        /// Every asked report was written.
        case ok
        /// The user's input is invalid: `errors.txt` holds the located messages.
        case invalid
        /// A report could not be made or written (not the input's fault).
        case failed
    }

    public struct Input: Sendable, Equatable {
        public var file: String
        public var sha256: String
    }

    public struct Output: Sendable, Equatable {
        public var file: String
        public var bytes: Int
        public var sha256: String
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
    /// run was killed while appending it).
    public init?(line: Substring) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let userId = object["userId"] as? String,
              let status = (object["status"] as? String).flatMap(Status.init(rawValue:)),
              let options = object["options"] as? String,
              let inputs = object["inputs"] as? [[String: Any]],
              let outputs = object["outputs"] as? [[String: Any]],
              let ms = object["ms"] as? Int, let errors = object["errors"] as? Int else { return nil }
        var ins: [Input] = []
        for i in inputs {
            guard let file = i["file"] as? String, let sha = i["sha256"] as? String else { return nil }
            ins.append(Input(file: file, sha256: sha))
        }
        var outs: [Output] = []
        for o in outputs {
            guard let file = o["file"] as? String, let bytes = o["bytes"] as? Int, let sha = o["sha256"] as? String else { return nil }
            outs.append(Output(file: file, bytes: bytes, sha256: sha))
        }
        self.init(userId: userId, status: status, options: options, inputs: ins, outputs: outs, ms: ms, errors: errors)
    }

    public init(userId: String, status: Status, options: String, inputs: [Input], outputs: [Output], ms: Int, errors: Int) {
        self.userId = userId; self.status = status; self.options = options
        self.inputs = inputs; self.outputs = outputs; self.ms = ms; self.errors = errors
    }
}
