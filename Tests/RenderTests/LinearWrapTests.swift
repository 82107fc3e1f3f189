@testable import Render
import XCTest

/// Line breaking with Pango stays linear in the text's length: long texts are broken window by
/// window, with the same lines as in one piece, and a line limit bounds the work.
final class LinearWrapTests: XCTestCase {
    let style = TextStyle(font: FontSpec(family: "Inter", size: 7.5), color: Color(red: 0, green: 0, blue: 0))

    func entry(_ m: PangoMeasurer) -> FontEntry { m.entry(style.font) }

    /// A text mixing words, runs longer than a line, explicit line breaks and non-Latin text.
    func mixedText(seed: UInt64, bytes: Int) -> String {
        var rng = seed
        func next(_ n: Int) -> Int {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Int((rng >> 33) % UInt64(n))
        }
        let pieces = ["Paracetamol", "Ibuprofen 400 mg,", "Sumatriptan", "—", "naïve", "東京の天気",
                      "مرحبا", "e\u{301}\u{301}", "  ", "\n", String(repeating: "X", count: 90),
                      String(repeating: "ab", count: 40) + ",", "Partly cloudy"]
        var s = ""
        while s.utf8.count < bytes {
            s += pieces[next(pieces.count)]
            s += next(3) == 0 ? "" : " "
        }
        return s
    }

    func testWindowedLinesEqualTheLinesOfTheWholeText() {
        let m = PangoMeasurer()
        let e = entry(m)
        for seed in 1...6 {
            let text = mixedText(seed: UInt64(seed), bytes: 3000)
            for width in [20.0, 70.0, 300.0] {
                let whole = e.wrap(text, width: width, limit: .max, window: text.utf8.count)
                let windowed = e.wrap(text, width: width, limit: .max, window: 64)
                XCTAssertEqual(windowed, whole, "seed \(seed), width \(width)")
                XCTAssertEqual(e.wrap(text, width: width, limit: 7, window: 64), Array(whole.prefix(7)))
            }
        }
    }

    func testOneLongRunBreaksAnywhereAndEveryLineFits() {
        let m = PangoMeasurer()
        let lines = m.wrap(String(repeating: "A", count: 16_000), style: style, width: 70)
        XCTAssertEqual(lines.joined(), String(repeating: "A", count: 16_000))
        XCTAssertGreaterThan(lines.count, 100)
        for line in lines { XCTAssertLessThanOrEqual(m.width(line, style: style), 70.01) }
    }

    /// Doubling the text doubles the bytes Pango lays out (no square term).
    func testWorkGrowsLinearlyWithTheLength() {
        var work: [Int] = []
        for n in [8_000, 16_000, 32_000] {
            let m = PangoMeasurer()
            _ = m.wrap(String(repeating: "W", count: n), style: style, width: 70)
            work.append(entry(m).shapedBytes)
        }
        XCTAssertLessThan(Double(work[1]) / Double(work[0]), 2.3)
        XCTAssertLessThan(Double(work[2]) / Double(work[1]), 2.3)
        XCTAssertLessThan(work[2], 32_000 * 2, "each byte is laid out about once")
    }

    /// With a line limit, the work does not depend on the rest of the text.
    func testLimitedWrapReadsOnlyWhatItKeeps() {
        var work: [Int] = []
        for n in [16_000, 64_000] {
            let m = PangoMeasurer()
            let lines = m.wrap(String(repeating: "W", count: n) + " end", style: style, width: 70, limit: 30)
            XCTAssertEqual(lines.count, 30)
            work.append(entry(m).shapedBytes)
        }
        XCTAssertEqual(work[0], work[1])
        XCTAssertLessThan(work[0], 4_000)
    }

    func testFixedWidthMeasurerHonoursTheLimit() {
        let m = FixedWidthMeasurer(k: 0.5)
        let text = String(repeating: "abc ", count: 1000) + String(repeating: "z", count: 100_000)
        let all = m.wrap(text, style: style, width: 30)
        XCTAssertEqual(m.wrap(text, style: style, width: 30, limit: 5), Array(all.prefix(5)))
        XCTAssertEqual(m.wrap("a\n\nb", style: style, width: 30, limit: 2), ["a", ""])
        XCTAssertEqual(m.wrap("", style: style, width: 30, limit: 3), [""])
    }
}
