// Hand-written scalar parsers over UTF-8 bytes: no Foundation, no allocation on the fast paths.

@inlinable @inline(__always) func isASCIISpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C
}

/// The bytes without leading and trailing ASCII white space.
@inlinable @inline(__always)
public func trimmed(_ b: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    var lo = 0, hi = b.count
    while lo < hi && isASCIISpace(b[lo]) { lo += 1 }
    while hi > lo && isASCIISpace(b[hi - 1]) { hi -= 1 }
    if lo == 0 && hi == b.count { return b }
    return UnsafeRawBufferPointer(rebasing: b[lo..<hi])
}

@inlinable @inline(__always) func asciiLower(_ b: UInt8) -> UInt8 { (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b }

/// ASCII case-insensitive comparison of bytes with lower-case ASCII bytes.
@inlinable @inline(__always) func equalsIgnoringCase(_ b: UnsafeRawBufferPointer, lower u: [UInt8]) -> Bool {
    guard u.count == b.count else { return false }
    var i = 0
    while i < u.count { if asciiLower(b[i]) != u[i] { return false }; i += 1 }
    return true
}

/// ASCII case-insensitive comparison of bytes with a string.
func equalsIgnoringCase(_ b: UnsafeRawBufferPointer, _ s: String) -> Bool {
    equalsIgnoringCase(b, lower: Array(s.lowercased().utf8))
}

/// A string enum that input names by its raw values, ignoring ASCII case (`Convert.enumValue`).
public protocol InputEnum: CaseIterable, RawRepresentable, Sendable where RawValue == String {
    /// The cases with their names, built once per type: `static let inputTable = EnumTable<Self>()`.
    static var inputTable: EnumTable<Self> { get }
}

/// The cases of a string enum with their lower-cased UTF-8 names, for matching input bytes.
public struct EnumTable<E: CaseIterable & RawRepresentable & Sendable>: Sendable where E.RawValue == String {
    @usableFromInline let entries: [([UInt8], E)]

    public init() { entries = E.allCases.map { (Array($0.rawValue.lowercased().utf8), $0) } }

    /// The case named `b`, ignoring ASCII case.
    @inlinable @inline(__always)
    public func match(_ b: UnsafeRawBufferPointer) -> E? {
        for (name, c) in entries where equalsIgnoringCase(b, lower: name) { return c }
        return nil
    }
}

/// The bytes as a string (invalid UTF-8 repaired).
@inlinable
public func makeString(_ b: UnsafeRawBufferPointer) -> String { String(decoding: b, as: UTF8.self) }

// MARK: - UTF-8

/// Length of the valid UTF-8 sequence starting at `i` (lead byte >= 0x80), or nil when invalid
/// (bad lead byte, missing continuation, overlong form, surrogate, above U+10FFFF).
@inline(__always)
func utf8SequenceLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int? {
    let b0 = p[i]
    @inline(__always) func cont(_ k: Int) -> Bool { i + k < n && p[i + k] & 0xC0 == 0x80 }
    if b0 < 0xC2 { return nil }
    if b0 < 0xE0 { return cont(1) ? 2 : nil }
    if b0 < 0xF0 {
        guard i + 1 < n else { return nil }
        let b1 = p[i + 1]
        let ok1: Bool
        switch b0 {
        case 0xE0: ok1 = b1 >= 0xA0 && b1 <= 0xBF
        case 0xED: ok1 = b1 >= 0x80 && b1 <= 0x9F
        default: ok1 = b1 & 0xC0 == 0x80
        }
        return ok1 && cont(2) ? 3 : nil
    }
    if b0 < 0xF5 {
        guard i + 1 < n else { return nil }
        let b1 = p[i + 1]
        let ok1: Bool
        switch b0 {
        case 0xF0: ok1 = b1 >= 0x90 && b1 <= 0xBF
        case 0xF4: ok1 = b1 >= 0x80 && b1 <= 0x8F
        default: ok1 = b1 & 0xC0 == 0x80
        }
        return ok1 && cont(2) && cont(3) ? 4 : nil
    }
    return nil
}

/// Offset of the first byte that is not valid UTF-8, or nil when all of `bytes` is valid.
public func firstInvalidUTF8(_ bytes: UnsafeRawBufferPointer) -> Int? {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
    let n = bytes.count
    var i = 0
    while i < n {
        // ASCII fast path, 8 bytes at a time.
        while i + 8 <= n {
            let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            if w & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        if i >= n { break }
        if base[i] < 0x80 { i += 1; continue }
        guard let len = utf8SequenceLength(base, i, n) else { return i }
        i += len
    }
    return nil
}

/// Number of characters (Unicode scalars) in `bytes[from..<to]` of valid-or-not UTF-8:
/// every byte that is not a continuation byte starts a character.
@inline(__always)
func characterCount(_ p: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    var c = 0
    var i = from
    while i < to { if p[i] & 0xC0 != 0x80 { c += 1 }; i += 1 }
    return c
}

// MARK: - Numbers

private let exactPowersOf10: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

public enum NumberParseResult: Equatable {
    case value(Double)
    /// Well-formed but not finite as a Double (e.g. `1e999`).
    case outOfRange
    /// Not a decimal number (`abc`, `nan`, `0x10`, `1,5`, ...).
    case invalid
}

/// Parses a decimal number: `[+-]digits[.digits][(e|E)[+-]digits]` (digits on at least one side
/// of the point). NaN, infinities, hex and locale separators are invalid. Correctly rounded.
public func parseDecimal(_ b: UnsafeRawBufferPointer) -> NumberParseResult {
    let n = b.count
    var i = 0
    guard n > 0 else { return .invalid }
    var negative = false
    if b[0] == UInt8(ascii: "-") || b[0] == UInt8(ascii: "+") { negative = b[0] == UInt8(ascii: "-"); i = 1 }
    var mantissa: UInt64 = 0
    var digits = 0            // significant digits accumulated into mantissa
    var dropped = false       // digits beyond 19 were ignored
    var exp10 = 0
    var intDigits = 0, fracDigits = 0
    while i < n, b[i] >= 48, b[i] <= 57 {
        let d = UInt64(b[i] - 48)
        if digits < 19 { if mantissa != 0 || d != 0 { mantissa = mantissa * 10 + d; digits += mantissa == 0 ? 0 : 1 } }
        else { dropped = true; exp10 += 1 }
        intDigits += 1; i += 1
    }
    if i < n, b[i] == UInt8(ascii: ".") {
        i += 1
        while i < n, b[i] >= 48, b[i] <= 57 {
            let d = UInt64(b[i] - 48)
            if digits < 19 {
                if mantissa != 0 || d != 0 { mantissa = mantissa * 10 + d; digits += 1 }
                exp10 -= 1
            } else { dropped = true }
            fracDigits += 1; i += 1
        }
    }
    guard intDigits + fracDigits > 0 else { return .invalid }
    if i < n, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
        i += 1
        var eneg = false
        if i < n, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { eneg = b[i] == UInt8(ascii: "-"); i += 1 }
        var e = 0, edigits = 0
        while i < n, b[i] >= 48, b[i] <= 57 {
            if e < 100_000 { e = e * 10 + Int(b[i] - 48) }
            edigits += 1; i += 1
        }
        guard edigits > 0 else { return .invalid }
        exp10 += eneg ? -e : e
    }
    guard i == n else { return .invalid }
    var value: Double
    if mantissa == 0 {
        value = 0
    } else if !dropped, mantissa < (1 << 53), exp10 >= -22, exp10 <= 22 {
        value = Double(mantissa)
        value = exp10 < 0 ? value / exactPowersOf10[-exp10] : value * exactPowersOf10[exp10]
    } else {
        // Rare: many digits or a large exponent. The grammar was checked above, so the
        // standard library's parser (strtod) cannot see nan/inf/hex here.
        guard let v = Double(makeString(b)) else { return .invalid }
        value = v.magnitude
    }
    guard value.isFinite else { return .outOfRange }
    return .value(negative ? -value : value)
}

/// Parses an integer written as digits only, `[+-]digits` (no point, no exponent: `3.0` and
/// `3e0` are not integers); nil when malformed or beyond ±(10^18 − 1).
@inlinable
public func parseInteger(_ b: UnsafeRawBufferPointer) -> Int? {
    let n = b.count
    var i = 0
    var negative = false
    if n > 0, b[0] == UInt8(ascii: "-") || b[0] == UInt8(ascii: "+") { negative = b[0] == UInt8(ascii: "-"); i = 1 }
    guard i < n, n - i <= 18 else { return nil }
    var v = 0
    while i < n {
        let c = b[i]
        guard c >= 48, c <= 57 else { return nil }
        v = v * 10 + Int(c - 48)
        i += 1
    }
    return negative ? -v : v
}

// MARK: - Booleans

/// `true`/`false`/`yes`/`no`/`1`/`0`, ignoring ASCII case.
public func parseBoolText(_ b: UnsafeRawBufferPointer) -> Bool? {
    switch b.count {
    case 1:
        if b[0] == UInt8(ascii: "1") { return true }
        if b[0] == UInt8(ascii: "0") { return false }
        return nil
    case 2: return equalsIgnoringCase(b, "no") ? false : nil
    case 3: return equalsIgnoringCase(b, "yes") ? true : nil
    case 4: return equalsIgnoringCase(b, "true") ? true : nil
    case 5: return equalsIgnoringCase(b, "false") ? false : nil
    default: return nil
    }
}

// MARK: - Dates and timestamps

public enum TimestampParseResult: Equatable {
    case value(Timestamp)
    /// A date and time without `Z` or a `±HH:MM` offset.
    case noOffset
    /// Well-formed, but the date or time does not exist (Feb 30, 25:00, offset beyond ±18:00).
    case notReal
    /// Not an ISO 8601 timestamp.
    case invalid
}

@inline(__always) private func digit(_ b: UnsafeRawBufferPointer, _ i: Int) -> Int? {
    guard i < b.count else { return nil }
    let c = b[i]
    return c >= 48 && c <= 57 ? Int(c - 48) : nil
}

@inline(__always) private func twoDigits(_ b: UnsafeRawBufferPointer, _ i: Int) -> Int? {
    guard let a = digit(b, i), let c = digit(b, i + 1) else { return nil }
    return a * 10 + c
}

/// `YYYY-MM-DD` from the start of `b`; nil when malformed; `.some(nil)` when not a real day.
private func parseDateComponents(_ b: UnsafeRawBufferPointer) -> (Int, Int, Int)? {
    guard b.count >= 10, let y1 = twoDigits(b, 0), let y2 = twoDigits(b, 2),
          b[4] == UInt8(ascii: "-"), let m = twoDigits(b, 5), b[7] == UInt8(ascii: "-"),
          let d = twoDigits(b, 8) else { return nil }
    return (y1 * 100 + y2, m, d)
}

/// Parses exactly `YYYY-MM-DD`.
public func parseLocalDate(_ b: UnsafeRawBufferPointer) -> LocalDate? {
    guard b.count == 10, let (y, m, d) = parseDateComponents(b) else { return nil }
    return LocalDate(year: y, month: m, day: d)
}

/// Parses an ISO 8601 timestamp with an explicit UTC offset, reporting why it is rejected:
/// `YYYY-MM-DDTHH:MM[:SS[.fraction]](Z|±HH:MM|±HHMM|±HH)`. `T` may be lower case or a space.
/// Fractions beyond nanoseconds are truncated.
public func parseTimestampDetailed(_ b: UnsafeRawBufferPointer) -> TimestampParseResult {
    guard let (y, mo, d) = parseDateComponents(b) else { return .invalid }
    let n = b.count
    guard n > 10 else { return .noOffset }   // a bare date has no time and no offset
    let t = b[10]
    guard t == UInt8(ascii: "T") || t == UInt8(ascii: "t") || t == UInt8(ascii: " ") else { return .invalid }
    guard let hh = twoDigits(b, 11), n > 13, b[13] == UInt8(ascii: ":"), let mi = twoDigits(b, 14)
    else { return .invalid }
    var i = 16
    var ss = 0
    var nanos = 0
    if i < n, b[i] == UInt8(ascii: ":") {
        guard let s = twoDigits(b, i + 1) else { return .invalid }
        ss = s; i += 3
        if i < n, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
            i += 1
            var k = 0
            while let dg = digit(b, i) {
                if k < 9 { nanos = nanos * 10 + dg }
                k += 1; i += 1
            }
            guard k > 0 else { return .invalid }
            while k < 9 { nanos *= 10; k += 1 }
        }
    }
    var offset = 0
    if i == n { return .noOffset }
    let c = b[i]
    if c == UInt8(ascii: "Z") || c == UInt8(ascii: "z") {
        i += 1
    } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
        guard let oh = twoDigits(b, i + 1) else { return .invalid }
        i += 3
        var om = 0
        if i < n, b[i] == UInt8(ascii: ":") {
            guard let m = twoDigits(b, i + 1) else { return .invalid }
            om = m; i += 3
        } else if i < n {
            guard let m = twoDigits(b, i) else { return .invalid }
            om = m; i += 2
        }
        guard om < 60, oh * 60 + om <= 18 * 60 else { return .notReal }
        offset = (oh * 60 + om) * 60 * (c == UInt8(ascii: "-") ? -1 : 1)
    } else {
        return .invalid
    }
    guard i == n else { return .invalid }
    guard hh < 24, mi < 60, ss < 60, let date = LocalDate(year: y, month: mo, day: d) else { return .notReal }
    let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(hh * 3600 + mi * 60 + ss)
    return .value(Timestamp(epochSeconds: local - Int64(offset), nanoseconds: Int32(nanos),
                            offsetSeconds: Int32(offset)))
}

/// Parses an ISO 8601 timestamp with a UTC offset (`2026-02-18T14:34:00+01:00`, `...Z`,
/// `...+0100`, fractional seconds); nil when it is malformed, has no offset, or is not a real time.
public func parseTimestamp(_ b: UnsafeRawBufferPointer) -> Timestamp? {
    if case .value(let t) = parseTimestampDetailed(b) { return t }
    return nil
}

public func parseTimestamp<S: StringProtocol>(_ text: S) -> Timestamp? {
    var s = String(text)
    return s.withUTF8 { parseTimestamp(UnsafeRawBufferPointer($0)) }
}

extension Timestamp {
    /// Parses an ISO 8601 timestamp with a UTC offset; see `parseTimestamp(_:)`.
    public init?(iso text: String) {
        guard let t = parseTimestamp(text) else { return nil }
        self = t
    }

    /// Parses an ISO 8601 timestamp from UTF-8 bytes; see `parseTimestamp(_:)`.
    public init?(isoBytes bytes: UnsafeRawBufferPointer) {
        guard let t = parseTimestamp(bytes) else { return nil }
        self = t
    }
}
