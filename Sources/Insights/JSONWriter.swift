/// A small deterministic JSON value: objects keep the key order they were built with.
public indirect enum JSONValue: Sendable, Hashable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case int(Int)
    /// A number already formatted (rounded decimals).
    case number(String)
    case bool(Bool)
    case null

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized() == b.serialized() }
    public func hash(into h: inout Hasher) { h.combine(serialized()) }

    /// Pretty-printed with two-space indentation and a final newline.
    public func serialized() -> String {
        var out = ""
        write(&out, indent: 0)
        out += "\n"
        return out
    }

    func write(_ out: inout String, indent: Int) {
        switch self {
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, (k, v)) in pairs.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                JSONValue.writeString(k, &out)
                out += ": "
                v.write(&out, indent: indent + 1)
                out += i + 1 < pairs.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (i, v) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                v.write(&out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .string(let s): JSONValue.writeString(s, &out)
        case .int(let i): out += String(i)
        case .number(let s): out += s
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    static func writeString(_ s: String, _ out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }

    /// Looks up a key of an object (tests and callers that pick one section).
    public subscript(key: String) -> JSONValue? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }
}
