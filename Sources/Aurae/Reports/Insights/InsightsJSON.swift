import Insights
import ReportKit

/// The JSON contract of spec 20 (fixed key order, shares 3 decimals, means 1 decimal), from a
/// result, its rendered sections and the wording for labels.
struct InsightsJSON {
    let text: InsightsText
    static let weekdayKeys = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    func value(_ r: InsightsResult, sections: [TextSection]) throws -> JSONOutput {
        let progress = try text.progress()
        func section<T>(_ s: InsightSection<T>, _ ready: (T) throws -> JSONOutput) rethrows -> JSONOutput {
            switch s {
            case .ready(let v): return try ready(v)
            case .collecting: return .object([("status", .string("collecting")), ("message", .string(progress))])
            case .locked(let by): return .object([("locked", .bool(true)), ("unlockedBy", .string(by.rawValue))])
            }
        }
        var o: [(String, JSONOutput)] = [
            ("asOf", .string(r.asOf.description)),
            ("window", .object([("from", .string(r.from.description)), ("to", .string(r.to.description))])),
            ("tier", .string(r.tier.rawValue)),
            ("episodeCount", .int(r.episodeCount)),
            ("resolvedCount", .int(r.resolvedCount)),
            ("activeCount", .int(r.activeCount)),
            ("status", .string(r.status.rawValue)),
        ]
        o.append(("factors", try section(r.factors) { .array(try $0.map(factor)) }))
        o.append(("weather", try section(r.weather) { .object([("status", .string("ready")), ("factors", .array(try $0.map(factor)))]) }))
        o.append(("sleep", section(r.sleep) { s in
            .object([("status", .string("ready")), ("short", sleepGroup(s.short)), ("typical", sleepGroup(s.typical))])
        }))
        o.append(("dayOfWeek", section(r.dayOfWeek) { c in .object(zip(Self.weekdayKeys, c).map { ($0, .int($1)) }) }))
        o.append(("timeOfDay", section(r.timeOfDay) { b in .object(b.map { ($0.name, .int($0.count)) }) }))
        o.append(("medications", section(r.medications) { .array($0.map(medication)) }))
        o.append(("trends", section(r.trends, trends)))
        o.append(("frequency", frequency(r.frequency)))
        let overuse = r.medicationOveruse
        var over: [(String, JSONOutput)] = [
            ("month", .string(overuse.month.description)),
            ("acuteDays", .int(overuse.acuteDays)),
            ("warning", .bool(overuse.warning)),
        ]
        if overuse.warning { over.append(("text", .string(try text.overuseWarning()))) }
        o.append(("medicationOveruse", .object(over)))
        o.append(("acuteMedicationByClass", try section(r.acuteDaysByClass) { months in
            .object([("months", .array(try months.map { m in
                .object([("month", .string(m.month.description)), ("classes", .array(try m.classes.map(classDays)))])
            }))])
        }))
        o.append(("redFlags", .array(r.redFlags.map {
            .object([("logId", .string($0.logId)), ("tier", .string($0.tier.rawValue)),
                     ("onsetAt", .string($0.onsetAt.description)), ("severity", .int($0.severity))])
        })))
        var messages: [JSONOutput] = []
        for s in sections {
            if let h = s.heading { messages.append(.string(h)) }
            for line in s.lines { messages.append(.string(line)) }
        }
        o.append(("messages", .array(messages)))
        return .object(o)
    }

    func factor(_ f: FactorStat) throws -> JSONOutput {
        var o: [(String, JSONOutput)] = [
            ("id", .string(f.id)), ("label", .string(text.label(f))), ("count", .int(f.count)), ("known", .int(f.known)),
            ("share", .number(f.share.text)), ("frequency", .string(try text.frequency(f))),
        ]
        if let bc = f.baselineCount, let bk = f.baselineKnown {
            o.append(("baselineCount", .int(bc))); o.append(("baselineKnown", .int(bk)))
        }
        if let a = f.association {
            var ao: [(String, JSONOutput)] = []
            if let p = a.p { ao.append(("p", .number(Rounding.text(p, places: 4)))) }
            if let q = a.q { ao.append(("q", .number(Rounding.text(q, places: 4)))) }
            ao.append(("supported", .bool(a.supported)))
            ao.append(("tested", .bool(a.tested)))
            o.append(("association", .object(ao)))
        }
        return .object(o)
    }

    func sleepGroup(_ g: SleepGroup) -> JSONOutput {
        .object([("count", .int(g.count)), ("meanSeverity", .number(g.meanSeverity.text)),
                 ("meanDurationHours", .number(g.meanDurationHours.text))])
    }

    func medication(_ m: MedicationRating) -> JSONOutput {
        var f: [(String, JSONOutput)] = [("name", .string(m.name)), ("timesTaken", .int(m.timesTaken)),
                                        ("ratedCount", .int(m.ratedCount))]
        if let e = m.meanEffectiveness { f.append(("meanEffectiveness", .number(e.text))) }
        if let h = m.medianHoursToResolution { f.append(("medianHoursToResolution", .number(h.text))) }
        return .object(f)
    }

    func trends(_ t: Trends) -> JSONOutput {
        func line(_ l: TrendLine) -> JSONOutput { .object([("slope", .number(l.slope.text)), ("intercept", .number(l.intercept.text))]) }
        return .object([
            ("status", .string("ready")),
            ("monthly", .array(t.monthly.map { .object([("month", .string($0.period.description)), ("count", .int($0.count))]) })),
            ("monthlyTrend", line(t.monthlyTrend)),
            ("weekly", .array(t.weekly.map { .object([("week", .string($0.period.description)), ("count", .int($0.count))]) })),
            ("weeklyTrend", line(t.weeklyTrend)),
        ])
    }

    func frequency(_ f: FrequencySummary) -> JSONOutput {
        var o: [(String, JSONOutput)] = [
            ("headacheDaysLast30", .int(f.headacheDaysLast30)),
            ("episodesLast30", .int(f.episodesLast30)),
            ("episodesPrevious30", .int(f.episodesPrevious30)),
        ]
        if let s = f.currentStreakDays { o.append(("currentStreakDays", .int(s))) }
        return .object(o)
    }

    func classDays(_ c: ClassDays) throws -> JSONOutput {
        var f: [(String, JSONOutput)] = [("id", .string(c.id)), ("label", .string(c.label)), ("days", .int(c.days))]
        if let r = c.referenceDays {
            f.append(("referenceDays", .int(r)))
            f.append(("atOrAboveReference", .bool(c.atOrAboveReference)))
        }
        if let n = try text.note(c) { f.append(("note", .string(n))) }
        if c.referenceDays == nil { f.append(("names", .array(c.names.map { .string($0) }))) }
        return .object(f)
    }
}
