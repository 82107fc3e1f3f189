import Catalog
import Ingest
import Insights

/// The Aurae insights rules, loaded once from `templates/thresholds` and `templates/medications`:
/// every threshold and list the analysis uses. Nothing of this is written in Swift code, and
/// nothing of it is wording.
public struct InsightsConfig: Sendable {
    /// A frequency label (`frequent`, `sometimes`, …) and the share from which it applies.
    public struct FrequencyLabel: Sendable, Hashable { public let name: String; public let minShareMillionths: Int64 }
    public struct TimeBand: Sendable, Hashable { public let name: String; public let fromMinute: Int }
    public struct MedicationClass: Sendable {
        public let id: String
        public let label: String
        public let referenceDays: Int
        public let names: Set<String>
    }

    public let patternsMinResolved: Int
    public let weatherMinResolved: Int
    public let highHumidityPct: Double
    public let sleepMinPerGroup: Int
    public let shortSleepHours: Double
    public let factorMinKnown: Int
    public let factorMinCount: Int
    /// Minimum share as an exact fraction of one million (compared with integers).
    public let factorMinShareMillionths: Int64
    public let poorSleepHours: Double
    public let poorSleepQualityAtMost: Int
    public let highStressAtLeast: Int
    public let lowHydrationBelow: Int
    public let longScreenTimeHours: Double
    /// Highest share first; never empty.
    public let frequencyLabels: [FrequencyLabel]
    public let associationMinExposed: Int
    public let associationMinUnexposed: Int
    public let associationMaxQ: Double
    public let acuteDaysWarning: Int
    public let frequencyWindowDays: Int
    /// Earliest first; the first starts at minute 0.
    public let timeBands: [TimeBand]

    /// Lower-cased preventive names (matched on the first word of an entry).
    public let preventive: Set<String>
    public let classes: [MedicationClass]
    public let otherAcuteId: String
    public let otherAcuteLabel: String

    public init(templates: TemplateSet) throws {
        try self.init(thresholds: try templates.decode(ThresholdsFile.self, file: templates.thresholdsFile),
                      thresholdsFile: templates.thresholdsFile,
                      medications: try templates.decode(MedicationsFile.self, file: templates.medicationsFile))
    }

    init(thresholds t: ThresholdsFile, thresholdsFile: String, medications m: MedicationsFile) throws {
        patternsMinResolved = t.patterns.minResolvedEpisodes
        weatherMinResolved = t.weather.minResolvedEpisodes
        highHumidityPct = t.weather.highHumidityPct
        sleepMinPerGroup = t.sleep.minPerGroup
        shortSleepHours = t.sleep.shortSleepHours
        factorMinKnown = t.factors.minKnown
        factorMinCount = t.factors.minCount
        factorMinShareMillionths = InsightsConfig.millionths(t.factors.minShare)
        poorSleepHours = t.factors.poorSleepHours
        poorSleepQualityAtMost = t.factors.poorSleepQualityAtMost
        highStressAtLeast = t.factors.highStressAtLeast
        lowHydrationBelow = t.factors.lowHydrationBelow
        longScreenTimeHours = t.factors.longScreenTimeHours
        frequencyLabels = t.frequencyLabels.map {
            FrequencyLabel(name: $0.label, minShareMillionths: InsightsConfig.millionths($0.minShare))
        }.sorted { $0.minShareMillionths > $1.minShareMillionths }
        guard !frequencyLabels.isEmpty else {
            throw CatalogError.wrongType(file: thresholdsFile, key: "frequencyLabels", expected: "a non-empty list")
        }
        associationMinExposed = t.association.minExposedDays
        associationMinUnexposed = t.association.minUnexposedDays
        associationMaxQ = t.association.maxQ
        acuteDaysWarning = t.medicationOveruse.acuteDaysWarning
        frequencyWindowDays = t.frequency.windowDays
        guard frequencyWindowDays > 0 && frequencyWindowDays <= 3660 else {
            throw CatalogError.wrongType(file: thresholdsFile, key: "frequency.windowDays", expected: "between 1 and 3660")
        }
        timeBands = try t.timeOfDay.enumerated().map { i, band in
            guard (0..<24).contains(band.fromHour) else {
                throw CatalogError.wrongType(file: thresholdsFile, key: "timeOfDay[\(i)].fromHour", expected: "an hour from 0 to 23")
            }
            return TimeBand(name: band.name, fromMinute: band.fromHour * 60)
        }.sorted { $0.fromMinute < $1.fromMinute }
        guard timeBands.first?.fromMinute == 0 else {
            throw CatalogError.wrongType(file: thresholdsFile, key: "timeOfDay", expected: "bands starting at hour 0")
        }

        preventive = Set(m.preventive.map { $0.lowercased() })
        classes = m.ichd3Classes.map {
            MedicationClass(id: $0.id, label: $0.label, referenceDays: $0.referenceDays,
                            names: Set($0.names.map { $0.lowercased() }))
        }
        otherAcuteId = m.otherAcute.id
        otherAcuteLabel = m.otherAcute.label
    }

    static func millionths(_ d: Double) -> Int64 {
        let scaled = (d * 1_000_000).rounded(.toNearestOrAwayFromZero)
        return scaled.magnitude < 1e15 ? Int64(scaled) : (scaled < 0 ? -1_000_000_000_000_000 : 1_000_000_000_000_000)
    }
}

/// `templates/thresholds/<app>.json`.
struct ThresholdsFile: Decodable {
    struct Patterns: Decodable { let minResolvedEpisodes: Int }
    struct Weather: Decodable { let minResolvedEpisodes: Int; let highHumidityPct: Double }
    struct Sleep: Decodable { let minPerGroup: Int; let shortSleepHours: Double }
    struct Factors: Decodable {
        let minKnown, minCount: Int
        let minShare: Double
        let poorSleepHours: Double
        let poorSleepQualityAtMost, highStressAtLeast, lowHydrationBelow: Int
        let longScreenTimeHours: Double
    }
    struct Label: Decodable { let minShare: Double; let label: String }
    struct Association: Decodable { let minExposedDays, minUnexposedDays: Int; let maxQ: Double }
    struct Overuse: Decodable { let acuteDaysWarning: Int }
    struct Frequency: Decodable { let windowDays: Int }
    struct Band: Decodable { let name: String; let fromHour: Int }

    let patterns: Patterns
    let weather: Weather
    let sleep: Sleep
    let factors: Factors
    let frequencyLabels: [Label]
    let association: Association
    let medicationOveruse: Overuse
    let frequency: Frequency
    let timeOfDay: [Band]
}

/// `templates/medications/<app>.json`.
struct MedicationsFile: Decodable {
    struct MedicationClass: Decodable { let id: String; let label: String; let referenceDays: Int; let names: [String] }
    struct Other: Decodable { let id: String; let label: String }
    let preventive: [String]
    let ichd3Classes: [MedicationClass]
    let otherAcute: Other
}
