import Catalog
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import ReportKit
import Quoting

/// Everything captured for one episode as labelled text fields, in display order; what was not
/// logged is left out. The words for logged choices are rendered once, when the report loads.
struct EpisodeDetailText {
    let k = DetailKeys()
    let book: Phrasebook
    let format: AuraeFormat
    let config: InsightsConfig
    private let labels: [DetailField: String]
    private let words: [WordingKey: String]
    let separator: String

    init(book: Phrasebook, format: AuraeFormat, config: InsightsConfig) throws {
        self.book = book; self.format = format; self.config = config
        labels = try book.texts(of: k.labels)
        var words: [WordingKey: String] = [:]
        for key in k.onsetSpeeds.keys + k.trends.keys + k.symptoms.keys + k.cyclePhases.keys + k.foods.keys + k.environment.keys
            + [k.alcohol, k.noAlcohol, k.caffeine, k.noCaffeine, k.skippedMeal, k.noSkippedMeal, k.acute, k.daily] {
            words[key] = try book.render(key)
        }
        self.words = words
        separator = try book.render(k.separator)
    }

    /// One field: its label and its value text.
    struct Field { let label: String; let value: String }

    /// The episode's title line: date, time and severity word.
    func title(_ log: HeadacheLog) throws -> String {
        try book.render(k.episodeTitle, ["date": format.date(log.onsetAt.localDate), "time": format.time(log.onsetAt),
                                         "severity": format.severity(log.severity)])
    }


    func fields(_ log: HeadacheLog) throws -> [Field] {
        var out: [Field] = []
        func add(_ field: DetailField, _ parts: [String]) {
            let parts = parts.filter { !$0.isEmpty }
            if !parts.isEmpty { out.append(Field(label: labels[field] ?? field.rawValue, value: parts.joined(separator: separator))) }
        }
        let r = log.retrospective
        add(.duration, [try log.resolvedAt.map {
            try book.render(k.resolvedAfter, ["duration": format.duration(log), "when": dateTime($0, sameDayAs: log.onsetAt.localDate)])
        } ?? format.ongoing])
        add(.onsetSpeed, [log.onsetSpeed.map { word(k.onsetSpeeds[$0], $0.rawValue) } ?? ""])
        add(.headacheType, [r.headacheType?.trimmed(.spacesAndNewlines) ?? ""])
        add(.weather, try weather(log.weather))
        add(.health, try health(log.health))
        add(.sleep, try [log.sleep.hours.flatMap(number).map { try book.render(k.sleepHours, ["value": $0]) },
                         log.sleep.quality.map { try book.render(k.sleepQuality, ["value": String($0)]) }].compactMap { $0 })
        add(.lifestyle, try lifestyle(r))
        add(.food, r.foods.map { food in
            KnownFood(rawValue: food).map { word(k.foods[$0], $0.rawValue) } ?? food.trimmed(.spacesAndNewlines)
        }.filter { !$0.isEmpty }.joined(separator: format.listSeparator).nilIfEmpty.map { [$0] } ?? [])
        add(.symptoms, [r.symptoms.map { word(k.symptoms[$0], $0.rawValue) }.joined(separator: format.listSeparator)])
        for m in r.medications { add(.medication, try medication(m, onset: log.onsetAt.localDate)) }
        add(.environment, [r.environment.map { word(k.environment[$0], $0.rawValue) }.joined(separator: format.listSeparator)])
        add(.cyclePhase, [r.cyclePhase.map { word(k.cyclePhases[$0], $0.rawValue) } ?? ""])
        return out
    }

    /// The notes label and the notes in full, one string per line as written (empty lines left out).
    func notes(_ log: HeadacheLog) -> (label: String, lines: [String])? {
        guard let notes = log.retrospective.notes else { return nil }
        let lines = notes.split(whereSeparator: { $0.isNewline }).map(String.init)
            .filter { !$0.trimmed(.spaces).isEmpty }
        return lines.isEmpty ? nil : (labels[.notes] ?? DetailField.notes.rawValue, lines)
    }

    /// The word of a family member, rendered at load (`fallback` only for a key never declared).
    private func word(_ key: WordingKey, _ fallback: String) -> String { words[key] ?? fallback }

    /// A finite number as the reports write it; `nil` (not logged) otherwise.
    private func number(_ v: Double) -> String? { v.isFinite ? AuraeFormat.number(v) : nil }

    /// "14:50" on `day`, else "19 Feb 2026, 14:50".
    private func dateTime(_ t: Timestamp, sameDayAs day: LocalDate?) throws -> String {
        day == t.localDate ? format.time(t) : try book.render(k.dateTime, ["date": format.date(t.localDate), "time": format.time(t)])
    }

    private func weather(_ w: Weather) throws -> [String] {
        var parts: [String] = []
        let main = try format.weather(w)
        if main != format.none { parts.append(main) }
        if let v = w.humidityPct.flatMap(number) { parts.append(try book.render(k.humidity, ["value": v])) }
        let trend = w.pressureTrend.map { word(k.trends[$0], $0.rawValue) }
        switch (w.pressureHpa.flatMap(number), trend) {
        case let (p?, t?): parts.append(try book.render(k.pressureTrend, ["value": p, "trend": t]))
        case let (p?, nil): parts.append(try book.render(k.pressure, ["value": p]))
        case let (nil, t?): parts.append(try book.render(k.trendOnly, ["trend": t]))
        case (nil, nil): break
        }
        if let v = w.uvIndex.flatMap(number) { parts.append(try book.render(k.uv, ["value": v])) }
        if let v = w.aqi.flatMap(number) { parts.append(try book.render(k.aqi, ["value": v])) }
        return parts
    }

    private func health(_ h: Health) throws -> [String] {
        try [(h.heartRateBpm, k.heartRate), (h.restingHeartRateBpm, k.restingHeartRate), (h.hrvMs, k.hrv),
             (h.spo2Pct, k.spo2), (h.steps, k.steps)].compactMap { value, key in
            try value.flatMap(number).map { try book.render(key, ["value": $0]) }
        }
    }

    private func lifestyle(_ r: Retrospective) throws -> [String] {
        var parts: [String] = []
        func flag(_ v: Bool?, _ yes: WordingKey, _ no: WordingKey) { if let v { parts.append(words[v ? yes : no] ?? "") } }
        flag(r.alcohol, k.alcohol, k.noAlcohol)
        flag(r.caffeine, k.caffeine, k.noCaffeine)
        flag(r.skippedMeal, k.skippedMeal, k.noSkippedMeal)
        if let v = r.hydrationGlasses { parts.append(try book.render(k.hydration, ["value": String(v)])) }
        if let v = r.stressLevel { parts.append(try book.render(k.stress, ["value": String(v)])) }
        if let v = r.screenTimeHours.flatMap(number) { parts.append(try book.render(k.screenTime, ["value": v])) }
        return parts
    }

    /// Name, dose, when taken, what for, its ICHD-3 class (acute entries) and its rating.
    private func medication(_ m: MedicationEntry, onset: LocalDate) throws -> [String] {
        let name = m.name.trimmed(.spacesAndNewlines)
        var parts = [name.isEmpty ? format.none : name]
        if let dose = m.dose?.trimmed(.spacesAndNewlines), !dose.isEmpty { parts.append(dose) }
        if let t = m.takenAt { parts.append(try book.render(k.takenAt, ["when": try dateTime(t, sameDayAs: onset)])) }
        switch m.isAcute {
        case .some(true): parts.append(words[k.acute] ?? "")
        case .some(false): parts.append(words[k.daily] ?? "")
        case .none: break
        }
        if !name.isEmpty {
            let labels = HeadacheInsights.medicationClassLabels(m, config: config)
            if !labels.isEmpty { parts.append(labels.joined(separator: format.listSeparator)) }
        }
        if let v = m.effectiveness { parts.append(try book.render(k.rating, ["rating": String(v)])) }
        return parts
    }
}
