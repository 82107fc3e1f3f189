import Ingest

/// Headache logs as values of the input schema of `logs` (10-data-formats.md), in the readers'
/// field order: what the export writers turn back into CSV or JSON.
public enum HeadacheLogSchema {
    /// Every field the readers accept, in CSV column order.
    public static let fields: [SchemaField] = LogField.allCases.map { f in
        SchemaField(group: f.group == .top ? nil : f.group.jsonName, key: f.jsonKey, csvName: f.csvName)
    }

    /// The values of `log`, one per entry of `fields`; nil where the value is unknown (an empty
    /// list is unknown too).
    public static func values(_ log: HeadacheLog) -> [SchemaValue?] {
        LogField.allCases.map { value(of: $0, log) }
    }

    static func value(of f: LogField, _ log: HeadacheLog) -> SchemaValue? {
        let w = log.weather, h = log.health, r = log.retrospective
        switch f {
        case .id: return .text(log.id)
        case .onsetAt: return .symbol(log.onsetAt.description)
        case .resolvedAt: return log.resolvedAt.map { .symbol($0.description) }
        case .severity: return .number(String(log.severity))
        case .onsetSpeed: return log.onsetSpeed.map { .symbol($0.rawValue) }
        case .hasAcknowledgedRedFlag: return log.hasAcknowledgedRedFlag.map(SchemaValue.bool)
        case .temperatureC: return number(w.temperatureC)
        case .humidityPct: return number(w.humidityPct)
        case .pressureHpa: return number(w.pressureHpa)
        case .pressureTrend: return w.pressureTrend.map { .symbol($0.rawValue) }
        case .uvIndex: return number(w.uvIndex)
        case .weatherCode: return w.weatherCode.map { .number(String($0)) }
        case .condition: return w.condition.map(SchemaValue.text)
        case .aqi: return number(w.aqi)
        case .heartRateBpm: return number(h.heartRateBpm)
        case .restingHeartRateBpm: return number(h.restingHeartRateBpm)
        case .hrvMs: return number(h.hrvMs)
        case .spo2Pct: return number(h.spo2Pct)
        case .steps: return number(h.steps)
        case .sleepHours: return number(log.sleep.hours)
        case .sleepQuality: return log.sleep.quality.map { .number(String($0)) }
        case .headacheType: return r.headacheType.map(SchemaValue.text)
        case .symptoms: return list(r.symptoms.map(\.rawValue))
        case .foods: return list(r.foods)
        case .alcohol: return r.alcohol.map(SchemaValue.bool)
        case .caffeine: return r.caffeine.map(SchemaValue.bool)
        case .skippedMeal: return r.skippedMeal.map(SchemaValue.bool)
        case .hydrationGlasses: return r.hydrationGlasses.map { .number(String($0)) }
        case .stressLevel: return r.stressLevel.map { .number(String($0)) }
        case .screenTimeHours: return number(r.screenTimeHours)
        case .cyclePhase: return r.cyclePhase.map { .symbol($0.rawValue) }
        case .environment: return list(r.environment.map(\.rawValue))
        case .medications: return r.medications.isEmpty ? nil : .entries(r.medications.map(members))
        case .notes: return r.notes.map(SchemaValue.text)
        }
    }

    /// A medication entry's members in the order of its CSV form `name|dose|takenAt|isAcute|effectiveness`.
    static func members(_ m: MedicationEntry) -> [SchemaMember] {
        [SchemaMember(MedField.name.rawValue, .text(m.name)),
         SchemaMember(MedField.dose.rawValue, MedicationEntry.dose(m.dose).map(SchemaValue.text)),
         SchemaMember(MedField.takenAt.rawValue, m.takenAt.map { .symbol($0.description) }),
         SchemaMember(MedField.isAcute.rawValue, m.isAcute.map(SchemaValue.bool)),
         SchemaMember(MedField.effectiveness.rawValue, m.effectiveness.map { .number(String($0)) })]
    }

    static func number(_ d: Double?) -> SchemaValue? { d.map { .number(schemaNumber($0)) } }
    static func list(_ items: [String]) -> SchemaValue? { items.isEmpty ? nil : .list(items) }
}
