import Batch
import Foundation
import FuzzSupport

/// The batch's readers of its own files, which another run (killed, older, or edited by hand) may
/// have left: manifest lines, run files, and the merge of a sharded run's folders.
///
/// Byte 0: bits 0–1 the shard count N − 1, bit 2 the odd shards in a second folder. The rest,
/// cut at each 0x1E byte: shard 0's manifest, shard 0's run file, shard 1's manifest, and so on;
/// a part that is not there is a file that is not there.
///
/// Calls only the public entry points, `ManifestEntry(line:)`, `ManifestEntry.jsonLine()`,
/// `ManifestFile.load`, `RunRecord`'s `Decodable` init, `RunRecord.json`, `RunRecord.read`, `RunRecord.load` and
/// `BatchMerge.merge`, so it follows the batch's changes. Besides a trap, a finding is a line or
/// run file the batch reads that does not read back the same once written again (`--resume` and
/// `batch-merge` read what a run wrote).
struct BatchCase {
    var count: Int
    var split: Bool
    var parts: [ArraySlice<UInt8>]

    init?(_ data: UnsafeBufferPointer<UInt8>) {
        guard let flags = data.first else { return nil }
        count = Int(flags & 3) + 1
        split = flags & 4 != 0
        parts = Fuzz.parts(Array(data.dropFirst())[...], limit: 2 * count)
    }
}

struct Harness {
    let folders: [String]
    let out: String

    static let shared: Harness = {
        let root = Fuzz.scratchFolder("FuzzBatch")
        return Harness(folders: [root + "/a", root + "/b"], out: root + "/out")
    }()

    /// Empty folders for one input.
    func reset() {
        for folder in folders + [out] {
            try? FileManager.default.removeItem(atPath: folder)
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) } catch {
                Fuzz.die("FuzzBatch", "cannot make \(folder): \(error)")
            }
        }
    }
}

/// Each line of a manifest as `--resume` reads it; an entry read must read back the same.
func checkManifest(_ bytes: ArraySlice<UInt8>) {
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
        guard let entry = ManifestEntry(line: line) else { continue }
        let again = entry.jsonLine()
        guard ManifestEntry(line: again[...]) == entry else {
            fatalError("a manifest entry does not read back as written: \(again)")
        }
    }
}

/// A run file as `batch-merge` reads it; a record read must read back the same.
func checkRunFile(_ bytes: ArraySlice<UInt8>) {
    guard let record = try? JSONDecoder().decode(RunRecord.self, from: Data(bytes)) else { return }
    let again = record.json.serialized()
    guard (try? JSONDecoder().decode(RunRecord.self, from: Data(again.utf8))) == record else {
        fatalError("a run file does not read back as written: \(again)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let input = BatchCase(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    let harness = Harness.shared
    harness.reset()
    for (i, part) in input.parts.enumerated() {
        let index = i / 2, folder = harness.folders[input.split ? index % 2 : 0]
        let shard = "shard-\(index)-of-\(input.count)"
        if i % 2 == 0 {
            checkManifest(part)
            let path = "\(folder)/manifest.\(shard).jsonl"
            Fuzz.write(part, to: path)
            do { _ = try ManifestFile.load(path) } catch { Fuzz.expected(error) }
        } else {
            checkRunFile(part)
            let path = "\(folder)/run.\(shard).json"
            Fuzz.write(part, to: path)
            _ = RunRecord.read(path)
            do { _ = try RunRecord.load(path) } catch { Fuzz.expected(error) }
        }
    }
    do {
        _ = try BatchMerge.merge(input.split ? harness.folders : [harness.folders[0]], into: harness.out)
    } catch {
        Fuzz.expected(error)
    }
    return 0
}
