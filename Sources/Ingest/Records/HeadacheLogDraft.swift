enum LogGroup: String { case top = "", weather, health, sleep, retrospective }

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

    /// The JSON key inside its group.
    var jsonKey: String {
        switch self {
        case .sleepHours: return "hours"
        case .sleepQuality: return "quality"
        default: return String(describing: self)
        }
    }

    static let paths: [String] = allCases.map { $0.group == .top ? $0.jsonKey : $0.group.rawValue + "." + $0.jsonKey }
    static let csvNames: [String] = allCases.map { f in
        switch f {
        case .sleepHours: return "sleep_hours"
        case .sleepQuality: return "sleep_quality"
        default:
            var out = ""
            for ch in f.jsonKey {
                if ch.isUppercase { out += "_" + ch.lowercased() } else { out.append(ch) }
            }
            return out
        }
    }

    var path: String { LogField.paths[rawValue] }
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

enum MedField: String, CaseIterable { case name, dose, takenAt, isAcute, effectiveness }
let medTable = KeyTable(MedField.allCases.map { ($0.rawValue, $0) })

struct MedicationDraft {
    var name: String?
    var entry = MedicationEntry(name: "")
    var hasIssue = false

    mutating func set(_ f: MedField, _ v: FieldValue, _ pos: Pos, index: Int, _ issues: inout [Issue]) {
        let label = "retrospective.medications[\(index)].\(f.rawValue)"
        let before = issues.count
        switch f {
        case .name:
            switch v {
            case .text(let b):
                let t = trimmed(b)
                if !t.isEmpty { name = makeString(t) }
            case .null: break
            default: issues.append(Issue(pos: pos, message: "\(label) must be a string, found " + v.found))
            }
        case .dose: entry.dose = Convert.text(label, v, pos, &issues).map { makeTrimmed($0) }
        case .takenAt: entry.takenAt = Convert.timestamp(label, v, pos, &issues)
        case .isAcute: entry.isAcute = Convert.bool(label, v, pos, &issues)
        case .effectiveness: entry.effectiveness = Convert.oneToFive(label, v, pos, &issues)
        }
        if issues.count != before { hasIssue = true }
    }

    mutating func finish(_ pos: Pos, index: Int, _ issues: inout [Issue]) -> MedicationEntry? {
        guard let name else {
            issues.append(Issue(pos: pos, message: "retrospective.medications[\(index)].name is required"))
            return nil
        }
        if hasIssue { return nil }
        entry.name = name
        return entry
    }
}

private func makeTrimmed(_ s: String) -> String {
    var t = s
    return t.withUTF8 { makeString(trimmed(UnsafeRawBufferPointer($0))) }
}

struct HeadacheLogDraft: RecordDraft {
    typealias Record = HeadacheLog
    typealias Field = LogField
    static let recordsKey = "logs"
    static let uniqueName = "id"
    static let requiredFields: [LogField] = [.id, .onsetAt, .severity]

    var issues: [Issue] = []
    var seen: UInt64 = 0
    var id: String?
    var idPos: Pos?
    var onsetAt: Timestamp?
    var resolvedAt: Timestamp?
    var resolvedPos: Pos?
    var severity: Int?
    var onsetSpeed: OnsetSpeed?
    var hasAcknowledgedRedFlag: Bool?
    var weather = Weather()
    var health = Health()
    var sleep = Sleep()
    var retrospective = Retrospective()

    init() {}

    var uniqueKey: (key: String, pos: Pos)? {
        guard let id, let idPos else { return nil }
        return (id, idPos)
    }

    mutating func markSeen(_ f: LogField, _ pos: Pos) -> Bool {
        let bit: UInt64 = 1 << UInt64(f.rawValue)
        if seen & bit != 0 {
            issues.append(Issue(pos: pos, message: "duplicate key \"\(f.path)\""))
            return false
        }
        seen |= bit
        return true
    }

    mutating func set(_ f: LogField, _ v: FieldValue, at pos: Pos) {
        seen |= 1 << UInt64(f.rawValue)
        let name = f.path
        switch f {
        case .id:
            switch v {
            case .text(let b) where !trimmed(b).isEmpty:
                id = makeString(b); idPos = pos
            case .null, .text:
                issues.append(Issue(pos: pos, message: "id is required"))
            default:
                issues.append(Issue(pos: pos, message: "id must be a non-empty string, found " + v.found))
            }
        case .onsetAt:
            if v.isUnknown { issues.append(Issue(pos: pos, message: "onsetAt is required")) }
            else { onsetAt = Convert.timestamp(name, v, pos, &issues) }
        case .severity:
            if v.isUnknown { issues.append(Issue(pos: pos, message: "severity is required")) }
            else { severity = Convert.oneToFive(name, v, pos, &issues) }
        case .resolvedAt:
            resolvedAt = Convert.timestamp(name, v, pos, &issues); resolvedPos = pos
        case .onsetSpeed: onsetSpeed = Convert.enumValue(name, v, pos, &issues, OnsetSpeed.self)
        case .hasAcknowledgedRedFlag: hasAcknowledgedRedFlag = Convert.bool(name, v, pos, &issues)
        case .temperatureC: weather.temperatureC = Convert.double(name, v, pos, &issues)
        case .humidityPct: weather.humidityPct = Convert.double(name, v, pos, &issues, range: 0...100)
        case .pressureHpa: weather.pressureHpa = Convert.double(name, v, pos, &issues)
        case .pressureTrend: weather.pressureTrend = Convert.enumValue(name, v, pos, &issues, PressureTrend.self)
        case .uvIndex: weather.uvIndex = Convert.double(name, v, pos, &issues)
        case .weatherCode:
            weather.weatherCode = Convert.int(name, v, pos, &issues, range: nil, expectation: "an integer")
        case .condition: weather.condition = Convert.text(name, v, pos, &issues)
        case .aqi: weather.aqi = Convert.double(name, v, pos, &issues)
        case .heartRateBpm: health.heartRateBpm = Convert.double(name, v, pos, &issues)
        case .restingHeartRateBpm: health.restingHeartRateBpm = Convert.double(name, v, pos, &issues)
        case .hrvMs: health.hrvMs = Convert.double(name, v, pos, &issues)
        case .spo2Pct: health.spo2Pct = Convert.double(name, v, pos, &issues, range: 0...100)
        case .steps: health.steps = Convert.double(name, v, pos, &issues)
        case .sleepHours: sleep.hours = Convert.double(name, v, pos, &issues)
        case .sleepQuality: sleep.quality = Convert.oneToFive(name, v, pos, &issues)
        case .headacheType: retrospective.headacheType = Convert.text(name, v, pos, &issues)
        case .alcohol: retrospective.alcohol = Convert.bool(name, v, pos, &issues)
        case .caffeine: retrospective.caffeine = Convert.bool(name, v, pos, &issues)
        case .skippedMeal: retrospective.skippedMeal = Convert.bool(name, v, pos, &issues)
        case .hydrationGlasses:
            retrospective.hydrationGlasses = Convert.int(name, v, pos, &issues, range: 0...Int.max,
                                                         expectation: "a whole number of 0 or more")
        case .stressLevel: retrospective.stressLevel = Convert.oneToFive(name, v, pos, &issues)
        case .screenTimeHours: retrospective.screenTimeHours = Convert.double(name, v, pos, &issues)
        case .cyclePhase: retrospective.cyclePhase = Convert.enumValue(name, v, pos, &issues, CyclePhase.self)
        case .notes: retrospective.notes = Convert.text(name, v, pos, &issues)
        case .symptoms, .foods, .environment:
            switch v {
            case .null: break
            case .text(let b): Convert.splitList(b) { addListItem(f, .text($0), pos) }
            default: issues.append(Issue(pos: pos, message: "\(name) must be a list, found " + v.found))
            }
        case .medications:
            switch v {
            case .null: break
            case .text(let b): parseMedicationsText(b, pos)
            default: issues.append(Issue(pos: pos, message: "\(name) must be a list, found " + v.found))
            }
        }
    }

    mutating func addListItem(_ f: LogField, _ v: FieldValue, _ pos: Pos) {
        let name = f.path
        guard case .text(let raw) = v else {
            if case .null = v { return }
            issues.append(Issue(pos: pos, message: "\(name) items must be strings, found " + v.found))
            return
        }
        let b = trimmed(raw)
        if b.isEmpty { return }
        switch f {
        case .symptoms:
            if let s = matchEnum(b, Symptom.self) { retrospective.symptoms.append(s) }
            else { issues.append(Issue(pos: pos, message: Convert.enumMessage(name, Symptom.self) + v.found)) }
        case .environment:
            if let e = matchEnum(b, EnvironmentFactor.self) { retrospective.environment.append(e) }
            else { issues.append(Issue(pos: pos, message: Convert.enumMessage(name, EnvironmentFactor.self) + v.found)) }
        case .foods:
            if let k = matchEnum(b, KnownFood.self) { retrospective.foods.append(k.rawValue) }
            else { retrospective.foods.append(makeString(b)) }
        default: break
        }
    }

    /// `name|dose|takenAt|isAcute|effectiveness;...` (empty parts allowed).
    mutating func parseMedicationsText(_ b: UnsafeRawBufferPointer, _ pos: Pos) {
        var index = 0
        var local = issues
        var meds: [MedicationEntry] = []
        Convert.splitList(b) { entry in
            index += 1
            var parts: [UnsafeRawBufferPointer] = []
            Convert.splitList(entry, separator: UInt8(ascii: "|"), keepEmpty: true) { parts.append($0) }
            if parts.count > MedField.allCases.count {
                local.append(Issue(pos: pos, message: "retrospective.medications[\(index)] has \(parts.count) parts; expected at most 5 (name|dose|takenAt|isAcute|effectiveness)"))
                return
            }
            var m = MedicationDraft()
            for (k, part) in parts.enumerated() {
                m.set(MedField.allCases[k], part.isEmpty ? .null : .text(part), pos, index: index, &local)
            }
            if let e = m.finish(pos, index: index, &local) { meds.append(e) }
        }
        issues = local
        retrospective.medications.append(contentsOf: meds)
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
                issues.append(Issue(pos: pos, message: "\(g.rawValue) must be an object, found " + v.found))
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
                        issues.append(Issue(pos: ipos, message: "retrospective.medications[\(index)] must be an object, found " + v.found))
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
                    if let e = m.finish(ipos, index: index, &local) { retrospective.medications.append(e) }
                    issues = local
                }
                return
            }
        default: break
        }
        set(f, try ctx.scalar(), at: pos)
    }

    mutating func finish(recordPos: Pos, locate: (Pos) -> SourceLocation) -> HeadacheLog? {
        for f in HeadacheLogDraft.requiredFields where seen & (1 << UInt64(f.rawValue)) == 0 {
            issues.append(Issue(pos: recordPos, message: "\(f.path) is required"))
        }
        if let onsetAt, let resolvedAt, let resolvedPos, resolvedAt < onsetAt {
            issues.append(Issue(pos: resolvedPos, message: "resolvedAt is before onsetAt"))
        }
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
}
