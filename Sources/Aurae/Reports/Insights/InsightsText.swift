import Catalog
import Ingest
import ReportKit

/// One block of user-visible text: an optional heading and its sentences, in display order.
public struct TextSection: Sendable, Hashable {
    public let id: String
    public let heading: String?
    public let lines: [String]
}

/// Builds every user-visible sentence of an insights result from the compiled wording.
struct InsightsText {
    let k: InsightsWording
    let w: Phrasebook
    let format: AuraeFormat
    let config: InsightsConfig
    private let factorLabels: [Factor: String]
    private let factorPhrases: [Factor: String]

    init(keys: InsightsWording, book: Phrasebook, config: InsightsConfig) throws {
        k = keys; w = book; self.config = config
        format = try AuraeFormat(book)
        factorLabels = try book.texts(of: keys.factorLabels)
        factorPhrases = try book.texts(of: keys.factorPhrases)
    }

    func label(_ f: FactorStat) -> String { factorLabels[f.factor] ?? f.id }
    func frequency(_ f: FactorStat) throws -> String { try w.render(k.frequencyLabels[f.frequency]) }
    /// The words shown for a class at or above its reference days.
    func note(_ c: ClassDays) throws -> String? {
        guard c.atOrAboveReference, let r = c.referenceDays else { return nil }
        return try w.render(k.ichdReference, ["days": String(r)])
    }
    func progress() throws -> String { try w.render(k.progress) }
    func overuseWarning() throws -> String { try w.render(k.overuseWarning) }

    /// Every section of the result, in display order.
    func sections(_ r: InsightsResult) throws -> [TextSection] {
        let progress = try w.render(k.progress)
        let locked = try w.render(k.locked)
        var out: [TextSection] = []
        if !r.redFlags.isEmpty { out.append(try redFlags(r.redFlags)) }
        let o = r.medicationOveruse
        if o.acuteDays > 0 || o.warning {
            let month = try format.monthYear(year: o.month.year, month: o.month.month)
            var lines = [try w.render(k.overuseCount, ["days": String(o.acuteDays), "month": month])]
            if o.warning { lines += [try w.render(k.overuseWarning), try w.render(k.overusePointer)] }
            out.append(TextSection(id: "medicationOveruse", heading: try w.render(k.overuseHeading, ["month": month]), lines: lines))
        }
        out.append(try frequency(r.frequency))
        if r.status == .collecting {
            out.append(TextSection(id: "progress", heading: nil, lines: [progress]))
        } else if r.tier == .premium {
            let trust = try w.render(k.trustSignal, ["count": String(r.resolvedCount)])
            out.append(TextSection(id: "trustSignal", heading: nil, lines: [trust]))
        }

        func card<T>(_ id: String, _ title: WordingKey, _ s: InsightSection<T>, _ ready: (T) throws -> [String]) throws {
            let heading = try w.render(title)
            switch s {
            case .locked: out.append(TextSection(id: id, heading: heading, lines: [locked]))
            case .collecting: out.append(TextSection(id: id, heading: heading, lines: [progress]))
            case .ready(let v): out.append(TextSection(id: id, heading: heading, lines: try ready(v)))
            }
        }
        try card("factors", k.factorsTitle, r.factors, factors)
        try card("weather", k.weatherTitle, r.weather, weather)
        try card("sleep", k.sleepTitle, r.sleep, sleep)
        try card("dayOfWeek", k.dayOfWeekTitle, r.dayOfWeek) { counts in
            try zip(1...7, counts).map { try w.render(k.dayOfWeekRow, ["day": try w.render(k.weekdays[$0]), "count": String($1)]) }
        }
        try card("timeOfDay", k.timeOfDayTitle, r.timeOfDay) { bands in
            try bands.map { try w.render(k.timeOfDayRow, ["band": try w.render(k.timeBands[$0.name]), "count": String($0.count)]) }
        }
        try card("medications", k.medicationsTitle, r.medications, medications)
        try card("trends", k.trendsTitle, r.trends, trends)
        try card("acuteMedicationByClass", k.byClassTitle, r.acuteDaysByClass, byClass)
        out.append(TextSection(id: "disclaimer", heading: nil, lines: [try w.render(k.disclaimer), try w.render(k.compactFooter)]))
        return out
    }

    func redFlags(_ flags: [RedFlag]) throws -> TextSection {
        var lines = [try w.render(k.redFlagIntro)]
        let item = try w.phrase(k.redFlagItem)
        let secondary = try w.render(k.secondaryCondition), auraVisual = try w.render(k.auraVisualCondition)
        for f in flags {
            let severity = format.severity(f.severity)
            let condition: String
            switch f.tier {
            case .primary: condition = try w.render(k.primaryCondition, ["severity": severity])
            case .secondary: condition = secondary
            case .auraVisual: condition = auraVisual
            }
            lines.append(try item.render(["date": format.date(f.onsetAt.localDate), "severity": severity, "condition": condition]))
        }
        if flags.contains(where: { $0.tier == .primary }) { lines.append(try w.render(k.redFlagPrimary)) }
        if flags.contains(where: { $0.tier == .secondary }) { lines.append(try w.render(k.redFlagSecondary)) }
        return TextSection(id: "redFlags", heading: try w.render(k.redFlagHeading), lines: lines)
    }

    func frequency(_ f: FrequencySummary) throws -> TextSection {
        var lines = [try w.render(k.headacheDays, ["count": String(f.headacheDaysLast30)]),
                     try w.render(k.episodes, ["count": String(f.episodesLast30), "days": String(config.thresholds.frequency.windowDays),
                                               "previous": String(f.episodesPrevious30)])]
        if let s = f.currentStreakDays { lines.append(s == 0 ? try w.render(k.streakZero) : try w.render(k.streak, ["count": String(s)])) }
        return TextSection(id: "frequency", heading: try w.render(k.last30Days), lines: lines)
    }

    func factors(_ list: [FactorStat]) throws -> [String] {
        var lines: [String] = []
        if list.isEmpty { lines.append(try w.render(k.factorsNone)) }
        for f in list {
            let label = label(f), count = String(f.count), known = String(f.known)
            lines.append(try w.render(k.factorItem, ["label": label, "frequency": try frequency(f)]))
            lines.append(try w.render(k.factorSentence, ["factor": factorPhrases[f.factor] ?? f.id, "count": count, "known": known]))
            if let bc = f.baselineCount, let bk = f.baselineKnown {
                lines.append(try w.render(k.factorBaseline, ["count": count, "known": known, "baselineCount": String(bc),
                                                             "baselineKnown": String(bk)]))
            }
            if f.association?.supported == true { lines.append(try w.render(k.factorAssociated, ["label": label])) }
        }
        lines.append(try w.render(k.factorsDisclaimer))
        return lines
    }

    func weather(_ list: [FactorStat]) throws -> [String] {
        var lines: [String] = []
        if list.isEmpty { lines.append(try w.render(k.weatherNone)) }
        for f in list {
            let label = label(f), count = String(f.count), known = String(f.known)
            lines.append(try w.render(k.weatherItem, ["label": label, "count": count, "known": known, "frequency": try frequency(f)]))
            if let bc = f.baselineCount, let bk = f.baselineKnown {
                lines.append(try w.render(k.weatherBaseline, ["label": label, "count": count, "known": known, "baselineCount": String(bc),
                                                              "baselineKnown": String(bk)]))
            }
            if f.association?.supported == true { lines.append(try w.render(k.weatherAssociated, ["label": label])) }
        }
        return lines
    }

    func sleep(_ s: SleepComparison) throws -> [String] {
        let hours = Self.thresholdText(config.thresholds.sleep.shortSleepHours)
        return [
            try w.render(k.sleepShort, ["count": String(s.short.count), "hours": hours, "severity": s.short.meanSeverity.text,
                                        "duration": s.short.meanDurationHours.text]),
            try w.render(k.sleepTypical, ["count": String(s.typical.count), "hours": hours, "severity": s.typical.meanSeverity.text,
                                          "duration": s.typical.meanDurationHours.text]),
            try w.render(k.sleepClosing),
        ]
    }

    func medications(_ ms: [MedicationRating]) throws -> [String] {
        var lines = [try w.render(k.medicationsDisclaimer)]
        if ms.isEmpty { lines.append(try w.render(k.medicationsNone)) }
        for m in ms {
            lines.append(try w.render(k.medicationItem, ["name": m.name, "count": String(m.timesTaken)]))
            if let e = m.meanEffectiveness {
                lines.append(try w.render(k.medicationRating, ["rating": e.text, "rated": String(m.ratedCount)]))
            }
            if let h = m.medianHoursToResolution { lines.append(try w.render(k.medicationResolution, ["hours": h.text])) }
        }
        lines.append(try w.render(k.medicationRecords))
        return lines
    }

    func trends(_ t: Trends) throws -> [String] {
        var lines: [String] = []
        let monthRow = try w.phrase(k.monthRow), weekRow = try w.phrase(k.weekRow)
        for m in t.monthly {
            lines.append(try monthRow.render(["month": format.shortMonthYear(year: m.period.year, month: m.period.month),
                                              "count": String(m.count)]))
        }
        lines.append(try w.render(k.monthlyLine, ["slope": t.monthlyTrend.slope.text, "intercept": t.monthlyTrend.intercept.text]))
        for wk in t.weekly { lines.append(try weekRow.render(["week": wk.period.description, "count": String(wk.count)])) }
        lines.append(try w.render(k.weeklyLine, ["slope": t.weeklyTrend.slope.text, "intercept": t.weeklyTrend.intercept.text]))
        return lines
    }

    func byClass(_ months: [MonthClassDays]) throws -> [String] {
        var lines = [try w.render(k.byClassIntro)]
        for m in months {
            lines.append(try format.monthYear(year: m.month.year, month: m.month.month))
            for c in m.classes {
                if let note = try note(c) {
                    lines.append(try w.render(k.byClassRowReference, ["label": c.label, "days": String(c.days), "reference": note]))
                } else if !c.names.isEmpty {
                    lines.append(try w.render(k.byClassOther, ["label": c.label, "days": String(c.days),
                                                               "names": c.names.joined(separator: format.listSeparator)]))
                } else {
                    lines.append(try w.render(k.byClassRow, ["label": c.label, "days": String(c.days)]))
                }
            }
        }
        return lines
    }

    /// A threshold number in a sentence: "6" for 6.0, "6.5" otherwise.
    static func thresholdText(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
