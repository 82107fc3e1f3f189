import Catalog
import Foundation
import Gentle
import Ingest
import TestSupport
import XCTest

/// The copy guide of Gentle Days (seed §14.1): no template string and no output of the samples
/// uses a disallowed word (case-insensitive, whole phrase), and the seed's notification texts
/// are verbatim, with the real U+1F49C.
final class GentleCopyTests: XCTestCase {
    static let disallowed = ["tracking", "optimization", "hormonal insights", "analytics", "data", "metrics", "patterns",
                             "trends", "efficient", "productive", "performance", "symptoms", "cycles", "irregular",
                             "streak", "achievement", "level up", "points"]

    /// Each phrase with its matcher: the phrase in any case, not inside a longer word.
    static let matchers: [(String, NSRegularExpression?)] = disallowed.map { phrase in
        let pattern = "(?<![\\p{L}\\p{N}])" + NSRegularExpression.escapedPattern(for: phrase) + "(?![\\p{L}\\p{N}])"
        return (phrase, try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]))
    }

    static func disallowedPhrases(in text: String) -> [String] {
        matchers.filter { _, re in
            guard let re else { return true }
            return re.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }.map(\.0)
    }

    func testTheMatcherFindsWholePhrasesInAnyCase() {
        XCTAssertEqual(Self.disallowedPhrases(in: "Your DATA, your Level Up"), ["data", "level up"])
        XCTAssertEqual(Self.disallowedPhrases(in: "update validated streaks database"), [])
        XCTAssertEqual(Self.disallowedPhrases(in: "no tracking—just points."), ["tracking", "points"])
    }

    func testNoGentleTemplateStringUsesADisallowedWord() throws {
        var checked = 0
        for file in ["wording/gentle.json", "thresholds/gentle.json"] {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.templates.appendingPathComponent(file)))
            func walk(_ node: Any, _ path: String) {
                if let s = node as? String {
                    checked += 1
                    XCTAssertEqual(Self.disallowedPhrases(in: s), [], "\(file): \(path): \(s)")
                } else if let d = node as? [String: Any] {
                    for (k, v) in d { XCTAssertEqual(Self.disallowedPhrases(in: k), [], "\(file): key \(k)"); walk(v, path + "." + k) }
                }
            }
            walk(json, "")
        }
        XCTAssertGreaterThan(checked, 30)
    }

    func testNotificationTextsAreTheSeedsVerbatim() throws {
        let presenter = try NotifyPresenter(templates: try TemplateSetForTests.gentle())
        func texts(_ type: GentleEventType, _ action: CareAction? = nil) throws -> [String] {
            let e = GentleEvent(id: "e", pairId: "p", userId: "u", at: Timestamp(epochSeconds: 0, offsetSeconds: 0), type: type, action: action)
            let n = try presenter.notification(e)
            return [n.title, n.body]
        }
        XCTAssertEqual(try texts(.status), ["Gentle Days", "Your partner shared how they're feeling today"])
        XCTAssertEqual(try texts(.care, .text), ["Gentle Days", "Your partner sent you a message \u{1F49C}"])
        XCTAssertEqual(try texts(.care, .voice), ["Gentle Days", "Your partner sent you a voice note \u{1F49C}"])
        XCTAssertEqual(try texts(.care, .facetime), ["Gentle Days", "Your partner wants to schedule a FaceTime call \u{1F49C}"])
        XCTAssertEqual(try texts(.care, .hug), ["Gentle Days", "Your partner sent you a virtual hug \u{1F49C}"])
        XCTAssertEqual(try texts(.sos), ["Your partner needs you", "They're reaching out for comfort right now"])
        XCTAssertEqual(try texts(.calendar), ["Gentle Days", "Your partner started sharing their calendar"])
    }

    func testNoOutputOfTheSamplesUsesADisallowedWord() throws {
        let templates = try TemplateSetForTests.gentle()
        let presenter = try NotifyPresenter(templates: templates)
        let replay = GentleReplay(settings: try ThrottleSettings.load(templates))
        for sample in ["events.json", "events.csv"] {
            let events = try GentleEventReader.read([InputSource(path: TestPaths.samples.appendingPathComponent("gentle/\(sample)").path)]).records
            let decisions = replay.run(events)
            var outputs = [try presenter.jsonLines(decisions), try presenter.text(decisions)]
            for user in Set(events.map(\.userId)) { outputs.append(try GentleExport.document(userId: user, events: events).serialized()) }
            for output in outputs { XCTAssertEqual(Self.disallowedPhrases(in: output), [], sample) }
        }
    }
}
