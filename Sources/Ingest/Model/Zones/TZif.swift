/// The TZif format of the tz database's compiled zone files (RFC 8536; versions 1 to 4).
///
/// A version 1 file is read from its 32-bit data; a later one from its 64-bit data and its
/// footer, the TZ string for instants after the last transition. Every count, index and offset
/// is checked before it is used, so a damaged or hostile file is a `TZifError`, never a trap or
/// an allocation its size does not justify.
public enum TZif {
    /// What is wrong with a file that is not a usable TZif file.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case notTZif
        case truncated
        case invalid(String)
        /// Its times count leap seconds (a `right/` zone): they are not POSIX times.
        case leapSeconds

        public var description: String {
            switch self {
            case .notTZif: return "not a TZif file"
            case .truncated: return "the TZif file is truncated"
            case .invalid(let what): return "the TZif file is invalid: " + what
            case .leapSeconds: return "the TZif file counts leap seconds (a right/ zone); use the zone without right/"
            }
        }
    }

    /// The zone's rules from the bytes of a TZif file.
    public static func parse(_ bytes: [UInt8]) throws(Problem) -> ZoneRules {
        var r = ByteReader(bytes: bytes)
        let first = try Header(&r)
        guard first.version >= 2 else { return try block(&r, first, timeSize: 4, footer: nil) }
        // Skip the version 1 block (its size is checked like any other), then read the 64-bit one.
        try r.skip(first.dataSize(timeSize: 4))
        let second = try Header(&r)
        var rest = r
        try rest.skip(second.dataSize(timeSize: 8))
        let footer = try Self.footer(&rest)
        return try block(&r, second, timeSize: 8, footer: footer)
    }

    /// The counts of a header (`TZif`, version, 15 unused bytes, six 32-bit counts).
    struct Header {
        var version: Int
        var isutcnt: Int, isstdcnt: Int, leapcnt: Int, timecnt: Int, typecnt: Int, charcnt: Int

        init(_ r: inout ByteReader) throws(Problem) {
            guard r.remaining >= 44 else { throw r.remaining >= 4 && r.starts(with: "TZif") ? .truncated : .notTZif }
            guard r.starts(with: "TZif") else { throw .notTZif }
            try r.skip(4)
            let v = try r.byte()
            switch v {
            case 0: version = 1
            case UInt8(ascii: "2")...UInt8(ascii: "9"): version = Int(v - UInt8(ascii: "0"))
            default: throw .invalid("unknown version")
            }
            try r.skip(15)
            isutcnt = try r.count(); isstdcnt = try r.count(); leapcnt = try r.count()
            timecnt = try r.count(); typecnt = try r.count(); charcnt = try r.count()
            guard typecnt >= 1, typecnt <= 256 else { throw .invalid("time type count out of range") }
            guard charcnt >= 1 else { throw .invalid("no designation characters") }
            guard isutcnt == 0 || isutcnt == typecnt, isstdcnt == 0 || isstdcnt == typecnt else {
                throw .invalid("standard/UT indicator count differs from the time type count")
            }
        }

        /// Bytes of the data block after this header (at most about 2^36: no overflow).
        func dataSize(timeSize: Int) -> Int {
            timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }
    }

    /// The transitions and time types of one data block.
    static func block(_ r: inout ByteReader, _ h: Header, timeSize: Int, footer: PosixTZRule?) throws(Problem) -> ZoneRules {
        guard r.remaining >= h.dataSize(timeSize: timeSize) else { throw .truncated }
        if h.leapcnt > 0 { throw .leapSeconds }
        var times: [Int64] = []
        times.reserveCapacity(h.timecnt)
        for _ in 0..<h.timecnt {
            let t = timeSize == 4 ? Int64(try r.int32()) : try r.int64()
            if let last = times.last, t <= last { throw .invalid("transition times are not in ascending order") }
            times.append(t)
        }
        var indices: [Int] = []
        indices.reserveCapacity(h.timecnt)
        for _ in 0..<h.timecnt {
            let i = Int(try r.byte())
            guard i < h.typecnt else { throw .invalid("a transition names time type \(i) of \(h.typecnt)") }
            indices.append(i)
        }
        var typeOffsets: [Int32] = []
        for _ in 0..<h.typecnt {
            let utoff = try r.int32()
            let isdst = try r.byte(), desigidx = try r.byte()
            guard utoff >= -89_999, utoff <= ZoneRules.maxOffsetSeconds else { throw .invalid("UTC offset out of range") }
            guard isdst <= 1 else { throw .invalid("a DST indicator is not 0 or 1") }
            guard Int(desigidx) < h.charcnt else { throw .invalid("a designation index is out of range") }
            typeOffsets.append(utoff)
        }
        // Designations, leap seconds (none, checked above) and the indicators are not needed.
        try r.skip(h.charcnt + h.isstdcnt + h.isutcnt)
        return ZoneRules(transitions: times, offsets: indices.map { typeOffsets[$0] }, initialOffset: typeOffsets[0],
                         rule: footer)
    }

    /// The footer of a version 2+ file: `\n`, a TZ string, `\n`. An empty TZ string gives no rule.
    static func footer(_ r: inout ByteReader) throws(Problem) -> PosixTZRule? {
        guard (try? r.byte()) == UInt8(ascii: "\n") else { throw .truncated }
        var text: [UInt8] = []
        while true {
            guard let c = try? r.byte() else { throw .truncated }
            if c == UInt8(ascii: "\n") { break }
            text.append(c)
        }
        if text.isEmpty { return nil }
        guard let rule = PosixTZRule(String(decoding: text, as: UTF8.self)) else { throw .invalid("the footer is not a TZ string") }
        return rule
    }

    /// Big-endian fields of a byte array, every read checked against its end.
    struct ByteReader {
        let bytes: [UInt8]
        var pos = 0

        var remaining: Int { bytes.count - pos }

        func starts(with magic: String) -> Bool { bytes[pos...].starts(with: magic.utf8) }

        mutating func skip(_ n: Int) throws(Problem) {
            guard n >= 0, n <= remaining else { throw .truncated }
            pos += n
        }

        mutating func byte() throws(Problem) -> UInt8 {
            guard remaining >= 1 else { throw .truncated }
            defer { pos += 1 }
            return bytes[pos]
        }

        mutating func uint(_ size: Int) throws(Problem) -> UInt64 {
            guard remaining >= size else { throw .truncated }
            var v: UInt64 = 0
            for b in bytes[pos..<(pos + size)] { v = v << 8 | UInt64(b) }
            pos += size
            return v
        }

        mutating func count() throws(Problem) -> Int { Int(try uint(4)) }
        mutating func int32() throws(Problem) -> Int32 { Int32(truncatingIfNeeded: try uint(4)) }
        mutating func int64() throws(Problem) -> Int64 { Int64(bitPattern: try uint(8)) }
    }
}
