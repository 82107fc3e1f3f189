import CuraKnot
import ReportKit
import TestSupport
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

    // MARK: nothing that ends a line survives raw (issue 21, item 6)

    /// What some reader ends a line at: CR, LF, VT, FF, the file, group and record separators,
    /// NEL, LS and PS (Python's `str.splitlines`; Unicode's mandatory breaks are among them).
    static func endsALine(_ s: Unicode.Scalar) -> Bool {
        [0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029].contains(s.value)
    }

    /// Over every Unicode scalar: a character that ends a line becomes `\n`, another control is
    /// left out, `\`, `,` and `;` are escaped, everything else stays as it is.
    func testEveryScalarIsEscapedByItsClass() {
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let escaped = DirectoryVCard.escape(String(scalar))
            XCTAssertFalse(escaped.unicodeScalars.contains(where: Self.endsALine), "U+\(String(v, radix: 16))")
            let expected: String
            switch v {
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: expected = "\\n"
            case 0x09: expected = "\t"
            case 0x00...0x1F, 0x7F...0x9F: expected = ""
            case 0x5C: expected = "\\\\"
            case 0x2C: expected = "\\,"
            case 0x3B: expected = "\\;"
            default: expected = String(scalar)
            }
            if escaped != expected { XCTFail("U+\(String(v, radix: 16)) → \(escaped.debugDescription)") }
        }
        XCTAssertEqual(DirectoryVCard.escape("a\r\nb\u{2028}c\u{85}d\u{2029}\u{2029}e"), #"a\nb\nc\nd\n\ne"#)
    }

    /// A vCard reader that ends lines wherever any program might (`endsALine`, CRLF once),
    /// unfolds, and splits each property's value into its components (at `;` not escaped),
    /// unescaped.
    static func parse(_ text: String) -> [(name: String, components: [String])] {
        var physical: [String] = [], current = String.UnicodeScalarView(), previousCR = false
        for scalar in text.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            if scalar == "\n" && previousCR { continue }
            if endsALine(scalar) { physical.append(String(current)); current = String.UnicodeScalarView() } else { current.append(scalar) }
        }
        if !current.isEmpty { physical.append(String(current)) }
        var logical: [String] = []
        for line in physical {
            if let first = line.first, first == " " || first == "\t", !logical.isEmpty { logical[logical.count - 1] += line.dropFirst() }
            else { logical.append(line) }
        }
        return logical.map { line in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            let name = String(line[..<colon].prefix { $0 != ";" })
            var components: [String] = [""], escaping = false
            for ch in line[colon...].dropFirst() {
                if escaping {
                    components[components.count - 1] += ch == "n" || ch == "N" ? "\n" : String(ch)
                    escaping = false
                } else if ch == "\\" { escaping = true }
                else if ch == ";" { components.append("") }
                else { components[components.count - 1].append(ch) }
            }
            return (name, components)
        }
    }

    /// A value as the card should give it back: line breaks as LF (CRLF once), other controls gone.
    static func expected(_ value: String) -> String {
        var out = String.UnicodeScalarView(), previousCR = false
        for s in value.unicodeScalars {
            defer { previousCR = s == "\r" }
            if s == "\n" && previousCR { continue }
            if DirectoryVCard.isLineBreak(s) { out.append("\n"); continue }
            if s != "\t" && (s.value < 0x20 || (0x7F...0x9F).contains(s.value)) { continue }
            out.append(s)
        }
        return String(out)
    }

    /// The class: hostile text (every line-break-like character among its pieces) in every field of
    /// a card, read back by a reader that ends lines at any of them, gives exactly the card's
    /// properties — none forged — and the values as written.
    func testHostileValuesRoundTripThroughALineParser() {
        var g = HostileText(seed: 6350)
        let breaks = ["\u{85}", "\u{2028}", "\u{2029}", "\u{B}", "\u{C}", "\r", "\n", "\r\n", "\u{1C}", "\u{1E}"]
        for round in 0..<300 {
            func value() -> String { "a" + g.text() + breaks[g.int(breaks.count)] + "END:VCARD" + breaks[g.int(breaks.count)] + "FN:forged" + g.text() + "z" }
            let e = Provider(id: "pr-\(round)", circleId: "c-1", name: value(), role: value(), organization: value(), phone: value(),
                             email: value(), address: value(), notes: value(), rating: 4)
            let card = DirectoryVCard.text([e], content: .family) { "Rating: \($0) of 5" }
            let parsed = Self.parse(card)
            XCTAssertEqual(parsed.map(\.name), ["BEGIN", "VERSION", "FN", "N", "ORG", "ROLE", "TEL", "EMAIL", "ADR", "NOTE", "END"],
                           "round \(round):\n\(card.debugDescription)")
            guard parsed.count == 11 else { continue }
            let x = Self.expected
            XCTAssertEqual(parsed[2].components, [x(e.name)])
            XCTAssertEqual(parsed[3].components, ["", x(e.name), "", "", ""])
            XCTAssertEqual(parsed[4].components, [x(e.organization!)])
            XCTAssertEqual(parsed[5].components, [x(e.role!)])
            XCTAssertEqual(parsed[6].components, [x(e.phone!)])
            XCTAssertEqual(parsed[7].components, [x(e.email!)])
            XCTAssertEqual(parsed[8].components, ["", "", x(e.address!), "", "", "", ""])
            XCTAssertEqual(parsed[9].components, [x(e.notes!) + "\nRating: 4 of 5"])
        }
    }
}
