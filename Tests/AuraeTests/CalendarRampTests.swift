import Foundation
import TestSupport
import XCTest

/// The calendar's severity ramp and the chart bars, computed from `templates/brand/aurae.json`
/// (not from the Swift code): one hue that darkens with severity, far enough apart in lightness
/// to stay distinct on a greyscale printer, the text on each step at 4.5 : 1 or more, and chart
/// bars at 3 : 1 against white (WCAG 2.1).
final class CalendarRampTests: XCTestCase {
    struct RGB { let r, g, b: Double }

    func palette() throws -> [String: Any] {
        let data = try Data(contentsOf: TestPaths.templates.appendingPathComponent("brand/aurae.json"))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(root["palette"] as? [String: Any])
    }

    func rgb(_ hex: String) throws -> RGB {
        let v = try XCTUnwrap(UInt32(hex.dropFirst(), radix: 16), hex)
        return RGB(r: Double(v >> 16 & 0xFF) / 255, g: Double(v >> 8 & 0xFF) / 255, b: Double(v & 0xFF) / 255)
    }

    /// WCAG relative luminance.
    func luminance(_ c: RGB) -> Double {
        func lin(_ x: Double) -> Double { x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4) }
        return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
    }

    func contrast(_ a: RGB, _ b: RGB) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// CIE L* (0 black … 100 white) of a colour: what a greyscale printer keeps.
    func lightness(_ c: RGB) -> Double {
        let y = luminance(c)
        return y > 216.0 / 24389 ? 116 * cbrt(y) - 16 : y * 24389 / 27
    }

    /// Hue angle in degrees (HSV).
    func hue(_ c: RGB) -> Double {
        let mx = max(c.r, c.g, c.b), mn = min(c.r, c.g, c.b), d = mx - mn
        guard d > 0 else { return 0 }
        var h: Double
        if mx == c.r { h = (c.g - c.b) / d } else if mx == c.g { h = 2 + (c.b - c.r) / d } else { h = 4 + (c.r - c.g) / d }
        h *= 60
        return h < 0 ? h + 360 : h
    }

    func testTheRampDarkensWithSeverityInOneHueAndSurvivesGreyscale() throws {
        let p = try palette()
        let ramp = try XCTUnwrap(p["calendarSeverity"] as? [String]).map(rgb)
        XCTAssertEqual(ramp.count, 5)
        let l = ramp.map(lightness)
        for i in 1..<5 {
            XCTAssertGreaterThanOrEqual(l[i - 1] - l[i], 10, "step \(i) → \(i + 1): L* \(l[i - 1]) → \(l[i]) darkens by 10 or more")
        }
        // Distinct 8-bit grey levels after a printer's conversion, at least 25 apart.
        let grey = ramp.map { Int((luminance($0).squareRoot() * 255).rounded()) }
        for i in 1..<5 { XCTAssertGreaterThanOrEqual(grey[i - 1] - grey[i], 25, "grey levels \(grey)") }
        // One hue: the brand teal (about 175–190°), every step within 15° of the others.
        let hues = ramp.map(hue)
        XCTAssertLessThanOrEqual((hues.max() ?? 0) - (hues.min() ?? 0), 15, "hues \(hues)")
        for h in hues { XCTAssertTrue((160...200).contains(h), "teal, not \(h)°") }
        // The lightest step is still told from the white page (a visible fill) and from the
        // grey of days outside the range.
        XCTAssertLessThanOrEqual(l[0], 92)
        let outside = try rgb(try XCTUnwrap(p["calendarOutside"] as? String))
        XCTAssertGreaterThanOrEqual(lightness(outside) - l[0], 5)
    }

    func testTextOnEveryStepReachesFourAndAHalfToOne() throws {
        let p = try palette()
        let ramp = try XCTUnwrap(p["calendarSeverity"] as? [String]).map(rgb)
        let text = try XCTUnwrap(p["calendarSeverityText"] as? [String]).map(rgb)
        XCTAssertEqual(text.count, 5)
        for (i, (fill, ink)) in zip(ramp, text).enumerated() {
            XCTAssertGreaterThanOrEqual(contrast(fill, ink), 4.5, "severity \(i + 1)")
        }
        // The day numbers and the acute mark on a white (headache-free) day, and the numbers of
        // the days outside the range on their grey.
        for key in ["caption", "textPrimary"] {
            XCTAssertGreaterThanOrEqual(contrast(try rgb(try XCTUnwrap(p[key] as? String)), RGB(r: 1, g: 1, b: 1)), 4.5, key)
        }
        XCTAssertGreaterThanOrEqual(contrast(try rgb(try XCTUnwrap(p["calendarOutsideText"] as? String)),
                                             try rgb(try XCTUnwrap(p["calendarOutside"] as? String))), 4.5, "outside the range")
    }

    func testChartBarsAndTheUnloggedHatchReachThreeToOneOnWhite() throws {
        let p = try palette()
        let white = RGB(r: 1, g: 1, b: 1)
        for key in ["chartBar", "chartTrend", "calendarNotLogged"] {
            XCTAssertGreaterThanOrEqual(contrast(try rgb(try XCTUnwrap(p[key] as? String)), white), 3, key)
        }
    }

    func testTheComputationCanFail() throws {
        XCTAssertLessThan(contrast(try rgb("#D4EDE9"), try rgb("#F5E8E8")), 1.2, "the seed's pale surfaces are nearly equal")
        XCTAssertLessThan(abs(lightness(try rgb("#D4EDE9")) - lightness(try rgb("#F5E8E8"))), 10)
    }
}
