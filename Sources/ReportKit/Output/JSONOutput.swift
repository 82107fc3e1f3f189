import Quoting
/// A small deterministic JSON value: objects keep the key order they were built with.
public indirect enum JSONOutput: Sendable, Hashable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case int(Int)
    /// A number already formatted (rounded decimals).
    case number(String)
    case bool(Bool)
    case null

    public static func == (a: JSONOutput, b: JSONOutput) -> Bool { a.serialized() == b.serialized() }
    public func hash(into h: inout Hasher) { h.combine(serialized()) }

    /// Pretty-printed with two-space indentation and a final newline.
    public func serialized() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 12)
        write(&out, indent: 0)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    /// On one line with no spaces and no final newline (a JSON log line).
    public func compact() -> String {
        var out: [UInt8] = []
        write(&out, indent: nil)
        return String(decoding: out, as: UTF8.self)
    }

    /// A line break and the indentation for `indent` levels; nothing in compact form (`nil`).
    @inline(__always) static func newline(_ out: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        out.append(0x0A)
        for _ in 0..<(indent * 2) { out.append(0x20) }
    }

    /// Writes the value at `indent` levels, or compact when `indent` is nil.
    func write(_ out: inout [UInt8], indent: Int?) {
        let inner = indent.map { $0 + 1 }
        switch self {
        case .object(let pairs):
            if pairs.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, (k, v)) in pairs.enumerated() {
                JSONOutput.newline(&out, inner)
                JSONOutput.writeString(k, &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(0x20) }
                v.write(&out, indent: inner)
                if i + 1 < pairs.count { out.append(UInt8(ascii: ",")) }
            }
            JSONOutput.newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, v) in items.enumerated() {
                JSONOutput.newline(&out, inner)
                v.write(&out, indent: inner)
                if i + 1 < items.count { out.append(UInt8(ascii: ",")) }
            }
            JSONOutput.newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .string(let s): JSONOutput.writeString(s, &out)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .number(let s): out.append(contentsOf: s.utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        }
    }

    /// `s` as a JSON string. Besides what JSON requires (`"`, `\\`, C0 controls), every character
    /// `Quote.isControl` names — DEL, C1 controls, bidi controls, U+2028/U+2029 — is written as
    /// `\uXXXX`: JSON lines stay one line for readers that split on any line separator, and
    /// nothing raw reaches a terminal that shows them.
    static func writeString(_ s: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        let plain = s.withUTF8 { bytes -> Bool in
            // Lead bytes of every escaped scalar: ASCII ones, C2 (C1 controls), D8 (U+061C), E2 (U+20xx).
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F
                                           || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if !plain {
            let hex = Array("0123456789abcdef".utf8)
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"", "\\": out.append(UInt8(ascii: "\\")); out.append(UInt8(scalar.value))
                case "\n": out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
                case "\r": out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
                case "\t": out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
                default:
                    guard Quote.isControl(scalar) else { UTF8.encode(scalar) { out.append($0) }; break }
                    out.append(contentsOf: "\\u".utf8)   // every such scalar is in the BMP: four digits
                    for shift in stride(from: 12, through: 0, by: -4) { out.append(hex[Int(scalar.value >> UInt32(shift)) & 15]) }
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Looks up a key of an object (tests and callers that pick one section).
    public subscript(key: String) -> JSONOutput? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }
}
