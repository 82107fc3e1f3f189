@testable import Render
import XCTest

/// A note's language where its script tells it, and nothing where it cannot be known (issue 22:
/// "/Lang per span where a note is in another script, if it can be known").
final class ScriptLanguageTests: XCTestCase {
    func testScriptsThatOneLanguageWrites() {
        XCTAssertEqual(ScriptLanguage.language(of: "Πονοκέφαλος μετά τη δουλειά"), "el")
        XCTAssertEqual(ScriptLanguage.language(of: "כאב ראש חזק"), "he")
        XCTAssertEqual(ScriptLanguage.language(of: "頭痛がひどい 🌧️"), "ja", "kana with Han is Japanese")
        XCTAssertEqual(ScriptLanguage.language(of: "두통이 심해요"), "ko")
        XCTAssertEqual(ScriptLanguage.language(of: "ปวดหัวมาก"), "th")
        XCTAssertEqual(ScriptLanguage.language(of: "თავის ტკივილი"), "ka")
        XCTAssertEqual(ScriptLanguage.language(of: "தலைவலி"), "ta")
    }

    func testSharedScriptsAndMixedTextSayNothing() {
        XCTAssertNil(ScriptLanguage.language(of: "Headache after work"), "Latin: the document's language")
        XCTAssertNil(ScriptLanguage.language(of: "Головная боль"), "Cyrillic: Russian, Ukrainian, Bulgarian, …")
        XCTAssertNil(ScriptLanguage.language(of: "صداع شديد"), "Arabic script: Arabic, Persian, Urdu, …")
        XCTAssertNil(ScriptLanguage.language(of: "头痛"), "Han alone: Chinese or Japanese")
        XCTAssertNil(ScriptLanguage.language(of: "सिरदर्द"), "Devanagari: Hindi, Marathi, Nepali, …")
        XCTAssertNil(ScriptLanguage.language(of: "Migraine (ημικρανία) after a long flight home"), "Greek in a minority")
        XCTAssertNil(ScriptLanguage.language(of: "12:30 — 🌧️ 7/10 !!"), "no letters")
        XCTAssertNil(ScriptLanguage.language(of: ""))
    }

    /// A name or value from the input set into a report's own sentence is isolated
    /// (`PrintableText.isolated`): the sentence tells the language, the isolate only when it is
    /// all there is.
    func testIsolatedValuesTellTheLanguageOnlyAlone() {
        let name = PrintableText.isolated("שרה לוי-כהן")
        XCTAssertEqual(ScriptLanguage.language(of: "שרה לוי-כהן · 1 Feb 2027"), "he", "not isolated: the majority")
        XCTAssertNil(ScriptLanguage.language(of: "Patient: " + name + " · 1 Feb 2027 – 18 Apr 2027"),
                     "the sentence around the name is the document's")
        XCTAssertNil(ScriptLanguage.language(of: "300.00 ILS a month · " + PrintableText.isolated("תל אביב") + " · "
                                             + PrintableText.isolated("נתונים סינתטיים") + ", 31 Dec 2025"))
        XCTAssertEqual(ScriptLanguage.language(of: name), "he", "a name alone")
        XCTAssertEqual(ScriptLanguage.language(of: "  " + name + " · 12"), "he", "nothing but the name has letters")
        var counts = ScriptLanguage.Counts()
        counts.add(name)
        counts.add("Care recipient")
        XCTAssertNil(counts.language, "a later line of the same element counts too")
    }

    /// The eight-bytes-at-a-time test agrees with a byte-by-byte one wherever the non-ASCII
    /// byte falls: every length to 40, a two-byte and a four-byte scalar at every position.
    func testASCIIIsToldWhereverANonASCIIByteFalls() {
        for length in 0...40 {
            let plain = String(repeating: "a", count: length)
            XCTAssertTrue(ScriptLanguage.isASCII(plain), "\(length)")
            for position in 0..<max(1, length) {
                for other in ["é", "🌧"] {
                    var scalars = Array(plain.unicodeScalars)
                    scalars.insert(contentsOf: other.unicodeScalars, at: min(position, scalars.count))
                    var text = ""
                    text.unicodeScalars.append(contentsOf: scalars)
                    XCTAssertFalse(ScriptLanguage.isASCII(text), "\(length) \(position) \(other)")
                }
            }
        }
        XCTAssertTrue(ScriptLanguage.isASCII("\u{7F}\u{00}~"))
        XCTAssertFalse(ScriptLanguage.isASCII("\u{80}"))
    }

    func testOnlyTextWithALetterOfSuchAScriptIsCounted() {
        XCTAssertFalse(ScriptLanguage.mayTellLanguage("3 Feb 2026 – 4 Feb, “aura”, café"))
        XCTAssertFalse(ScriptLanguage.mayTellLanguage("Головная боль"))
        XCTAssertTrue(ScriptLanguage.mayTellLanguage("ok 頭痛がする"))
        XCTAssertTrue(ScriptLanguage.mayTellLanguage("– Σ"))
    }

    func testCountsOverSeveralTexts() {
        var counts = ScriptLanguage.Counts()
        counts.add("Σήμερα")
        counts.add("ok")
        XCTAssertEqual(counts.language, "el")
        counts.add("a much longer English line")
        XCTAssertNil(counts.language)
    }

    /// A long name isolated in a sentence and wrapped: its letters on the next line, before the
    /// closing isolate, are the name's too, and do not make the sentence Greek.
    func testAWrappedIsolatedNameDoesNotTellItsSentencesLanguage() {
        var counts = ScriptLanguage.Counts()
        counts.add("Care recipient: \u{2068}Αικατερίνη Παπαδοπούλου")
        counts.add("Κωνσταντινίδου Αλεξανδροπούλου Ιωαννίδου\u{2069}")
        XCTAssertNil(counts.language)
        var alone = ScriptLanguage.Counts()
        alone.add("Κωνσταντινίδου Αλεξανδροπούλου\u{2069} ok")
        XCTAssertNil(alone.language, "the letters after the name decide")
        alone = ScriptLanguage.Counts()
        alone.add("Κωνσταντινίδου\u{2069}")
        XCTAssertEqual(alone.language, "el", "the name alone tells it")
        // Over three lines: the middle one holds no isolate, and is the name's all the same.
        var three = ScriptLanguage.Counts()
        XCTAssertTrue(three.add("Patient: \u{2068}Αικατερίνη"))
        XCTAssertTrue(three.add("Παπαδοπούλου Κωνσταντινίδου", startsInside: true))
        XCTAssertFalse(three.add("Ιωάννου\u{2069} · 1 Feb 2027", startsInside: true))
        XCTAssertNil(three.language)
    }
}

/// Each element's language from the text it drew, for the structure tree's `/Lang`.
final class StructureLanguageTests: XCTestCase {
    func testAnElementInAnotherScriptGetsItsLanguage() throws {
        let doc = try Fixture.layout([
            .heading(Heading("Notes", style: Fixture.bold, outlineLevel: nil)),
            Fixture.para("Headache after work – better by the evening."),
            Fixture.para("頭痛がひどい。雨の日はいつもこうです。"),
            Fixture.para("Πονοκέφαλος μετά τη δουλειά"),
            Fixture.para("Головная боль"),
        ])
        let tree = StructureTree(doc)
        let languages = tree.languages(of: doc, documentLanguage: "en")
        let paragraphs = tree.nodes[0].children.filter { tree.nodes[$0].role == .paragraph }
        XCTAssertEqual(paragraphs.count, 4)
        XCTAssertEqual(paragraphs.map { languages[$0] }, [nil, "ja", "el", nil])
        XCTAssertEqual(languages.count, 2, "only the elements whose script tells their language")
        XCTAssertNil(tree.languages(of: doc, documentLanguage: "el").values.first { $0 == "el" }, "the document's own language is not repeated")
    }

    /// A name isolated in a sentence (`PrintableText.isolated`) leaves the sentence in the
    /// document's language and is an inline span of its own; not where it is the element's
    /// whole text (the element has its language), nor in a document of its language.
    func testAnIsolatedNameIsASpanOfItsLanguage() throws {
        let name = PrintableText.isolated("Ελένη Παπαδοπούλου")
        let doc = try Fixture.layout([
            Fixture.para("Patient: " + name + " · 1 Feb 2027"),
            Fixture.para(name),
        ])
        var tree = StructureTree(doc)
        tree.assignLanguages(of: doc, documentLanguage: "en")
        let paragraphs = tree.nodes[0].children
        XCTAssertEqual(paragraphs.map { tree.language(of: $0) }, [nil, "el"])
        XCTAssertEqual(tree.inlineSpans.count, 1)
        XCTAssertEqual(tree.inlineSpans.first?.values.flatMap { $0 }, [StructureTree.InlineSpan(range: 12..<47, language: "el")])
        let span = tree.addSpan(parent: paragraphs[0], language: "el")
        XCTAssertEqual(tree.nodes[span].role, .span)
        XCTAssertEqual(tree.nodes[span].parent, paragraphs[0])
        XCTAssertEqual(tree.language(of: span), "el")
        var greek = StructureTree(doc)
        greek.assignLanguages(of: doc, documentLanguage: "el")
        XCTAssertTrue(greek.inlineSpans.allSatisfy { $0.isEmpty }, "the document's own language")
    }
}
