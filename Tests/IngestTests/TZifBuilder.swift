/// Writes TZif files (RFC 8536) for the zone tests: any transitions, time types, leap-second
/// records and footer, and header counts that may lie about the data.
struct TZifBuilder {
    struct TimeType { var utoff: Int32; var isdst: UInt8 = 0; var desigidx: UInt8 = 0 }

    /// `0` for version 1 (no 64-bit block, no footer), else `"2"`, `"3"`, `"4"`.
    var version: UInt8 = UInt8(ascii: "2")
    var transitions: [(at: Int64, type: UInt8)] = []
    var types: [TimeType] = [TimeType(utoff: 0)]
    var designations: [UInt8] = Array("UTC\0".utf8)
    var leapSeconds: [(at: Int64, correction: Int32)] = []
    var indicators = false
    /// The TZ string, without its newlines; `nil` leaves the footer out.
    var footer: String? = ""
    /// Counts written in the 64-bit header instead of the true ones (isut, isstd, leap, time, type, char).
    var lyingCounts: [UInt32]?

    func bytes() -> [UInt8] {
        var out = block(timeSize: 4, counts: version == 0 ? lyingCounts : nil)
        guard version != 0 else { return out }
        out += block(timeSize: 8, counts: lyingCounts)
        if let footer { out += Array(("\n" + footer + "\n").utf8) }
        return out
    }

    private func block(timeSize: Int, counts: [UInt32]?) -> [UInt8] {
        let real = [indicators ? types.count : 0, indicators ? types.count : 0, leapSeconds.count, transitions.count,
                    types.count, designations.count].map(UInt32.init)
        var out = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
        for c in counts ?? real { out += Self.bigEndian(UInt64(c), 4) }
        for t in transitions { out += Self.bigEndian(UInt64(bitPattern: t.at), timeSize) }
        out += transitions.map(\.type)
        for t in types { out += Self.bigEndian(UInt64(UInt32(bitPattern: t.utoff)), 4) + [t.isdst, t.desigidx] }
        out += designations
        for l in leapSeconds { out += Self.bigEndian(UInt64(bitPattern: l.at), timeSize) + Self.bigEndian(UInt64(UInt32(bitPattern: l.correction)), 4) }
        if indicators { out += [UInt8](repeating: 0, count: 2 * types.count) }
        return out
    }

    static func bigEndian(_ v: UInt64, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) }
    }

    /// A zone with one fixed offset and that TZ string (`<+03>-3`).
    static func fixed(_ utoff: Int32, _ tz: String) -> TZifBuilder {
        TZifBuilder(types: [TimeType(utoff: utoff)], designations: Array("X\0".utf8), footer: tz)
    }
}
