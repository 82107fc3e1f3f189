/// One input value, borrowed from the parser (valid only until the next parser call).
public enum FieldValue {
    case null
    /// A CSV field or a JSON string (a CSV field is trimmed, except a text field, which is read
    /// exactly as written with its formula escape undone, see `CSVFormula.readText`).
    case text(UnsafeRawBufferPointer)
    /// A JSON number as written.
    case number(UnsafeRawBufferPointer)
    case bool(Bool)
    case container(isObject: Bool)

    /// How the value is shown after "found": at most 20 characters, quoted.
    @inlinable
    public var found: String {
        switch self {
        case .null: return "null"
        case .text(let b), .number(let b): return Diagnostic.quote(makeString(b))
        case .bool(let v): return v ? "true" : "false"
        case .container(let isObject): return isObject ? "an object" : "an array"
        }
    }

    /// Null, or text that is empty after trimming: "unknown".
    @inlinable
    public var isUnknown: Bool {
        switch self {
        case .null: return true
        case .text(let b): return trimmed(b).isEmpty
        default: return false
        }
    }
}
