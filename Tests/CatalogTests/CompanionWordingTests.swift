import Catalog
import Foundation
import TestSupport
import XCTest

/// The companion apps' templates: the approved reminder copy character for character (the real
/// U+1F49C, not the seed's mis-decoded bytes), only approved strings marked verbatim, and the
/// copy rules reading the new files.
final class CompanionWordingTests: XCTestCase {
    static let approvedCycle = [
        "reminder.attempt1.title": "Checking in \u{1F49C}",
        "reminder.attempt1.body": "Has your period started? Tap to log and stay in sync with your cycle.",
        "reminder.attempt2.title": "Period tracking check-in",
        "reminder.attempt2.body": "Just checking - time to log your period? Staying consistent helps us support you better.",
    ]

    func testReminderCopyIsVerbatimAndOnlyIt() throws {
        let w = try Wording(directory: TestPaths.templates, app: "cycle")
        XCTAssertEqual(w.verbatimKeys, Set(Self.approvedCycle.keys))
        let book = try w.compile(Self.approvedCycle.keys.map { WordingKey($0) })
        for (key, text) in Self.approvedCycle { XCTAssertEqual(try book.render(WordingKey(key)), text) }
        let title = try book.render(WordingKey("reminder.attempt1.title"))
        XCTAssertEqual(title.unicodeScalars.last?.value, 0x1F49C)
        XCTAssertFalse(title.contains("ð"), "the seed's mis-decoded bytes")
    }

    func testMindfulHomeHasNoVerbatimStrings() throws {
        XCTAssertTrue(try Wording(directory: TestPaths.templates, app: "mindfulhome").verbatimKeys.isEmpty)
    }

    func testCopyRulesCoverTheCompanionFiles() throws {
        let files = Set(try CopyRulesTests.allTemplateStrings().map(\.file))
        for file in ["wording/cycle.json", "wording/mindfulhome.json", "brand/mindfulhome.json"] {
            XCTAssertTrue(files.contains(file), file)
        }
    }
}
