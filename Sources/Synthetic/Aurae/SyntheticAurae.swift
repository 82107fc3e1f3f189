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

    /// The medication names `medicationLogs` draws from: every ICHD-3 class of
    /// templates/medications (generic and brand names, in other cases and with doses or spaces
    /// around), preventive names, names of no class (brand names the table does not list yet
    /// among them), and a name of spaces only.
    public static let medicationNames = [
        "Sumatriptan 50 mg", "rizatriptan", "  ZOLMITRIPTAN", "Eletriptan\t40", "naratriptan", "Almotriptan", "frovatriptan",
        "Ergotamine", "dihydroergotamine nasal", "Codeine", "tramadol 50", "Oxycodone", "morphine", "Tapentadol",
        "Excedrin Migraine", "fioricet", "Co-codamol 30/500", "Solpadeine", "Migraleve",
        "Ibuprofen", "ibuprofen ", "Paracetamol", "ACETAMINOPHEN", "aspirin", "Naproxen sodium", "Diclofenac",
        "Tylenol", "Advil", "Motrin", "Aleve",
        "Topiramate", "propranolol 40", "Amitriptyline", "Candesartan", "Erenumab", "botox", "OnabotulinumtoxinA",
        "Imitrex", "Maxalt", "Zomig", "Feverfew tea", "magnesium", "Metoclopramide", "   ",
    ]

    /// `count` small headache logs around `asOf` for the acute-medication property tests: onsets
    /// from 100 days before `asOf` to 10 days after it, often within an hour of local midnight,
    /// in UTC offsets from −12:00 to +14:00, some active; each with up to four medication
    /// entries (`medicationNames`), `isAcute` true, false or empty, taken from 6 hours before the
    /// onset to 36 hours after it (sometimes written in another offset) or at no given time.
    public static func medicationLogs(count: Int, around asOf: LocalDate, seed: UInt64) -> [HeadacheLog] {
        var g = SeededGenerator(seed: seed)
        let offsets: [Int32] = [-12 * 3600, -9 * 3600 - 1800, -5 * 3600, -3600, 0, 3600, 2 * 3600,
                                5 * 3600 + 2700, 9 * 3600, 14 * 3600]
        func maybe(_ p: Int) -> Bool { g.int(0...99) < p }
        var out: [HeadacheLog] = []
        for i in 0..<max(0, count) {
            let day = Int64(asOf.daysSinceEpoch) + Int64(g.int(-100...10))
            let second: Int64
            switch g.int(0...2) {
            case 0: second = Int64(g.int(0...3_599))            // the first hour of the day
            case 1: second = Int64(g.int(82_800...86_399))      // the last hour
            default: second = Int64(g.int(0...86_399))
            }
            let off = offsets[g.int(0...(offsets.count - 1))]
            let onset = day * 86_400 + second - Int64(off)
            var l = HeadacheLog(id: "med-\(i)", onsetAt: Timestamp(epochSeconds: onset, offsetSeconds: off),
                                resolvedAt: maybe(10) ? nil : Timestamp(epochSeconds: onset + Int64(g.int(600...172_800)), offsetSeconds: off),
                                severity: g.int(1...5))
            for _ in 0..<g.int(0...4) {
                let takenOff = maybe(25) ? offsets[g.int(0...(offsets.count - 1))] : off
                let taken = maybe(70) ? Timestamp(epochSeconds: onset + Int64(g.int(-21_600...129_600)), offsetSeconds: takenOff) : nil
                let acute: Bool? = [nil, nil, true, false][g.int(0...3)]
                l.retrospective.medications.append(MedicationEntry(
                    name: medicationNames[g.int(0...(medicationNames.count - 1))], takenAt: taken, isAcute: acute,
                    effectiveness: maybe(50) ? g.int(1...5) : nil))
            }
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
