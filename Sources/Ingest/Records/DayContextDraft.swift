enum DayField: Int, RecordField {
    case date, sleepHours, sleepQuality, stressLevel, alcohol, caffeine, skippedMeal, pressureTrend
    case humidityPct, cyclePhase

    var path: String { String(describing: self) }
    static let csvNames: [String] = allCases.map { f in
        var out = ""
        for ch in f.path { if ch.isUppercase { out += "_" + ch.lowercased() } else { out.append(ch) } }
        return out
    }
    var csvName: String { DayField.csvNames[rawValue] }
    static let table = KeyTable(allCases.map { ($0.path, $0) })
}

struct DayContextDraft: RecordDraft {
    typealias Record = DayContext
    typealias Field = DayField
    static let recordsKey = "days"
    static let uniqueName = "date"
    static let requiredFields: [DayField] = [.date]

    var issues: [Issue] = []
    var seen: UInt32 = 0
    var date: LocalDate?
    var datePos: Pos?
    var day = DayContext(date: LocalDate(daysSinceEpoch: 0))

    init() {}

    var uniqueKey: (key: String, pos: Pos)? {
        guard let date, let datePos else { return nil }
        return (date.description, datePos)
    }

    mutating func set(_ f: DayField, _ v: FieldValue, at pos: Pos) {
        seen |= 1 << UInt32(f.rawValue)
        let name = f.path
        switch f {
        case .date:
            if v.isUnknown { issues.append(Issue(pos: pos, message: "date is required")) }
            else { date = Convert.date(name, v, pos, &issues); datePos = pos }
        case .sleepHours: day.sleepHours = Convert.double(name, v, pos, &issues)
        case .sleepQuality: day.sleepQuality = Convert.oneToFive(name, v, pos, &issues)
        case .stressLevel: day.stressLevel = Convert.oneToFive(name, v, pos, &issues)
        case .alcohol: day.alcohol = Convert.bool(name, v, pos, &issues)
        case .caffeine: day.caffeine = Convert.bool(name, v, pos, &issues)
        case .skippedMeal: day.skippedMeal = Convert.bool(name, v, pos, &issues)
        case .pressureTrend: day.pressureTrend = Convert.enumValue(name, v, pos, &issues, PressureTrend.self)
        case .humidityPct: day.humidityPct = Convert.double(name, v, pos, &issues, range: 0...100)
        case .cyclePhase: day.cyclePhase = Convert.enumValue(name, v, pos, &issues, CyclePhase.self)
        }
    }

    mutating func readJSONMember(_ key: UnsafeRawBufferPointer, _ keyPos: JSONPosition,
                                 _ ctx: JSONRecordContext) throws {
        guard let f = DayField.table.match(key) else { try ctx.unknownKey("", key, keyPos); return }
        let pos = ctx.pos()
        if seen & (1 << UInt32(f.rawValue)) != 0 {
            issues.append(Issue(pos: pos, message: "duplicate key \"\(f.path)\""))
            try ctx.parser.skipValue()
            return
        }
        set(f, try ctx.scalar(), at: pos)
    }

    mutating func finish(recordPos: Pos, locate: (Pos) -> SourceLocation) -> DayContext? {
        if seen & 1 == 0 { issues.append(Issue(pos: recordPos, message: "date is required")) }
        guard issues.isEmpty, let date else { return nil }
        var d = day
        d.date = date
        if let datePos { d.source = locate(datePos) }
        return d
    }
}
