import Ingest

/// The fields of a `days` record; CSV columns are the snake-case keys (`sleep_hours`).
enum DayField: Int, RecordField {
    case date, sleepHours, sleepQuality, stressLevel, alcohol, caffeine, skippedMeal, pressureTrend
    case humidityPct, cyclePhase

    var jsonName: String { String(describing: self) }
    var csvName: String { DayField.csvNames[rawValue] }
    static let csvNames: [String] = allCases.map { snakeCaseColumn($0.jsonName) }
    static let table = KeyTable(jsonNamesOf: allCases)
}

struct DayContextDraft: RecordDraft {
    typealias Record = DayContext
    typealias Field = DayField
    static let recordsKey = "days"
    static let otherRecordsKeys = auraeRecordsKeys
    static let uniqueField = DayField.date
    static let requiredFields: [DayField] = [.date]

    var issues: [Issue] = []
    var seen: UInt32 = 0
    var date: LocalDate?
    var datePos: InputPosition?
    var day = DayContext(date: LocalDate(daysSinceEpoch: 0))

    init() {}

    var uniqueKey: (key: String, pos: InputPosition)? {
        guard let date, let datePos else { return nil }
        return (date.description, datePos)
    }

    mutating func set(_ f: DayField, _ v: FieldValue, at pos: InputPosition) {
        seen |= 1 << UInt32(f.rawValue)
        switch f {
        case .date:
            if v.isUnknown { issues.append(Issue(field: f, problem: .required, pos: pos)) }
            else { date = Convert.date(f, v, pos, &issues); datePos = pos }
        case .sleepHours: day.sleepHours = Convert.double(f, v, pos, &issues, range: AuraeRanges.hoursPerDay)
        case .sleepQuality: day.sleepQuality = Convert.oneToFive(f, v, pos, &issues)
        case .stressLevel: day.stressLevel = Convert.oneToFive(f, v, pos, &issues)
        case .alcohol: day.alcohol = Convert.bool(f, v, pos, &issues)
        case .caffeine: day.caffeine = Convert.bool(f, v, pos, &issues)
        case .skippedMeal: day.skippedMeal = Convert.bool(f, v, pos, &issues)
        case .pressureTrend: day.pressureTrend = Convert.enumValue(f, v, pos, &issues, PressureTrend.self)
        case .humidityPct: day.humidityPct = Convert.double(f, v, pos, &issues, range: AuraeRanges.percent)
        case .cyclePhase: day.cyclePhase = Convert.enumValue(f, v, pos, &issues, CyclePhase.self)
        }
    }

    mutating func readJSONMember(_ key: UnsafeRawBufferPointer, _ keyPos: JSONPosition,
                                 _ ctx: JSONRecordContext) throws {
        guard let f = DayField.table.match(key) else { try ctx.unknownKey("", key, keyPos); return }
        let pos = ctx.pos()
        if seen & (1 << UInt32(f.rawValue)) != 0 {
            issues.append(Issue(field: f, problem: .duplicateKey, pos: pos))
            try ctx.parser.skipValue()
            return
        }
        set(f, try ctx.scalar(), at: pos)
    }

    mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> DayContext? {
        if seen & 1 == 0 { issues.append(Issue(field: DayField.date, problem: .required, pos: recordPos)) }
        guard issues.isEmpty, let date else { return nil }
        var d = day
        d.date = date
        if let datePos { d.source = locate(datePos) }
        return d
    }
}
