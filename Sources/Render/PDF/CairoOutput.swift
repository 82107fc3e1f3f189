import CCairo
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The file cairo wrote, in memory of its own (`report_byte_map`), freed by `release` (once the
/// finishing step has copied what it keeps) or at the latest with the owner.
///
/// Cairo writes page contents uncompressed (`PDFRenderer.writeContentUncompressed`), and a long
/// report's contents are most of its file (about 30 MB for 1,300 pages): such a report packs
/// each page's content as soon as cairo has written it (`ContentPacker`), leaving the rest of the
/// file as cairo wrote it. Cairo's offsets (its cross-reference table) count the bytes it wrote;
/// `physical` gives where they are now.
final class CairoOutput {
    private var map: report_byte_map
    private(set) var bytes: UnsafeBufferPointer<UInt8>
    private let packed: ContentPacker.Packed

    init(taking map: report_byte_map, packed: ContentPacker.Packed = .init()) {
        self.map = map
        self.packed = packed
        bytes = UnsafeBufferPointer(start: map.base, count: map.base == nil ? 0 : map.count)
    }

    /// How many page contents were packed while drawing.
    var packedCount: Int { packed.streams.count }

    /// Where the byte cairo wrote at `offset` is in `bytes`.
    func physical(_ offset: Int) -> Int { packed.physical(offset) }

    /// Whether stream object `object` was packed while drawing.
    func hasPackedContent(of object: Int) -> Bool { packed.streams[object] != nil }

    /// The uncompressed content of stream object `object` when it was packed, else nil.
    func packedContent(of object: Int) throws -> [UInt8]? {
        guard let data = packed.streams[object] else { return nil }
        return try data.withUnsafeBufferPointer { try Zlib.inflate($0) }
    }

    func release() {
        report_byte_map_free(&map)
        bytes = UnsafeBufferPointer(start: nil, count: 0)
    }

    deinit { release() }
}

/// Packs each page's content stream as soon as cairo has written it (at `cairo_show_page`): the
/// stream's bytes are compressed (quickly: they are inflated again to be marked) and taken out of
/// cairo's file, whose later bytes move down. A page whose objects are not laid out as cairo 1.16
/// to 1.18 lays them out (the page object naming its `/Contents`, the stream's `/Length` an
/// object written after it), or that cannot be compressed, is left as it is; the finish reads it
/// from the file.
struct ContentPacker {
    /// A report of at least this many pages packs its contents (cairo's file would hold about
    /// 9 MB of them); a shorter one is finished from the file as written: packing costs about
    /// 2.5 % of a report's instructions (compressing, and inflating again to mark).
    static let fromPages = 400

    /// What packing took out of the file.
    struct Packed {
        /// Compressed stream data by object number.
        var streams: [Int: [UInt8]] = [:]
        /// Where bytes were taken out, in order: the end of each hole in cairo's offsets, and how
        /// many bytes were taken out there and before.
        var holes: [(end: Int, removed: Int)] = []

        func physical(_ offset: Int) -> Int {
            // The bytes taken out by the holes that end at or before `offset`.
            var lo = 0, hi = holes.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if holes[mid].end <= offset { lo = mid + 1 } else { hi = mid }
            }
            return lo == 0 ? offset : offset - holes[lo - 1].removed
        }
    }

    private(set) var packed = Packed()
    private var removed = 0

    /// Packs the content stream of the page cairo has just written: the bytes from `start` to
    /// the end of `map`.
    mutating func packPage(_ map: UnsafeMutablePointer<report_byte_map>, from start: Int) {
        guard let base = map.pointee.base else { return }
        let end = map.pointee.count
        guard start >= 0, start < end else { return }
        let region = UnsafeMutableBufferPointer(start: base + start, count: end - start)
        // The page object and the stream's length come after the stream, its header before: each
        // is looked for from the near end, never across the content.
        guard let page = Self.last("<< /Type /Page ", in: region),
              let c = Self.find("/Contents ", in: region, from: page),
              let (contents, _) = Self.integer(in: region, at: c + 10),
              let header = Self.firstLine("\(contents) 0 obj\n<< /Length ", in: region),
              let (lengthObject, afterLength) = Self.integer(in: region, at: header),
              Self.matches(" 0 R\n>>\nstream\n", in: region, at: afterLength),
              let lengthHeader = Self.last("\n\(lengthObject) 0 obj\n", in: region),
              let (length, _) = Self.integer(in: region, at: lengthHeader + "\n\(lengthObject) 0 obj\n".utf8.count)
        else { return }
        let dataStart = afterLength + 15
        guard length > 0, dataStart + length <= region.count,
              Self.matches("endstream", in: region, at: dataStart + length)
                || Self.matches("\nendstream", in: region, at: dataStart + length)
        else { return }
        let data = UnsafeBufferPointer(rebasing: region[dataStart..<(dataStart + length)])
        guard let compressed = try? Zlib.deflate(data, level: 1) else { return }
        packed.streams[contents] = compressed
        // Cairo's offset of the first byte taken out: where it is now plus what went before.
        let offset = start + dataStart + removed
        let tail = region.count - dataStart - length
        if tail > 0 { memmove(region.baseAddress! + dataStart, region.baseAddress! + dataStart + length, tail) }
        map.pointee.count = end - length
        removed += length
        packed.holes.append((offset + length, removed))
    }

    // MARK: - Finding cairo's tokens

    private static func matches(_ word: String, in region: UnsafeMutableBufferPointer<UInt8>, at i: Int) -> Bool {
        let w = Array(word.utf8)
        guard i >= 0, i + w.count <= region.count else { return false }
        for k in w.indices where region[i + k] != w[k] { return false }
        return true
    }

    private static func find(_ word: String, in region: UnsafeMutableBufferPointer<UInt8>, from: Int) -> Int? {
        let w = Array(word.utf8)
        guard let first = w.first, from >= 0, from + w.count <= region.count else { return nil }
        var i = from
        while i + w.count <= region.count {
            if region[i] == first, matches(word, in: region, at: i) { return i }
            i += 1
        }
        return nil
    }

    /// Where `word` last starts.
    private static func last(_ word: String, in region: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let w = Array(word.utf8)
        guard let first = w.first, w.count <= region.count else { return nil }
        var i = region.count - w.count
        while i >= 0 {
            if region[i] == first, matches(word, in: region, at: i) { return i }
            i -= 1
        }
        return nil
    }

    /// Where the first line that starts with `word` ends (the region's first line included).
    private static func firstLine(_ word: String, in region: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var from = 0
        while let i = find(word, in: region, from: from) {
            if i == 0 || region[i - 1] == 10 || region[i - 1] == 13 { return i + word.utf8.count }
            from = i + 1
        }
        return nil
    }

    /// The non-negative decimal integer at `i` (after spaces), and where it ends.
    private static func integer(in region: UnsafeMutableBufferPointer<UInt8>, at i: Int) -> (Int, Int)? {
        var p = i
        while p < region.count, region[p] == 32 { p += 1 }
        var value = 0, digits = 0
        while p < region.count, region[p] >= 48, region[p] <= 57, digits < 18 {
            value = value * 10 + Int(region[p] - 48); p += 1; digits += 1
        }
        return digits == 0 ? nil : (value, p)
    }
}
