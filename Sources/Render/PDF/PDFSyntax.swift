/// PDF's lexical rules (ISO 32000-1, 7.2–7.3), shared by the content-stream marker and the reader
/// of cairo's file: tokens by byte offsets, and the few object kinds the finishing step reads.
enum PDFSyntax {
    // The byte classes as bit sets (the lexer asks once a byte of every page's content): white
    // space is NUL, tab, line feed, form feed, return and space; the delimiters `(`, `)`, `<`,
    // `>`, `[`, `]`, `{`, `}`, `/` and `%`.
    private static var white: UInt64 { 1 << 0 | 1 << 9 | 1 << 10 | 1 << 12 | 1 << 13 | 1 << 32 }
    private static var notRegularLow: UInt64 { white | 1 << 37 | 1 << 40 | 1 << 41 | 1 << 47 | 1 << 60 | 1 << 62 }
    private static var notRegularHigh: UInt64 { 1 << (91 - 64) | 1 << (93 - 64) | 1 << (123 - 64) | 1 << (125 - 64) }

    @inline(__always) static func isWhite(_ b: UInt8) -> Bool { b <= 32 && white &>> UInt64(b) & 1 != 0 }
    static func isDelimiter(_ b: UInt8) -> Bool {
        b == 40 || b == 41 || b == 60 || b == 62 || b == 91 || b == 93 || b == 123 || b == 125 || b == 47 || b == 37
    }
    @inline(__always) static func isRegular(_ b: UInt8) -> Bool {
        b < 64 ? notRegularLow &>> UInt64(b) & 1 == 0 : b >= 128 || notRegularHigh &>> UInt64(b &- 64) & 1 == 0
    }
}

/// One token: its kind and its bytes `start..<end` in the buffer.
struct PDFToken {
    enum Kind: Equatable {
        case number, name, literalString, hexString, arrayOpen, arrayClose, dictOpen, dictClose
        /// An operator or keyword (`TJ`, `obj`, `R`, `true`, …).
        case keyword
        case end
    }
    var kind: Kind
    var start: Int
    var end: Int
}

/// A lexer over a byte buffer (the caller keeps it alive).
struct PDFLexer {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, at pos: Int = 0) { self.bytes = bytes; self.pos = pos }

    mutating func skipWhiteAndComments() {
        let n = bytes.count
        while pos < n {
            let b = bytes[pos]
            if PDFSyntax.isWhite(b) { pos += 1; continue }
            if b == 37 {  // % comment to the end of the line
                while pos < n, bytes[pos] != 10, bytes[pos] != 13 { pos += 1 }
                continue
            }
            break
        }
    }

    mutating func next() -> PDFToken {
        skipWhiteAndComments()
        let n = bytes.count
        let start = pos
        guard pos < n else { return PDFToken(kind: .end, start: n, end: n) }
        let b = bytes[pos]
        switch b {
        case 40:
            pos = Self.literalStringEnd(bytes, start)
            return PDFToken(kind: .literalString, start: start, end: min(pos, n))
        case 60:
            if pos + 1 < n, bytes[pos + 1] == 60 { pos += 2; return PDFToken(kind: .dictOpen, start: start, end: pos) }
            pos = Self.hexStringEnd(bytes, start)
            return PDFToken(kind: .hexString, start: start, end: pos)
        case 62:
            pos += (pos + 1 < n && bytes[pos + 1] == 62) ? 2 : 1
            return PDFToken(kind: .dictClose, start: start, end: pos)
        case 91: pos += 1; return PDFToken(kind: .arrayOpen, start: start, end: pos)
        case 93: pos += 1; return PDFToken(kind: .arrayClose, start: start, end: pos)
        case 123, 125: pos += 1; return PDFToken(kind: .keyword, start: start, end: pos)
        case 47:
            pos += 1
            while pos < n, PDFSyntax.isRegular(bytes[pos]) { pos += 1 }
            return PDFToken(kind: .name, start: start, end: pos)
        default:
            return Self.regularToken(bytes, start, &pos)
        }
    }

    // The scanning of one token, shared with `ContentMarker`'s reading of a page's content.

    /// Where the literal string whose `(` is at `start` ends: after its balancing `)`, or at or
    /// past the end of `bytes` when it is not closed (a backslash escapes the byte after it).
    @inline(__always) static func literalStringEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        let n = bytes.count
        var pos = start, depth = 0
        while pos < n {
            let c = bytes[pos]
            if c == 92 { pos += 2; continue }
            if c == 40 { depth += 1 } else if c == 41 { depth -= 1; if depth == 0 { return pos + 1 } }
            pos += 1
        }
        return pos
    }

    /// Where the hex string whose `<` is at `start` ends: after its `>`, or at the end.
    @inline(__always) static func hexStringEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        let n = bytes.count
        var pos = start
        while pos < n, bytes[pos] != 62 { pos += 1 }
        return min(n, pos + 1)
    }

    /// The number or keyword of regular bytes from `start` (a regular byte), `pos` set to its end.
    @inline(__always) static func regularToken(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ pos: inout Int) -> PDFToken {
        let n = bytes.count, b = bytes[start]
        pos = start + 1
        while pos < n, PDFSyntax.isRegular(bytes[pos]) { pos += 1 }
        let isNumber = b == 43 || b == 45 || b == 46 || (b >= 48 && b <= 57)
        return PDFToken(kind: isNumber ? .number : .keyword, start: start, end: pos)
    }

    /// Whether the token's bytes are `word`.
    func matches(_ t: PDFToken, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard t.end - t.start == count else { return false }
        let w = word.utf8Start
        for i in 0..<count where bytes[t.start + i] != w[i] { return false }
        return true
    }

    func string(_ t: PDFToken) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[t.start..<t.end]), as: UTF8.self)
    }

    /// A non-negative integer token's value (nil for anything else or a value too large).
    func integer(_ t: PDFToken) -> Int? {
        guard t.kind == .number, t.end > t.start, t.end - t.start < 16 else { return nil }
        var v = 0
        for i in t.start..<t.end {
            let c = bytes[i]
            guard c >= 48 && c <= 57 else { return nil }
            v = v * 10 + Int(c - 48)
        }
        return v
    }

    /// A number token's value (nil for anything else): an optional sign, digits, at most one
    /// point (ISO 32000-1, 7.3.3; PDF has no exponents).
    func real(_ t: PDFToken) -> Double? {
        guard t.kind == .number, t.end > t.start else { return nil }
        var i = t.start
        var negative = false
        if bytes[i] == 45 || bytes[i] == 43 { negative = bytes[i] == 45; i += 1 }
        // Most numbers in a page's content are whole (a `TJ` array's offsets): their digits
        // summed as an integer give the same value as in floating point below, exactly, up to 15.
        if t.end - i <= 15, i < t.end {
            var whole = 0, k = i
            while k < t.end {
                let d = bytes[k] &- 48
                guard d < 10 else { break }
                whole = whole &* 10 &+ Int(d)
                k += 1
            }
            if k == t.end { return negative ? -Double(whole) : Double(whole) }
        }
        var whole: Double = 0, fraction: Double = 0, scale: Double = 1
        var point = false, digits = 0
        while i < t.end {
            let c = bytes[i]
            if c == 46, !point { point = true } else if c >= 48 && c <= 57 {
                digits += 1
                if point { scale *= 0.1; fraction += Double(c - 48) * scale } else { whole = whole * 10 + Double(c - 48) }
            } else { return nil }
            i += 1
        }
        guard digits > 0 else { return nil }
        let v = whole + fraction
        return negative ? -v : v
    }

    /// The bytes a string token stands for (escapes and hex digits decoded).
    func stringBytes(_ t: PDFToken, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        if t.kind == .hexString {
            var high: UInt8?
            for i in (t.start + 1)..<max(t.start + 1, t.end - 1) {
                guard let d = hexValue(bytes[i]) else { continue }
                if let h = high { out.append(h << 4 | d); high = nil } else { high = d }
            }
            if let h = high { out.append(h << 4) }
            return
        }
        var i = t.start + 1
        let end = t.end - 1
        while i < end {
            let c = bytes[i]
            guard c == 92, i + 1 < end else {
                if c == 13 { out.append(10); if i + 1 < end, bytes[i + 1] == 10 { i += 1 } } else { out.append(c) }
                i += 1
                continue
            }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case 110: out.append(10)
            case 114: out.append(13)
            case 116: out.append(9)
            case 98: out.append(8)
            case 102: out.append(12)
            case 48...55:
                var v = Int(e - 48)
                var k = 0
                while k < 2, i < end, bytes[i] >= 48, bytes[i] <= 55 { v = v * 8 + Int(bytes[i] - 48); i += 1; k += 1 }
                out.append(UInt8(truncatingIfNeeded: v))
            case 10: break
            case 13: if i < end, bytes[i] == 10 { i += 1 }
            default: out.append(e)
            }
        }
    }

    private func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }
}

/// The object kinds the finishing step reads from cairo's file.
indirect enum PDFValue {
    case integer(Int)
    case real(Double)
    case name(String)
    case string
    case reference(Int)
    case array([PDFValue])
    case dictionary([String: PDFValue])
    case keyword(String)

    var reference: Int? { if case .reference(let r) = self { return r } else { return nil } }
    var name: String? { if case .name(let n) = self { return n } else { return nil } }
    var dictionary: [String: PDFValue]? { if case .dictionary(let d) = self { return d } else { return nil } }
    var array: [PDFValue]? { if case .array(let a) = self { return a } else { return nil } }
    var integer: Int? { if case .integer(let i) = self { return i } else { return nil } }
    /// Whether a string is in it (the finishing step does not keep their bytes).
    var holdsString: Bool {
        switch self {
        case .string: return true
        case .array(let a): return a.contains { $0.holdsString }
        case .dictionary(let d): return d.values.contains { $0.holdsString }
        default: return false
        }
    }
    /// An integer or real number's value.
    var number: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .real(let r): return r
        default: return nil
        }
    }
}

extension PDFLexer {
    /// Parses one object from the current position (nil at the end or on a stray token).
    mutating func value() -> PDFValue? {
        let t = next()
        switch t.kind {
        case .number:
            guard let i = integer(t) else { return real(t).map { .real($0) } ?? .real(0) }
            // "n g R" is a reference.
            let save = pos
            let g = next()
            if g.kind == .number, integer(g) != nil {
                let r = next()
                if r.kind == .keyword, matches(r, "R") { return .reference(i) }
            }
            pos = save
            return .integer(i)
        case .name: return .name(string(t))
        case .literalString, .hexString: return .string
        case .arrayOpen:
            var out: [PDFValue] = []
            while true {
                let save = pos
                let peek = next()
                if peek.kind == .arrayClose || peek.kind == .end { return .array(out) }
                pos = save
                guard let v = value() else { return .array(out) }
                out.append(v)
            }
        case .dictOpen:
            var out: [String: PDFValue] = [:]
            while true {
                let k = next()
                if k.kind != .name { return .dictionary(out) }
                guard let v = value() else { return .dictionary(out) }
                out[string(k)] = v
            }
        case .keyword: return .keyword(string(t))
        default: return nil
        }
    }
}
