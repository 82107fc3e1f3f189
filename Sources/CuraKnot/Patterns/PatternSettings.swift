import Catalog

/// The pattern rules' thresholds, windows, synonyms and dismissal memory, from
/// `templates/thresholds/curaknot.json` (spec 40-care-circle.md, "Precise rules").
public struct PatternSettings: Decodable, Sendable {
    public struct Frequency: Decodable, Sendable { public var minCount: Int; public var windowDays: Int }
    public struct Trend: Decodable, Sendable { public var minCount: Int; public var factor: Int; public var windowDays: Int }
    public struct Correlation: Decodable, Sendable { public var minCount: Int; public var windowDays: Int }
    public struct New: Decodable, Sendable { public var windowDays: Int }
    public struct Absence: Decodable, Sendable { public var minEarlier: Int; public var quietDays: Int; public var earlierDays: Int }

    public var frequency: Frequency
    public var trend: Trend
    public var correlation: Correlation
    public var new: New
    public var absence: Absence
    /// A dismissal on D suppresses as-of dates D … D + dismissalDays − 1.
    public var dismissalDays: Int
    /// Normalised symptom → canonical key.
    public var synonyms: [String: String]

    /// Decodes and checks the settings of `templates`.
    public static func load(_ templates: TemplateSet) throws -> PatternSettings {
        let s = try templates.decode(PatternSettings.self, file: templates.thresholdsFile)
        let windows = [s.frequency.windowDays, s.trend.windowDays, s.correlation.windowDays, s.new.windowDays,
                       s.absence.quietDays, s.absence.earlierDays, s.dismissalDays]
        let counts = [s.frequency.minCount, s.trend.minCount, s.trend.factor, s.correlation.minCount, s.absence.minEarlier]
        guard windows.allSatisfy({ (1...3660).contains($0) }), counts.allSatisfy({ (1...10_000).contains($0) }) else {
            throw CatalogError.badTemplate(file: templates.thresholdsFile, key: "", reason: "windows must be 1 to 3660 days and counts 1 to 10000")
        }
        for (from, to) in s.synonyms where SymptomKey.normalize(from) != from || SymptomKey.normalize(to) != to || to.isEmpty {
            throw CatalogError.badTemplate(file: templates.thresholdsFile, key: "synonyms.\(from)",
                                           reason: "synonyms must be lower case, trimmed, with single spaces")
        }
        return s
    }
}

/// Symptom keys: lower-cased, trimmed, inner runs of white space collapsed, then mapped through
/// the synonym table.
public enum SymptomKey {
    public static func normalize(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    public static func key(_ text: String, synonyms: [String: String]) -> String {
        let n = normalize(text)
        return synonyms[n] ?? n
    }
}
