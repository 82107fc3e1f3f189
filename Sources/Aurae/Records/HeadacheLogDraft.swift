import Ingest

/// A `logs` record being read: flat CSV columns, or JSON with grouped objects and lists.
struct HeadacheLogDraft: RecordDraft {
    typealias Record = HeadacheLog
    typealias Field = LogField
    static let recordsKey = "logs"
    static let otherRecordsKeys = auraeRecordsKeys
    static let uniqueField = LogField.id
    static let requiredFields: [LogField] = [.id, .onsetAt, .severity]

    var issues: [Issue] = []
    var seen: UInt64 = 0
    var id: String?
    var idPos: InputPosition?
    var onsetAt: Timestamp?
    var resolvedAt: Timestamp?
    var resolvedPos: InputPosition?
    var severity: Int?
    var onsetSpeed: OnsetSpeed?
    var hasAcknowledgedRedFlag: Bool?
    var weather = Weather()
    var health = Health()
    var sleep = Sleep()
    var retrospective = Retrospective()
    /// Every medication `takenAt` read, checked against `onsetAt` when the record is finished.
    var takenAts: [TakenAt] = []

    struct TakenAt {
        var field: MedicationField
        var time: Timestamp
        var pos: InputPosition
    }

    init() {}

    var uniqueKey: (key: String, pos: InputPosition)? {
        guard let id, let idPos else { return nil }
        return (id, idPos)
    }

    mutating func markSeen(_ f: LogField, _ pos: InputPosition) -> Bool {
        let bit: UInt64 = 1 << UInt64(f.rawValue)
        if seen & bit != 0 {
            issues.append(Issue(field: f, problem: .duplicateKey, pos: pos))
            return false
        }
        seen |= bit
        return true
    }

    mutating func set(_ f: LogField, _ v: FieldValue, at pos: InputPosition) {
        seen |= 1 << UInt64(f.rawValue)
        switch f {
        case .id:
            switch v {
            case .text(let b) where !trimmed(b).isEmpty:
                id = makeString(b); idPos = pos
            case .null, .text:
                issues.append(Issue(field: f, problem: .required, pos: pos))
            default:
                issues.append(Issue(field: f, problem: .mustBe(.nonEmptyString, found: v.found), pos: pos))
            }
        case .onsetAt:
            if v.isUnknown { issues.append(Issue(field: f, problem: .required, pos: pos)) }
            else { onsetAt = Convert.timestamp(f, v, pos, &issues) }
        case .severity:
            if v.isUnknown { issues.append(Issue(field: f, problem: .required, pos: pos)) }
            else { severity = Convert.oneToFive(f, v, pos, &issues) }
        case .resolvedAt:
            resolvedAt = Convert.timestamp(f, v, pos, &issues); resolvedPos = pos
        case .onsetSpeed: onsetSpeed = Convert.enumValue(f, v, pos, &issues, OnsetSpeed.self)
        case .hasAcknowledgedRedFlag: hasAcknowledgedRedFlag = Convert.bool(f, v, pos, &issues)
        case .temperatureC: weather.temperatureC = Convert.double(f, v, pos, &issues, range: AuraeRanges.temperatureC)
        case .humidityPct: weather.humidityPct = Convert.double(f, v, pos, &issues, range: AuraeRanges.percent)
        case .pressureHpa: weather.pressureHpa = Convert.double(f, v, pos, &issues, range: AuraeRanges.pressureHpa)
        case .pressureTrend: weather.pressureTrend = Convert.enumValue(f, v, pos, &issues, PressureTrend.self)
        case .uvIndex: weather.uvIndex = Convert.double(f, v, pos, &issues, range: AuraeRanges.uvIndex)
        case .weatherCode: weather.weatherCode = Convert.int(f, v, pos, &issues, range: AuraeRanges.weatherCode)
        case .condition: weather.condition = Convert.text(f, v, pos, &issues)
        case .aqi: weather.aqi = Convert.double(f, v, pos, &issues, range: AuraeRanges.aqi)
        case .heartRateBpm: health.heartRateBpm = Convert.double(f, v, pos, &issues, range: AuraeRanges.heartRateBpm)
        case .restingHeartRateBpm:
            health.restingHeartRateBpm = Convert.double(f, v, pos, &issues, range: AuraeRanges.heartRateBpm)
        case .hrvMs: health.hrvMs = Convert.double(f, v, pos, &issues, range: AuraeRanges.hrvMs)
        case .spo2Pct: health.spo2Pct = Convert.double(f, v, pos, &issues, range: AuraeRanges.percent)
        case .steps: health.steps = Convert.double(f, v, pos, &issues, range: AuraeRanges.steps)
        case .sleepHours: sleep.hours = Convert.double(f, v, pos, &issues, range: AuraeRanges.hoursPerDay)
        case .sleepQuality: sleep.quality = Convert.oneToFive(f, v, pos, &issues)
        case .headacheType: retrospective.headacheType = Convert.text(f, v, pos, &issues)
        case .alcohol: retrospective.alcohol = Convert.bool(f, v, pos, &issues)
        case .caffeine: retrospective.caffeine = Convert.bool(f, v, pos, &issues)
        case .skippedMeal: retrospective.skippedMeal = Convert.bool(f, v, pos, &issues)
        case .hydrationGlasses:
            retrospective.hydrationGlasses = Convert.int(f, v, pos, &issues, range: AuraeRanges.hydrationGlasses)
        case .stressLevel: retrospective.stressLevel = Convert.oneToFive(f, v, pos, &issues)
        case .screenTimeHours:
            retrospective.screenTimeHours = Convert.double(f, v, pos, &issues, range: AuraeRanges.hoursPerDay)
        case .cyclePhase: retrospective.cyclePhase = Convert.enumValue(f, v, pos, &issues, CyclePhase.self)
        case .notes: retrospective.notes = Convert.text(f, v, pos, &issues)
        case .symptoms, .foods, .environment:
            switch v {
            case .null: break
            case .text(let b): Convert.splitList(b) { addListItem(f, .text($0), pos) }
            default: issues.append(Issue(field: f, problem: .mustBe(.list, found: v.found), pos: pos))
            }
        case .medications:
            switch v {
            case .null: break
            case .text(let b): parseMedicationsText(b, pos)
            default: issues.append(Issue(field: f, problem: .mustBe(.list, found: v.found), pos: pos))
            }
        }
    }

    mutating func addListItem(_ f: LogField, _ v: FieldValue, _ pos: InputPosition) {
        guard case .text(let raw) = v else {
            if case .null = v { return }
            issues.append(Issue(field: f, problem: .itemsMustBeStrings(found: v.found), pos: pos))
            return
        }
        let b = trimmed(raw)
        if b.isEmpty { return }
        switch f {
        case .symptoms:
            if let s = Symptom.inputTable.match(b) { retrospective.symptoms.append(s) }
            else { issues.append(Convert.notOneOf(f, Symptom.self, v, pos)) }
        case .environment:
            if let e = EnvironmentFactor.inputTable.match(b) { retrospective.environment.append(e) }
            else { issues.append(Convert.notOneOf(f, EnvironmentFactor.self, v, pos)) }
        case .foods:
            if let k = KnownFood.inputTable.match(b) { retrospective.foods.append(k.rawValue) }
            else { retrospective.foods.append(makeString(b)) }
        default: break
        }
    }

    /// `name|dose|takenAt|isAcute|effectiveness;...` (empty parts allowed).
    mutating func parseMedicationsText(_ b: UnsafeRawBufferPointer, _ pos: InputPosition) {
        var index = 0
        var local = issues
        var meds: [MedicationEntry] = []
        var times: [TakenAt] = []
        Convert.splitList(b) { entry in
            index += 1
            var parts: [UnsafeRawBufferPointer] = []
            Convert.splitList(entry, separator: UInt8(ascii: "|"), keepEmpty: true) { parts.append($0) }
            if parts.count > MedField.allCases.count {
                local.append(Issue(field: MedicationField(index: index), problem: .tooManyParts(parts.count, parts: MedField.allCases.map(\.rawValue)),
                                   pos: pos))
                return
            }
            var m = MedicationDraft()
            for (k, part) in parts.enumerated() {
                m.set(MedField.allCases[k], part.isEmpty ? .null : .text(part), pos, index: index, &local)
            }
            if let e = m.finish(pos, index: index, &local) {
                meds.append(e)
                if let t = e.takenAt { times.append(TakenAt(field: MedicationField(index: index, member: .takenAt), time: t, pos: pos)) }
            }
        }
        issues = local
        retrospective.medications.append(contentsOf: meds)
        takenAts.append(contentsOf: times)
    }

    mutating func readJSONMember(_ key: UnsafeRawBufferPointer, _ keyPos: JSONPosition,
                                 _ ctx: JSONRecordContext) throws {
        if let f = LogField.topTable.match(key) {
            try readJSONField(f, ctx)
        } else if let g = LogField.groupTable.match(key) {
            if ctx.parser.readNullIfPresent() { return }
            let pos = ctx.pos()
            guard try ctx.parser.peekKind() == .object else {
                let v = try ctx.scalar()
                issues.append(Issue(field: g, problem: .mustBe(.object, found: v.found), pos: pos))
                return
            }
            let table: KeyTable<LogField>
            switch g {
            case .weather: table = LogField.weatherTable
            case .health: table = LogField.healthTable
            case .sleep: table = LogField.sleepTable
            default: table = LogField.retrospectiveTable
            }
            try ctx.parser.readObject { k, kp in
                if let f = table.match(k) { try readJSONField(f, ctx) }
                else { try ctx.unknownKey(g.rawValue + ".", k, kp) }
            }
        } else {
            try ctx.unknownKey("", key, keyPos)
        }
    }

    mutating func readJSONField(_ f: LogField, _ ctx: JSONRecordContext) throws {
        let pos = ctx.pos()
        guard markSeen(f, pos) else { try ctx.parser.skipValue(); return }
        let parser = ctx.parser
        switch f {
        case .symptoms, .foods, .environment:
            if try parser.peekKind() == .array {
                try parser.readArray { _ in
                    let ipos = ctx.pos()
                    addListItem(f, try ctx.scalar(), ipos)
                }
                return
            }
        case .medications:
            if try parser.peekKind() == .array {
                try parser.readArray { i in
                    let ipos = ctx.pos()
                    let index = i + 1
                    guard try parser.peekKind() == .object else {
                        let v = try ctx.scalar()
                        if case .null = v { return }
                        issues.append(Issue(field: MedicationField(index: index), problem: .mustBe(.object, found: v.found),
                                            pos: ipos))
                        return
                    }
                    var m = MedicationDraft()
                    var local = issues
                    try parser.readObject { k, kp in
                        if let mf = medTable.match(k) {
                            let vpos = ctx.pos()
                            m.set(mf, try ctx.scalar(), vpos, index: index, &local)
                        } else {
                            try ctx.unknownKey("retrospective.medications.", k, kp)
                        }
                    }
                    if let e = m.finish(ipos, index: index, &local) {
                        retrospective.medications.append(e)
                        if let t = e.takenAt {
                            takenAts.append(TakenAt(field: MedicationField(index: index, member: .takenAt), time: t,
                                                    pos: m.takenAtPos ?? ipos))
                        }
                    }
                    issues = local
                }
                return
            }
        default: break
        }
        set(f, try ctx.scalar(), at: pos)
    }

    mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> HeadacheLog? {
        for f in HeadacheLogDraft.requiredFields where seen & (1 << UInt64(f.rawValue)) == 0 {
            issues.append(Issue(field: f, problem: .required, pos: recordPos))
        }
        if let onsetAt { checkSpans(from: onsetAt) }
        guard issues.isEmpty, let id, let onsetAt, let severity else { return nil }
        var log = HeadacheLog(id: id, onsetAt: onsetAt, resolvedAt: resolvedAt, severity: severity)
        log.onsetSpeed = onsetSpeed
        log.hasAcknowledgedRedFlag = hasAcknowledgedRedFlag
        log.weather = weather
        log.health = health
        log.sleep = sleep
        log.retrospective = retrospective
        if let idPos { log.source = locate(idPos) }
        return log
    }

    /// `resolvedAt` not before `onsetAt` and at most `AuraeRanges.maxSpanDays` after it; every
    /// medication `takenAt` within that many days of `onsetAt`. (Both lie in `InputYears.valid`,
    /// so the differences cannot overflow.)
    mutating func checkSpans(from onsetAt: Timestamp) {
        let maxDays = AuraeRanges.maxSpanDays
        let maxSeconds = Int64(maxDays) * 86_400
        if let resolvedAt, let resolvedPos {
            if resolvedAt < onsetAt {
                issues.append(Issue(field: LogField.resolvedAt, problem: .before(LogField.onsetAt), pos: resolvedPos))
            } else if resolvedAt.epochSeconds - onsetAt.epochSeconds > maxSeconds {
                issues.append(Issue(field: LogField.resolvedAt, problem: .moreThanDaysAfter(LogField.onsetAt, days: maxDays),
                                    pos: resolvedPos))
            }
        }
        for t in takenAts where abs(t.time.epochSeconds - onsetAt.epochSeconds) > maxSeconds {
            issues.append(Issue(field: t.field, problem: .moreThanDaysFrom(LogField.onsetAt, days: maxDays), pos: t.pos))
        }
    }
}
