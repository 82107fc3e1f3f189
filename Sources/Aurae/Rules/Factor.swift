import Ingest
import Insights

/// One factor the analysis counts before headaches: its id, its card, how a headache log and a
/// daily-context record measure it, and the stem of its wording keys. `Factor.all` is the one
/// table; adding a factor means adding a row here (and its wording).
public struct Factor: Sendable, Hashable {
    /// The card a factor is shown on.
    public enum Group: Sendable, Hashable { case main, weather }

    /// What a factor measures, read from a log or a day of the daily-context file.
    public enum Measure: Sendable, Hashable {
        case poorSleep, highStress, alcohol, caffeine, lowHydration, skippedMeal, longScreenTime
        case food(KnownFood)
        case environment(EnvironmentFactor)
        case menstrualPhase, pressureFalling, highHumidity
    }

    public let id: String
    public let group: Group
    public let measure: Measure

    /// Wording key of the factor's label.
    public var labelKey: String { group == .main ? "factor." + id : "insights.factor." + id }
    /// Wording key of the factor as a phrase inside a sentence.
    public var phraseKey: String { "insights.factorPhrase." + id }

    /// Every factor, in spec order (the order ties are broken in and bits are numbered by).
    public static let all: [Factor] = [
        Factor(id: "poorSleep", group: .main, measure: .poorSleep),
        Factor(id: "highStress", group: .main, measure: .highStress),
        Factor(id: "alcohol", group: .main, measure: .alcohol),
        Factor(id: "caffeine", group: .main, measure: .caffeine),
        Factor(id: "lowHydration", group: .main, measure: .lowHydration),
        Factor(id: "skippedMeal", group: .main, measure: .skippedMeal),
        Factor(id: "longScreenTime", group: .main, measure: .longScreenTime),
        Factor(id: "agedCheese", group: .main, measure: .food(.agedCheese)),
        Factor(id: "processedMeat", group: .main, measure: .food(.processedMeat)),
        Factor(id: "msg", group: .main, measure: .food(.msg)),
        Factor(id: "citrus", group: .main, measure: .food(.citrus)),
        Factor(id: "chocolate", group: .main, measure: .food(.chocolate)),
        Factor(id: "gluten", group: .main, measure: .food(.gluten)),
        Factor(id: "strongSmells", group: .main, measure: .environment(.strongSmells)),
        Factor(id: "brightLights", group: .main, measure: .environment(.brightLights)),
        Factor(id: "loudNoise", group: .main, measure: .environment(.loudNoise)),
        Factor(id: "screenGlare", group: .main, measure: .environment(.screenGlare)),
        Factor(id: "menstrualPhase", group: .main, measure: .menstrualPhase),
        Factor(id: "pressureFalling", group: .weather, measure: .pressureFalling),
        Factor(id: "highHumidity", group: .weather, measure: .highHumidity),
    ]
}

/// Bits indexed by position in `Factor.all`: which factors were present and which were known.
struct FactorBits {
    var present: UInt32 = 0
    var known: UInt32 = 0

    @inline(__always) mutating func set(_ bit: UInt32, _ value: Bool?) {
        guard let value else { return }
        known |= bit
        if value { present |= bit }
    }
}

/// Evaluates the factor table for logs and days, caching the free-text food strings.
struct FactorEvaluator {
    /// The factor thresholds (`c`) and the weather ones.
    let c: Thresholds.Factors
    let weather: Thresholds.Weather
    private let measures: [Factor.Measure] = Factor.all.map(\.measure)
    private var foodCache: [String: UInt8] = [:]

    init(config: InsightsConfig) { c = config.thresholds.factors; weather = config.thresholds.weather }

    /// Bit of a known food (by `KnownFood.allCases` position) for a logged food string.
    mutating func foodBit(_ s: String) -> UInt8 {
        if let b = foodCache[s] { return b }
        let key = MedicationClassifier.trim(s).lowercased()
        var bit: UInt8 = 0
        for (i, f) in KnownFood.allCases.enumerated() where f.rawValue.lowercased() == key { bit = 1 << UInt8(i) }
        foodCache[s] = bit
        return bit
    }

    @inline(__always) static func foodMask(_ f: KnownFood) -> UInt8 {
        switch f {
        case .agedCheese: 1; case .processedMeat: 2; case .msg: 4; case .citrus: 8; case .chocolate: 16; case .gluten: 32
        }
    }

    @inline(__always) static func environmentMask(_ e: EnvironmentFactor) -> UInt8 {
        switch e { case .strongSmells: 1; case .brightLights: 2; case .loudNoise: 4; case .screenGlare: 8 }
    }

    /// Present and known factors for one episode.
    mutating func evaluate(_ log: HeadacheLog) -> FactorBits {
        let r = log.retrospective
        var foods: UInt8 = 0, environment: UInt8 = 0
        for f in r.foods { foods |= foodBit(f) }
        for e in r.environment { environment |= Self.environmentMask(e) }
        var bits = FactorBits()
        for (i, m) in measures.enumerated() {
            let bit: UInt32 = 1 << UInt32(i)
            switch m {
            case .poorSleep: bits.set(bit, poorSleep(log.sleep.hours, log.sleep.quality))
            case .highStress: bits.set(bit, r.stressLevel.map { $0 >= c.highStressAtLeast })
            case .alcohol: bits.set(bit, r.alcohol)
            case .caffeine: bits.set(bit, r.caffeine)
            case .lowHydration: bits.set(bit, r.hydrationGlasses.map { $0 < c.lowHydrationBelow })
            case .skippedMeal: bits.set(bit, r.skippedMeal)
            case .longScreenTime: bits.set(bit, r.screenTimeHours.map { $0 >= c.longScreenTimeHours })
            case .food(let f): if !r.foods.isEmpty { bits.set(bit, foods & Self.foodMask(f) != 0) }
            case .environment(let e): if !r.environment.isEmpty { bits.set(bit, environment & Self.environmentMask(e) != 0) }
            case .menstrualPhase: bits.set(bit, r.cyclePhase.map { $0 == .menstrual })
            case .pressureFalling: bits.set(bit, log.weather.pressureTrend.map { $0 == .falling })
            case .highHumidity: bits.set(bit, log.weather.humidityPct.map { $0 >= weather.highHumidityPct })
            }
        }
        return bits
    }

    /// Present and known factors for a headache-free day; a day records fewer factors.
    func evaluate(_ d: DayContext) -> FactorBits {
        var bits = FactorBits()
        for (i, m) in measures.enumerated() {
            let bit: UInt32 = 1 << UInt32(i)
            switch m {
            case .poorSleep: bits.set(bit, poorSleep(d.sleepHours, d.sleepQuality))
            case .highStress: bits.set(bit, d.stressLevel.map { $0 >= c.highStressAtLeast })
            case .alcohol: bits.set(bit, d.alcohol)
            case .caffeine: bits.set(bit, d.caffeine)
            case .skippedMeal: bits.set(bit, d.skippedMeal)
            case .menstrualPhase: bits.set(bit, d.cyclePhase.map { $0 == .menstrual })
            case .pressureFalling: bits.set(bit, d.pressureTrend.map { $0 == .falling })
            case .highHumidity: bits.set(bit, d.humidityPct.map { $0 >= weather.highHumidityPct })
            case .lowHydration, .longScreenTime, .food, .environment: break
            }
        }
        return bits
    }

    /// Whether a day-context record can report the factor at all (a baseline is possible).
    static func dayRecords(_ m: Factor.Measure) -> Bool {
        switch m {
        case .poorSleep, .highStress, .alcohol, .caffeine, .skippedMeal, .menstrualPhase, .pressureFalling, .highHumidity: true
        case .lowHydration, .longScreenTime, .food, .environment: false
        }
    }

    @inline(__always) private func poorSleep(_ hours: Double?, _ quality: Int?) -> Bool? {
        if hours == nil && quality == nil { return nil }
        if let h = hours, h < c.poorSleepHours { return true }
        if let q = quality, q <= c.poorSleepQualityAtMost { return true }
        return false
    }
}
