// A position-tracking, pull-style JSON parser over UTF-8 bytes (RFC 8259).
//
// Positions: lines are 1-based and end at LF, CRLF or a lone CR; columns are 1-based and count
// characters (Unicode scalars, i.e. UTF-8 sequences), so a value after "é" is one column further,
// not two. A leading UTF-8 byte order mark is skipped and not counted.
//
// The parser never traps on hostile input: every read is bounds-checked, nesting is limited by
// `IngestLimits.maxDepth`, strings and numbers by `maxFieldBytes`, and invalid UTF-8, raw control
// characters (NUL included) and `\u0000` escapes are errors with a position.
import Quoting

/// Syntax and limit errors of the JSON parser.
public typealias JSONSyntaxError = InputSyntaxError

/// Where a value starts. Turn it into a line and column with `JSONParser.lineAndColumn(of:)`.
public struct JSONPosition: Hashable, Sendable {
    public var offset: Int
    public var line: Int
    /// Offset of the first byte of `line`.
    public var lineStart: Int

    @usableFromInline init(offset: Int, line: Int, lineStart: Int) {
        self.offset = offset; self.line = line; self.lineStart = lineStart
    }
}

public enum JSONValueKind: Hashable, Sendable {
    case object, array, string, number, bool, null
}

/// A parsed JSON value (the tree form; record readers use the streaming API instead).
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// The number as written (already checked against the JSON grammar).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    public var doubleValue: Double? {
        guard case .number(let s) = self else { return nil }
        var t = s
        return t.withUTF8 { u -> Double? in
            if case .value(let d) = parseDecimal(UnsafeRawBufferPointer(u)) { return d }
            return nil
        }
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var value: JSONValue
    public init(key: String, value: JSONValue) { self.key = key; self.value = value }
}

/// A growable byte buffer with a stable address (used for decoded strings).
final class ByteScratch {
    var base: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var count = 0
    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }
    deinit { base.deallocate() }
    @inline(__always) func reset() { count = 0 }
    @inline(__always) func append(_ b: UInt8) {
        if count == capacity { grow(count + 1) }
        base[count] = b
        count += 1
    }
    func append(_ p: UnsafePointer<UInt8>, _ n: Int) {
        if count + n > capacity { grow(count + n) }
        (base + count).update(from: p, count: n)
        count += n
    }
    func grow(_ needed: Int) {
        var c = capacity
        while c < needed { c = c > Int.max / 2 ? needed : c * 2 }
        let nb = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
        nb.update(from: base, count: count)
        base.deallocate()
        base = nb
        capacity = c
    }
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}

public final class JSONParser {
    @usableFromInline let p: UnsafePointer<UInt8>
    @usableFromInline let n: Int
    /// Offset of the next unread byte.
    public private(set) var offset = 0
    /// Current 1-based line.
    public private(set) var line = 1
    var lineStart = 0
    var depth = 0
    let maxDepth: Int
    let maxFieldBytes: Int
    let keyScratch = ByteScratch()
    let valueScratch = ByteScratch()
    // Column cache, so that computing columns for successive values on one long line
    // (minified JSON) stays linear overall.
    var cacheLineStart = -1, cacheOffset = 0, cacheColumn = 1

    /// The buffer must stay valid and unchanged while the parser is used.
    public init(_ buffer: UnsafeRawBufferPointer, limits: IngestLimits = .default) {
        if let b = buffer.baseAddress, buffer.count > 0 {
            p = UnsafePointer(b.assumingMemoryBound(to: UInt8.self))
            n = buffer.count
        } else {
            // One zero byte, read-only in the binary (an empty literal is NUL-terminated): no
            // mutable global pointer for the parsers of several threads to share.
            p = ("" as StaticString).utf8Start
            n = 0
        }
        maxDepth = limits.maxDepth
        maxFieldBytes = limits.maxFieldBytes
        if n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { offset = 3; lineStart = 3 }
    }

    // MARK: Positions

    /// The position of the next value (after white space).
    public var position: JSONPosition {
        skipWhitespace()
        return JSONPosition(offset: offset, line: line, lineStart: lineStart)
    }

    public func lineAndColumn(of pos: JSONPosition) -> (line: Int, column: Int) {
        let end = min(max(pos.offset, pos.lineStart), n)
        var from = pos.lineStart, col = 1
        if cacheLineStart == pos.lineStart {
            if cacheOffset <= end {
                from = cacheOffset; col = cacheColumn
            } else if cacheOffset - end < end - pos.lineStart {
                // Slightly behind the cache (e.g. a record's start after its fields): count back.
                return (pos.line, cacheColumn - characterCount(p, from: end, to: cacheOffset))
            }
        }
        col += characterCount(p, from: from, to: end)
        cacheLineStart = pos.lineStart; cacheOffset = end; cacheColumn = col
        return (pos.line, col)
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let pos = JSONPosition(offset: offset ?? self.offset, line: line, lineStart: lineStart)
        let (l, c) = lineAndColumn(of: pos)
        return JSONSyntaxError(line: l, column: c, message: message)
    }

    /// An error at a position returned earlier by `position`.
    public func error(_ message: String, at pos: JSONPosition) -> JSONSyntaxError {
        let (l, c) = lineAndColumn(of: pos)
        return JSONSyntaxError(line: l, column: c, message: message)
    }

    // MARK: Tokens

    @inline(__always) func skipWhitespace() {
        while offset < n {
            let c = p[offset]
            if c == 0x20 || c == 0x09 {
                offset += 1
            } else if c == 0x0A {
                offset += 1; line += 1; lineStart = offset
            } else if c == 0x0D {
                offset += 1
                if offset < n && p[offset] == 0x0A { offset += 1 }
                line += 1; lineStart = offset
            } else {
                return
            }
        }
    }

    func unexpected() -> JSONSyntaxError {
        guard offset < n else { return error("unexpected end of input") }
        let c = p[offset]
        if c == 0 { return error("unexpected NUL byte") }
        if c >= 0x21 && c < 0x7F {
            var e = error("unexpected character '\(Character(Unicode.Scalar(c)))'")
            e.messageWithoutValues = "unexpected character"
            return e
        }
        if c >= 0x80 {
            if utf8SequenceLength(p, offset, n) == nil { return error(Self.invalidUTF8) }
            return error("unexpected character")
        }
        return error("unexpected control character 0x" + String(c, radix: 16, uppercase: true))
    }

    /// The kind of the next value; throws at end of input or on a character that starts no value.
    public func peekKind() throws -> JSONValueKind {
        skipWhitespace()
        guard offset < n else { throw error("unexpected end of input") }
        switch p[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), 48...57: return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw unexpected()
        }
    }

    /// Throws unless only white space remains.
    public func expectEnd() throws {
        skipWhitespace()
        if offset < n { throw error("unexpected data after the end of the JSON value") }
    }

    // MARK: Containers

    /// Reads an object, calling `body` with each key (bytes valid only until the next parser
    /// call) and its position; `body` must read or skip the member's value.
    public func readObject(_ body: (UnsafeRawBufferPointer, JSONPosition) throws -> Void) throws {
        skipWhitespace()
        guard offset < n, p[offset] == UInt8(ascii: "{") else { throw unexpected() }
        depth += 1
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
        offset += 1
        skipWhitespace()
        if offset < n && p[offset] == UInt8(ascii: "}") { offset += 1; depth -= 1; return }
        while true {
            skipWhitespace()
            guard offset < n else { throw error("unexpected end of input in an object") }
            guard p[offset] == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let keyPos = JSONPosition(offset: offset, line: line, lineStart: lineStart)
            let key = try scanString(into: keyScratch)
            skipWhitespace()
            guard offset < n, p[offset] == UInt8(ascii: ":") else {
                throw offset < n ? error("expected ':' after a key") : error("unexpected end of input in an object")
            }
            offset += 1
            skipWhitespace()
            let before = offset
            do {
                try body(key, keyPos)
            } catch var e as JSONSyntaxError where e.message == Self.invalidUTF8 || e.message == Self.nulInString {
                // Named as the CSV reader names a column: "notes contains invalid UTF-8".
                e.message = fieldName(at: keyPos) + (e.message == Self.invalidUTF8 ? " contains invalid UTF-8" : " contains a NUL byte")
                e.messageWithoutValues = e.message
                throw e
            }
            if offset == before { try skipValue() }
            skipWhitespace()
            guard offset < n else { throw error("unexpected end of input in an object") }
            let c = p[offset]
            offset += 1
            if c == UInt8(ascii: ",") { continue }
            if c == UInt8(ascii: "}") { break }
            offset -= 1
            throw error("expected ',' or '}' in an object")
        }
        depth -= 1
    }

    /// The messages of a bad byte in a string, which `readObject` names the member's key in.
    static let invalidUTF8 = "invalid UTF-8"
    static let nulInString = "NUL byte in a string"

    /// The key read at `keyPos` (a valid string: it was read once), for a message, with control
    /// characters escaped.
    private func fieldName(at keyPos: JSONPosition) -> String {
        let saved = offset
        defer { offset = saved }
        offset = keyPos.offset
        let scratch = ByteScratch(capacity: 64)
        return withExtendedLifetime(scratch) {
            guard let key = try? scanString(into: scratch) else { return "a field" }
            return Quote.escapingControls(makeString(key))
        }
    }

    /// Reads an array, calling `body` with each element's index; `body` must read or skip it.
    public func readArray(_ body: (Int) throws -> Void) throws {
        skipWhitespace()
        guard offset < n, p[offset] == UInt8(ascii: "[") else { throw unexpected() }
        depth += 1
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
        offset += 1
        skipWhitespace()
        if offset < n && p[offset] == UInt8(ascii: "]") { offset += 1; depth -= 1; return }
        var index = 0
        while true {
            skipWhitespace()
            let before = offset
            try body(index)
            if offset == before { try skipValue() }
            index += 1
            skipWhitespace()
            guard offset < n else { throw error("unexpected end of input in an array") }
            let c = p[offset]
            offset += 1
            if c == UInt8(ascii: ",") { continue }
            if c == UInt8(ascii: "]") { break }
            offset -= 1
            throw error("expected ',' or ']' in an array")
        }
        depth -= 1
    }

    /// Skips one value of any kind (checking its syntax).
    public func skipValue() throws {
        switch try peekKind() {
        case .object: try readObject { _, _ in try self.skipValue() }
        case .array: try readArray { _ in try self.skipValue() }
        case .string: _ = try scanString(into: valueScratch)
        case .number: _ = try readNumber()
        case .bool: _ = try readBool()
        case .null: try readNull()
        }
    }

    // MARK: Scalars

    /// Reads a string; the decoded UTF-8 bytes are valid only until the next parser call.
    public func readString() throws -> UnsafeRawBufferPointer {
        skipWhitespace()
        guard offset < n, p[offset] == UInt8(ascii: "\"") else { throw unexpected() }
        return try scanString(into: valueScratch)
    }

    /// Reads a number and returns its text (checked against the JSON grammar).
    public func readNumber() throws -> UnsafeRawBufferPointer {
        skipWhitespace()
        let start = offset
        var i = offset
        @inline(__always) func isDigit(_ i: Int) -> Bool { i < n && p[i] >= 48 && p[i] <= 57 }
        if i < n && p[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { throw error("invalid number", at: i) }
        if p[i] == 48 {
            i += 1
            if isDigit(i) { throw error("invalid number: leading zero", at: start) }
        } else {
            while isDigit(i) { i += 1 }
        }
        if i < n && p[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { throw error("invalid number: expected a digit after '.'", at: i) }
            while isDigit(i) { i += 1 }
        }
        if i < n && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
            i += 1
            if i < n && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) { i += 1 }
            guard isDigit(i) else { throw error("invalid number: expected a digit in the exponent", at: i) }
            while isDigit(i) { i += 1 }
        }
        if i - start > maxFieldBytes { throw error("number longer than the limit of \(maxFieldBytes) bytes", at: start) }
        offset = i
        return UnsafeRawBufferPointer(start: p + start, count: i - start)
    }

    public func readBool() throws -> Bool {
        skipWhitespace()
        if matchLiteral("true") { return true }
        if matchLiteral("false") { return false }
        throw error("invalid literal (expected true, false or null)")
    }

    public func readNull() throws {
        skipWhitespace()
        guard matchLiteral("null") else { throw error("invalid literal (expected true, false or null)") }
    }

    /// Reads `null` if it is next and returns true; otherwise leaves the input unchanged.
    public func readNullIfPresent() -> Bool {
        skipWhitespace()
        return matchLiteral("null")
    }

    private func matchLiteral(_ word: StaticString) -> Bool {
        let len = word.utf8CodeUnitCount
        guard offset + len <= n else { return false }
        let w = word.utf8Start
        for k in 0..<len where p[offset + k] != w[k] { return false }
        // A literal must not run into letters or digits ("truex", "null1").
        if offset + len < n {
            let c = p[offset + len]
            if (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 48 && c <= 57) { return false }
        }
        offset += len
        return true
    }

    /// At `"`: scans a string. Returns a slice of the input when it holds no escapes, else the
    /// decoded bytes in `scratch`.
    func scanString(into scratch: ByteScratch) throws -> UnsafeRawBufferPointer {
        let quote = offset
        offset += 1
        let start = offset
        // Fast path: plain ASCII without escapes.
        while offset < n {
            let c = p[offset]
            if c == UInt8(ascii: "\"") {
                let len = offset - start
                if len > maxFieldBytes { throw tooLong(quote) }
                offset += 1
                return UnsafeRawBufferPointer(start: p + start, count: len)
            }
            if c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
            offset += 1
        }
        var hasEscape = false
        scratch.reset()
        scratch.append(p + start, offset - start)
        while true {
            guard offset < n else { throw error("unterminated string", at: quote) }
            if offset - start > maxFieldBytes { throw tooLong(quote) }
            let c = p[offset]
            if c == UInt8(ascii: "\"") {
                offset += 1
                if hasEscape { return scratch.bytes }
                return UnsafeRawBufferPointer(start: p + start, count: offset - 1 - start)
            } else if c == UInt8(ascii: "\\") {
                hasEscape = true
                try scanEscape(into: scratch)
            } else if c < 0x20 {
                if c == 0 { throw error(Self.nulInString) }
                if c == 0x0A || c == 0x0D { throw error("unterminated string (line break inside a string)", at: offset) }
                throw error("control character 0x" + String(c, radix: 16, uppercase: true) + " in a string (must be escaped)")
            } else if c >= 0x80 {
                guard let len = utf8SequenceLength(p, offset, n) else { throw error(Self.invalidUTF8) }
                scratch.append(p + offset, len)
                offset += len
            } else {
                scratch.append(c)
                offset += 1
            }
        }
    }

    private func tooLong(_ at: Int) -> JSONSyntaxError {
        error("string longer than the limit of \(maxFieldBytes) bytes", at: at)
    }

    private func hex4(_ i: Int) -> UInt32? {
        guard i + 4 <= n else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = p[i + k]
            let d: UInt8
            switch c {
            case 48...57: d = c - 48
            case 0x41...0x46: d = c - 0x41 + 10
            case 0x61...0x66: d = c - 0x61 + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    private func scanEscape(into scratch: ByteScratch) throws {
        let esc = offset
        guard offset + 1 < n else { throw error("unterminated string") }
        let c = p[offset + 1]
        offset += 2
        switch c {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            guard var v = hex4(offset) else { throw error("invalid \\u escape (expected 4 hex digits)", at: esc) }
            offset += 4
            if v >= 0xD800 && v <= 0xDBFF {
                guard offset + 1 < n, p[offset] == UInt8(ascii: "\\"), p[offset + 1] == UInt8(ascii: "u"),
                      let lo = hex4(offset + 2), lo >= 0xDC00, lo <= 0xDFFF else {
                    throw error("invalid \\u escape: unpaired surrogate", at: esc)
                }
                offset += 6
                v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00)
            } else if v >= 0xDC00 && v <= 0xDFFF {
                throw error("invalid \\u escape: unpaired surrogate", at: esc)
            }
            if v == 0 { throw error("NUL character (\\u0000) in a string", at: esc) }
            appendScalar(v, scratch)
        default:
            throw error("invalid escape sequence in a string", at: esc)
        }
    }

    private func appendScalar(_ v: UInt32, _ s: ByteScratch) {
        if v < 0x80 {
            s.append(UInt8(v))
        } else if v < 0x800 {
            s.append(UInt8(0xC0 | (v >> 6))); s.append(UInt8(0x80 | (v & 0x3F)))
        } else if v < 0x10000 {
            s.append(UInt8(0xE0 | (v >> 12))); s.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            s.append(UInt8(0x80 | (v & 0x3F)))
        } else {
            s.append(UInt8(0xF0 | (v >> 18))); s.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            s.append(UInt8(0x80 | ((v >> 6) & 0x3F))); s.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    // MARK: Tree

    /// Parses one value into a tree.
    public func parseValue() throws -> JSONValue {
        switch try peekKind() {
        case .object:
            var members: [JSONMember] = []
            try readObject { key, _ in
                let k = makeString(key)
                members.append(JSONMember(key: k, value: try self.parseValue()))
            }
            return .object(members)
        case .array:
            var items: [JSONValue] = []
            try readArray { _ in items.append(try self.parseValue()) }
            return .array(items)
        case .string: return .string(makeString(try readString()))
        case .number: return .number(makeString(try readNumber()))
        case .bool: return .bool(try readBool())
        case .null: try readNull(); return .null
        }
    }

    /// Parses a whole document (one value, then only white space).
    public static func parseDocument(_ bytes: [UInt8], limits: IngestLimits = .default) throws -> JSONValue {
        try bytes.withUnsafeBytes { buf in
            let parser = JSONParser(buf, limits: limits)
            let v = try parser.parseValue()
            try parser.expectEnd()
            return v
        }
    }
}
