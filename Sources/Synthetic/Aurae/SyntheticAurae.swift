import Aurae
import Ingest

/// Synthetic Aurae records for benchmarks and property tests, the same for a seed on every machine.
public enum SyntheticAurae {
    /// `count` headache logs ending around 2026-03-31, with every field sometimes unknown, mixed
    /// UTC offsets, some active episodes, red flags and medications (acute, preventive,
    /// unclassified and unknown names).
    public static func logs(count: Int, seed: UInt64) -> [HeadacheLog] {
        var g = SeededGenerator(seed: seed)
        let names = ["Ibuprofen", "ibuprofen ", "Sumatriptan 50", "Excedrin Migraine", "Topiramate", "Paracetamol",
                     "Codeine", "Herbal tea", "propranolol", "Aspirin"]
        let foods = ["agedCheese", "chocolate", "msg", "citrus", "gluten", "processedMeat", "pizza"]
        let offsets: [Int32] = [-5 * 3600, -4 * 3600, 0, 3600, 2 * 3600, 5 * 3600 + 1800]
        let end: Int64 = 20_543 * 86_400  // 2026-03-31
        // Spread episodes over about 2 years, or one per ~40 minutes for large counts.
        let perCount = Int64(count).multipliedReportingOverflow(by: 2_400)
        let span: Int64 = max(730 * 86_400, perCount.overflow ? .max : perCount.partialValue)
        var out: [HeadacheLog] = []
        out.reserveCapacity(max(0, count))
        func maybe(_ p: Int) -> Bool { Int(g.next() % 100) < p }
        for i in 0..<max(0, count) {
            let onset = end - Int64(g.next() % UInt64(span))
            let off = offsets[Int(g.next() % UInt64(offsets.count))]
            let duration = Int64(g.next() % (3 * 86_400))
            let active = maybe(1)
            var l = HeadacheLog(id: "syn-\(i)", onsetAt: Timestamp(epochSeconds: onset, offsetSeconds: off),
                                resolvedAt: active ? nil : Timestamp(epochSeconds: onset + duration, offsetSeconds: off),
                                severity: Int(g.next() % 5) + 1)
            if maybe(70) { l.onsetSpeed = [.gradual, .moderate, .instantaneous][Int(g.next() % 3)] }
            if maybe(80) { l.sleep.hours = Double(g.next() % 100) / 10 }
            if maybe(50) { l.sleep.quality = Int(g.next() % 5) + 1 }
            if maybe(70) { l.weather.pressureTrend = [.rising, .falling, .stable][Int(g.next() % 3)] }
            if maybe(70) { l.weather.humidityPct = Double(g.next() % 101) }
            var r = Retrospective()
            if maybe(60) { r.stressLevel = Int(g.next() % 5) + 1 }
            if maybe(50) { r.alcohol = maybe(30) }
            if maybe(50) { r.caffeine = maybe(60) }
            if maybe(50) { r.skippedMeal = maybe(25) }
            if maybe(40) { r.hydrationGlasses = Int(g.next() % 10) }
            if maybe(40) { r.screenTimeHours = Double(g.next() % 120) / 10 }
            if maybe(30) { r.cyclePhase = [.menstrual, .follicular, .ovulatory, .luteal][Int(g.next() % 4)] }
            if maybe(40) { for f in foods where maybe(25) { r.foods.append(f) } }
            if maybe(40) { for e in EnvironmentFactor.allCases where maybe(30) { r.environment.append(e) } }
            if maybe(30) { for s in Symptom.allCases where maybe(40) { r.symptoms.append(s) } }
            if maybe(60) {
                let k = Int(g.next() % 3) + 1
                for _ in 0..<k {
                    let taken = maybe(70) ? Timestamp(epochSeconds: onset + Int64(g.next() % 7200), offsetSeconds: off) : nil
                    let acute: Bool? = maybe(40) ? nil : maybe(80)
                    r.medications.append(MedicationEntry(name: names[Int(g.next() % UInt64(names.count))], takenAt: taken,
                                                         isAcute: acute, effectiveness: maybe(60) ? Int(g.next() % 5) + 1 : nil))
                }
            }
            l.retrospective = r
            out.append(l)
        }
        return out
    }

    /// Daily-context records for every day from `from` through `to`.
    public static func days(from: LocalDate, to: LocalDate, seed: UInt64) -> [DayContext] {
        var g = SeededGenerator(seed: seed)
        func maybe(_ p: Int) -> Bool { Int(g.next() % 100) < p }
        var out: [DayContext] = []
        guard from <= to else { return out }
        for day in from.daysSinceEpoch...to.daysSinceEpoch {
            var c = DayContext(date: LocalDate(daysSinceEpoch: day))
            if maybe(80) { c.sleepHours = Double(g.next() % 100) / 10 }
            if maybe(50) { c.sleepQuality = Int(g.next() % 5) + 1 }
            if maybe(60) { c.stressLevel = Int(g.next() % 5) + 1 }
            if maybe(50) { c.alcohol = maybe(20) }
            if maybe(50) { c.caffeine = maybe(60) }
            if maybe(50) { c.skippedMeal = maybe(15) }
            if maybe(70) { c.pressureTrend = [.rising, .falling, .stable][Int(g.next() % 3)] }
            if maybe(70) { c.humidityPct = Double(g.next() % 101) }
            if maybe(30) { c.cyclePhase = [.menstrual, .follicular, .ovulatory, .luteal][Int(g.next() % 4)] }
            out.append(c)
        }
        return out
    }
}
