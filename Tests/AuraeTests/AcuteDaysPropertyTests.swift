@testable import Aurae
import Ingest
import Synthetic
import XCTest

/// The three views of the one acute-medication-day rule (`AcuteMedicationDays`) agree on every
/// day of seeded random logs with brand names and products: the medication-overuse awareness (the
/// analysis's and the summary's `medicationOveruse`), the ICHD-3 class table (`acuteDaysByClass`)
/// and the clinical calendar's acute mark (`DayFacts`, which the monthly figures add up).
///
/// The overuse awareness and the class table count up to the as-of date, so running the
/// analysis with every day of the range as the as-of date tells, day by day, whether the day
/// counts (the overuse count grows by one) and in which classes (each class's count grows by
/// one); the calendar marks the days themselves.
final class AcuteDaysPropertyTests: XCTestCase {
    /// Per day of a range: whether the overuse awareness counts it, and the classes the class
    /// table counts it in (indices into its rows, "other acute" last).
    struct DayCounts: Equatable {
        var overuse: Bool
        var classes: [Int]
    }

    /// Sweeps the as-of date over `from...to` (`from` the first of a month) and reads the day of
    /// each as-of date off the two views' counts; checks on the way that the counts grow by 0
    /// or 1 a day, that the summary's overuse awareness is the analysis's, and that both views
    /// agree on the day. Returns the days and the class table at `to`.
    func sweep(_ logs: [HeadacheLog], from: LocalDate, to: LocalDate, seed: UInt64,
               file: StaticString = #filePath, line: UInt = #line) -> (days: [LocalDate: DayCounts], table: [MonthClassDays]) {
        var out: [LocalDate: DayCounts] = [:]
        var previous: (overuse: Int, classes: [Int]) = (0, [])
        var table: [MonthClassDays] = []
        var d = from
        while d <= to {
            let r = HeadacheInsights.analyze(InsightsRequest(logs: logs, asOf: d, from: from, to: d, tier: .premium),
                                             config: sharedConfig)
            let o = r.medicationOveruse
            guard let months = r.acuteDaysByClass.value, months.count == 3 else {
                XCTFail("seed \(seed) \(d): no class table", file: file, line: line); break
            }
            table = months
            let month = months[2]
            XCTAssertEqual(o.month, YearMonth(d), file: file, line: line)
            XCTAssertEqual(month.month, YearMonth(d), file: file, line: line)
            XCTAssertEqual(HeadacheInsights.medicationOveruse(logs, asOf: d, config: sharedConfig), o,
                           "seed \(seed) \(d): the summary's overuse awareness", file: file, line: line)
            let counts = month.classes.map(\.days)
            if d.components.day == 1 { previous = (0, counts.map { _ in 0 }) }
            let grew = o.acuteDays - previous.overuse
            let classGrew = zip(counts, previous.classes).map { $0 - $1 }
            XCTAssertTrue(grew == 0 || grew == 1, "seed \(seed) \(d): overuse count grew by \(grew)", file: file, line: line)
            XCTAssertTrue(classGrew.allSatisfy { $0 == 0 || $0 == 1 }, "seed \(seed) \(d): class counts grew by \(classGrew)",
                          file: file, line: line)
            let classes = classGrew.indices.filter { classGrew[$0] == 1 }
            XCTAssertEqual(grew == 1, !classes.isEmpty,
                           "seed \(seed) \(d): overuse counts the day \(grew == 1), the class table in \(classes)",
                           file: file, line: line)
            XCTAssertEqual(o.warning, o.acuteDays >= sharedConfig.thresholds.medicationOveruse.acuteDaysWarning, file: file, line: line)
            out[d] = DayCounts(overuse: grew == 1, classes: classes)
            previous = (o.acuteDays, counts)
            d = d.adding(days: 1)
        }
        return (out, table)
    }

    /// The class table at the end of the sweep holds, month by month and class by class, the
    /// days the sweep found; "other acute" names its names exactly when it has days.
    func checkTable(_ table: [MonthClassDays], _ days: [LocalDate: DayCounts], seed: UInt64,
                    file: StaticString = #filePath, line: UInt = #line) {
        for m in table {
            let inMonth = days.filter { YearMonth($0.key) == m.month }.map(\.value)
            for (i, cls) in m.classes.enumerated() {
                XCTAssertEqual(cls.days, inMonth.filter { $0.classes.contains(i) }.count,
                               "seed \(seed) \(m.month) \(cls.id)", file: file, line: line)
                XCTAssertEqual(cls.atOrAboveReference, cls.referenceDays.map { cls.days >= $0 } ?? false, file: file, line: line)
                // Other acute lists the names it counts (a name of spaces only has none to list).
                if cls.id == sharedConfig.medications.otherAcute.id, !cls.names.isEmpty {
                    XCTAssertGreaterThan(cls.days, 0, "seed \(seed) \(m.month)", file: file, line: line)
                }
                if cls.id != sharedConfig.medications.otherAcute.id { XCTAssertEqual(cls.names, [], file: file, line: line) }
            }
        }
    }

    /// Brand names, products of several components and combination analgesics, mixed into the
    /// synthetic names: the class of each is decided by the table, never by the test.
    static let productNames = ["Imitrex 50 mg", "Maxalt MLT", "Zomig", "Relpax", "Amerge", "Axert", "Frova", "Migranal",
                               "Trudhesa", "D.H.E. 45", "Tylenol #3", "Tylenol with Codeine", "co-codamol 30/500", "Fioricet",
                               "Fiorinal", "Excedrin", "Nurtec ODT", "Ubrelvy", "Zavzpret", "Reyvow", "Sumatriptan/Naproxen",
                               "Ibuprofen + Paracetamol", "Aspirin & Caffeine", "Paracetamol with codeine", "Ergotamine + caffeine",
                               "Caffeine", "Topamax", "Advil + Feverfew", "tylenol"]

    /// `SyntheticAurae.medicationLogs` with one name in three replaced by a brand or product name.
    func logs(_ count: Int, around asOf: LocalDate, seed: UInt64) -> [HeadacheLog] {
        var g = SeededGenerator(seed: seed &+ 17)
        return SyntheticAurae.medicationLogs(count: count, around: asOf, seed: seed).map { log in
            var l = log
            for i in l.retrospective.medications.indices where g.int(0...2) == 0 {
                l.retrospective.medications[i].name = Self.productNames[g.int(0...(Self.productNames.count - 1))]
            }
            return l
        }
    }

    func testTheThreeViewsAgreeOnEveryDayOfSeededLogs() throws {
        let bases = ["2026-03-31", "2028-03-01", "2025-12-31", "2026-08-15"].map(date)
        var checkedDays = 0, acuteDays = 0, seedsWithOther = 0, seedsWithSeveralClassesADay = 0
        for seed in UInt64(1)...UInt64(200) {
            var g = SeededGenerator(seed: seed &* 7_919)
            let asOf = bases[g.int(0...(bases.count - 1))].adding(days: g.int(-45...45))
            let logs = logs(g.int(0...24), around: asOf, seed: seed)
            // The calendar's range: the class table's three months through the as-of date.
            let m = YearMonth(index: YearMonth(asOf).index - 2)
            let from = try XCTUnwrap(LocalDate(year: m.year, month: m.month, day: 1))

            // Every log, as the summary, the analysis and the clinical report take them (onsets
            // before the range and after the as-of date included): the overuse awareness, the
            // class table and the calendar agree on every day.
            let all = sweep(logs, from: from, to: asOf, seed: seed)
            checkTable(all.table, all.days, seed: seed)
            let data = ClinicalVisualData.of(logs, days: nil, from: from, to: asOf, asOf: asOf, config: sharedConfig)
            let marked = Set((0...(asOf - from)).map { from.adding(days: $0) }.filter { data.facts[$0].acute })
            let counted = Set(all.days.filter { $0.value.overuse }.keys)
            XCTAssertEqual(marked.sorted(by: <), counted.sorted(by: <), "seed \(seed): calendar marks vs overuse days")
            XCTAssertEqual(HeadacheInsights.acuteMedicationDays(logs, from: from, to: asOf, config: sharedConfig), marked)
            XCTAssertEqual(all.table, data.insights.acuteDaysByClass.value, "seed \(seed): the table at the as-of date")
            XCTAssertEqual(data.insights.medicationOveruse.acuteDays,
                           all.days.filter { YearMonth($0.key) == YearMonth(asOf) && $0.value.overuse }.count)
            // The report's monthly figures count the same days.
            XCTAssertEqual(data.facts.figures(from: from, to: asOf).acuteDays, counted.count)
            // The class table of the clinical charts (per month of the range) is the analysis's.
            XCTAssertEqual(data.classMonths, all.table)
            checkedDays += all.days.count; acuteDays += counted.count
            if all.table.contains(where: { $0.classes.last.map { $0.days > 0 } ?? false }) { seedsWithOther += 1 }
            if all.days.values.contains(where: { $0.classes.count > 1 }) { seedsWithSeveralClassesADay += 1 }
        }
        // The seeds exercise the rule: many acute days, in "other acute" too, and days counted in
        // several classes (a product of two classes, or two entries).
        XCTAssertGreaterThan(acuteDays, checkedDays / 20)
        XCTAssertGreaterThan(seedsWithOther, 50)
        XCTAssertGreaterThan(seedsWithSeveralClassesADay, 50)
    }

    /// Where the views once disagreed they now agree: the calendar counts every log, by the date
    /// an entry was taken, never after the as-of date.
    func testTheViewsAgreeWhereTheyOnceDisagreed() throws {
        let asOf = date("2026-03-31")
        func calendar(_ logs: [HeadacheLog], from: String, to: String) -> Set<LocalDate> {
            let data = ClinicalVisualData.of(logs, days: nil, from: date(from), to: date(to), asOf: asOf, config: sharedConfig)
            return Set((0...(date(to) - date(from))).map { date(from).adding(days: $0) }.filter { data.facts[$0].acute })
        }
        // 1. An episode with onset before the range whose entry is taken in it: all three count 1 March.
        let before = log("b", "2026-02-28T23:30:00+01:00", "2026-03-01T02:00:00+01:00") {
            $0.retrospective.medications = [med("Sumatriptan", "2026-03-01T00:20:00+01:00")]
        }
        // 2. An episode with onset after the as-of date whose entry is taken on it.
        let after = log("a", "2026-04-01T00:10:00+02:00", "2026-04-01T03:00:00+02:00") {
            $0.retrospective.medications = [med("Ibuprofen", "2026-03-31T23:50:00+02:00")]
        }
        let r = analyze([before, after], from: "2026-03-01", to: "2026-03-31")
        XCTAssertEqual(r.medicationOveruse.acuteDays, 2)
        XCTAssertEqual(r.acuteDaysByClass.value?[2].classes.map(\.days), [1, 0, 0, 0, 1, 0, 0])
        XCTAssertEqual(calendar([before, after], from: "2026-03-01", to: "2026-03-31"), [date("2026-03-01"), date("2026-03-31")])

        // 3. A range ending after the as-of date: no view counts a day after it.
        let late = log("l", "2026-04-02T09:00:00Z", "2026-04-02T10:00:00Z") { $0.retrospective.medications = [med("Aspirin")] }
        XCTAssertTrue(calendar([late], from: "2026-03-01", to: "2026-04-30").isEmpty)
        XCTAssertEqual(analyze([late]).medicationOveruse.acuteDays, 0)

        // 4. An as-of date beyond the year 9999 (only at the saturated end of LocalDate): the
        //    overuse awareness counts nothing, the class table counts the day (pinned).
        let top = LocalDate(daysSinceEpoch: .max)
        let saturated = log("t", "2026-03-01T09:00:00Z", "2026-03-01T10:00:00Z") {
            $0.retrospective.medications = [MedicationEntry(name: "Aspirin", takenAt: Timestamp(epochSeconds: .max, offsetSeconds: 0))]
        }
        let s = HeadacheInsights.analyze(InsightsRequest(logs: [saturated], asOf: top, tier: .premium), config: sharedConfig)
        XCTAssertEqual(s.medicationOveruse.acuteDays, 0)
        XCTAssertEqual(s.acuteDaysByClass.value?[2].classes.first { $0.id == "simpleAnalgesics" }?.days, 1)

        // 5. A preventive name taken as acute: "other acute" in the class table and in the
        //    episode details alike.
        XCTAssertEqual(HeadacheInsights.medicationClassLabels(med("Propranolol", acute: true), config: sharedConfig), ["Other acute"])
        XCTAssertEqual(HeadacheInsights.medicationClassLabels(med("Propranolol"), config: sharedConfig), [])
        let p = log("p", "2026-03-10T09:00:00Z", "2026-03-10T10:00:00Z") {
            $0.retrospective.medications = [med("Propranolol", acute: true)]
        }
        XCTAssertEqual(analyze([p]).acuteDaysByClass.value?[2].classes.last?.names, ["propranolol"])
    }
}
