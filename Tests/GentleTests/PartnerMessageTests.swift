import Catalog
import Gentle
import TestSupport
import XCTest

/// The partner message rules (spec 50-companion-apps.md, rules 1–5): every golden example of the
/// spec character for character, and the edges the examples do not show.
final class PartnerMessageTests: XCTestCase {
    static let golden: [([String], String)] = [
        (["tender"], "Feeling tender today"),
        (["tired", "calm"], "Feeling tired but calm"),
        (["fragile", "needing_space"], "Feeling fragile and needing some space"),
        (["anxious", "overwhelmed"], "Feeling anxious and a bit overwhelmed"),
        (["extra_love", "grateful"], "Feeling grateful and could use extra love today"),
        (["peaceful", "content"], "Feeling peaceful and content"),
        (["sensitive", "tender"], "Feeling sensitive and tender"),
        (["calm", "grateful", "content"], "Feeling calm, grateful, and content"),
        (["tired", "needing_space"], "Feeling tired and needing some space"),
        (["fragile"], "Feeling fragile today"),
        (["overwhelmed", "anxious", "tired"], "Feeling overwhelmed, anxious, and tired"),
        (["tender", "needing_space"], "Feeling tender and needing some space"),
        (["calm", "content"], "Feeling calm and content"),
    ]

    func builder() throws -> PartnerMessageBuilder {
        PartnerMessageBuilder(book: try GentleWording.phrasebook(try TemplateSetForTests.gentle()))
    }

    func testEveryGoldenExampleVerbatim() throws {
        let b = try builder()
        for (chips, expected) in Self.golden { XCTAssertEqual(try b.message(chips), expected, "\(chips)") }
    }

    func testNoChipsAndOnlyUnknownChips() throws {
        let b = try builder()
        XCTAssertEqual(try b.message([]), "Shared how they're feeling")
        XCTAssertEqual(try b.message(["sleepy", "Tender", ""]), "Shared how they're feeling")
    }

    func testUnknownAndRepeatedChipsAreDroppedKeepingOrder() throws {
        let b = try builder()
        XCTAssertEqual(try b.message(["tender", "tender"]), "Feeling tender today")
        XCTAssertEqual(try b.message(["moody", "tired", "tired", "calm", "tired"]), "Feeling tired but calm")
        XCTAssertEqual(try b.message(["calm", "tired"]), "Feeling calm and tired", "the chosen order is kept, no sorting")
        XCTAssertEqual(try b.message(["content", "x", "calm", "grateful", "calm"]), "Feeling content, calm, and grateful")
    }

    func testExtraLoveAloneAndWithOthers() throws {
        let b = try builder()
        XCTAssertEqual(try b.message(["extra_love"]), "Could use extra love today")
        XCTAssertEqual(try b.message(["extra_love", "extra_love"]), "Could use extra love today")
        XCTAssertEqual(try b.message(["grateful", "extra_love"]), "Feeling grateful and could use extra love today")
        XCTAssertEqual(try b.message(["tired", "extra_love"]), "Feeling tired and could use extra love today",
                       "extra_love is not a settled chip: no 'but'")
        XCTAssertEqual(try b.message(["extra_love", "calm", "tender"]), "Feeling calm, tender, and could use extra love today")
        XCTAssertEqual(try b.message(["extra_love", "nope"]), "Could use extra love today")
    }

    func testButOnlyForALowChipFollowedByASettledOne() throws {
        let b = try builder()
        for low in ["tired", "fragile", "sensitive"] {
            for settled in ["calm", "peaceful", "content"] {
                XCTAssertEqual(try b.message([low, settled]), "Feeling \(low) but \(settled)")
            }
        }
        XCTAssertEqual(try b.message(["anxious", "calm"]), "Feeling anxious and calm")
        XCTAssertEqual(try b.message(["tired", "grateful"]), "Feeling tired and grateful")
        XCTAssertEqual(try b.message(["tired", "calm", "grateful"]), "Feeling tired, calm, and grateful", "no 'but' in lists")
    }

    func testABitOverwhelmedOnlyAsTheSecondOfTwo() throws {
        let b = try builder()
        XCTAssertEqual(try b.message(["tired", "overwhelmed"]), "Feeling tired and a bit overwhelmed")
        XCTAssertEqual(try b.message(["overwhelmed"]), "Feeling overwhelmed today")
        XCTAssertEqual(try b.message(["overwhelmed", "tired"]), "Feeling overwhelmed and tired")
        XCTAssertEqual(try b.message(["anxious", "tired", "overwhelmed"]), "Feeling anxious, tired, and overwhelmed")
        XCTAssertEqual(try b.message(["overwhelmed", "extra_love"]), "Feeling overwhelmed and could use extra love today")
    }

    func testNeedingSpaceReadsAsAPhrase() throws {
        XCTAssertEqual(try builder().message(["needing_space"]), "Feeling needing some space today")
    }
}
