@testable import Render
import XCTest

/// What a document prints of a text from the input (`PrintableText`, the audit of issue 22):
/// controls and bidirectional overrides are left out, everything else is kept as written.
final class PrintableTextTests: XCTestCase {
    func testControlsAndOverridesAreLeftOut() {
        XCTAssertEqual(PrintableText.printable("bell\u{07} esc\u{1B}[31m red"), "bell esc[31m red")
        XCTAssertEqual(PrintableText.printable("\u{202E}reversed\u{202C} and \u{202A}embedded\u{202B}"), "reversed and embedded")
        XCTAssertEqual(PrintableText.printable("del\u{7F} c1\u{85}\u{9B}end\u{0}"), "del c1end")
    }

    func testLineBreaksTabsIsolatesAndMarksStay() {
        let kept = "one\ntwo\r\nthree\tfour \u{2067}שלום\u{2069} \u{200F}x\u{200E} é 😀 \u{A0}"
        XCTAssertEqual(PrintableText.printable(kept), kept)
    }

    func testBlocksPrintTheirTextSo() {
        let style = TextStyle(font: FontSpec(family: "Inter", size: 10), color: Color(red: 0, green: 0, blue: 0))
        XCTAssertEqual(Paragraph("a\u{07}b", style: style).text, "ab")
        XCTAssertEqual(Heading("a\u{202E}b", style: style).text, "ab")
        XCTAssertEqual(TableCell("a\u{1B}b").text, "ab")
        XCTAssertEqual(BandText("a\u{9F}b", style: style, alignment: .leading).text, "ab")
        XCTAssertEqual(List.Item("a\u{7}b", label: "\u{202D}•").label, "•")
        XCTAssertEqual(Chart.Bar(label: "Suma\u{1B}triptan", value: 1, valueText: "1").label, "Sumatriptan")
        XCTAssertEqual(StructureElement(.figure, alternativeText: "Relief\u{7}: 3").alternativeText, "Relief: 3")
    }

    /// A right-to-left name set into a line is isolated, so the figures after it stay after it
    /// ("Patient: שרה לוי · 1 Feb 2027", not "Patient: 1 · שרה לוי Feb 2027"); a left-to-right
    /// one is left as it is; the isolates are left out of what the line copies out as.
    func testRightToLeftNamesAreIsolated() {
        XCTAssertEqual(PrintableText.isolated("שרה לוי-כהן"), "\u{2068}שרה לוי-כהן\u{2069}")
        XCTAssertEqual(PrintableText.isolated("نور الهدى 👵🏽"), "\u{2068}نور الهدى 👵🏽\u{2069}")
        XCTAssertEqual(PrintableText.isolated("Zoë Ångström"), "Zoë Ångström")
        XCTAssertEqual(PrintableText.isolated("Ελένη 王"), "\u{2068}Ελένη 王\u{2069}", "a script that tells its language: a span")
        XCTAssertEqual(PrintableText.isolated("Zoë Кузнецова"), "Zoë Кузнецова", "Cyrillic tells no language")
        XCTAssertEqual(PrintableText.isolated("שרה\u{2069} \u{2067}לוי"), "\u{2068}שרה לוי\u{2069}", "one isolate, whatever the input holds")
        XCTAssertEqual(PrintableText.withoutIsolates("Patient: \u{2068}שרה\u{2069} · 1 Feb"), "Patient: שרה · 1 Feb")
        XCTAssertEqual(PrintableText.withoutIsolates("no isolates — here"), "no isolates — here")
    }

    /// The isolated parts of a line, in UTF-8 bytes, also where a wrapped name began on the line
    /// before or goes on to the next.
    func testIsolatedRangesOfALine() {
        let line = "Patient: \u{2068}Ελένη\u{2069} · 1 Feb"
        XCTAssertEqual(PrintableText.isolatedRanges(line).ranges, [12..<22])
        XCTAssertEqual(String(decoding: Array(line.utf8)[12..<22], as: UTF8.self), "Ελένη")
        XCTAssertEqual(PrintableText.isolatedRanges("Ελένη\u{2069} · 1 Feb").ranges, [0..<10], "the rest of a name")
        XCTAssertEqual(PrintableText.isolatedRanges("Patient: \u{2068}Ελένη").ranges, [12..<22], "a name going on")
        XCTAssertTrue(PrintableText.isolatedRanges("Patient: \u{2068}Ελένη").endsInside)
        XCTAssertEqual(PrintableText.isolatedRanges("a \u{2068}b \u{2067}c\u{2069}\u{2069} d \u{2068}e\u{2069}").ranges, [5..<14, 23..<24], "outermost only")
        XCTAssertEqual(PrintableText.isolatedRanges("no isolates — here").ranges, [])
        // The middle lines of a name wrapped over three or more: all of it, and still inside.
        let middle = PrintableText.isolatedRanges("Παπαδοπούλου", startsInside: true)
        XCTAssertEqual(middle.ranges, [0..<24]); XCTAssertTrue(middle.endsInside)
        let ascii = PrintableText.isolatedRanges("Smith", startsInside: true)
        XCTAssertEqual(ascii.ranges, [0..<5]); XCTAssertTrue(ascii.endsInside)
        let last = PrintableText.isolatedRanges("Ιωάννου\u{2069} · 1 Feb", startsInside: true)
        XCTAssertEqual(last.ranges, [0..<14]); XCTAssertFalse(last.endsInside)
    }
}
