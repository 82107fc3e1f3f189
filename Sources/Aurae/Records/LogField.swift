import Ingest

/// The JSON object a headache-log field lives in (`top` is the record itself).
enum LogGroup: String, FieldNaming {
    case top = "", weather, health, sleep, retrospective

    var jsonName: String { rawValue }
    var csvName: String { rawValue }
}

/// The fields of a `logs` record: JSON paths such as `weather.humidityPct`, CSV columns such as
/// `humidity_pct` (`sleep_hours`, `sleep_quality` for the sleep group).
enum LogField: Int, RecordField {
    case id, onsetAt, resolvedAt, severity, onsetSpeed, hasAcknowledgedRedFlag
    case temperatureC, humidityPct, pressureHpa, pressureTrend, uvIndex, weatherCode, condition, aqi
    case heartRateBpm, restingHeartRateBpm, hrvMs, spo2Pct, steps
    case sleepHours, sleepQuality
    case headacheType, symptoms, foods, alcohol, caffeine, skippedMeal, hydrationGlasses, stressLevel
    case screenTimeHours, cyclePhase, environment, medications, notes

    var group: LogGroup {
        switch self {
        case .id, .onsetAt, .resolvedAt, .severity, .onsetSpeed, .hasAcknowledgedRedFlag: return .top
        case .temperatureC, .humidityPct, .pressureHpa, .pressureTrend, .uvIndex, .weatherCode, .condition, .aqi:
            return .weather
        case .heartRateBpm, .restingHeartRateBpm, .hrvMs, .spo2Pct, .steps: return .health
        case .sleepHours, .sleepQuality: return .sleep
        default: return .retrospective
        }
    }

    /// The JSON key inside its group: the case's name, but for the sleep group's two.
    var jsonKey: String {
        switch self {
        case .sleepHours: return "hours"
        case .sleepQuality: return "quality"
        default: return LogField.caseNames[rawValue]
        }
    }

    /// Each case's name, in case order (a test checks them against the cases). Spelled out:
    /// `String(describing:)` finds an enum case's name by reflection, after scanning the
    /// conformance records for the type's description protocols, 0.3 ms at each start.
    static let caseNames = [
        "id", "onsetAt", "resolvedAt", "severity", "onsetSpeed", "hasAcknowledgedRedFlag",
        "temperatureC", "humidityPct", "pressureHpa", "pressureTrend", "uvIndex", "weatherCode", "condition", "aqi",
        "heartRateBpm", "restingHeartRateBpm", "hrvMs", "spo2Pct", "steps",
        "sleepHours", "sleepQuality",
        "headacheType", "symptoms", "foods", "alcohol", "caffeine", "skippedMeal", "hydrationGlasses", "stressLevel",
        "screenTimeHours", "cyclePhase", "environment", "medications", "notes",
    ]

    static let paths: [String] = allCases.map { $0.group == .top ? $0.jsonKey : $0.group.rawValue + "." + $0.jsonKey }
    static let csvNames: [String] = allCases.map { f in
        switch f {
        case .sleepHours: return "sleep_hours"
        case .sleepQuality: return "sleep_quality"
        default: return snakeCaseColumn(f.jsonKey)
        }
    }

    /// Free text, lists holding free text, and the medications list (names and doses).
    var isText: Bool {
        switch self {
        case .id, .condition, .headacheType, .foods, .medications, .notes: return true
        default: return false
        }
    }

    var jsonName: String { LogField.paths[rawValue] }
    var csvName: String { LogField.csvNames[rawValue] }

    static func table(_ g: LogGroup) -> KeyTable<LogField> {
        KeyTable(allCases.filter { $0.group == g }.map { ($0.jsonKey, $0) })
    }
    static let topTable = table(.top)
    static let weatherTable = table(.weather)
    static let healthTable = table(.health)
    static let sleepTable = table(.sleep)
    static let retrospectiveTable = table(.retrospective)
    static let groupTable = KeyTable<LogGroup>([("weather", .weather), ("health", .health),
                                                ("sleep", .sleep), ("retrospective", .retrospective)])
}

