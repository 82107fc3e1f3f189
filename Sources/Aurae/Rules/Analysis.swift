import Ingest
import Insights

extension HeadacheInsights {
    /// The longest window in days: 10,000 Gregorian years, more than any two dates of years
    /// 1–9999 are apart, so it bounds the trend series and the baseline only for dates no reader
    /// produces (timestamps saturated far beyond year 9999).
    public static let maxWindowDays = 3_652_425

    /// Runs the whole analysis in one pass over the logs, feeding each card's accumulator. Pure:
    /// no I/O, no clock, no wording.
    public static func analyze(_ request: InsightsRequest, config c: InsightsConfig) -> InsightsResult {
        let asOf = request.asOf
        let to = request.to ?? asOf
        let logs = request.logs
        // Window start: the earliest onset date up to `to`, unless given; never more than
        // `maxWindowDays` before `to`.
        var from = request.from ?? to
        if request.from == nil {
            for l in logs { let d = l.onsetAt.localDate; if d < from { from = d } }
        }
        from = max(from, to.adding(days: -(maxWindowDays - 1)))
        let premium = request.tier == .premium

        var evaluator = FactorEvaluator(config: c)
        var classifier = MedicationClassifier(config: c)
        var factors = FactorCard(group: .main), weather = FactorCard(group: .weather)
        var sleep = SleepCard(shortSleepHours: c.thresholds.sleep.shortSleepHours)
        var dayOfWeek = DayOfWeekCard()
        var timeOfDay = TimeOfDayCard(bands: c.thresholds.timeOfDay.earliestFirst)
        var medications = MedicationsCard()
        var trends = TrendsCard(from: from, to: to)
        var frequency = FrequencyCard(asOf: asOf, windowDays: c.thresholds.frequency.windowDays)
        // Every tier: the overuse awareness reads the as-of month, the premium class table all three.
        var acuteDays = AcuteMedicationDays.window(months: 3, through: asOf, config: c)
        var redFlags = RedFlagsCard()
        var baseline = request.days.map { BaselineDays(days: $0, from: from, to: to) }
        var episodeCount = 0, resolvedCount = 0, activeCount = 0

        for log in logs {
            let onsetDate = log.onsetAt.localDate
            baseline?.add(onset: onsetDate)
            if !log.retrospective.medications.isEmpty {
                acuteDays.add(log, onsetDate: onsetDate, classifier: &classifier)
            }
            frequency.add(log, onsetDate: onsetDate)

            guard onsetDate >= from && onsetDate <= to else { continue }
            episodeCount += 1
            redFlags.add(log)
            trends.add(onsetDate: onsetDate)
            guard let resolvedAt = log.resolvedAt else { activeCount += 1; continue }
            resolvedCount += 1

            let e = ResolvedEpisode(log: log, onsetDate: onsetDate, resolvedAt: resolvedAt,
                                    durationNanos: elapsedNanoseconds(from: log.onsetAt, to: resolvedAt),
                                    factors: evaluator.evaluate(log))
            factors.add(e)
            weather.add(e)
            sleep.add(e)
            dayOfWeek.add(e)
            timeOfDay.add(e)
            if premium { medications.add(e, classifier: &classifier) }
        }

        let ready = resolvedCount >= c.thresholds.patterns.minResolvedEpisodes
        let weatherReady = resolvedCount >= c.thresholds.weather.minResolvedEpisodes
        let baseCounts = baseline?.counts(from: from, to: to, evaluator: evaluator)
        var cards = [ready ? factors.stats(baseline: baseCounts, config: c) : [],
                     weatherReady ? weather.stats(baseline: baseCounts, config: c) : []]
        if premium && baseCounts != nil { FairComparison.apply(&cards, config: c) }

        func gate<T>(_ isReady: Bool, _ make: () -> T) -> InsightSection<T> {
            if !premium { return .locked(unlockedBy: .premium) }
            return isReady ? .ready(make()) : .collecting
        }
        return InsightsResult(
            asOf: asOf, from: from, to: to, tier: request.tier,
            episodeCount: episodeCount, resolvedCount: resolvedCount, activeCount: activeCount,
            status: ready ? .ready : .collecting,
            hasBaseline: request.days != nil,
            factors: gate(ready) { cards[0] },
            weather: gate(weatherReady) { cards[1] },
            sleep: gate(sleep.isReady(minPerGroup: c.thresholds.sleep.minPerGroup)) { sleep.comparison() },
            dayOfWeek: gate(ready) { dayOfWeek.counts },
            timeOfDay: gate(ready) { timeOfDay.rows() },
            medications: gate(ready) { medications.ratings() },
            trends: gate(ready) { trends.trends() },
            frequency: frequency.summary(),
            medicationOveruse: acuteDays.overuse(asOf: asOf, config: c),
            acuteDaysByClass: gate(true) { acuteDays.classMonths(asOf: asOf, config: c) },
            redFlags: redFlags.sorted())
    }
}
