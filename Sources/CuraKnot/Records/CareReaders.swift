import Foundation
import Ingest

/// The kinds of CuraKnot record files `care ingest` loads.
public enum CareRecordKind: String, CaseIterable, Sendable {
    case handoffs, expenses, providers

    /// Guesses the kind from the start of a file: the JSON records key or first record's keys,
    /// the CSV header's columns, else the file name; `nil` when none of them tells.
    public static func detect(path: String) -> CareRecordKind? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 65_536)) ?? Data(), as: UTF8.self)
        let lowered = head.lowercased()
        let isJSON = path.lowercased().hasSuffix(".json")
        let markers: [(CareRecordKind, [String])] = isJSON
            ? [(.handoffs, ["\"handoffs\"", "\"createdat\""]), (.expenses, ["\"expenses\"", "\"amount\""]),
               (.providers, ["\"providers\"", "\"name\""])]
            : [(.handoffs, ["created_at"]), (.expenses, ["amount"]), (.providers, ["name"])]
        if isJSON {
            let found = markers.compactMap { kind, words -> (String.Index, CareRecordKind)? in
                words.compactMap { lowered.range(of: $0)?.lowerBound }.min().map { ($0, kind) }
            }
            if let first = found.min(by: { $0.0 < $1.0 }) { return first.1 }
        } else {
            let header = lowered.prefix { $0 != "\n" && $0 != "\r" }
            let columns = Set(header.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" \u{FEFF}")) })
            if let hit = markers.first(where: { $0.1.contains(where: columns.contains) }) { return hit.0 }
        }
        let name = (path as NSString).lastPathComponent.lowercased()
        return allCases.first { name.contains(String($0.rawValue.dropLast())) }
    }
}

/// Reads handoff exports (JSON or CSV) with located errors, strict or `--skip-invalid`.
public enum HandoffReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<Handoff> {
        try RecordReader<HandoffDraft>.read(sources, options: options)
    }
}

/// Reads expense exports (JSON or CSV) with located errors, strict or `--skip-invalid`.
public enum ExpenseReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<Expense> {
        try RecordReader<ExpenseDraft>.read(sources, options: options)
    }
}

/// Reads care-provider exports (JSON or CSV) with located errors, strict or `--skip-invalid`.
public enum ProviderReader {
    public static func read(_ sources: [InputSource], options: IngestOptions = IngestOptions()) throws -> IngestResult<Provider> {
        try RecordReader<ProviderDraft>.read(sources, options: options)
    }
}
