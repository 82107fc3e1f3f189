@testable import Aurae
import Aurae
import Ingest
import ReportKit
import XCTest

/// True when the JSON text of a value has no digit in it.
func hasNoDigits(_ v: JSONOutput?) -> Bool {
    guard let v else { return false }
    return !v.serialized().contains { $0.isNumber }
}

final class RulesTests: XCTestCase {
    // MARK: hard thresholds

    func testPatternThresholdAtAndAroundFive() {
        // 4 resolved + 3 active: active episodes do not count toward N.
        let below = analyze(episodes(4) + [log("x1", "2026-03-20T10:00:00Z"), log("x2", "2026-03-21T10:00:00Z"),
                                           log("x3", "2026-03-22T10:00:00Z")])
        XCTAssertEqual(below.status, .collecting)
        XCTAssertEqual(below.resolvedCount, 4); XCTAssertEqual(below.activeCount, 3)
        for key in ["factors", "weather", "sleep", "dayOfWeek", "timeOfDay", "medications", "trends"] {
            let section = below.jsonValue()[key]
            XCTAssertEqual(section?["status"], .string("collecting"), key)
            XCTAssertTrue(hasNoDigits(section), "\(key) shows a number below its threshold")
        }
        XCTAssertTrue(below.messages.contains("Keep logging — patterns will appear after a few more entries"))
        XCTAssertFalse(below.messages.contains { $0.hasPrefix("Based on your") })
        // Collecting sections' text has no digits.
        for s in below.sections where ["factors", "weather", "sleep", "dayOfWeek", "timeOfDay", "medications", "trends"].contains(s.id) {
            XCTAssertFalse(s.lines.joined().contains { $0.isNumber }, s.id)
        }

        let at = analyze(episodes(5))
        XCTAssertEqual(at.status, .ready)
        XCTAssertNotNil(at.factors.value); XCTAssertNotNil(at.dayOfWeek.value); XCTAssertNotNil(at.trends.value)
        XCTAssertTrue(at.messages.contains("Based on your 5 logged episodes"))
        XCTAssertTrue(at.weather.isCollecting)
        XCTAssertEqual(analyze(episodes(6)).status, .ready)
    }

    func testWeatherThresholdAtAndAroundTen() {
        let edit: (Int, inout HeadacheLog) -> Void = { i, l in l.weather.pressureTrend = i % 2 == 0 ? .falling : .stable }
        XCTAssertTrue(analyze(episodes(9, edit)).weather.isCollecting)
        XCTAssertTrue(hasNoDigits(analyze(episodes(9, edit)).jsonValue()["weather"]))
        let at = analyze(episodes(10, edit)).weather.value!
        XCTAssertEqual(at.map(\.id), ["pressureFalling"])
        XCTAssertEqual(at[0].count, 5); XCTAssertEqual(at[0].known, 10); XCTAssertEqual(at[0].share.text, "0.5")
        XCTAssertNotNil(analyze(episodes(11, edit)).weather.value)
        let text = analyze(episodes(10, edit)).sections.first { $0.id == "weather" }!
        XCTAssertEqual(text.heading, "Weather Association")
        for line in text.lines {
            XCTAssertTrue(line.contains("around"), line)
            XCTAssertTrue(line.hasSuffix("may be worth discussing with your care team."), line)
        }
    }

    func testSleepComparisonNeedsFivePerGroup() {
        func logs(short: Int, typical: Int) -> [HeadacheLog] {
            episodes(short + typical) { i, l in
                l.sleep.hours = i < short ? 5.9 : 6
                l.severity = i < short ? 4 : 2
                l.resolvedAt = Timestamp(epochSeconds: l.onsetAt.epochSeconds + (i < short ? 5400 : 3600), offsetSeconds: 0)
            }
        }
        XCTAssertTrue(analyze(logs(short: 4, typical: 9)).sleep.isCollecting)
        XCTAssertTrue(analyze(logs(short: 9, typical: 4)).sleep.isCollecting)
        XCTAssertTrue(hasNoDigits(analyze(logs(short: 4, typical: 9)).jsonValue()["sleep"]))
        let s = analyze(logs(short: 5, typical: 5)).sleep.value!
        XCTAssertEqual(s.short.count, 5); XCTAssertEqual(s.typical.count, 5)
        XCTAssertEqual(s.short.meanSeverity.text, "4.0"); XCTAssertEqual(s.short.meanDurationHours.text, "1.5")
        XCTAssertEqual(s.typical.meanDurationHours.text, "1.0")
        XCTAssertNotNil(analyze(logs(short: 6, typical: 5)).sleep.value)
        let lines = analyze(logs(short: 5, typical: 5)).sections.first { $0.id == "sleep" }!.lines
        XCTAssertTrue(lines[0].contains("preceded by"))
        XCTAssertEqual(lines.last, "Sleep patterns may be worth discussing with your care team.")
    }

    func testFactorListingThresholds() {
        // known 4 -> not listed, even at 100 %.
        XCTAssertNil(analyze(episodes(10) { i, l in if i < 4 { l.retrospective.alcohol = true } })
            .factors.value!.first { $0.id == "alcohol" })
        // count 1 of 5 -> not listed (count < 2); count 2 of 5 -> listed.
        XCTAssertNil(analyze(episodes(10) { i, l in if i < 5 { l.retrospective.alcohol = i == 0 } })
            .factors.value!.first { $0.id == "alcohol" })
        XCTAssertNotNil(analyze(episodes(10) { i, l in if i < 5 { l.retrospective.alcohol = i < 2 } })
            .factors.value!.first { $0.id == "alcohol" })
        // Share just below 0.10 (2 of 21) is not listed; exactly 0.10 (2 of 20) is "Occasionally present".
        XCTAssertNil(analyze(episodes(21) { i, l in l.retrospective.caffeine = i < 2 }).factors.value!.first { $0.id == "caffeine" })
        let ten = analyze(episodes(20) { i, l in l.retrospective.caffeine = i < 2 }).factors.value!.first { $0.id == "caffeine" }!
        XCTAssertEqual(ten.frequencyText, "Occasionally present"); XCTAssertEqual(ten.share.text, "0.1")
        // Label boundaries compare the exact fraction.
        func label(_ n: Int, of k: Int) -> String {
            analyze(episodes(k) { i, l in l.retrospective.skippedMeal = i < n }, asOf: "2026-12-31").factors.value!.first { $0.id == "skippedMeal" }!.frequencyText
        }
        XCTAssertEqual(label(29, of: 100), "Occasionally present")
        XCTAssertEqual(label(3, of: 10), "Sometimes present")
        XCTAssertEqual(label(59, of: 100), "Sometimes present")
        XCTAssertEqual(label(6, of: 10), "Frequently present")
        XCTAssertEqual(label(2, of: 3 * 1 + 2), "Sometimes present")  // 0.4
    }

    func testFactorDefinitionsAndUnknowns() {
        let logs = episodes(10) { i, l in
            // poorSleep: hours < 6 OR quality <= 2; unknown only if both are empty.
            switch i {
            case 0: l.sleep.hours = 5.99
            case 1: l.sleep.quality = 2
            case 2: l.sleep.hours = 8; l.sleep.quality = 3
            case 3: l.sleep.hours = 6; l.sleep.quality = 5
            case 4: l.sleep.quality = 3
            default: break
            }
            l.retrospective.stressLevel = i < 5 ? [4, 3, 5, 1, 2][i] : nil
            l.retrospective.hydrationGlasses = i < 5 ? [3, 4, 0, 8, 8][i] : nil
            l.retrospective.screenTimeHours = i < 5 ? [6, 5.9, 7, 1, 1][i] : nil
            if i < 6 { l.retrospective.foods = i < 3 ? ["agedCheese", "Pizza"] : ["pasta"] }
            if i < 5 { l.retrospective.environment = i < 2 ? [.brightLights] : [.loudNoise] }
            if i < 5 { l.retrospective.cyclePhase = i < 2 ? .menstrual : .luteal }
        }
        let f = Dictionary(uniqueKeysWithValues: analyze(logs).factors.value!.map { ($0.id, $0) })
        XCTAssertEqual(f["poorSleep"]?.count, 2); XCTAssertEqual(f["poorSleep"]?.known, 5)
        XCTAssertEqual(f["highStress"]?.count, 2); XCTAssertEqual(f["highStress"]?.known, 5)
        XCTAssertEqual(f["lowHydration"]?.count, 2)
        XCTAssertEqual(f["longScreenTime"]?.count, 2)
        XCTAssertEqual(f["agedCheese"]?.count, 3); XCTAssertEqual(f["agedCheese"]?.known, 6)
        XCTAssertEqual(f["brightLights"]?.count, 2); XCTAssertEqual(f["brightLights"]?.known, 5)
        XCTAssertEqual(f["loudNoise"]?.count, 3)
        XCTAssertEqual(f["menstrualPhase"]?.count, 2)
        XCTAssertEqual(f["menstrualPhase"]?.label, "Menstrual phase")
        XCTAssertNil(f["chocolate"])  // 0 of 6
        // Order: share desc, then count desc, then id.
        let ids = analyze(logs).factors.value!.map(\.id)
        XCTAssertEqual(ids, ["loudNoise", "agedCheese", "brightLights", "highStress", "longScreenTime",
                             "lowHydration", "menstrualPhase", "poorSleep"])
    }

    // MARK: local dates

    func testLocalDatesUseTheWrittenOffset() {
        // 23:30-05:00 on Sunday 1 March is Monday 2 March 04:30 UTC: counted as Sunday evening.
        let logs = (0..<5).map { i in
            log("o\(i)", "2026-03-0\(i + 1)T23:30:00-05:00", "2026-03-0\(i + 2)T01:00:00-05:00")
        }
        let r = analyze(logs, asOf: "2026-03-31")
        let dow = r.dayOfWeek.value!
        XCTAssertEqual(dow, [1, 1, 1, 1, 0, 0, 1])  // Sun 1 .. Thu 5
        XCTAssertEqual(r.timeOfDay.value!.map(\.count), [0, 0, 0, 5])
        // Band boundaries: 05:59 Night, 06:00 Morning, 11:59 Morning, 12:00 Afternoon, 17:59, 18:00.
        let b = analyze(["00:00", "05:59", "06:00", "11:59", "12:00", "17:59", "18:00", "23:59"].enumerated().map {
            log("b\($0.offset)", "2026-03-10T\($0.element):00+09:00", "2026-03-10T23:59:59+09:00")
        })
        XCTAssertEqual(b.timeOfDay.value!.map(\.count), [2, 2, 2, 2])
    }

    func testOnsetWindowUsesLocalDate() {
        // Local 1 March 00:30+02:00 is 28 Feb in UTC: inside a window starting 1 March.
        let logs = episodes(5, start: "2026-03-02") + [log("edge", "2026-03-01T00:30:00+02:00", "2026-03-01T02:00:00+02:00")]
        let r = analyze(logs, from: "2026-03-01")
        XCTAssertEqual(r.resolvedCount, 6)
        let r2 = analyze(logs, from: "2026-03-02")
        XCTAssertEqual(r2.resolvedCount, 5)
        XCTAssertEqual(analyze(logs, to: "2026-03-01").resolvedCount, 1)
    }

    // MARK: frequency and streaks

    func testHeadacheDaysCountEveryDayTouched() {
        let logs = [
            // Three local days: 28, 29, 30 March.
            log("m", "2026-03-28T22:00:00-04:00", "2026-03-30T02:00:00-04:00"),
            // Same day as above: not double-counted.
            log("n", "2026-03-29T10:00:00-04:00", "2026-03-29T12:00:00-04:00"),
            // Starts before the 30-day window (1 March is the first day for as-of 30 March): only 1 March counts.
            log("p", "2026-02-27T10:00:00Z", "2026-03-01T12:00:00Z"),
        ]
        let f = analyze(logs, asOf: "2026-03-30").frequency
        XCTAssertEqual(f.headacheDaysLast30, 4)
        XCTAssertEqual(f.episodesLast30, 2); XCTAssertEqual(f.episodesPrevious30, 1)
        XCTAssertEqual(f.currentStreakDays, 0)
        // An active episode counts through the as-of date and hides the streak.
        let active = analyze(logs + [log("q", "2026-03-25T10:00:00Z")], asOf: "2026-03-30")
        XCTAssertEqual(active.frequency.headacheDaysLast30, 7)  // 1 and 25..30
        XCTAssertEqual(active.frequency.episodesLast30, 3)  // the active one counts too
        XCTAssertNil(active.frequency.currentStreakDays)
        XCTAssertNil(active.jsonValue()["frequency"]?["currentStreakDays"])
    }

    func testEpisodesLast30Boundaries() {
        let asOf = date("2026-03-31")
        func at(_ back: Int) -> HeadacheLog {
            let d = asOf.adding(days: -back).description
            return log("b\(back)", "\(d)T12:00:00Z", "\(d)T13:00:00Z")
        }
        let f = analyze([at(0), at(29), at(30), at(59), at(60)]).frequency
        XCTAssertEqual(f.episodesLast30, 2); XCTAssertEqual(f.episodesPrevious30, 2)
        XCTAssertEqual(f.currentStreakDays, 0)
    }

    func testActiveEpisodesCountInBothPeriodsAndTheTrends() {
        let asOf = date("2026-03-31")
        func at(_ back: Int, resolved: Bool) -> HeadacheLog {
            let d = asOf.adding(days: -back).description
            return resolved ? log("r\(back)", "\(d)T12:00:00Z", "\(d)T13:00:00Z") : log("a\(back)", "\(d)T12:00:00Z")
        }
        // Active episodes at each edge of both periods: as-of day, day 29 back, day 30 back, day 59 back.
        let actives = [at(0, resolved: false), at(29, resolved: false), at(30, resolved: false), at(59, resolved: false)]
        let resolved = (0..<5).map { at(70 + $0, resolved: true) }
        let r = analyze(actives + resolved + [at(60, resolved: false)])
        XCTAssertEqual(r.frequency.episodesLast30, 2); XCTAssertEqual(r.frequency.episodesPrevious30, 2)
        XCTAssertEqual(r.resolvedCount, 5); XCTAssertEqual(r.activeCount, 5)
        // The trends count every episode with onset in the window; the threshold still needs 5 resolved.
        let t = r.trends.value!
        XCTAssertEqual(t.monthly.map(\.count).reduce(0, +), 10)
        XCTAssertEqual(t.weekly.map(\.count).reduce(0, +), 10)
        XCTAssertEqual(t.monthly.last?.count, 3)  // March: the active episodes of 31, 2 and 1 March
        // Patterns stay on resolved episodes: the day-of-week counts add up to N.
        XCTAssertEqual(r.dayOfWeek.value?.reduce(0, +), 5)
        // Below the resolved threshold, active episodes do not unlock the trends.
        XCTAssertTrue(analyze(actives + resolved.prefix(4)).trends.isCollecting)
    }

    func testStreak() {
        XCTAssertEqual(analyze([log("a", "2026-03-20T10:00:00Z", "2026-03-27T23:00:00-03:00")]).frequency.currentStreakDays, 4)
        XCTAssertNil(analyze([log("a", "2026-03-20T10:00:00Z")]).frequency.currentStreakDays)
        XCTAssertNil(analyze([]).frequency.currentStreakDays)
        let r = analyze([log("a", "2026-03-20T10:00:00Z", "2026-03-31T08:00:00Z")])
        XCTAssertEqual(r.frequency.currentStreakDays, 0)
        XCTAssertTrue(r.messages.contains("Headache-free today"))
    }

    // MARK: medication ratings and classes

    func testMedicationRatings() {
        let logs = episodes(6) { i, l in
            let taken = l.onsetAt.description
            l.retrospective.medications = [med(i % 2 == 0 ? " Ibuprofen " : "ibuprofen", taken, acute: true, effectiveness: i < 4 ? i + 1 : nil)]
            if i == 5 { l.retrospective.medications.append(med("Sumatriptan", "2026-03-06T11:00:00Z")) } // after resolution: excluded
            l.resolvedAt = Timestamp(epochSeconds: l.onsetAt.epochSeconds + Int64([3600, 7200, 1800, 5400, 9000, 900][i]), offsetSeconds: 0)
        }
        let meds = analyze(logs).medications.value!
        XCTAssertEqual(meds.map(\.name), ["ibuprofen", "sumatriptan"])
        XCTAssertEqual(meds[0].timesTaken, 6); XCTAssertEqual(meds[0].ratedCount, 4)
        XCTAssertEqual(meds[0].meanEffectiveness?.text, "2.5")
        // Hours 1, 2, 0.5, 1.5, 2.5, 0.25 -> sorted middle 1 and 1.5 -> 1.25 -> 1.3
        XCTAssertEqual(meds[0].medianHoursToResolution?.text, "1.3")
        XCTAssertNil(meds[1].medianHoursToResolution); XCTAssertNil(meds[1].meanEffectiveness)
        let text = analyze(logs).sections.first { $0.id == "medications" }!
        XCTAssertEqual(text.heading, "Your Medication Ratings")
        XCTAssertEqual(text.lines.first, "Your ratings reflect your own experience and are not a recommendation to use or stop any medication. Discuss medication changes with your care team.")
    }

    func testAcuteDaysByClass() {
        var logs: [HeadacheLog] = []
        // March: sumatriptan on 10 days (at the reference); ibuprofen + paracetamol on one day is
        // one simple-analgesic day, not a combination analgesic day; excedrin is combination.
        for d in 1...10 {
            let dd = d < 10 ? "0\(d)" : "\(d)"
            logs.append(log("s\(d)", "2026-03-\(dd)T08:00:00Z", "2026-03-\(dd)T09:00:00Z") {
                $0.retrospective.medications = [med("Sumatriptan 50 mg"), med("sumatriptan", acute: true)]
            })
        }
        logs.append(log("x", "2026-03-20T08:00:00Z", "2026-03-20T09:00:00Z") {
            $0.retrospective.medications = [med("Ibuprofen"), med("Paracetamol"), med("Excedrin Migraine"),
                                            med("Topiramate"), med("Tramadol", acute: false), med("Feverfew tea"), med("Propranolol", acute: true)]
        })
        // February: 9 triptan days (below the reference).
        for d in 1...9 {
            logs.append(log("f\(d)", "2026-02-0\(d)T08:00:00Z", "2026-02-0\(d)T09:00:00Z") { $0.retrospective.medications = [med("rizatriptan")] })
        }
        // December is outside the last three months.
        logs.append(log("old", "2025-12-15T08:00:00Z", "2025-12-15T09:00:00Z") { $0.retrospective.medications = [med("codeine")] })
        let months = analyze(logs).acuteDaysByClass.value!
        XCTAssertEqual(months.map(\.month.description), ["2026-01", "2026-02", "2026-03"])
        func cls(_ m: Int, _ id: String) -> ClassDays { months[m].classes.first { $0.id == id }! }
        XCTAssertEqual(cls(2, "triptans").days, 10)
        XCTAssertTrue(cls(2, "triptans").atOrAboveReference)
        XCTAssertEqual(cls(2, "triptans").note, "at or above the ICHD-3 reference of 10 days")
        XCTAssertEqual(cls(1, "triptans").days, 9); XCTAssertFalse(cls(1, "triptans").atOrAboveReference)
        XCTAssertNil(cls(1, "triptans").note)
        XCTAssertEqual(cls(2, "simpleAnalgesics").days, 1)
        XCTAssertEqual(cls(2, "combinationAnalgesics").days, 1)
        XCTAssertEqual(cls(2, "opioids").days, 0)
        XCTAssertEqual(cls(2, "otherAcute").days, 1)
        XCTAssertEqual(cls(2, "otherAcute").names, ["feverfew tea", "propranolol"])
        XCTAssertEqual(cls(0, "opioids").days, 0)
        XCTAssertTrue(analyze(logs, tier: .free).acuteDaysByClass.isLocked)
        // Simple analgesics reference is 15 days.
        let simple = (1...15).map { d in
            log("a\(d)", "2026-03-\(d < 10 ? "0" : "")\(d)T08:00:00Z", "2026-03-\(d < 10 ? "0" : "")\(d)T09:00:00Z") { $0.retrospective.medications = [med("aspirin")] }
        }
        let s14 = analyze(Array(simple.prefix(14))).acuteDaysByClass.value![2].classes.first { $0.id == "simpleAnalgesics" }!
        XCTAssertFalse(s14.atOrAboveReference)
        let s15 = analyze(simple).acuteDaysByClass.value![2].classes.first { $0.id == "simpleAnalgesics" }!
        XCTAssertTrue(s15.atOrAboveReference); XCTAssertEqual(s15.note, "at or above the ICHD-3 reference of 15 days")
    }

    // MARK: tiers and safety in the result

    func testFreeTierLocksPatternsButKeepsSafety() {
        let logs = episodes(12) { i, l in
            l.retrospective.alcohol = true
            if i == 0 { l.onsetSpeed = .instantaneous; l.severity = 5 }
        } + (1...10).map { d in
            log("m\(d)", "2026-03-\(d < 10 ? "0" : "")\(d)T20:00:00Z", "2026-03-\(d < 10 ? "0" : "")\(d)T21:00:00Z") {
                $0.retrospective.medications = [med("Ibuprofen")]
            }
        }
        let r = analyze(logs, tier: .free)
        let j = r.jsonValue()
        for key in ["factors", "weather", "sleep", "dayOfWeek", "timeOfDay", "medications", "trends", "acuteMedicationByClass"] {
            XCTAssertEqual(j[key], .object([("locked", .bool(true)), ("unlockedBy", .string("premium"))]), key)
        }
        XCTAssertEqual(j["redFlags"]?.serialized().contains("\"primary\""), true)
        XCTAssertEqual(j["medicationOveruse"]?["warning"], .bool(true))
        XCTAssertEqual(j["medicationOveruse"]?["acuteDays"], .int(10))
        XCTAssertEqual(j["medicationOveruse"]?["text"], .string(sharedTemplates.wording.entries["safety.overuseWarning"]!))
        let m = r.messages
        let warning = m.firstIndex(of: sharedTemplates.wording.entries["safety.overuseWarning"]!)!
        XCTAssertTrue(m[warning + 1].contains("When to Seek Medical Care"))
        XCTAssertTrue(m.contains(sharedTemplates.wording.entries["safety.redFlagPrimary"]!))
        XCTAssertFalse(m.contains(sharedTemplates.wording.entries["safety.redFlagSecondary"]!))
        XCTAssertTrue(m.contains("Last 30 Days"))
        XCTAssertEqual(m.suffix(2), ["Patterns are based on your logged data only. They are for informational purposes and do not constitute medical advice.",
                                     "For informational purposes only · Not medical advice"])
        XCTAssertNotNil(j["frequency"]?["headacheDaysLast30"])
    }

    // MARK: fair comparison

    func testFairComparisonAgainstScipy() {
        // Onsets on Jan 1, 4, ..., 28; alcohol on 8 of 10, caffeine on 5 of 10.
        let logs = (0..<10).map { i -> HeadacheLog in
            let d = date("2026-01-01").adding(days: 3 * i).description
            return log("h\(i)", "\(d)T09:00:00Z", "\(d)T11:00:00Z") {
                $0.retrospective.alcohol = i < 8
                $0.retrospective.caffeine = i < 5
            }
        }
        // Headache-free days (no onset that day or the next) among Jan 1..30: 1,4,...,28 offsets and 29 -> 11 days.
        var days: [DayContext] = []
        var free = 0
        for k in 0..<30 {
            var c = DayContext(date: date("2026-01-01").adding(days: k))
            let isFree = !(k % 3 == 0 && k <= 27) && !((k + 1) % 3 == 0 && k + 1 <= 27)
            if isFree { c.alcohol = free == 0; c.caffeine = free < 5; free += 1 } else { c.alcohol = true; c.caffeine = true }
            days.append(c)
        }
        XCTAssertEqual(free, 11)
        let r = analyze(logs, days: days, asOf: "2026-01-31")
        let f = Dictionary(uniqueKeysWithValues: r.factors.value!.map { ($0.id, $0) })
        XCTAssertEqual(f["alcohol"]?.baselineCount, 1); XCTAssertEqual(f["alcohol"]?.baselineKnown, 11)
        XCTAssertEqual(f["caffeine"]?.baselineCount, 5)
        // scipy: fisher_exact([[8,2],[1,10]],'greater') = 0.0017180961453407272; [[5,5],[5,6]] = 0.5900214336746844;
        // false_discovery_control -> 0.0034361922906814544, 0.5900214336746844.
        let a = f["alcohol"]!.association!, c = f["caffeine"]!.association!
        XCTAssertEqual(a.p!, 0.0017180961453407272, accuracy: 1e-12)
        XCTAssertEqual(a.q!, 0.0034361922906814544, accuracy: 1e-12)
        XCTAssertTrue(a.supported)
        XCTAssertEqual(c.p!, 0.5900214336746844, accuracy: 1e-12)
        XCTAssertFalse(c.supported)
        XCTAssertTrue(r.messages.contains("Alcohol may be associated with your headaches."))
        XCTAssertFalse(r.messages.contains("Caffeine may be associated with your headaches."))
        XCTAssertTrue(r.messages.contains("Before 8 of 10 headaches; on 1 of 11 headache-free days."))
        let json = r.jsonValue()["factors"]!.serialized()
        XCTAssertTrue(json.contains("\"p\": 0.0017"), json)
        XCTAssertTrue(json.contains("\"q\": 0.0034"))
        // Without a days file there is no association claim and no baseline.
        let plain = analyze(logs, asOf: "2026-01-31")
        XCTAssertNil(plain.factors.value!.first!.association)
        XCTAssertNil(plain.factors.value!.first!.baselineKnown)
        XCTAssertFalse(plain.messages.contains { $0.contains("may be associated with your headaches") })
    }

    func testAssociationGateNeedsFiveExposedAndUnexposed() {
        // Exposed days: 3 episodes + 1 free day = 4 < 5 -> not tested, never supported.
        let logs = (0..<10).map { i -> HeadacheLog in
            let d = date("2026-01-01").adding(days: 3 * i).description
            return log("h\(i)", "\(d)T09:00:00Z", "\(d)T11:00:00Z") { $0.retrospective.alcohol = i < 3 }
        }
        var days: [DayContext] = []
        var free = 0
        for k in 0..<30 {
            var c = DayContext(date: date("2026-01-01").adding(days: k))
            let isFree = !(k % 3 == 0 && k <= 27) && !((k + 1) % 3 == 0 && k + 1 <= 27)
            if isFree { c.alcohol = free == 0; free += 1 }
            days.append(c)
        }
        let a = analyze(logs, days: days, asOf: "2026-01-31").factors.value!.first { $0.id == "alcohol" }!
        XCTAssertEqual(a.association, Association(tested: false, p: nil, q: nil, supported: false))
    }
}
