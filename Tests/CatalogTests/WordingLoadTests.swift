import Catalog
import Foundation
import TestSupport
import XCTest

/// Every wording key a report declares is checked when it is compiled: a missing key, a
/// placeholder the code does not fill or does not find, or a tag beyond plain `{{name}}` is an
/// error naming the file and the key.
final class WordingLoadTests: XCTestCase {
    func wording(_ text: [String: String]) throws -> Wording {
        try Wording(file: "wording/test.json", verbatim: [:], text: text)
    }

    func assertBadTemplate(_ body: @autoclosure () throws -> Any, key: String, reasonContains: String,
                           file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard case .badTemplate(let f, let k, let reason)? = error as? CatalogError else {
                return XCTFail("unexpected \(error)", file: file, line: line)
            }
            XCTAssertEqual(f, "wording/test.json", file: file, line: line)
            XCTAssertEqual(k, key, file: file, line: line)
            XCTAssertTrue(reasonContains.isEmpty || reason.contains(reasonContains), reason, file: file, line: line)
            XCTAssertTrue("\(error)".hasPrefix("wording/test.json: "), file: file, line: line)
        }
    }

    func testMissingKeyNamesTheFile() throws {
        let w = try wording(["a": "A"])
        XCTAssertThrowsError(try w.compile([WordingKey("a"), WordingKey("b.c")])) { error in
            XCTAssertEqual(error as? CatalogError, .missingKey(file: "wording/test.json", key: "b.c"))
        }
    }

    func testWrongPlaceholderIsRejected() throws {
        let w = try wording(["greet": "Hello {{nmae}}"])
        assertBadTemplate(try w.compile([WordingKey("greet", "name")]), key: "greet", reasonContains: "{{nmae}}")
    }

    func testPlaceholderTheTemplateLacksIsRejected() throws {
        let w = try wording(["greet": "Hello"])
        assertBadTemplate(try w.compile([WordingKey("greet", "name")]), key: "greet", reasonContains: "has no {{name}}")
    }

    func testSectionsAndPartialsAreRejected() throws {
        let w = try wording(["s": "{{#name}}x{{/name}}", "p": "{{>other}}", "u": "Hello {{name"])
        assertBadTemplate(try w.compile([WordingKey("s", "name")]), key: "s", reasonContains: "{{#name}}")
        assertBadTemplate(try w.compile([WordingKey("p")]), key: "p", reasonContains: "{{>other}}")
        assertBadTemplate(try w.compile([WordingKey("u", "name")]), key: "u", reasonContains: "")
    }

    func testSameKeyDeclaredWithOtherPlaceholdersIsRejected() throws {
        let w = try wording(["r": "{{a}}-{{b}}"])
        assertBadTemplate(try w.compile([WordingKey("r", "a", "b"), WordingKey("r", "b", "a")]), key: "r", reasonContains: "twice")
    }

    func testCompiledPhraseFillsEachPlaceholderByName() throws {
        let w = try wording(["r": "{{b}} then {{a}}, {{b}} again"])
        let book = try w.compile([WordingKey("r", "a", "b")])
        XCTAssertEqual(try book.render(WordingKey("r", "a", "b"), ["a": "1", "b": "2"]), "2 then 1, 2 again")
        XCTAssertEqual(try book.render(WordingKey("r", "a", "b"), ["b": "2", "a": "1"]), "2 then 1, 2 again")
    }

    func testKeyDeclaringAPlaceholderTwiceIsRejected() throws {
        let w = try wording(["r": "{{a}}"])
        assertBadTemplate(try w.compile([WordingKey("r", "a", "a")]), key: "r", reasonContains: "declares {{a}} twice")
    }

    func testKeysCheckedTogetherStillNameTheBadOne() throws {
        var text = ["bad": "{{#name}}x{{/name}}", "odd": "a\u{1}\u{2}\u{1}b {{n}}"]
        for i in 0..<20 { text["k\(i)"] = "Line \(i): {{n}} of {{total}}" }
        let w = try wording(text)
        let good = (0..<20).map { WordingKey("k\($0)", "n", "total") } + [WordingKey("odd", "n")]
        let book = try w.compile(good)
        XCTAssertEqual(try book.render(WordingKey("k7", "n", "total"), ["n": "3", "total": "9"]), "Line 7: 3 of 9")
        XCTAssertEqual(try book.render(WordingKey("odd", "n"), ["n": "5"]), "a\u{1}\u{2}\u{1}b 5")
        assertBadTemplate(try w.compile(good + [WordingKey("bad", "name")]), key: "bad", reasonContains: "{{#name}}")
    }

    func testKeySetsCollectEveryDeclaredKey() {
        struct Inner: WordingKeySet {
            let x = WordingKey("x")
            var declaredKeys: [WordingKey] { keys(x) }
        }
        struct Outer: WordingKeySet {
            let a = WordingKey("a", "n")
            let months = WordingKeyFamily<Int>("month", 1...3)
            let inner = Inner()
            let notAKey = 3
            let list = [WordingKey("l.1"), WordingKey("l.2")]
            var declaredKeys: [WordingKey] { keys(a, months, inner, list) }
        }
        XCTAssertEqual(Outer().declaredKeys.map(\.key), ["a", "month.1", "month.2", "month.3", "x", "l.1", "l.2"])
        XCTAssertEqual(Outer().reflectedKeys, Outer().declaredKeys)
        XCTAssertNil(Outer().undeclaredKeys)
    }

    /// A key set whose list leaves a stored key out, lists one twice or changes the order is
    /// found (debug builds stop when such a set is compiled).
    func testAKeyLeftOutOfTheListIsFound() throws {
        struct LeavesOut: WordingKeySet {
            let a = WordingKey("a")
            let b = WordingKey("b")
            let months = WordingKeyFamily<Int>("month", 1...2)
            var declaredKeys: [WordingKey] { keys(a, months) }
        }
        let why = try XCTUnwrap(LeavesOut().undeclaredKeys)
        XCTAssertTrue(why.contains("LeavesOut"), why)
        XCTAssertTrue(why.contains("leaves out b"), why)
        struct Reordered: WordingKeySet {
            let a = WordingKey("a")
            let b = WordingKey("b")
            var declaredKeys: [WordingKey] { keys(b, a) }
        }
        XCTAssertNotNil(Reordered().undeclaredKeys)
        struct Extra: WordingKeySet {
            let a = WordingKey("a")
            var declaredKeys: [WordingKey] { keys(a, WordingKey("z")) }
        }
        XCTAssertTrue(try XCTUnwrap(Extra().undeclaredKeys).contains("lists z"))
    }

    func testEveryKeyOfTheRealWordingFileParses() throws {
        let w = try Wording(directory: TestPaths.templates, app: "aurae")
        XCTAssertGreaterThan(w.entries.count, 150)
        XCTAssertEqual(w.file, "wording/aurae.json")
    }

    func testWordingFileProblemsNameTheFileAndTheKey() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wording-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("wording"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func load(_ json: String) throws -> Wording {
            try Data(json.utf8).write(to: dir.appendingPathComponent("wording/t.json"))
            return try Wording(directory: dir, app: "t")
        }
        let ok = try load(#"{"verbatim": {"d": "Approved."}, "text": {"a": {"b": "B {{n}}", "c": "C"}}}"#)
        XCTAssertEqual(ok.entries, ["d": "Approved.", "a.b": "B {{n}}", "a.c": "C"])
        XCTAssertEqual(ok.verbatimKeys, ["d"])
        XCTAssertThrowsError(try load(#"{"verbatim": {}, "text": {"a": {"b": 3}}}"#)) { error in
            XCTAssertEqual(error as? CatalogError, .wrongType(file: "wording/t.json", key: "text.a.b", expected: "a string or a group of strings"))
        }
        XCTAssertThrowsError(try load(#"{"verbatim": {}}"#)) { error in
            XCTAssertEqual(error as? CatalogError, .missingKey(file: "wording/t.json", key: "text"))
        }
        XCTAssertThrowsError(try load(#"{"verbatim": {}, "text": ["a"]}"#)) { error in
            XCTAssertEqual(error as? CatalogError, .wrongType(file: "wording/t.json", key: "text", expected: "a string or a group of strings"))
        }
        XCTAssertThrowsError(try load(#"{"verbatim": {"a": "A"}, "text": {"a": "A"}}"#)) { error in
            XCTAssertEqual(error as? CatalogError, .badTemplate(file: "wording/t.json", key: "a", reason: "defined both as verbatim and as text"))
        }
        XCTAssertThrowsError(try load(#"{"verbatim": {"#)) { error in
            XCTAssertEqual(error as? CatalogError, .unreadable(file: "wording/t.json", reason: "not valid JSON"))
        }
        XCTAssertThrowsError(try load("[]")) { error in
            XCTAssertEqual(error as? CatalogError, .wrongType(file: "wording/t.json", key: "", expected: "an object"))
        }
    }

    func testDecodingErrorsNameFileAndKeyPath() throws {
        struct Settings: Decodable { struct Item: Decodable { let n: Int }; let items: [Item] }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wording-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"items": [{"n": 1}, {"n": "two"}]}"#.utf8).write(to: dir.appendingPathComponent("s.json"))
        XCTAssertThrowsError(try ConfigFile.decode(Settings.self, directory: dir, file: "s.json")) { error in
            XCTAssertEqual(error as? CatalogError, .wrongType(file: "s.json", key: "items[1].n", expected: "a whole number"))
        }
        try Data(#"{"items": [{}]}"#.utf8).write(to: dir.appendingPathComponent("s.json"))
        XCTAssertThrowsError(try ConfigFile.decode(Settings.self, directory: dir, file: "s.json")) { error in
            XCTAssertEqual(error as? CatalogError, .missingKey(file: "s.json", key: "items[0].n"))
        }
        // 0 and 1 stay numbers (JSONSerialization on Linux made them booleans).
        try Data(#"{"items": [{"n": 0}, {"n": 1}]}"#.utf8).write(to: dir.appendingPathComponent("s.json"))
        XCTAssertEqual(try ConfigFile.decode(Settings.self, directory: dir, file: "s.json").items.map(\.n), [0, 1])
    }
}
