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

    static func writeString(_ s: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                out.append(contentsOf: bytes)
                return
            }
            for b in bytes {
                switch b {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(b)
                case UInt8(ascii: "\\"): out.append(b); out.append(b)
                case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 15)])
                default: out.append(b)
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
