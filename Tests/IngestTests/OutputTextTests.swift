import Quoting
import XCTest

/// `Quote.text`, the rule for every value printed into a line of text output: over every Unicode
/// scalar, exactly the characters that could change a terminal or a line are escaped, nothing
/// else changes, nothing is cut, and the escaped form is unambiguous.
final class OutputTextTests: XCTestCase {
    /// The classes the rule escapes: C0 controls, DEL, C1 controls (NEL U+0085 among them), the
    /// Arabic letter mark, LRM and RLM, the line and paragraph separators, bidi embeddings and
    /// overrides, bidi isolates.
    static let escapedClasses: [ClosedRange<UInt32>] = [0x00...0x1F, 0x7F...0x9F, 0x061C...0x061C, 0x200E...0x200F,
                                                        0x2028...0x2029, 0x202A...0x202E, 0x2066...0x2069]

    func testTheExampleAnOSC52IdWithANewline() {
        let id = "u1\u{1B}]52;c;cGF5bG9hZA==\u{07}\nFAKE 2026-01-01T00:00:00Z u2 attempt 1"
        XCTAssertEqual(Quote.text(id), "u1\\u{1B}]52;c;cGF5bG9hZA==\\u{7}\\nFAKE 2026-01-01T00:00:00Z u2 attempt 1")
    }

    func testEveryScalarIsEscapedExactlyWhenItsClassIsAndRoundTrips() {
        var escapedCount = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }   // surrogates are no scalars
            let text = Quote.text(String(scalar))
            let dangerous = Self.escapedClasses.contains { $0.contains(value) }
            if dangerous || scalar == "\\" {
                escapedCount += 1
                XCTAssertTrue(text.hasPrefix("\\") && text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) },
                              "U+\(String(value, radix: 16)) → \(text.debugDescription)")
            } else if text != String(scalar) {
                XCTFail("U+\(String(value, radix: 16)) changed to \(text.debugDescription)")
            }
            XCTAssertEqual(Self.unescape(text), String(scalar), "U+\(String(value, radix: 16))")
        }
        XCTAssertEqual(escapedCount, 32 + 33 + 1 + 2 + 2 + 5 + 4 + 1)
    }

    /// Mixed values: never a raw control or line break, never cut, and decoded back exactly.
    func testMixedValuesAreWholeControlFreeAndDecodeBack() {
        var rng = SystemRandomNumberGenerator()
        let pool: [Unicode.Scalar] = Self.escapedClasses.flatMap { $0.compactMap(Unicode.Scalar.init) }
            + ["a", "\\", "\"", "{", "u", "}", "n", "é", "\u{301}", "👍", "\u{200D}", "頭"]
        for _ in 0..<2_000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...200, using: &rng) { s.append(pool.randomElement(using: &rng) ?? "a") }
            let value = String(s), text = Quote.text(value)
            XCTAssertFalse(text.unicodeScalars.contains { v in Self.escapedClasses.contains { $0.contains(v.value) } })
            XCTAssertEqual(Self.unescape(text), value)
        }
        let long = String(repeating: "Kopfschmerz über dem Auge ", count: 400)
        XCTAssertEqual(Quote.text(long), long, "output is not cut as a message is")
    }

    /// The inverse of `Quote.text` (the test's own, so it checks the rule rather than repeating it).
    static func unescape(_ text: String) -> String? {
        var out = String.UnicodeScalarView()
        var it = text.unicodeScalars.makeIterator()
        while let c = it.next() {
            guard c == "\\" else { out.append(c); continue }
            switch it.next() {
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "t": out.append("\t")
            case "0": out.append("\0")
            case "\\": out.append("\\")
            case "u":
                guard it.next() == "{" else { return nil }
                var hex = ""
                while let h = it.next(), h != "}" { hex.unicodeScalars.append(h) }
                guard let v = UInt32(hex, radix: 16), let s = Unicode.Scalar(v) else { return nil }
                out.append(s)
            default: return nil
            }
        }
        return String(out)
    }
}
