import Catalog
import Ingest

/// One block of user-visible text: an optional heading and its sentences, in display order.
public struct TextSection: Sendable, Hashable {
    public let id: String
    public let heading: String?
    public let lines: [String]
}

/// The analysis of one user's logs: typed sections, the sentences a user sees, JSON and text.
public struct InsightsResult: Sendable {
    public let asOf: LocalDate
    public let from: LocalDate
    public let to: LocalDate
    public let tier: AuraeTier
    public let episodeCount: Int
    public let resolvedCount: Int
    public let activeCount: Int
    /// `ready` when N (resolved episodes in the window) reaches the pattern threshold.
    public let status: InsightStatus
    /// A daily-context file was given (baseline counts and the fair comparison).
    public let hasBaseline: Bool
    public let factors: InsightSection<[FactorStat]>
    public let weather: InsightSection<[FactorStat]>
    public let sleep: InsightSection<SleepComparison>
    /// Monday first.
    public let dayOfWeek: InsightSection<[Int]>
    public let timeOfDay: InsightSection<[NamedCount]>
    public let medications: InsightSection<[MedicationRating]>
    public let trends: InsightSection<Trends>
    /// Every tier: counts only.
    public let frequency: FrequencySummary
    /// Every tier.
    public let medicationOveruse: MedicationOveruse
    /// Premium clinical detail: the as-of month and the two before, oldest first.
    public let acuteDaysByClass: InsightSection<[MonthClassDays]>
    /// Every tier; episodes with onset in the window.
    public let redFlags: [RedFlag]
    /// The rendered text, in display order.
    public internal(set) var sections: [TextSection]
    /// The progress sentence used by every section below its threshold.
    public internal(set) var progressSentence: String? = nil
    /// The verbatim overuse warning when shown.
    public internal(set) var overuseWarningText: String? = nil

    init(asOf: LocalDate, from: LocalDate, to: LocalDate, tier: AuraeTier, episodeCount: Int, resolvedCount: Int,
         activeCount: Int, status: InsightStatus, hasBaseline: Bool, factors: InsightSection<[FactorStat]>,
         weather: InsightSection<[FactorStat]>, sleep: InsightSection<SleepComparison>,
         dayOfWeek: InsightSection<[Int]>, timeOfDay: InsightSection<[NamedCount]>,
         medications: InsightSection<[MedicationRating]>, trends: InsightSection<Trends>,
         frequency: FrequencySummary, medicationOveruse: MedicationOveruse,
         acuteDaysByClass: InsightSection<[MonthClassDays]>, redFlags: [RedFlag], messages: [TextSection]) {
        self.asOf = asOf; self.from = from; self.to = to; self.tier = tier
        self.episodeCount = episodeCount; self.resolvedCount = resolvedCount; self.activeCount = activeCount
        self.status = status; self.hasBaseline = hasBaseline; self.factors = factors; self.weather = weather
        self.sleep = sleep; self.dayOfWeek = dayOfWeek; self.timeOfDay = timeOfDay
        self.medications = medications; self.trends = trends; self.frequency = frequency
        self.medicationOveruse = medicationOveruse; self.acuteDaysByClass = acuteDaysByClass
        self.redFlags = redFlags; self.sections = messages
    }

    /// Every sentence a user would see, in order (headings included).
    public var messages: [String] { sections.flatMap { ($0.heading.map { [$0] } ?? []) + $0.lines } }

    /// Plain text for a person: one block per section, a blank line between blocks.
    public func text() -> String {
        sections.map { s in ((s.heading.map { [$0] } ?? []) + s.lines).joined(separator: "\n") }
            .joined(separator: "\n\n") + "\n"
    }

    static let weekdayKeys = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    // MARK: JSON

    /// The JSON contract of spec 20 (fixed key order, shares 3 decimals, means 1 decimal).
    public func jsonValue() -> JSONOutput {
        var o: [(String, JSONOutput)] = [
            ("asOf", .string(asOf.description)),
            ("window", .object([("from", .string(from.description)), ("to", .string(to.description))])),
            ("tier", .string(tier.rawValue)),
            ("episodeCount", .int(episodeCount)),
            ("resolvedCount", .int(resolvedCount)),
            ("activeCount", .int(activeCount)),
            ("status", .string(status.rawValue)),
        ]
        o.append(("factors", section(factors) { .array($0.map(factorJSON)) }))
        o.append(("weather", section(weather) { .object([("status", .string("ready")), ("factors", .array($0.map(factorJSON)))]) }))
        o.append(("sleep", section(sleep) { s in
            .object([("status", .string("ready")), ("short", sleepJSON(s.short)), ("typical", sleepJSON(s.typical))])
        }))
        o.append(("dayOfWeek", section(dayOfWeek) { c in
            .object(zip(InsightsResult.weekdayKeys, c).map { ($0, .int($1)) })
        }))
        o.append(("timeOfDay", section(timeOfDay) { b in .object(b.map { ($0.name, .int($0.count)) }) }))
        o.append(("medications", section(medications) { ms in
            .array(ms.map { m in
                var f: [(String, JSONOutput)] = [("name", .string(m.name)), ("timesTaken", .int(m.timesTaken)),
                                                ("ratedCount", .int(m.ratedCount))]
                if let e = m.meanEffectiveness { f.append(("meanEffectiveness", .number(e.text))) }
                if let h = m.medianHoursToResolution { f.append(("medianHoursToResolution", .number(h.text))) }
                return .object(f)
            })
        }))
        o.append(("trends", section(trends) { t in
            func line(_ l: TrendLine) -> JSONOutput { .object([("slope", .number(l.slope.text)), ("intercept", .number(l.intercept.text))]) }
            return .object([
                ("status", .string("ready")),
                ("monthly", .array(t.monthly.map { .object([("month", .string($0.period)), ("count", .int($0.count))]) })),
                ("monthlyTrend", line(t.monthlyTrend)),
                ("weekly", .array(t.weekly.map { .object([("week", .string($0.period)), ("count", .int($0.count))]) })),
                ("weeklyTrend", line(t.weeklyTrend)),
            ])
        }))
        var freq: [(String, JSONOutput)] = [
            ("headacheDaysLast30", .int(frequency.headacheDaysLast30)),
            ("episodesLast30", .int(frequency.episodesLast30)),
            ("episodesPrevious30", .int(frequency.episodesPrevious30)),
        ]
        if let s = frequency.currentStreakDays { freq.append(("currentStreakDays", .int(s))) }
        o.append(("frequency", .object(freq)))
        var over: [(String, JSONOutput)] = [
            ("month", .string(medicationOveruse.month)),
            ("acuteDays", .int(medicationOveruse.acuteDays)),
            ("warning", .bool(medicationOveruse.warning)),
        ]
        if medicationOveruse.warning, let text = overuseWarningText { over.append(("text", .string(text))) }
        o.append(("medicationOveruse", .object(over)))
        o.append(("acuteMedicationByClass", section(acuteDaysByClass) { months in
            .object([("months", .array(months.map { m in
                .object([("month", .string(m.month)), ("classes", .array(m.classes.map { c in
                    var f: [(String, JSONOutput)] = [("id", .string(c.id)), ("label", .string(c.label)), ("days", .int(c.days))]
                    if let r = c.referenceDays {
                        f.append(("referenceDays", .int(r)))
                        f.append(("atOrAboveReference", .bool(c.atOrAboveReference)))
                    }
                    if let n = c.note { f.append(("note", .string(n))) }
                    if c.referenceDays == nil { f.append(("names", .array(c.names.map { .string($0) }))) }
                    return .object(f)
                }))])
            }))])
        }))
        o.append(("redFlags", .array(redFlags.map {
            .object([("logId", .string($0.logId)), ("tier", .string($0.tier.rawValue)),
                     ("onsetAt", .string($0.onsetAt.description)), ("severity", .int($0.severity))])
        })))
        o.append(("messages", .array(messages.map { .string($0) })))
        return .object(o)
    }

    /// The JSON text (pretty-printed, final newline).
    public func json() -> String { jsonValue().serialized() }

    func section<T>(_ s: InsightSection<T>, _ ready: (T) -> JSONOutput) -> JSONOutput {
        switch s {
        case .ready(let v): return ready(v)
        case .collecting:
            var f: [(String, JSONOutput)] = [("status", .string("collecting"))]
            if let p = progressSentence { f.append(("message", .string(p))) }
            return .object(f)
        case .locked(let by): return .object([("locked", .bool(true)), ("unlockedBy", .string(by.rawValue))])
        }
    }

    func factorJSON(_ f: FactorStat) -> JSONOutput {
        var o: [(String, JSONOutput)] = [
            ("id", .string(f.id)), ("label", .string(f.label)), ("count", .int(f.count)), ("known", .int(f.known)),
            ("share", .number(f.share.text)), ("frequency", .string(f.frequency)),
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

    func sleepJSON(_ g: SleepGroup) -> JSONOutput {
        .object([("count", .int(g.count)), ("meanSeverity", .number(g.meanSeverity.text)),
                 ("meanDurationHours", .number(g.meanDurationHours.text))])
    }
}
