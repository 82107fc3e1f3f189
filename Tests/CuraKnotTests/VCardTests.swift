import CuraKnot
import ReportKit
import XCTest

/// The directory's vCard 4.0 (RFC 6350): escaping, CRLF, folding at 75 octets without splitting a
/// UTF-8 sequence, and NOTE only for the family tier.
final class VCardTests: XCTestCase {
    func testEscapesBackslashCommaSemicolonAndLineBreaks() {
        XCTAssertEqual(DirectoryVCard.escape(#"a\b,c;d"#), #"a\\b\,c\;d"#)
        XCTAssertEqual(DirectoryVCard.escape("one\r\ntwo\nthree\rfour"), #"one\ntwo\nthree\nfour"#)
        XCTAssertEqual(DirectoryVCard.escape("bell\u{07}tab\t"), "belltab\t")
    }

    func testShortLineIsOneLineWithCRLF() {
        XCTAssertEqual(DirectoryVCard.fold("FN:Anna"), "FN:Anna\r\n")
    }

    func testFoldsAt75OctetsWithLeadingSpace() {
        let line = "NOTE:" + String(repeating: "x", count: 200)
        let folded = DirectoryVCard.fold(line)
        XCTAssertTrue(folded.hasSuffix("\r\n"))
        let physical = String(decoding: folded.utf8.dropLast(2), as: UTF8.self).components(separatedBy: "\r\n")
        XCTAssertEqual(physical.first?.utf8.count, 75)
        for p in physical.dropFirst() {
            XCTAssertTrue(p.hasPrefix(" "))
            XCTAssertLessThanOrEqual(p.utf8.count, 75)
        }
        XCTAssertEqual(physical.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined(), line)
    }

    func testNeverSplitsAMultiByteSequenceAtTheFoldEdge() {
        // 73 ASCII octets, then 3-octet characters: the first would end at octet 76.
        for pad in 70...76 {
            let line = String(repeating: "a", count: pad) + String(repeating: "한", count: 40)
            let folded = DirectoryVCard.fold(line)
            let physical = String(decoding: folded.utf8.dropLast(2), as: UTF8.self).components(separatedBy: "\r\n")
            var rebuilt = ""
            for (i, p) in physical.enumerated() {
                XCTAssertLessThanOrEqual(p.utf8.count, 75, "pad \(pad)")
                XCTAssertNotNil(String(validatingUTF8: p), "pad \(pad)")
                XCTAssertFalse(p.unicodeScalars.contains("\u{FFFD}"), "pad \(pad): a sequence was split")
                rebuilt += i == 0 ? p : String(p.dropFirst())
            }
            XCTAssertEqual(rebuilt, line)
        }
    }

    func testCardsHaveTheRequiredPropertiesAndNoteOnlyForFamily() throws {
        let e = Provider(id: "pr-1", circleId: "c-1", name: "Dr. Weber, Anna", role: "Primary care",
                               organization: "Praxis; am Park", phone: "+49 30 1", email: "a@example.org",
                               address: "Parkstraße 1\n10115 Berlin", notes: "Calls, mornings", rating: 5)
        let plus = DirectoryVCard.text([e], content: .standard) { "Rating: \($0) of 5" }
        let lines = plus.components(separatedBy: "\r\n")
        XCTAssertEqual(lines.first, "BEGIN:VCARD")
        XCTAssertEqual(lines[1], "VERSION:4.0")
        XCTAssertTrue(lines.contains(#"FN:Dr. Weber\, Anna"#))
        XCTAssertTrue(lines.contains(#"N:;Dr. Weber\, Anna;;;"#))
        XCTAssertTrue(lines.contains(#"ORG:Praxis\; am Park"#))
        XCTAssertTrue(lines.contains("TEL;VALUE=text;TYPE=work,voice:+49 30 1"))
        XCTAssertTrue(lines.contains("EMAIL;TYPE=work:a@example.org"))
        XCTAssertTrue(lines.contains(#"ADR;TYPE=work:;;Parkstraße 1\n10115 Berlin;;;;"#))
        XCTAssertFalse(plus.contains("NOTE"))
        XCTAssertTrue(plus.hasSuffix("END:VCARD\r\n"))
        XCTAssertFalse(plus.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "bare LF")
        let family = DirectoryVCard.text([e], content: .family) { "Rating: \($0) of 5" }
        XCTAssertTrue(family.contains(#"NOTE:Calls\, mornings\nRating: 5 of 5"#))
    }
}
