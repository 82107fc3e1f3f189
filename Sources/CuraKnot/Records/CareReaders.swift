import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import Quoting

/// The kinds of CuraKnot record files `care ingest` loads.
public enum CareRecordKind: String, CaseIterable, Sendable {
    case handoffs, expenses, providers

    /// Tells the kind of an input from its structure, never from a word somewhere in it: in JSON,
    /// the records key of the top-level object (`handoffs`, `expenses`, `providers`; the first one
    /// there), or for a bare array the keys of its first record; in CSV, the header's columns.
    /// Keys and columns count for a kind when only that kind has them (`createdAt`, `amount`,
    /// `name`, …; `id` and `circleId` are everyone's); the kind with the most decides. Nil when
    /// that tells nothing, or when the input is over the size limit.
    ///
    /// `input` was read whole once (`LoadedInput.load`), so a FIFO or standard input is never
    /// read twice: the records are parsed from the same bytes.
    public static func detect(_ input: LoadedInput, format: InputFormat, limits: IngestLimits = .default) -> CareRecordKind? {
        guard let bytes = input.bytes else { return nil }
        return bytes.withUnsafeBytes { buf in
            switch format {
            case .json: return fromJSON(buf, limits: limits)
            case .csv: return fromNames(firstCSVRow(buf, limits: limits))
            }
        }
    }

    /// The normalised names (`normalizedColumnName`) that only this kind's records have.
    static let ownNames: [CareRecordKind: Set<String>] = {
        let names: [CareRecordKind: Set<String>] = [
            .handoffs: Set(HandoffField.allCases.map { normalizedColumnName($0.jsonName) }),
            .expenses: Set(ExpenseField.allCases.map { normalizedColumnName($0.jsonName) }),
            .providers: Set(ProviderField.allCases.map { normalizedColumnName($0.jsonName) }),
        ]
        return names.mapValues { own in
            own.subtracting(names.values.filter { $0 != own }.reduce(into: Set<String>()) { $0.formUnion($1) })
        }
    }()

    /// The kind whose own names are most among `names`; nil on a tie or when none is.
    static func fromNames(_ names: [String]) -> CareRecordKind? {
        let given = Set(names.map(normalizedColumnName))
        let scores = allCases.map { kind in (kind, ownNames[kind, default: []].intersection(given).count) }
        guard let best = scores.max(by: { $0.1 < $1.1 }), best.1 > 0,
              scores.filter({ $0.1 == best.1 }).count == 1 else { return nil }
        return best.0
    }

    /// A records key found: stops reading the rest.
    private struct Found: Error { let kind: CareRecordKind? }

    private static func fromJSON(_ buf: UnsafeRawBufferPointer, limits: IngestLimits) -> CareRecordKind? {
        let parser = JSONParser(buf, limits: limits)
        do {
            switch try parser.peekKind() {
            case .object:
                try parser.readObject { key, _ in
                    if let kind = CareRecordKind(rawValue: makeString(key)) { throw Found(kind: kind) }
                    try parser.skipValue()
                }
                return nil
            case .array:
                try parser.readArray { _ in
                    guard try parser.peekKind() == .object else { throw Found(kind: nil) }
                    var keys: [String] = []
                    try parser.readObject { key, _ in keys.append(makeString(key)); try parser.skipValue() }
                    throw Found(kind: fromNames(keys))
                }
                return nil
            default:
                return nil
            }
        } catch let found as Found {
            return found.kind
        } catch {
            return nil   // not JSON: the reader, told the kind with --kind, reports where
        }
    }

    private static func firstCSVRow(_ buf: UnsafeRawBufferPointer, limits: IngestLimits) -> [String] {
        var header: [String] = []
        do {
            try CSVRecordReader(limits: limits).parse(buf) { row in
                header = row.strings.map { $0.trimmed(.spaces) }
                throw Found(kind: nil)
            }
        } catch {}
        return header
    }
}

/// Reads handoff exports (JSON or CSV) with located errors, strict or `--skip-invalid`.
public enum HandoffReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<Handoff> {
        try RecordReader<HandoffDraft>.read(sources, options: options)
    }

    /// Reads inputs already loaded (`LoadedInput.load`), whose kind was told from their bytes.
    public static func read(_ inputs: [LoadedInput], options: IngestOptions = IngestOptions()) throws -> IngestResult<Handoff> {
        try RecordReader<HandoffDraft>.read(inputs, options: options)
    }
}

/// Reads expense exports (JSON or CSV) with located errors, strict or `--skip-invalid`.
public enum ExpenseReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<Expense> {
        try RecordReader<ExpenseDraft>.read(sources, options: options)
    }

    /// Reads inputs already loaded (`LoadedInput.load`), whose kind was told from their bytes.
    public static func read(_ inputs: [LoadedInput], options: IngestOptions = IngestOptions()) throws -> IngestResult<Expense> {
        try RecordReader<ExpenseDraft>.read(inputs, options: options)
    }
}

/// Reads care-provider exports (JSON or CSV) with located errors, strict or `--skip-invalid`.
public enum ProviderReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<Provider> {
        try RecordReader<ProviderDraft>.read(sources, options: options)
    }

    /// Reads inputs already loaded (`LoadedInput.load`), whose kind was told from their bytes.
    public static func read(_ inputs: [LoadedInput], options: IngestOptions = IngestOptions()) throws -> IngestResult<Provider> {
        try RecordReader<ProviderDraft>.read(inputs, options: options)
    }
}
