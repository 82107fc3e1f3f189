import Foundation
import Quoting
import XCTest

/// `Text` stands in for the few operations of the whole of Foundation that the tool used (the
/// tool is built on FoundationEssentials alone): each gives Foundation's answer, checked here
/// against Foundation itself, which the tests may link.
final class TextTests: XCTestCase {
    static let samples: [String] = [
        "", " ", "\t", "\n", " \t\n\r ", "a", " a ", "\ta b\t", "\n a \n", "\u{00A0}Anna\u{00A0}",
        "\u{2003}x\u{3000}", "\u{2028}line\u{2029}", "\u{0085}next\u{000B}\u{000C}", "\u{200B}zero-width\u{200B}",
        "e\u{0301} ", " \u{0301}", "🌧️ rain ", "  Ölçü  ", "\r\n", "x\u{1680}", "\u{202F}y\u{205F}", ",a,b,", ",,", "a,",
    ]

    func testTrimmingGivesFoundationsResult() {
        for s in Self.samples {
            XCTAssertEqual(s.trimmed(.spaces), s.trimmingCharacters(in: .whitespaces), "spaces: \(s.debugDescription)")
            XCTAssertEqual(s.trimmed(.spacesAndNewlines), s.trimmingCharacters(in: .whitespacesAndNewlines),
                           "spaces and newlines: \(s.debugDescription)")
            XCTAssertEqual(s.trimmed(.characters([","])), s.trimmingCharacters(in: CharacterSet(charactersIn: ",")),
                           "commas: \(s.debugDescription)")
            XCTAssertEqual(s.dropFirst(0).trimmed(.spaces), s.trimmingCharacters(in: .whitespaces))
        }
        // Every scalar of the Basic Multilingual Plane and a few beyond, alone and around a word.
        let scalars = (0..<0x1_0000).compactMap(Unicode.Scalar.init) + [Unicode.Scalar(0x1F327)!, Unicode.Scalar(0xE0020)!]
        for c in scalars {
            let s = "\(c)a\(c)"
            XCTAssertEqual(s.trimmed(.spaces), s.trimmingCharacters(in: .whitespaces), "U+\(String(c.value, radix: 16))")
            XCTAssertEqual(s.trimmed(.spacesAndNewlines), s.trimmingCharacters(in: .whitespacesAndNewlines),
                           "U+\(String(c.value, radix: 16))")
        }
    }

    func testFormattingNumbersGivesFoundationsResult() {
        let doubles: [Double] = [0, -0.0, 1.25, 2.5, -3.75, 0.05, 1e-7, 123_456_789.123_456_7, 1e20, -1e-300, .infinity]
        for d in doubles {
            for f in ["%.0f", "%.1f", "%.2f", "%.3f", "%.6f"] {
                XCTAssertEqual(Text.format(f, d), String(format: f, d), "\(f) of \(d)")
            }
        }
        for i in [0, 7, -7, 59, 2026, Int(Int32.max), Int.max, Int.min] {
            XCTAssertEqual(Text.format("%ld", i), String(format: "%ld", i))
            XCTAssertEqual(Text.format("%02ld:%04ld", i, i), String(format: "%02ld:%04ld", i, i))
        }
        XCTAssertEqual(Text.format("%ld users in %.1f s (%.1f users/s)", 10_000, 66.5, 150.4),
                       "10000 users in 66.5 s (150.4 users/s)")
        // Longer than the first buffer: formatted again into one that fits.
        let long = String(repeating: "x", count: 300)
        XCTAssertEqual(Text.format(long + " %ld", 5), long + " 5")
    }

    func testPathComponentsGiveNSStringsResult() {
        let paths = ["", "/", "/a", "/a/", "/a/b", "/a/b/", "a/b", "a//b", "/a//b//", "./x.json", "../logs/x.csv",
                     "/tmp/out dir/report.pdf", "日本/データ.json"]
        for p in paths {
            XCTAssertEqual(Text.lastPathComponent(p), (p as NSString).lastPathComponent, "last of \(p.debugDescription)")
            XCTAssertEqual(Text.deletingLastPathComponent(p), (p as NSString).deletingLastPathComponent,
                           "parent of \(p.debugDescription)")
        }
        // Where Foundation on Linux stops the process (a relative name of one component, as in
        // `--output new-folder`) or answers oddly ("//" has no last component there).
        for (p, last, parent) in [("a", "a", ""), ("a/", "a", ""), ("-", "-", ""), ("//", "/", "/"), ("new-folder", "new-folder", "")] {
            XCTAssertEqual(Text.lastPathComponent(p), last, p)
            XCTAssertEqual(Text.deletingLastPathComponent(p), parent, p)
        }
    }
}
