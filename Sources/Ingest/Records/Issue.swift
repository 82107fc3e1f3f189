/// A problem with one record: the field it concerns, what is wrong, and where. The message text
/// is made from this data for the input's format (`message(for:)`), so CSV messages name the
/// column (`onset_at`) and JSON messages the path (`onsetAt`).
public struct Issue: Sendable {
    /// The field; `nil` for problems with the record as a whole.
    public var field: (any FieldNaming)?
    public var problem: Problem
    public var pos: InputPosition

    public init(field: (any FieldNaming)?, problem: Problem, pos: InputPosition) {
        self.field = field; self.problem = problem; self.pos = pos
    }

    /// The message for input of `format`.
    public func message(for format: InputFormat) -> String { text(for: format, values: true) }

    /// The message for input of `format` without the value it quotes (`severity must be an
    /// integer from 1 to 5`), for logs that promise no health data.
    public func messageWithoutValues(for format: InputFormat) -> String { text(for: format, values: false) }

    private func text(for format: InputFormat, values: Bool) -> String {
        let name = field?.name(in: format) ?? ""
        func found(_ separator: String, _ value: String) -> String { values ? separator + value : "" }
        switch problem {
        case .other(let text): return field == nil ? text : "\(name) \(text)"
        case .required: return "\(name) is required"
        case .mustBe(let expectation, let f): return "\(name) must be \(expectation.text)" + found(", found ", f)
        case .notOneOf(let allowed, let f):
            return "\(name) must be one of \(allowed.joined(separator: ", "))" + found("; found ", f)
        case .itemsMustBeStrings(let f): return "\(name) items must be strings" + found(", found ", f)
        case .outOfRange(let f): return "\(name) is out of range" + found(": ", f)
        case .noUTCOffset(let f): return "\(name) has no UTC offset" + found(": ", f)
        case .notRealDateTime(let f): return "\(name) is not a real date and time" + found(": ", f)
        case .notRealDate(let f): return "\(name) is not a real date" + found(": ", f)
        case .duplicateKey: return "duplicate key \"\(name)\""
        case .before(let other): return "\(name) is before \(other.name(in: format))"
        case .moreThanDaysAfter(let other, let days): return "\(name) is more than \(days) days after \(other.name(in: format))"
        case .moreThanDaysFrom(let other, let days):
            return "\(name) is more than \(days) days before or after \(other.name(in: format))"
        case .tooManyParts(let count, let parts):
            return "\(name) has \(count) parts; expected at most \(parts.count) (\(parts.joined(separator: "|")))"
        case .containsNULByte: return "\(name) contains a NUL byte"
        case .containsInvalidUTF8: return "\(name) contains invalid UTF-8"
        case .duplicate(let firstSeen): return "duplicate \(name); first seen at \(firstSeen)"
        case .fieldCount(let expected, let f): return "expected \(expected) fields, found \(f)"
        case .recordNotAnObject(let f): return "each record must be an object" + found(", found ", f)
        }
    }
}

/// What is wrong with a field or a record. `found` is the value as `FieldValue.found` shows it.
public enum Problem: Sendable {
    /// The field is missing or unknown (empty, null) but must be given.
    case required
    /// The value is not of the expected kind.
    case mustBe(Expectation, found: String)
    /// The value is not one of the allowed names.
    case notOneOf([String], found: String)
    /// An item of a list is not a string.
    case itemsMustBeStrings(found: String)
    /// A number too large to represent.
    case outOfRange(found: String)
    /// A timestamp without a UTC offset.
    case noUTCOffset(found: String)
    /// A well-formed timestamp of a day or time that does not exist.
    case notRealDateTime(found: String)
    /// A well-formed date that does not exist.
    case notRealDate(found: String)
    /// A JSON key given twice in one object.
    case duplicateKey
    /// The field's value is earlier than that of another field.
    case before(any FieldNaming)
    /// The field's time is more than `days` days after that of another field.
    case moreThanDaysAfter(any FieldNaming, days: Int)
    /// The field's time is more than `days` days before or after that of another field.
    case moreThanDaysFrom(any FieldNaming, days: Int)
    /// A list entry in text form has more `|`-separated parts than `parts` names.
    case tooManyParts(Int, parts: [String])
    case containsNULByte
    case containsInvalidUTF8
    /// The record's unique field repeats a value first seen at `firstSeen`.
    case duplicate(firstSeen: SourceLocation)
    /// A CSV record with another number of fields than the header (record-level).
    case fieldCount(expected: Int, found: Int)
    /// A JSON record that is not an object (record-level).
    case recordNotAnObject(found: String)
    /// A problem of a record kind's own: the text after the field's name (`must be a weekday`),
    /// or the whole message for a record-level issue. The text must quote no input: it is also
    /// the value-free message.
    case other(String)
}

/// The kind of value a field expects, as named after "must be".
public enum Expectation: Sendable, Hashable {
    /// Any number, or one within `range`.
    case number(ClosedRange<Double>?)
    /// Any integer, one within `range`, or (upper bound `Int.max`) a whole number of at least the lower bound.
    case integer(ClosedRange<Int>?)
    case bool
    case timestamp
    /// A timestamp whose local date lies in the given years.
    case timestampInYears(ClosedRange<Int>)
    case date
    /// A date in the given years.
    case dateInYears(ClosedRange<Int>)
    case string
    case nonEmptyString
    case list
    case object

    /// The text after "must be".
    public var text: String {
        switch self {
        case .number(nil): return "a number"
        case .number(let range?): return "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
        case .integer(nil): return "an integer"
        case .integer(let range?) where range.upperBound == Int.max: return "a whole number of \(range.lowerBound) or more"
        case .integer(let range?): return "an integer from \(range.lowerBound) to \(range.upperBound)"
        case .bool: return "true or false (or yes/no/1/0)"
        case .timestamp: return "an ISO 8601 timestamp with a UTC offset"
        case .timestampInYears(let years): return "a timestamp in the years \(years.lowerBound) to \(years.upperBound)"
        case .date: return "a date (YYYY-MM-DD)"
        case .dateInYears(let years): return "a date in the years \(years.lowerBound) to \(years.upperBound)"
        case .string: return "a string"
        case .nonEmptyString: return "a non-empty string"
        case .list: return "a list"
        case .object: return "an object"
        }
    }

    private static func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
