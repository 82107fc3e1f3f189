import Catalog
@testable import CuraKnot
import Ingest
import TestSupport
import XCTest

/// The care analysis does work linear in its input (issue 21, item 4): the work is counted, not
/// timed. Three handoffs with 800 symptoms each (24 KB) gave 322,000 CORRELATION insights; a
/// handoff now lists at most `Handoff.maxSymptoms` symptoms of at most `Handoff.maxSymptomBytes`
/// bytes, the readers refuse more where they read it and the store refuses more where it is read
/// back, and every rule indexes its window once instead of scanning it once per symptom.
final class PatternWorkTests: XCTestCase {
    var rules: PatternRules!
    let asOf = LocalDate(year: 2026, month: 3, day: 15)!

    override func setUpWithError() throws {
        rules = PatternRules(settings: try PatternSettings.load(TemplateSet(directory: TestPaths.templates, app: "curaknot")))
    }

    /// The review's file: three handoffs with 800 symptoms each.
    static func hostileHandoffs(symptoms: Int = 800, handoffs: Int = 3) -> String {
        let list = (0..<symptoms).map { "\"s\($0)\"" }.joined(separator: ",")
        let records = (0..<handoffs).map { i in
            #"{"id": "h\#(i)", "circleId": "c-1", "patientId": "p-1", "authorId": "u-1", "createdAt": "2026-03-1\#(i % 5)T10:00:00Z", "#
                + #""type": "VISIT", "symptoms": [\#(list)]}"#
        }
        return "{\"handoffs\": [\n" + records.joined(separator: ",\n") + "\n]}\n"
    }

    func testTheReviewsFileIsRefusedWhereItIsRead() throws {
        let text = Self.hostileHandoffs()
        XCTAssertLessThan(text.utf8.count, 30_000)
        let errors = diagnostics { _ = try readText(text, "hostile.json", HandoffReader.read) }
        XCTAssertEqual(errors.count, 3)
        XCTAssertTrue(errors.allSatisfy { $0.hasPrefix("hostile.json:") && $0.hasSuffix(": error: symptoms lists more than 50 symptoms, the most a handoff may list") },
                      "\(errors)")
        // Each at the first symptom over the limit, on its own handoff's line.
        XCTAssertEqual(errors.map { $0.split(separator: ":")[1] }, ["2", "3", "4"])
        let csv = "id,circle_id,patient_id,author_id,created_at,type,symptoms\nh1,c,p,u,2026-03-10T10:00:00Z,VISIT,"
            + (0..<51).map { "s\($0)" }.joined(separator: ";") + "\n"
        XCTAssertEqual(diagnostics { _ = try readText(csv, "h.csv", HandoffReader.read) },
                       ["h.csv:2:7: error: symptoms lists more than 50 symptoms, the most a handoff may list"])
        let atLimit = "id,circle_id,patient_id,author_id,created_at,type,symptoms\nh1,c,p,u,2026-03-10T10:00:00Z,VISIT,"
            + (0..<50).map { "s\($0)" }.joined(separator: ";") + "\n"
        XCTAssertEqual(try readText(atLimit, "h.csv", HandoffReader.read).records.first?.symptoms.count, 50)
    }

    func testASymptomLongerThanTheLimitIsRefused() throws {
        let long = String(repeating: "é", count: 101)   // 202 bytes
        let json = #"{"handoffs": [{"id": "h1", "circleId": "c", "patientId": "p", "authorId": "u", "createdAt": "2026-03-10T10:00:00Z", "type": "CALL", "symptoms": ["cough", "\#(long)"]}]}"#
        XCTAssertEqual(diagnostics { _ = try readText(json, "h.json", HandoffReader.read) },
                       ["h.json:1:155: error: symptoms[2] is 202 bytes, more than the 200 a symptom may have"])
        let fits = String(repeating: "é", count: 100)
        XCTAssertEqual(try readText(json.replacingOccurrences(of: long, with: fits), "h.json", HandoffReader.read).records.count, 1)
    }

    /// A store written past the readers (another program, an older build) is refused where the
    /// analysis reads it back: exit status 4, naming the handoff.
    func testAStoreHoldingMoreSymptomsIsRefusedWhereTheAnalysisReadsIt() throws {
        let dir = try TestPaths.temporaryDirectory("care-work")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try CareStore(path: dir.appendingPathComponent("s.sqlite").path)
        let many = (0..<800).map { "s\($0)" }
        try store.ingest(CareRecords(handoffs: (0..<3).map { i in
            Handoff(id: "h\(i)", circleId: "c-1", patientId: "p-1", authorId: "u-1", createdAt: parseTimestamp("2026-03-1\(i)T10:00:00Z")!,
                    type: .visit, symptoms: many)
        }))
        XCTAssertThrowsError(try store.surfacePatterns(rules: rules, asOf: asOf)) { error in
            XCTAssertEqual((error as? StoreError)?.message,
                           "the store \(dir.appendingPathComponent("s.sqlite").path) cannot be used: handoff \"h0\" lists more than 50 symptoms, the most a handoff may list")
        }
    }

    func work(_ handoffs: [PatternHandoff]) -> (findings: [Finding], work: Int) {
        var work = 0
        let findings = rules.findings(handoffs, asOf: asOf, work: &work)
        return (findings, work)
    }

    /// Handoffs at the limit, all naming the same 50 symptoms: every pair of them surfaces. The
    /// work per handoff is a constant (the 1,225 pairs and the mentions), whatever the number of
    /// handoffs.
    func testWorkPerHandoffIsBoundedAtTheLimit() {
        let keys = Set((0..<Handoff.maxSymptoms).map { "s\($0)" })
        var perHandoff: [Double] = []
        for count in [3, 30, 300] {
            let handoffs = (0..<count).map { PatternHandoff(id: "h\($0)", date: asOf.adding(days: -($0 % 7)), authorId: "u", authorName: nil, keys: keys) }
            let (findings, w) = work(handoffs)
            XCTAssertEqual(findings.filter { $0.type == .correlation }.count, 50 * 49 / 2)
            perHandoff.append(Double(w) / Double(count))
            XCTAssertLessThanOrEqual(w, count * (Handoff.maxSymptoms * (Handoff.maxSymptoms - 1) / 2 + 8 * Handoff.maxSymptoms + 1))
        }
        XCTAssertLessThanOrEqual(perHandoff.max()! / perHandoff.min()!, 1.05, "\(perHandoff)")
    }

    /// Many distinct symptoms, one a handoff, all in the last week: scanning the window once per
    /// symptom was quadratic; the indexed rules are linear.
    func testWorkIsLinearInDistinctSymptoms() {
        func handoffs(_ n: Int) -> [PatternHandoff] {
            (0..<n).map { PatternHandoff(id: "h\($0)", date: asOf.adding(days: -($0 % 7)), authorId: "u", authorName: nil, keys: ["s\($0)"]) }
        }
        let small = work(handoffs(2_000)).work, large = work(handoffs(8_000)).work
        XCTAssertLessThanOrEqual(Double(large), 4.2 * Double(small), "\(small) → \(large)")
        XCTAssertLessThanOrEqual(large, 8 * 8_000)
    }

    /// The indexed rules find exactly what the spec's rules, written out plainly, find: on seeded
    /// random handoffs around every window edge.
    func testTheIndexedRulesAgreeWithThePlainRules() {
        var g = HostileText(seed: 21)
        let vocabulary = ["dizziness", "nausea", "fatigue", "cough", "swelling", "confusion", "pain"]
        for round in 0..<200 {
            let count = g.int(40)
            let handoffs = (0..<count).map { i in
                PatternHandoff(id: "h\(round)-\(g.int(1000))-\(i)", date: asOf.adding(days: 2 - g.int(60)), authorId: "u", authorName: nil,
                               keys: Set((0..<g.int(4)).map { _ in vocabulary[g.int(vocabulary.count)] }))
            }
            XCTAssertEqual(rules.findings(handoffs, asOf: asOf), plain(handoffs), "round \(round)")
        }
    }

    /// The rules as the spec states them, one filter per window and symptom.
    func plain(_ all: [PatternHandoff]) -> [Finding] {
        let s = rules.settings, a = asOf
        let handoffs = all.filter { $0.date <= a }.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        func within(_ from: LocalDate, _ to: LocalDate) -> [PatternHandoff] { handoffs.filter { $0.date >= from && $0.date <= to } }
        func mentioning(_ key: String, _ list: [PatternHandoff]) -> [PatternHandoff] { list.filter { $0.keys.contains(key) } }
        func keys(_ list: [PatternHandoff]) -> [String] { Set(list.flatMap(\.keys)).sorted() }
        var out: [Finding] = []
        let week = within(a.adding(days: 1 - s.frequency.windowDays), a)
        for key in keys(week) where mentioning(key, week).count >= s.frequency.minCount {
            out.append(Finding(type: .frequency, key: key, symptoms: [key], count: mentioning(key, week).count, previousCount: nil,
                               firstMentioned: nil, from: a.adding(days: 1 - s.frequency.windowDays), to: a, sources: mentioning(key, week)))
        }
        let recentFrom = a.adding(days: 1 - s.trend.windowDays), earlierFrom = a.adding(days: 1 - 2 * s.trend.windowDays)
        let recent = within(recentFrom, a), earlier = within(earlierFrom, recentFrom.adding(days: -1))
        for key in keys(recent) {
            let now = mentioning(key, recent), before = mentioning(key, earlier)
            if now.count >= s.trend.minCount && now.count >= s.trend.factor * before.count {
                out.append(Finding(type: .trend, key: key, symptoms: [key], count: now.count, previousCount: before.count,
                                   firstMentioned: nil, from: earlierFrom, to: a, sources: before + now))
            }
        }
        let month = within(a.adding(days: 1 - s.correlation.windowDays), a)
        let allKeys = keys(month)
        for (i, x) in allKeys.enumerated() { for y in allKeys.dropFirst(i + 1) {
            let both = month.filter { $0.keys.contains(x) && $0.keys.contains(y) }
            if both.count >= s.correlation.minCount {
                out.append(Finding(type: .correlation, key: x + "+" + y, symptoms: [x, y], count: both.count, previousCount: nil,
                                   firstMentioned: nil, from: a.adding(days: 1 - s.correlation.windowDays), to: a, sources: both))
            }
        } }
        let newFrom = a.adding(days: 1 - s.new.windowDays)
        for key in keys(handoffs) {
            guard let first = handoffs.first(where: { $0.keys.contains(key) })?.date, first >= newFrom else { continue }
            let hits = mentioning(key, within(newFrom, a))
            out.append(Finding(type: .new, key: key, symptoms: [key], count: hits.count, previousCount: nil,
                               firstMentioned: first, from: newFrom, to: a, sources: hits))
        }
        let quietFrom = a.adding(days: 1 - s.absence.quietDays), beforeFrom = quietFrom.adding(days: -s.absence.earlierDays)
        let quiet = within(quietFrom, a), before = within(beforeFrom, quietFrom.adding(days: -1))
        for key in keys(before) where mentioning(key, quiet).isEmpty && mentioning(key, before).count >= s.absence.minEarlier {
            out.append(Finding(type: .absence, key: key, symptoms: [key], count: mentioning(key, before).count, previousCount: nil,
                               firstMentioned: nil, from: beforeFrom, to: a, sources: mentioning(key, before)))
        }
        return out.sorted { ($0.type, $0.key) < ($1.type, $1.key) }
    }
}
