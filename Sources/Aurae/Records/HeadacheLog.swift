import Ingest

/// How fast a headache went from nothing to its worst. `nil` on a log means "Not sure".
public enum OnsetSpeed: String, Sendable, CaseIterable { case gradual, moderate, instantaneous }

public enum PressureTrend: String, Sendable, CaseIterable { case rising, falling, stable }

public enum CyclePhase: String, Sendable, CaseIterable { case menstrual, follicular, ovulatory, luteal }

public enum Symptom: String, Sendable, CaseIterable {
    case nausea, lightSensitivity, soundSensitivity, aura, neckPain, visualDisturbances
}

public enum EnvironmentFactor: String, Sendable, CaseIterable {
    case strongSmells, brightLights, loudNoise, screenGlare
}

/// The six foods the app offers; anything else in `foods` is kept as free text.
public enum KnownFood: String, Sendable, CaseIterable {
    case agedCheese, processedMeat, msg, citrus, chocolate, gluten
}

/// Weather at onset. Every field is optional: `nil` is "unknown", never zero.
public struct Weather: Hashable, Sendable {
    public var temperatureC: Double?
    public var humidityPct: Double?
    public var pressureHpa: Double?
    public var pressureTrend: PressureTrend?
    public var uvIndex: Double?
    public var weatherCode: Int?
    public var condition: String?
    public var aqi: Double?
    public init() {}
}

public struct Health: Hashable, Sendable {
    public var heartRateBpm: Double?
    public var restingHeartRateBpm: Double?
    public var hrvMs: Double?
    public var spo2Pct: Double?
    public var steps: Double?
    public init() {}
}

public struct Sleep: Hashable, Sendable {
    public var hours: Double?
    public var quality: Int?
    public init() {}
}

/// One medication entry of an episode.
public struct MedicationEntry: Hashable, Sendable {
    public var name: String
    public var dose: String?
    public var takenAt: Timestamp?
    /// `true` "For headache relief", `false` "Daily as prescribed", `nil` unclassified.
    public var isAcute: Bool?
    /// 1...5, "How much did it help?"
    public var effectiveness: Int?
    public init(name: String, dose: String? = nil, takenAt: Timestamp? = nil, isAcute: Bool? = nil,
                effectiveness: Int? = nil) {
        self.name = name; self.dose = dose; self.takenAt = takenAt
        self.isAcute = isAcute; self.effectiveness = effectiveness
    }

    /// A dose as the readers keep it and the exports write it: trimmed of white space, unknown
    /// (nil) when nothing is left. One rule for both sides, so a blank dose is unknown in every
    /// export and export → read → export gives the same bytes.
    public static func dose(_ text: String?) -> String? {
        guard var t = text else { return nil }
        let kept = t.withUTF8 { makeString(trimmed(UnsafeRawBufferPointer($0))) }
        return kept.isEmpty ? nil : kept
    }
}

/// The retrospective questionnaire. Empty lists mean "unknown" (nothing was answered).
public struct Retrospective: Hashable, Sendable {
    public var headacheType: String?
    public var symptoms: [Symptom] = []
    /// Known foods by their raw value (`agedCheese`, ...) or free text, as written.
    public var foods: [String] = []
    public var alcohol: Bool?
    public var caffeine: Bool?
    public var skippedMeal: Bool?
    public var hydrationGlasses: Int?
    public var stressLevel: Int?
    public var screenTimeHours: Double?
    public var cyclePhase: CyclePhase?
    public var environment: [EnvironmentFactor] = []
    public var medications: [MedicationEntry] = []
    public var notes: String?
    public init() {}
}

/// One headache episode (the app's `HeadacheLog` with its `RetrospectiveEntry`).
public struct HeadacheLog: Hashable, Sendable {
    public var id: String
    public var onsetAt: Timestamp
    /// `nil` while the headache is still active.
    public var resolvedAt: Timestamp?
    /// 1...5 (1 Mild, 3 Moderate, 5 Severe; 2 and 4 in older data).
    public var severity: Int
    public var onsetSpeed: OnsetSpeed?
    public var hasAcknowledgedRedFlag: Bool?
    public var weather = Weather()
    public var health = Health()
    public var sleep = Sleep()
    public var retrospective = Retrospective()
    /// Where the record was read (for messages that name both places of a duplicate id).
    public var source: SourceLocation?

    public init(id: String, onsetAt: Timestamp, resolvedAt: Timestamp? = nil, severity: Int) {
        self.id = id; self.onsetAt = onsetAt; self.resolvedAt = resolvedAt; self.severity = severity
    }

    public var isActive: Bool { resolvedAt == nil }
}
