/// Conversions of input values to field values, shared by the JSON and CSV readers of every
/// record kind. Each returns `nil` for an unknown value (null, empty text) and for an invalid
/// one, which also appends an `Issue` naming `field` to `issues`.
public enum Convert {
    /// A decimal number, optionally within `range`.
    @inlinable
    public static func double<F: FieldNaming>(_ field: F, _ v: FieldValue, _ pos: InputPosition, _ issues: inout [Issue],
                                              range: ClosedRange<Double>? = nil) -> Double? {
        let bytes: UnsafeRawBufferPointer
        switch v {
        case .null: return nil
        case .text(let b): bytes = trimmed(b); if bytes.isEmpty { return nil }
        case .number(let b): bytes = b
        default:
            issues.append(Issue(field: field, problem: .mustBe(.number(range), found: v.found), pos: pos))
            return nil
        }
        switch parseDecimal(bytes) {
        case .value(let d):
            if let range, !range.contains(d) {
                issues.append(Issue(field: field, problem: .mustBe(.number(range), found: v.found), pos: pos))
                return nil
            }
            return d
        case .outOfRange:
            issues.append(Issue(field: field, problem: .outOfRange(found: v.found), pos: pos))
            return nil
        case .invalid:
            issues.append(Issue(field: field, problem: .mustBe(.number(range), found: v.found), pos: pos))
            return nil
        }
    }

    /// An integer written as digits only (`3`, not `3.0` or `3e0`), optionally within `range`.
    @inlinable
    public static func int<F: FieldNaming>(_ field: F, _ v: FieldValue, _ pos: InputPosition, _ issues: inout [Issue],
                                           range: ClosedRange<Int>?) -> Int? {
        let bytes: UnsafeRawBufferPointer
        switch v {
        case .null: return nil
        case .text(let b): bytes = trimmed(b); if bytes.isEmpty { return nil }
        case .number(let b): bytes = b
        default:
            issues.append(Issue(field: field, problem: .mustBe(.integer(range), found: v.found), pos: pos))
            return nil
        }
        if let i = parseInteger(bytes), range?.contains(i) ?? true { return i }
        issues.append(Issue(field: field, problem: .mustBe(.integer(range), found: v.found), pos: pos))
        return nil
    }

    /// An integer from 1 to 5 (ratings).
    @inlinable
    public static func oneToFive<F: FieldNaming>(_ field: F, _ v: FieldValue, _ pos: InputPosition,
                                                 _ issues: inout [Issue]) -> Int? {
        int(field, v, pos, &issues, range: 1...5)
    }

    /// A JSON boolean or the text `true`/`false`/`yes`/`no`/`1`/`0` (any case).
    @inlinable
    public static func bool<F: FieldNaming>(_ field: F, _ v: FieldValue, _ pos: InputPosition,
                                            _ issues: inout [Issue]) -> Bool? {
        switch v {
        case .null: return nil
        case .bool(let b): return b
        case .text(let b):
            let t = trimmed(b)
            if t.isEmpty { return nil }
            if let r = parseBoolText(t) { return r }
        default: break
        }
        issues.append(Issue(field: field, problem: .mustBe(.bool, found: v.found), pos: pos))
        return nil
    }

    /// A case of `E` by its raw value, ignoring ASCII case.
    @inlinable
    public static func enumValue<F: FieldNaming, E: InputEnum>(_ field: F, _ v: FieldValue, _ pos: InputPosition,
                                                             _ issues: inout [Issue], _ type: E.Type) -> E? {
        switch v {
        case .null: return nil
        case .text(let b):
            let t = trimmed(b)
            if t.isEmpty { return nil }
            if let e = E.inputTable.match(t) { return e }
        default: break
        }
        issues.append(notOneOf(field, E.self, v, pos))
        return nil
    }

    /// The issue for a value that is not a case of `E`.
    @inlinable
    public static func notOneOf<F: FieldNaming, E: InputEnum>(_ field: F, _: E.Type, _ v: FieldValue,
                                                            _ pos: InputPosition) -> Issue {
        Issue(field: field, problem: .notOneOf(E.allCases.map(\.rawValue), found: v.found), pos: pos)
    }

    /// An ISO 8601 timestamp with a UTC offset, its local date in `InputYears.valid`.
    @inlinable
    public static func timestamp<F: FieldNaming>(_ field: F, _ v: FieldValue, _ pos: InputPosition,
                                                 _ issues: inout [Issue]) -> Timestamp? {
        switch v {
        case .null: return nil
        case .text(let b):
            let t = trimmed(b)
            if t.isEmpty { return nil }
            switch parseTimestampDetailed(t) {
            case .value(let ts):
                if InputYears.contains(ts) { return ts }
                issues.append(Issue(field: field, problem: .mustBe(.timestampInYears(InputYears.valid), found: v.found), pos: pos))
            case .noOffset: issues.append(Issue(field: field, problem: .noUTCOffset(found: v.found), pos: pos))
            case .notReal: issues.append(Issue(field: field, problem: .notRealDateTime(found: v.found), pos: pos))
            case .invalid: issues.append(Issue(field: field, problem: .mustBe(.timestamp, found: v.found), pos: pos))
            }
        default:
            issues.append(Issue(field: field, problem: .mustBe(.timestamp, found: v.found), pos: pos))
        }
        return nil
    }

    /// A calendar date, `YYYY-MM-DD`, in `InputYears.valid`.
    @inlinable
    public static func date<F: FieldNaming>(_ field: F, _ v: FieldValue, _ pos: InputPosition,
                                            _ issues: inout [Issue]) -> LocalDate? {
        switch v {
        case .null: return nil
        case .text(let b):
            let t = trimmed(b)
            if t.isEmpty { return nil }
            if let d = parseLocalDate(t) {
                if InputYears.contains(d) { return d }
                issues.append(Issue(field: field, problem: .mustBe(.dateInYears(InputYears.valid), found: v.found), pos: pos))
                return nil
            }
            if t.count == 10, t[4] == UInt8(ascii: "-"), t[7] == UInt8(ascii: "-"),
               t.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "-") }) {
                issues.append(Issue(field: field, problem: .notRealDate(found: v.found), pos: pos))
                return nil
            }
        default: break
        }
        issues.append(Issue(field: field, problem: .mustBe(.date, found: v.found), pos: pos))
        return nil
    }

    /// Free text, as written (CSV fields are trimmed); empty = unknown.
    @inlinable
    public static func text<F: FieldNaming>(_ field: F, _ v: FieldValue, _ pos: InputPosition,
                                            _ issues: inout [Issue]) -> String? {
        switch v {
        case .null: return nil
        case .text(let b): return b.isEmpty ? nil : makeString(b)
        default:
            issues.append(Issue(field: field, problem: .mustBe(.string, found: v.found), pos: pos))
            return nil
        }
    }

    /// Calls `each` with the trimmed items of `separator`-separated list text, skipping empty
    /// items unless `keepEmpty`.
    @inlinable
    public static func splitList(_ b: UnsafeRawBufferPointer, separator: UInt8 = UInt8(ascii: ";"),
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
