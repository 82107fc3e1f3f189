import Ingest

/// Factor ids in spec order. Bits 0..17 are the "Frequently Logged Before Headaches" factors,
/// 18..19 the weather factors.
enum Factors {
    static let ids = ["poorSleep", "highStress", "alcohol", "caffeine", "lowHydration", "skippedMeal",
                      "longScreenTime", "agedCheese", "processedMeat", "msg", "citrus", "chocolate", "gluten",
                      "strongSmells", "brightLights", "loudNoise", "screenGlare", "menstrualPhase",
                      "pressureFalling", "highHumidity"]
    static let mainCount = 18
    static let foodBase = 7
    static let foods: [KnownFood] = [.agedCheese, .processedMeat, .msg, .citrus, .chocolate, .gluten]
    static let environmentBase = 13
    static let environment: [EnvironmentFactor] = [.strongSmells, .brightLights, .loudNoise, .screenGlare]
    static let menstrual = 17, pressureFalling = 18, highHumidity = 19
    static let allMask: UInt32 = (1 << 20) - 1
    static let foodMask: UInt32 = 0b111111 << 7
    static let environmentMask: UInt32 = 0b1111 << 13
    /// Factors that a daily-context record can report (baseline possible).
    static let dayMask: UInt32 = 1 << 0 | 1 << 1 | 1 << 2 | 1 << 3 | 1 << 5 | 1 << 17 | 1 << 18 | 1 << 19

    /// Wording key of a factor's label.
    static func labelKey(_ i: Int) -> String { i < mainCount ? "factor." + ids[i] : "insights.factor." + ids[i] }
    static func phraseKey(_ i: Int) -> String { "insights.factorPhrase." + ids[i] }
}

/// Per-log factor evaluation with a cache for food strings (no allocation per repeated value).
struct FactorEvaluator {
    let c: InsightsConfig
    var foodCache: [String: UInt32] = [:]

    init(config: InsightsConfig) { c = config }

    mutating func foodBit(_ s: String) -> UInt32 {
        if let b = foodCache[s] { return b }
        let key = MedicationClassifier.trim(s).lowercased()
        var bit: UInt32 = 0
        for (i, f) in Factors.foods.enumerated() where f.rawValue.lowercased() == key { bit = 1 << UInt32(Factors.foodBase + i) }
        foodCache[s] = bit
        return bit
    }

    /// (present, known) bit masks for one episode.
    @inline(__always)
    mutating func evaluate(_ log: HeadacheLog) -> (UInt32, UInt32) {
        var present: UInt32 = 0, known: UInt32 = 0
        let s = log.sleep
        if s.hours != nil || s.quality != nil {
            known |= 1
            if let h = s.hours, h < c.poorSleepHours { present |= 1 }
            if let q = s.quality, q <= c.poorSleepQualityAtMost { present |= 1 }
        }
        let r = log.retrospective
        if let v = r.stressLevel { known |= 1 << 1; if v >= c.highStressAtLeast { present |= 1 << 1 } }
        if let v = r.alcohol { known |= 1 << 2; if v { present |= 1 << 2 } }
        if let v = r.caffeine { known |= 1 << 3; if v { present |= 1 << 3 } }
        if let v = r.hydrationGlasses { known |= 1 << 4; if v < c.lowHydrationBelow { present |= 1 << 4 } }
        if let v = r.skippedMeal { known |= 1 << 5; if v { present |= 1 << 5 } }
        if let v = r.screenTimeHours { known |= 1 << 6; if v >= c.longScreenTimeHours { present |= 1 << 6 } }
        if !r.foods.isEmpty {
            known |= Factors.foodMask
            for f in r.foods { present |= foodBit(f) }
        }
        if !r.environment.isEmpty {
            known |= Factors.environmentMask
            for e in r.environment {
                switch e {
                case .strongSmells: present |= 1 << 13
                case .brightLights: present |= 1 << 14
                case .loudNoise: present |= 1 << 15
                case .screenGlare: present |= 1 << 16
                }
            }
        }
        if let p = r.cyclePhase { known |= 1 << 17; if p == .menstrual { present |= 1 << 17 } }
        let w = log.weather
        if let t = w.pressureTrend { known |= 1 << 18; if t == .falling { present |= 1 << 18 } }
        if let h = w.humidityPct { known |= 1 << 19; if h >= c.highHumidityPct { present |= 1 << 19 } }
        return (present, known)
    }

    /// (present, known) for a headache-free day of the daily-context file.
    func evaluate(_ d: DayContext) -> (UInt32, UInt32) {
        var present: UInt32 = 0, known: UInt32 = 0
        if d.sleepHours != nil || d.sleepQuality != nil {
            known |= 1
            if let h = d.sleepHours, h < c.poorSleepHours { present |= 1 }
            if let q = d.sleepQuality, q <= c.poorSleepQualityAtMost { present |= 1 }
        }
        if let v = d.stressLevel { known |= 1 << 1; if v >= c.highStressAtLeast { present |= 1 << 1 } }
        if let v = d.alcohol { known |= 1 << 2; if v { present |= 1 << 2 } }
        if let v = d.caffeine { known |= 1 << 3; if v { present |= 1 << 3 } }
        if let v = d.skippedMeal { known |= 1 << 5; if v { present |= 1 << 5 } }
        if let p = d.cyclePhase { known |= 1 << 17; if p == .menstrual { present |= 1 << 17 } }
        if let t = d.pressureTrend { known |= 1 << 18; if t == .falling { present |= 1 << 18 } }
        if let h = d.humidityPct { known |= 1 << 19; if h >= c.highHumidityPct { present |= 1 << 19 } }
        return (present, known)
    }
}

/// Whole-number month index: year * 12 + (month - 1).
@inline(__always) func monthIndex(_ d: LocalDate) -> Int { let c = d.components; return c.year * 12 + c.month - 1 }
@inline(__always) func mondayOf(_ d: LocalDate) -> LocalDate { d.adding(days: 1 - d.isoWeekday) }

/// ISO week label `YYYY-Www` of a date.
func isoWeekLabel(_ d: LocalDate) -> String {
    let thursday = d.adding(days: 4 - d.isoWeekday)
    let y = thursday.components.year
    let jan1 = LocalDate(year: y, month: 1, day: 1)!
    let week = (thursday - jan1) / 7 + 1
    return pad(y, 4) + "-W" + pad(week, 2)
}

func monthLabel(_ index: Int) -> String { pad(index / 12, 4) + "-" + pad(index % 12 + 1, 2) }

@inline(__always) func nanos(from a: Timestamp, to b: Timestamp) -> Int64 {
    (b.epochSeconds - a.epochSeconds) * 1_000_000_000 + Int64(b.nanoseconds - a.nanoseconds)
}

/// Least squares of y against x = 0..<n, exact rationals rounded to 3 decimals.
func trendLine(_ y: [Int]) -> TrendLine {
    let n = Int128(y.count)
    if y.count == 0 { return TrendLine(slope: RoundedNumber(0, 1, places: 3), intercept: RoundedNumber(0, 1, places: 3)) }
    var sx: Int128 = 0, sy: Int128 = 0, sxx: Int128 = 0, sxy: Int128 = 0
    for (i, v) in y.enumerated() {
        let x = Int128(i), yy = Int128(v)
        sx += x; sy += yy; sxx += x * x; sxy += x * yy
    }
    let den = n * sxx - sx * sx
    if den == 0 { return TrendLine(slope: RoundedNumber(0, 1, places: 3), intercept: RoundedNumber(sy, n, places: 3)) }
    let slopeNum = n * sxy - sx * sy
    // intercept = (sy - slope * sx) / n = (sy * den - slopeNum * sx) / (n * den)
    return TrendLine(slope: RoundedNumber(slopeNum, den, places: 3),
                     intercept: RoundedNumber(sy * den - slopeNum * sx, n * den, places: 3))
}

extension HeadacheInsights {
    /// Runs the whole analysis. Pure: no I/O, no clock. Throws only if a wording template fails to
    /// render (which `InsightsConfig` checks at load time).
    public static func analyze(_ request: InsightsRequest, config: InsightsConfig) throws -> InsightsResult {
        let c = config
        let asOf = request.asOf
        let to = request.to ?? asOf
        let logs = request.logs

        // Window start: the earliest onset date up to `to`, unless given.
        var from = request.from ?? to
        if request.from == nil {
            for l in logs { let d = l.onsetAt.localDate; if d < from { from = d } }
        }
        let premium = request.tier == .premium

        // Period grids for the trend charts.
        let firstMonth = monthIndex(from), lastMonth = monthIndex(to)
        let monthCount = max(0, lastMonth - firstMonth + 1)
        let firstMonday = mondayOf(from)
        let weekCount = to < from ? 0 : (mondayOf(to) - firstMonday) / 7 + 1
        var monthly = [Int](repeating: 0, count: monthCount)
        var weekly = [Int](repeating: 0, count: weekCount)

        var evaluator = FactorEvaluator(config: c)
        var classifier = MedicationClassifier(config: c)
        var count = [Int](repeating: 0, count: 20), known = [Int](repeating: 0, count: 20)
        var weekday = [Int](repeating: 0, count: 7)
        var bands = [Int](repeating: 0, count: c.timeBands.count)
        var sleepCount = [0, 0], sleepSeverity = [0, 0]
        var sleepNanos: [Int128] = [0, 0]

        // Medication groups (by lower-cased trimmed name).
        var groupOfInfo: [Int] = []
        var groupIndex: [String: Int] = [:]
        var groupNames: [String] = []
        var gTaken: [Int] = [], gRated: [Int] = [], gEffSum: [Int] = []
        var gDurations: [[Int64]] = []

        var episodeCount = 0, resolvedCount = 0, activeCount = 0
        var redFlags: [RedFlag] = []

        // Frequency (all logs with onset up to the as-of date).
        let windowDays = c.frequencyWindowDays
        let last30Start = asOf.adding(days: -(windowDays - 1))
        let prev30Start = asOf.adding(days: -(2 * windowDays - 1))
        var headacheDays = [Bool](repeating: false, count: windowDays)
        var episodesLast30 = 0, episodesPrevious30 = 0
        var anyActive = false
        var latestResolved: Timestamp? = nil

        // ICHD-3 classes: the as-of month and the two before.
        let asOfMonth = monthIndex(asOf)
        let classCount = c.classes.count + 1
        var classMasks = [UInt32](repeating: 0, count: 3 * classCount)
        var otherNames: [Set<String>] = [[], [], []]
        var monthStarts: [LocalDate] = []
        for k in 0..<3 {
            let m = asOfMonth - 2 + k
            monthStarts.append(LocalDate(year: m / 12, month: m % 12 + 1, day: 1) ?? asOf)
        }

        // Onset dates of every episode, as a bitmap over the days file's range (for headache-free days).
        var onsetBits: [UInt64] = []
        var dayLo: Int32 = 0, dayHi: Int32 = -1
        if let days = request.days, !days.isEmpty {
            dayLo = days.map(\.date.daysSinceEpoch).min()!
            dayHi = days.map(\.date.daysSinceEpoch).max()! + 1
            onsetBits = [UInt64](repeating: 0, count: Int(dayHi - dayLo) / 64 + 1)
        }

        for log in logs {
            let onsetDate = log.onsetAt.localDate
            let resolved = log.resolvedAt
            if onsetDate.daysSinceEpoch >= dayLo && onsetDate.daysSinceEpoch <= dayHi {
                let k = Int(onsetDate.daysSinceEpoch - dayLo)
                onsetBits[k >> 6] |= 1 << UInt64(k & 63)
            }

            // ICHD-3 acute days per class (premium; counts over all logs, by calendar month).
            if premium && !log.retrospective.medications.isEmpty {
                for entry in log.retrospective.medications {
                    if entry.isAcute == false { continue }
                    let d = entry.takenAt?.localDate ?? onsetDate
                    guard d <= asOf else { continue }  // nothing after the analysis date
                    let k = monthIndex(d) - (asOfMonth - 2)
                    guard k >= 0 && k < 3 else { continue }
                    let ii = classifier.index(of: entry.name)
                    let info = classifier.infos[ii]
                    if entry.isAcute == nil && info.preventive { continue }
                    let day = d - monthStarts[k]
                    classMasks[k * classCount + info.classIndex] |= 1 << UInt32(day)
                    if info.classIndex == c.classes.count { otherNames[k].insert(info.groupName) }
                }
            }

            if onsetDate <= asOf {
                if resolved == nil { anyActive = true }
                else if let r = resolved, latestResolved == nil || latestResolved! < r { latestResolved = r }
                // Headache days in the last 30: every local date the episode touches.
                let end = resolved?.localDate ?? asOf
                let lo = max(onsetDate - last30Start, 0), hi = min(min(end, asOf) - last30Start, windowDays - 1)
                if lo <= hi { for i in lo...hi { headacheDays[i] = true } }
                if resolved != nil {
                    if onsetDate >= last30Start { episodesLast30 += 1 }
                    else if onsetDate >= prev30Start { episodesPrevious30 += 1 }
                }
            }

            guard onsetDate >= from && onsetDate <= to else { continue }
            episodeCount += 1
            HeadacheInsights.appendRedFlags(log, to: &redFlags)
            guard let resolvedAt = resolved else { activeCount += 1; continue }
            resolvedCount += 1

            let (p, k) = evaluator.evaluate(log)
            if k != 0 {
                var bits = k
                while bits != 0 {
                    let i = bits.trailingZeroBitCount
                    known[i] += 1
                    if p & (1 << UInt32(i)) != 0 { count[i] += 1 }
                    bits &= bits - 1
                }
            }
            weekday[onsetDate.isoWeekday - 1] += 1
            let minute = log.onsetAt.localMinuteOfDay
            var band = 0
            while band + 1 < c.timeBands.count && c.timeBands[band + 1].fromMinute <= minute { band += 1 }
            bands[band] += 1
            let duration = nanos(from: log.onsetAt, to: resolvedAt)
            if let h = log.sleep.hours {
                let g = h < c.shortSleepHours ? 0 : 1
                sleepCount[g] += 1; sleepSeverity[g] += log.severity; sleepNanos[g] += Int128(duration)
            }
            monthly[monthIndex(onsetDate) - firstMonth] += 1
            weekly[(onsetDate - firstMonday) / 7] += 1

            if premium {
                for entry in log.retrospective.medications {
                    let ii = classifier.index(of: entry.name)
                    while groupOfInfo.count < classifier.infos.count { groupOfInfo.append(-1) }
                    var g = groupOfInfo[ii]
                    if g < 0 {
                        let name = classifier.infos[ii].groupName
                        if let existing = groupIndex[name] { g = existing } else {
                            g = groupNames.count; groupIndex[name] = g; groupNames.append(name)
                            gTaken.append(0); gRated.append(0); gEffSum.append(0); gDurations.append([])
                        }
                        groupOfInfo[ii] = g
                    }
                    gTaken[g] += 1
                    if let e = entry.effectiveness { gRated[g] += 1; gEffSum[g] += e }
                    if let t = entry.takenAt {
                        let d = nanos(from: t, to: resolvedAt)
                        if d >= 0 { gDurations[g].append(d) }
                    }
                }
            }
        }
        HeadacheInsights.sortRedFlags(&redFlags)

        // Frequency & streak.
        var streak: Int? = nil
        if !anyActive, let r = latestResolved {
            let days = asOf - r.localDate
            if days >= 0 { streak = days }
        }
        let frequency = FrequencySummary(headacheDaysLast30: headacheDays.reduce(0) { $0 + ($1 ? 1 : 0) },
                                         episodesLast30: episodesLast30, episodesPrevious30: episodesPrevious30,
                                         currentStreakDays: streak)

        // Baseline on headache-free days of the window.
        var baseCount: [Int]? = nil, baseKnown: [Int]? = nil
        func hasOnset(_ d: Int32) -> Bool {
            guard d >= dayLo && d <= dayHi else { return false }
            let k = Int(d - dayLo)
            return onsetBits[k >> 6] & (1 << UInt64(k & 63)) != 0
        }
        if let days = request.days {
            var bc = [Int](repeating: 0, count: 20), bk = [Int](repeating: 0, count: 20)
            for d in days where d.date >= from && d.date <= to {
                if hasOnset(d.date.daysSinceEpoch) || hasOnset(d.date.daysSinceEpoch + 1) { continue }
                let (p, k) = evaluator.evaluate(d)
                for i in 0..<20 where k & (1 << UInt32(i)) != 0 {
                    bk[i] += 1
                    if p & (1 << UInt32(i)) != 0 { bc[i] += 1 }
                }
            }
            baseCount = bc; baseKnown = bk
        }

        let w = c.wording
        func factorStat(_ i: Int) throws -> FactorStat? {
            let n = count[i], k = known[i]
            guard k >= c.factorMinKnown, n >= c.factorMinCount,
                  Int64(n) * 1_000_000 >= c.factorMinShareMillionths * Int64(k) else { return nil }
            var labelKey = c.frequencyLabels.last!.wordingKey
            for fl in c.frequencyLabels where Int64(n) * 1_000_000 >= fl.minShareMillionths * Int64(k) {
                labelKey = fl.wordingKey; break
            }
            let hasBase = baseCount != nil && Factors.dayMask & (1 << UInt32(i)) != 0
            return FactorStat(id: Factors.ids[i], label: try w.render(Factors.labelKey(i)), count: n, known: k,
                              share: RoundedNumber(Int128(n), Int128(k), places: 3),
                              frequency: try w.render(labelKey),
                              baselineCount: hasBase ? baseCount![i] : nil,
                              baselineKnown: hasBase ? baseKnown![i] : nil, association: nil)
        }
        func ordered(_ s: [FactorStat]) -> [FactorStat] {
            s.sorted {
                let l = Int64($0.count) * Int64($1.known), r = Int64($1.count) * Int64($0.known)
                if l != r { return l > r }
                if $0.count != $1.count { return $0.count > $1.count }
                return $0.id < $1.id
            }
        }

        let ready = resolvedCount >= c.patternsMinResolved
        let weatherReady = resolvedCount >= c.weatherMinResolved
        var mainFactors = ready ? ordered(try (0..<Factors.mainCount).compactMap(factorStat)) : []
        var weatherFactors = weatherReady ? ordered(try (Factors.mainCount..<20).compactMap(factorStat)) : []

        // Fair comparison: Fisher exact per factor shown, Benjamini–Hochberg across those tested.
        if premium && baseCount != nil {
            var tested: [(weather: Bool, index: Int, p: Double)] = []
            func prepare(_ list: inout [FactorStat], weather: Bool) {
                for (j, f) in list.enumerated() {
                    guard let bc = f.baselineCount, let bk = f.baselineKnown else { continue }
                    let a = f.count, b = f.known - f.count, cc = bc, d = bk - bc
                    if a + cc >= c.associationMinExposed && b + d >= c.associationMinUnexposed {
                        tested.append((weather, j, Statistics.fisherGreater(a: a, b: b, c: cc, d: d)))
                    } else {
                        list[j].association = Association(tested: false, p: nil, q: nil, supported: false)
                    }
                }
            }
            prepare(&mainFactors, weather: false)
            prepare(&weatherFactors, weather: true)
            let q = Statistics.benjaminiHochberg(tested.map { $0.p })
            for (t, qv) in zip(tested, q) {
                let a = Association(tested: true, p: t.p, q: qv, supported: qv < c.associationMaxQ)
                if t.weather { weatherFactors[t.index].association = a } else { mainFactors[t.index].association = a }
            }
        }

        func gate<T>(_ isReady: Bool, _ make: () throws -> T) rethrows -> InsightSection<T> {
            if !premium { return .locked(unlockedBy: .premium) }
            return isReady ? .ready(try make()) : .collecting
        }

        let sleepReady = sleepCount[0] >= c.sleepMinPerGroup && sleepCount[1] >= c.sleepMinPerGroup
        func group(_ g: Int) -> SleepGroup {
            SleepGroup(count: sleepCount[g],
                       meanSeverity: RoundedNumber(Int128(sleepSeverity[g]), Int128(sleepCount[g]), places: 1),
                       meanDurationHours: RoundedNumber(sleepNanos[g], Int128(sleepCount[g]) * 3_600_000_000_000, places: 1))
        }

        let medications: InsightSection<[MedicationRating]> = gate(ready) {
            var out: [MedicationRating] = []
            for g in groupNames.indices where !groupNames[g].isEmpty {
                var median: RoundedNumber? = nil
                var ds = gDurations[g]
                if !ds.isEmpty {
                    ds.sort()
                    let m = ds.count / 2
                    median = ds.count % 2 == 1
                        ? RoundedNumber(Int128(ds[m]), 3_600_000_000_000, places: 1)
                        : RoundedNumber(Int128(ds[m - 1]) + Int128(ds[m]), 7_200_000_000_000, places: 1)
                }
                out.append(MedicationRating(name: groupNames[g], timesTaken: gTaken[g], ratedCount: gRated[g],
                                            meanEffectiveness: gRated[g] > 0 ? RoundedNumber(Int128(gEffSum[g]), Int128(gRated[g]), places: 1) : nil,
                                            medianHoursToResolution: median))
            }
            return out.sorted { $0.timesTaken != $1.timesTaken ? $0.timesTaken > $1.timesTaken : $0.name < $1.name }
        }

        let trends: InsightSection<Trends> = gate(ready) {
            let monthlyRows = monthly.enumerated().map { PeriodCount(period: monthLabel(firstMonth + $0.offset), count: $0.element) }
            let weeklyRows = weekly.enumerated().map { PeriodCount(period: isoWeekLabel(firstMonday.adding(days: 7 * $0.offset)), count: $0.element) }
            return Trends(monthly: monthlyRows, monthlyTrend: trendLine(monthly), weekly: weeklyRows, weeklyTrend: trendLine(weekly))
        }

        let byClass: InsightSection<[MonthClassDays]> = try gate(true) {
            var months: [MonthClassDays] = []
            for k in 0..<3 {
                var classes: [ClassDays] = []
                for (ci, cls) in c.classes.enumerated() {
                    let days = classMasks[k * classCount + ci].nonzeroBitCount
                    let above = days >= cls.referenceDays
                    classes.append(ClassDays(id: cls.id, label: cls.label, days: days, referenceDays: cls.referenceDays,
                                             atOrAboveReference: above,
                                             note: above ? try w.render("safety.ichdReference", ["days": String(cls.referenceDays)]) : nil,
                                             names: []))
                }
                classes.append(ClassDays(id: c.otherAcuteId, label: c.otherAcuteLabel,
                                         days: classMasks[k * classCount + c.classes.count].nonzeroBitCount,
                                         referenceDays: nil, atOrAboveReference: false, note: nil,
                                         names: otherNames[k].sorted()))
                months.append(MonthClassDays(month: monthLabel(asOfMonth - 2 + k), classes: classes))
            }
            return months
        }

        var result = InsightsResult(
            asOf: asOf, from: from, to: to, tier: request.tier,
            episodeCount: episodeCount, resolvedCount: resolvedCount, activeCount: activeCount,
            status: ready ? .ready : .collecting,
            hasBaseline: request.days != nil,
            factors: gate(ready) { mainFactors },
            weather: gate(weatherReady) { weatherFactors },
            sleep: gate(sleepReady) { SleepComparison(short: group(0), typical: group(1)) },
            dayOfWeek: gate(ready) { weekday },
            timeOfDay: gate(ready) { zip(c.timeBands, bands).map { NamedCount(name: $0.name, count: $1) } },
            medications: medications,
            trends: trends,
            frequency: frequency,
            medicationOveruse: HeadacheInsights.medicationOveruse(logs, asOf: asOf, config: c),
            acuteDaysByClass: byClass,
            redFlags: redFlags,
            messages: [])
        result.sections = try result.renderSections(config: c)
        return result
    }
}
