/// A position inside one input, resolved to a line and column only when a message needs it.
/// JSON: `offset` and `lineStart` are byte offsets. CSV: `lineStart == -1` and `offset` is the
/// 1-based field number.
struct Pos {
    var line: Int
    var lineStart: Int
    var offset: Int
    static func csv(line: Int, field: Int) -> Pos { Pos(line: line, lineStart: -1, offset: field) }
}

struct Issue {
    var pos: Pos
    var message: String
}

/// One input value, borrowed from the parser (valid only until the next parser call).
enum FieldValue {
    case null
    /// A CSV field or a JSON string (already trimmed for CSV).
    case text(UnsafeRawBufferPointer)
    /// A JSON number as written.
    case number(UnsafeRawBufferPointer)
    case bool(Bool)
    case container(isObject: Bool)

    /// How the value is shown after "found": at most 20 characters, quoted.
    var found: String {
        switch self {
        case .null: return "null"
        case .text(let b), .number(let b): return Diagnostic.quote(makeString(b))
        case .bool(let v): return v ? "true" : "false"
        case .container(let isObject): return isObject ? "an object" : "an array"
        }
    }

    /// Null, or text that is empty after trimming: "unknown".
    var isUnknown: Bool {
        switch self {
        case .null: return true
        case .text(let b): return trimmed(b).isEmpty
        default: return false
        }
    }
}

/// Conversions with the messages shared by the JSON and CSV readers.
struct Convert {
    static func double(_ name: String, _ v: FieldValue, _ pos: Pos, _ issues: inout [Issue],
                       range: ClosedRange<Double>? = nil) -> Double? {
        let bytes: UnsafeRawBufferPointer
        switch v {
        case .null: return nil
        case .text(let b): bytes = trimmed(b); if bytes.isEmpty { return nil }
        case .number(let b): bytes = b
        default:
            issues.append(Issue(pos: pos, message: numberMessage(name, range) + ", found " + v.found))
            return nil
        }
        switch parseDecimal(bytes) {
        case .value(let d):
            if let range, !range.contains(d) {
                issues.append(Issue(pos: pos, message: numberMessage(name, range) + ", found " + v.found))
                return nil
            }
            return d
        case .outOfRange:
            issues.append(Issue(pos: pos, message: "\(name) is out of range: " + v.found))
            return nil
        case .invalid:
            issues.append(Issue(pos: pos, message: numberMessage(name, range) + ", found " + v.found))
            return nil
        }
    }

    private static func numberMessage(_ name: String, _ range: ClosedRange<Double>?) -> String {
        guard let range else { return "\(name) must be a number" }
        return "\(name) must be a number from \(fmt(range.lowerBound)) to \(fmt(range.upperBound))"
    }

    private static func fmt(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }

    /// An integer (`3` or `3.0`) within `range`. `message` is the "must be ..." text.
    static func int(_ name: String, _ v: FieldValue, _ pos: Pos, _ issues: inout [Issue],
                    range: ClosedRange<Int>?, expectation: String) -> Int? {
        let bytes: UnsafeRawBufferPointer
        switch v {
        case .null: return nil
        case .text(let b): bytes = trimmed(b); if bytes.isEmpty { return nil }
        case .number(let b): bytes = b
        default:
            issues.append(Issue(pos: pos, message: "\(name) must be \(expectation), found " + v.found))
            return nil
        }
        if case .value(let d) = parseDecimal(bytes), d == d.rounded(), abs(d) <= 9_007_199_254_740_992 {
            let i = Int(d)
            if range == nil || range!.contains(i) { return i }
        }
        issues.append(Issue(pos: pos, message: "\(name) must be \(expectation), found " + v.found))
        return nil
    }

    static func oneToFive(_ name: String, _ v: FieldValue, _ pos: Pos, _ issues: inout [Issue]) -> Int? {
        int(name, v, pos, &issues, range: 1...5, expectation: "an integer from 1 to 5")
    }

    static func bool(_ name: String, _ v: FieldValue, _ pos: Pos, _ issues: inout [Issue]) -> Bool? {
        switch v {
        case .null: return nil
        case .bool(let b): return b
        case .text(let b):
            let t = trimmed(b)
            if t.isEmpty { return nil }
            if let r = parseBoolText(t) { return r }
        default: break
        }
        issues.append(Issue(pos: pos, message: "\(name) must be true or false (or yes/no/1/0), found " + v.found))
        return nil
    }

    static func enumValue<E: CaseIterable & RawRepresentable>(_ name: String, _ v: FieldValue, _ pos: Pos,
                                                            _ issues: inout [Issue], _ type: E.Type) -> E?
    where E.RawValue == String {
        switch v {
        case .null: return nil
        case .text(let b):
            let t = trimmed(b)
            if t.isEmpty { return nil }
            if let e = matchEnum(t, E.self) { return e }
        default: break
        }
        issues.append(Issue(pos: pos, message: enumMessage(name, E.self) + v.found))
        return nil
    }

    static func enumMessage<E: CaseIterable & RawRepresentable>(_ name: String, _: E.Type) -> String
    where E.RawValue == String {
        "\(name) must be one of " + E.allCases.map(\.rawValue).joined(separator: ", ") + "; found "
    }

    static func timestamp(_ name: String, _ v: FieldValue, _ pos: Pos, _ issues: inout [Issue]) -> Timestamp? {
        switch v {
        case .null: return nil
        case .text(let b):
            let t = trimmed(b)
            if t.isEmpty { return nil }
            switch parseTimestampDetailed(t) {
            case .value(let ts): return ts
            case .noOffset:
                issues.append(Issue(pos: pos, message: "\(name) has no UTC offset: " + v.found))
            case .notReal:
                issues.append(Issue(pos: pos, message: "\(name) is not a real date and time: " + v.found))
            case .invalid:
                issues.append(Issue(pos: pos, message: "\(name) must be an ISO 8601 timestamp with a UTC offset, found " + v.found))
            }
        default:
            issues.append(Issue(pos: pos, message: "\(name) must be an ISO 8601 timestamp with a UTC offset, found " + v.found))
        }
        return nil
    }

    static func date(_ name: String, _ v: FieldValue, _ pos: Pos, _ issues: inout [Issue]) -> LocalDate? {
        switch v {
        case .null: return nil
        case .text(let b):
            let t = trimmed(b)
            if t.isEmpty { return nil }
            if let d = parseLocalDate(t) { return d }
            if t.count == 10, t[4] == UInt8(ascii: "-"), t[7] == UInt8(ascii: "-"),
               t.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "-") }) {
                issues.append(Issue(pos: pos, message: "\(name) is not a real date: " + v.found))
                return nil
            }
        default: break
        }
        issues.append(Issue(pos: pos, message: "\(name) must be a date (YYYY-MM-DD), found " + v.found))
        return nil
    }

    /// Free text, as written (CSV fields are trimmed); empty = unknown.
    static func text(_ name: String, _ v: FieldValue, _ pos: Pos, _ issues: inout [Issue]) -> String? {
        switch v {
        case .null: return nil
        case .text(let b): return b.isEmpty ? nil : makeString(b)
        default:
            issues.append(Issue(pos: pos, message: "\(name) must be a string, found " + v.found))
            return nil
        }
    }

    /// Splits `;`-separated list text into trimmed, non-empty items.
    static func splitList(_ b: UnsafeRawBufferPointer, separator: UInt8 = UInt8(ascii: ";"),
                          keepEmpty: Bool = false, _ each: (UnsafeRawBufferPointer) -> Void) {
        var start = 0
        let n = b.count
        var i = 0
        while i <= n {
            if i == n || b[i] == separator {
                let item = trimmed(UnsafeRawBufferPointer(rebasing: b[start..<i]))
                if keepEmpty || !item.isEmpty { each(item) }
                start = i + 1
            }
            i += 1
        }
    }
}
