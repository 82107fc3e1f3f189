import Catalog
import Ingest

/// The Aurae insights configuration, loaded once from `templates/`: every threshold, list and
/// sentence the analysis uses. Nothing of this is written in Swift code.
public struct InsightsConfig: Sendable {
    public struct FrequencyLabel: Sendable { public let minShareMillionths: Int64; public let wordingKey: String }
    public struct TimeBand: Sendable { public let name: String; public let fromMinute: Int }
    public struct MedicationClass: Sendable {
        public let id: String
        public let label: String
        public let referenceDays: Int
        public let names: Set<String>
    }

    public let wording: Wording
    let fast: FastWording

    // thresholds/aurae.json
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
    public let pdfTopCount: Int
    public let frequencyLabels: [FrequencyLabel]
    public let associationMinExposed: Int
    public let associationMinUnexposed: Int
    public let associationMaxQ: Double
    public let acuteDaysWarning: Int
    public let frequencyWindowDays: Int
    public let timeBands: [TimeBand]

    // medications/aurae.json
    /// Lower-cased preventive names (matched on the first word of an entry).
    public let preventive: Set<String>
    public let classes: [MedicationClass]
    public let otherAcuteId: String
    public let otherAcuteLabel: String

    public init(templates: TemplateSet) throws {
        let t = templates.thresholds
        let m = templates.medications
        wording = templates.wording
        patternsMinResolved = try t.int("patterns.minResolvedEpisodes")
        weatherMinResolved = try t.int("weather.minResolvedEpisodes")
        highHumidityPct = try t.number("weather.highHumidityPct")
        sleepMinPerGroup = try t.int("sleep.minPerGroup")
        shortSleepHours = try t.number("sleep.shortSleepHours")
        factorMinKnown = try t.int("factors.minKnown")
        factorMinCount = try t.int("factors.minCount")
        factorMinShareMillionths = InsightsConfig.millionths(try t.number("factors.minShare"))
        poorSleepHours = try t.number("factors.poorSleepHours")
        poorSleepQualityAtMost = try t.int("factors.poorSleepQualityAtMost")
        highStressAtLeast = try t.int("factors.highStressAtLeast")
        lowHydrationBelow = try t.int("factors.lowHydrationBelow")
        longScreenTimeHours = try t.number("factors.longScreenTimeHours")
        pdfTopCount = try t.int("factors.pdfTopCount")
        frequencyLabels = try t.objects("frequencyLabels").map {
            FrequencyLabel(minShareMillionths: InsightsConfig.millionths(try $0.number("minShare")),
                           wordingKey: "frequencyLabel." + (try $0.string("label")))
        }.sorted { $0.minShareMillionths > $1.minShareMillionths }
        associationMinExposed = try t.int("association.minExposedDays")
        associationMinUnexposed = try t.int("association.minUnexposedDays")
        associationMaxQ = try t.number("association.maxQ")
        acuteDaysWarning = try t.int("medicationOveruse.acuteDaysWarning")
        frequencyWindowDays = try t.int("frequency.windowDays")
        timeBands = try t.objects("timeOfDay").map {
            TimeBand(name: try $0.string("name"), fromMinute: try InsightsConfig.wholeNumber($0, "fromHour") * 60)
        }.sorted { $0.fromMinute < $1.fromMinute }
        guard timeBands.first?.fromMinute == 0 else {
            throw CatalogError.wrongType(file: t.name, key: "timeOfDay", expected: "bands starting at hour 0")
        }

        preventive = Set(try m.strings("preventive").map { $0.lowercased() })
        classes = try m.objects("ichd3Classes").map {
            MedicationClass(id: try $0.string("id"), label: try $0.string("label"),
                            referenceDays: try $0.int("referenceDays"),
                            names: Set(try $0.strings("names").map { $0.lowercased() }))
        }
        otherAcuteId = try m.string("otherAcute.id")
        otherAcuteLabel = try m.string("otherAcute.label")

        var uses = InsightsConfig.wordingUses
        for label in frequencyLabels { uses.append((label.wordingKey, [])) }
        for band in timeBands { uses.append(("insights.timeOfDay." + band.name, [])) }
        try wording.require(uses)
        fast = FastWording(wording: wording, keys: uses)
    }

    /// `JSONFile.int` rejects 0 and 1 on Linux (an NSNumber 0/1 from JSONSerialization also casts
    /// to Bool there), so whole numbers that may be 0 or 1 are read here.
    static func wholeNumber(_ f: JSONFile, _ key: String) throws -> Int {
        guard let v = f.value(key) else { throw CatalogError.missingKey(file: f.name, key: key) }
        if let i = v as? Int { return i }
        if let d = v as? Double, d == d.rounded() { return Int(d) }
        throw CatalogError.wrongType(file: f.name, key: key, expected: "a whole number")
    }

    static func millionths(_ d: Double) -> Int64 { Int64((d * 1_000_000).rounded(.toNearestOrAwayFromZero)) }

    /// Every wording key the insights code renders, with the placeholders it fills.
    static var wordingUses: [(key: String, placeholders: Set<String>)] {
        var u: [(key: String, placeholders: Set<String>)] = [
            ("safety.overuseWarning", []),
            ("safety.whenToSeekCare", []),
            ("safety.redFlagPrimary", []),
            ("safety.redFlagSecondary", []),
            ("safety.ichdReference", ["days"]),
            ("overuse.pointer", []),
            ("overuse.count", ["days", "month"]),
            ("monthYearFormat", ["month", "year"]),
            ("dateFormat", ["day", "month", "year"]),
            ("redFlag.heading", []),
            ("insights.redFlag.intro", []),
            ("redFlag.primaryCondition", ["severity"]),
            ("redFlag.secondaryCondition", []),
            ("redFlag.auraVisualCondition", []),
        ]
        for i in 1...12 { u.append(("monthLong.\(i)", [])); u.append(("month.\(i)", [])) }
        for i in 1...5 { u.append(("severity.\(i)", [])) }
        u.append(contentsOf: analysisWordingUses)
        return u
    }
}
