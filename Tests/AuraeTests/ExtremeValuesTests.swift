@testable import Aurae
import Foundation
import Ingest
@testable import Insights
import Synthetic
import XCTest

/// Record values far outside what a reader accepts (a year typo, Int64 timestamps at their
/// ends, huge offsets, infinities, NaN, empty lists) give results, never a trap.
final class ExtremeValuesTests: XCTestCase {
    // MARK: The examples

    func testResolvedCenturiesAfterOnsetGivesExactDurations() {
        // Five resolved episodes so that the sleep card is shown; one resolves 900 years later.
        let logs = episodes(10) { i, l in
            l.sleep.hours = i < 5 ? 5 : 8
            if i == 0 { l.resolvedAt = ts("2926-03-01T10:00:00Z") }
        }
        let r = analyze(logs)
        let sleep = try? XCTUnwrap(r.sleep.value)
        // 2026-03-01T09:00Z to 2926-03-01T10:00Z: 900 years and 1 hour; four more 1-hour episodes.
        let days = LocalDate.daysFromCivil(year: 2926, month: 3, day: 1) - LocalDate.daysFromCivil(year: 2026, month: 3, day: 1)
        let mean = Rounding.text(Int128(days * 24 + 1 + 4), 5, places: 1)
        XCTAssertEqual(mean, "1577847.4")
        XCTAssertEqual(sleep?.short.meanDurationHours.text, mean)
        XCTAssertEqual(sleep?.typical.meanDurationHours.text, "1.0")
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(r.json().utf8)))
        XCTAssertTrue(r.text().contains(mean))
    }

    func testTakenAtCenturiesBeforeResolutionGivesExactMedianHours() {
        let logs = episodes(5) { i, l in
            let taken = i == 0 ? "1126-03-01T10:00:00Z" : "2026-03-0\(i + 1)T09:30:00Z"
            l.retrospective.medications = [med("Ibuprofen", taken, acute: true, effectiveness: 4)]
        }
        let r = analyze(logs)
        let rating = r.medications.value?.first
        XCTAssertEqual(rating?.timesTaken, 5)
        XCTAssertEqual(rating?.medianHoursToResolution?.text, "0.5")
        // One entry alone: the median is the 900-year span, in hours, exactly.
        let one = analyze(episodes(5) { i, l in
            if i == 0 { l.retrospective.medications = [med("Ibuprofen", "1126-03-01T10:00:00Z")] }
        })
        let hours = Int128(LocalDate.daysFromCivil(year: 2026, month: 3, day: 1) - LocalDate.daysFromCivil(year: 1126, month: 3, day: 1)) * 24
        XCTAssertEqual(one.medications.value?.first?.medianHoursToResolution?.text, Rounding.text(hours, 1, places: 1))
    }

    // MARK: The class: any value a record can hold

    /// Timestamps at and near the ends of what `Timestamp` holds, and ordinary ones.
    static let instants: [Int64] = [.min, .min + 1, -62_135_596_800 * 1000, -1, 0, 1_772_352_000, 253_402_300_799 * 1000, .max - 1, .max]
    static let offsets: [Int32] = [.min, -64_800, 0, 3600, 64_800, .max]
    static let doubles: [Double] = [.nan, .infinity, -.infinity, 1e19, -1e19, 1e300, -0.0, 5, .greatestFiniteMagnitude]
    static let ints: [Int] = [.min, -1, 0, 3, 6, .max]

    /// A log whose every field is picked from the extreme values by `k`.
    static func extremeLog(_ k: Int) -> HeadacheLog {
        func pick<T>(_ a: [T], _ salt: Int) -> T { a[(k &* 7 &+ salt &* 13) % a.count] }
        let onset = Timestamp(epochSeconds: pick(instants, 1), nanoseconds: pick([0, 999_999_999, .max, .min], 2),
                              offsetSeconds: pick(offsets, 3))
        let resolved = Timestamp(epochSeconds: pick(instants, 4), nanoseconds: pick([0, 1, .min], 5), offsetSeconds: pick(offsets, 6))
        var l = HeadacheLog(id: "x\(k)", onsetAt: onset, resolvedAt: k % 5 == 0 ? nil : resolved, severity: pick(ints, 7))
        l.onsetSpeed = k % 3 == 0 ? .instantaneous : nil
        l.weather.temperatureC = pick(doubles, 8)
        l.weather.humidityPct = pick(doubles, 9)
        l.weather.condition = k % 2 == 0 ? "" : "Rain"
        l.weather.pressureTrend = .falling
        l.health.heartRateBpm = pick(doubles, 10)
        l.sleep.hours = pick(doubles, 11)
        l.sleep.quality = pick(ints, 12)
        l.retrospective.symptoms = k % 4 == 0 ? [.aura, .visualDisturbances] : []
        l.retrospective.foods = k % 2 == 0 ? [] : ["agedCheese", ""]
        l.retrospective.stressLevel = pick(ints, 13)
        l.retrospective.hydrationGlasses = pick(ints, 14)
        l.retrospective.screenTimeHours = pick(doubles, 15)
        l.retrospective.alcohol = k % 2 == 0
        let taken = Timestamp(epochSeconds: pick(instants, 16), offsetSeconds: pick(offsets, 17))
        l.retrospective.medications = k % 6 == 0 ? [] : [
            MedicationEntry(name: "Ibuprofen", takenAt: taken, isAcute: nil, effectiveness: pick(ints, 18)),
            MedicationEntry(name: "", takenAt: taken, isAcute: true, effectiveness: pick(ints, 19)),
            MedicationEntry(name: "Sumatriptan", takenAt: nil, isAcute: true, effectiveness: nil),
        ]
        return l
    }

    static func extremeDay(_ k: Int) -> DayContext {
        let days: [Int32] = [.min, .min + 1, -719_162, 0, 20_513, 2_932_896, .max - 1, .max]
        var d = DayContext(date: LocalDate(daysSinceEpoch: days[k % days.count]))
        d.sleepHours = doubles[k % doubles.count]
        d.sleepQuality = ints[k % ints.count]
        d.stressLevel = ints[(k + 1) % ints.count]
        d.humidityPct = doubles[(k + 2) % doubles.count]
        d.alcohol = k % 2 == 0
        return d
    }

    /// Every tier, with and without days, over windows at the ends of `LocalDate`: the analysis,
    /// the JSON and the text all return, the JSON parses and the series stay bounded.
    func testExtremeRecordsGiveResultsForEveryTier() throws {
        let logs = (0..<60).map(Self.extremeLog) + episodes(6)
        let days = (0..<16).map(Self.extremeDay)
        let top = LocalDate(daysSinceEpoch: .max), bottom = LocalDate(daysSinceEpoch: .min)
        let windows: [(asOf: LocalDate, from: LocalDate?, to: LocalDate?)] = [
            (date("2026-03-31"), date("2025-01-01"), nil),
            (top, top.adding(days: -40), nil),
            (bottom, nil, nil),
            (date("2026-03-31"), bottom, top.adding(days: -(HeadacheInsights.maxWindowDays - 400))),
            (date("2026-03-31"), date("2026-03-31"), date("2026-03-01")),
            // The onsets saturated at the start of LocalDate make the longest window.
            (date("2026-03-31"), nil, nil),
        ]
        for tier in AuraeTier.allCases {
            for (n, w) in windows.enumerated() {
                for d in [nil, days] {
                    let r = HeadacheInsights.analyze(InsightsRequest(logs: logs, days: d, asOf: w.asOf, from: w.from, to: w.to, tier: tier),
                                                     config: sharedConfig)
                    XCTAssertEqual(r.episodeCount, r.resolvedCount + r.activeCount)
                    XCTAssertLessThanOrEqual(r.to - r.from, HeadacheInsights.maxWindowDays)
                    if let t = r.trends.value {
                        XCTAssertLessThanOrEqual(t.monthly.count, 120_001)
                        XCTAssertLessThanOrEqual(t.weekly.count, 521_776)
                        XCTAssertEqual(t.monthly.map(\.count).reduce(0, +), t.weekly.map(\.count).reduce(0, +))
                        for m in t.monthly.prefix(100) { XCTAssertTrue((1...12).contains(m.period.month)) }
                    }
                    // Half a million weekly rows take seconds in a debug build: the longest window
                    // is presented once, in the end-to-end test.
                    if n == windows.count - 1 && tier == .premium { continue }
                    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(r.json().utf8)), "\(tier) \(w)")
                    XCTAssertFalse(r.text().isEmpty)
                }
            }
        }
    }

    func testEmptyInputsGiveResults() {
        for tier in AuraeTier.allCases {
            let r = analyze([], days: [], tier: tier)
            XCTAssertEqual(r.episodeCount, 0)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(r.json().utf8)))
            XCTAssertFalse(r.text().isEmpty)
        }
    }

    /// A year typo in an onset makes the window centuries long: the series cover it, one row per
    /// period, in linear time.
    func testOnsetCenturiesEarlierMakesALongButBoundedWindow() {
        var logs = episodes(6)
        logs[0].onsetAt = ts("1026-03-01T09:00:00Z")
        let r = analyze(logs)
        XCTAssertEqual(r.from, date("1026-03-01"))
        let t = r.trends.value
        XCTAssertEqual(t?.monthly.count, 12_001)
        XCTAssertEqual(t?.monthly.map(\.count).reduce(0, +), 6)
        XCTAssertEqual(t?.weekly.map(\.count).reduce(0, +), 6)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(r.json().utf8)))
    }

    // MARK: The calendar arithmetic the analysis relies on, and the rules in Numbers.swift

    func testSaturatedCalendarAtTheEnds() {
        let top = Timestamp(epochSeconds: .max, offsetSeconds: .max), bottom = Timestamp(epochSeconds: .min, offsetSeconds: .min)
        XCTAssertEqual(top.localSeconds, .max)
        XCTAssertEqual(bottom.localSeconds, .min)
        XCTAssertEqual(top.localDate, LocalDate(daysSinceEpoch: .max))
        XCTAssertEqual(bottom.localDate, LocalDate(daysSinceEpoch: .min))
        XCTAssertTrue((0..<1440).contains(top.localMinuteOfDay))
        XCTAssertTrue((0..<1440).contains(bottom.localMinuteOfDay))
        XCTAssertFalse(bottom.description.isEmpty)
        XCTAssertEqual(LocalDate(daysSinceEpoch: .max).adding(days: 1), LocalDate(daysSinceEpoch: .max))
        XCTAssertEqual(LocalDate(daysSinceEpoch: .min).adding(days: .min), LocalDate(daysSinceEpoch: .min))
        XCTAssertEqual(elapsedNanoseconds(from: bottom, to: top),
                       (Int128(Int64.max) - Int128(Int64.min)) * 1_000_000_000)
        XCTAssertEqual(YearMonth(index: -1).year, -1)
        XCTAssertEqual(YearMonth(index: -1).month, 12)
        XCTAssertEqual(YearMonth(index: -12).month, 1)
    }

    func testRoundingSaturatesInsteadOfOverflowing() {
        XCTAssertEqual(Rounding.text(Int128.max, 1, places: 3), Rounding.format(scaled: .max, places: 3))
        XCTAssertEqual(Rounding.text(Int128.min + 1, 1, places: 1), Rounding.format(scaled: -.max, places: 1))
        XCTAssertEqual(Rounding.text(Int128.max, Int128.max, places: 3), "1.0")
        XCTAssertEqual(Rounding.text(Int128.max - 1, Int128.max, places: 3), "1.0")
        XCTAssertEqual(Rounding.text(Int128.max / 3, Int128.max, places: 4), "0.3333")
        XCTAssertEqual(Rounding.text(1, 0, places: 1), "0.0")
        XCTAssertEqual(Rounding.text(0, Int128.min, places: 1), "0.0")
        XCTAssertEqual(Rounding.text(Int128.min, Int128.min, places: 2), "1.0")
        XCTAssertEqual(Rounding.text(Int128.min, 1, places: 0), Rounding.format(scaled: -.max, places: 0))
        XCTAssertEqual(Rounding.text(Double.nan, places: 4), "0.0")
        XCTAssertEqual(Rounding.text(Double.infinity, places: 1), Rounding.format(scaled: .max, places: 1))
        XCTAssertEqual(Rounding.text(-1e300, places: 1), Rounding.format(scaled: -.max, places: 1))
        // Unchanged for ordinary values: half away from zero, as (2·|num|·10^places + |den|) / (2·|den|).
        var g = SeededGenerator(seed: 11)
        for _ in 0..<10_000 {
            let num = Int128(g.int(-1_000_000_000_000...1_000_000_000_000)) * Int128(g.int(-9_999...9_999))
            let den = Int128(g.int(1...3_600_000_000_000)) * (g.int(0...1) == 0 ? 1 : -1)
            let places = g.int(0...4)
            var p: Int128 = 1
            for _ in 0..<places { p *= 10 }
            let mag = ((num * p).magnitude * 2 + den.magnitude) / (2 * den.magnitude)
            let expected = (num < 0) != (den < 0) ? -Int128(mag) : Int128(mag)
            XCTAssertEqual(Rounding.scaled(num, den, places: places), expected, "\(num)/\(den) \(places)")
        }
        XCTAssertEqual(Rounding.text(7, 9, places: 3), "0.778")
        XCTAssertEqual(Rounding.text(-1, 8, places: 2), "-0.13")
        XCTAssertEqual(Rounding.text(5, -2, places: 0), "-3")
    }

    // MARK: Synthetic data at the ends of its parameters

    func testSyntheticGeneratorsTakeAnyParameters() {
        var g = SeededGenerator(seed: 3), h = SeededGenerator(seed: 3)
        for range in [0...0, -5...5, 1...5, 0...359] {
            XCTAssertEqual(g.int(range), range.lowerBound + Int(h.next() % UInt64(range.count)), "\(range)")
        }
        _ = g.int(Int.min...Int.max)
        XCTAssertEqual(g.int(Int.max...Int.max), Int.max)
        let top = LocalDate(daysSinceEpoch: .max)
        XCTAssertEqual(SyntheticAurae.days(from: top.adding(days: -2), to: top, seed: 1).map(\.date.daysSinceEpoch),
                       [Int32.max - 2, Int32.max - 1, Int32.max])
        XCTAssertTrue(SyntheticAurae.days(from: top, to: date("2026-01-01"), seed: 1).isEmpty)
        XCTAssertTrue(SyntheticAurae.logs(count: -1, seed: 1).isEmpty)
        XCTAssertTrue(SyntheticExport.rows(count: -3).isEmpty)
    }
}
