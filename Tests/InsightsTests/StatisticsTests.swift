@testable import Insights
import XCTest

/// The shared statistics every app's rules use: Fisher's exact test, Benjamini–Hochberg and exact rounding.
final class StatisticsTests: XCTestCase {
    /// Reference values: scipy.stats.fisher_exact(table, alternative='greater').
    func testFisherAgainstScipy() {
        let cases: [([Int], Double)] = [
            ([7, 2, 6, 34], 0.0005491123689069646),
            ([3, 1, 1, 3], 0.24285714285714283),
            ([10, 0, 0, 10], 5.412544112234515e-06),
            ([1, 9, 9, 1], 0.9999945874558878),
            ([50, 50, 30, 70], 0.002968670583007768),
            ([0, 5, 5, 0], 1.0),
            ([5, 0, 0, 5], 0.003968253968253969),
            ([12, 3, 40, 200], 4.7130735850101755e-07),
        ]
        for (t, expected) in cases {
            let p = Statistics.fisherGreater(a: t[0], b: t[1], c: t[2], d: t[3])
            XCTAssertEqual(p, expected, accuracy: expected * 1e-9, "\(t)")
        }
    }

    /// Reference: scipy.stats.false_discovery_control([0.01,0.04,0.03,0.2,0.04], method='bh').
    func testBenjaminiHochbergAgainstScipy() {
        let q = Statistics.benjaminiHochberg([0.01, 0.04, 0.03, 0.2, 0.04])
        for (a, b) in zip(q, [0.05, 0.05, 0.05, 0.2, 0.05]) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        let q2 = Statistics.benjaminiHochberg([0.5, 0.001, 0.9])
        for (a, b) in zip(q2, [0.75, 0.003, 0.9]) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        XCTAssertEqual(Statistics.benjaminiHochberg([]), [])
    }

    func testRoundingHalfAwayFromZeroOnExactValues() {
        XCTAssertEqual(Rounding.text(7, 9, places: 3), "0.778")
        XCTAssertEqual(Rounding.text(1, 2000, places: 3), "0.001")     // 0.0005 -> 0.001
        XCTAssertEqual(Rounding.text(-1, 2000, places: 3), "-0.001")
        XCTAssertEqual(Rounding.text(1, 8, places: 2), "0.13")         // 0.125
        XCTAssertEqual(Rounding.text(-1, 8, places: 2), "-0.13")
        XCTAssertEqual(Rounding.text(1, 4, places: 1), "0.3")          // 0.25
        XCTAssertEqual(Rounding.text(3, 1, places: 1), "3.0")
        XCTAssertEqual(Rounding.text(0, 5, places: 3), "0.0")
        XCTAssertEqual(Rounding.text(1, 1, places: 3), "1.0")
        XCTAssertEqual(Rounding.text(-1, 40, places: 1), "0.0")        // -0.025 -> -0.0, printed 0.0
        // 0.15 hours is 0.2 at one decimal; a Double 0.15 * 10 would round to 1.0 or 2.0 unpredictably.
        XCTAssertEqual(Rounding.text(15, 100, places: 1), "0.2")
        XCTAssertEqual(Rounding.text(0.00005, places: 4), "0.0001")
    }
}
