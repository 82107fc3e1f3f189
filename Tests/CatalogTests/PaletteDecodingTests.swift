import Catalog
import Foundation
import Render
import TestSupport
import XCTest

/// A brand palette is a `Decodable` struct of `Render.Color`s: a colour that does not parse or a
/// palette key the file lacks is an error naming the file and the key path, made by
/// `ConfigFile`'s mapping of decoding errors.
final class PaletteDecodingTests: XCTestCase {
    struct Brand: Decodable {
        struct Palette: Decodable { let textPrimary, zebra: Color }
        let palette: Palette
        let surfaces: [String: Color]
    }

    func decode(_ json: String) throws -> Brand {
        let dir = try TestPaths.temporaryDirectory("palette-decoding")
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("brand"), withIntermediateDirectories: true)
        try Data(json.utf8).write(to: dir.appendingPathComponent("brand/test.json"))
        return try ConfigFile.decode(Brand.self, directory: dir, file: "brand/test.json")
    }

    func assertError(_ json: String, _ expected: CatalogError, line: UInt = #line) {
        XCTAssertThrowsError(try decode(json), line: line) { error in
            XCTAssertEqual(error as? CatalogError, expected, line: line)
            XCTAssertTrue("\(error)".hasPrefix("brand/test.json: "), "\(error)", line: line)
        }
    }

    func testColoursDecodeFromTheirHexText() throws {
        let b = try decode(##"{"palette": {"textPrimary": "#2E3240", "zebra": "#F4F8F880"}, "surfaces": {"4": "#FFFFFF"}}"##)
        XCTAssertEqual(b.palette.textPrimary, Color(hex: "#2E3240"))
        XCTAssertEqual(b.palette.zebra.alpha, Double(0x80) / 255)
        XCTAssertEqual(b.surfaces["4"], Color(red: 1, green: 1, blue: 1))
    }

    func testBadHexNamesTheKeyPathAndTheValue() {
        assertError(##"{"palette": {"textPrimary": "#2E3240", "zebra": "#F4F8FZ"}, "surfaces": {}}"##,
                    .wrongType(file: "brand/test.json", key: "palette.zebra",
                               expected: ##"a colour written #RRGGBB or #RRGGBBAA, not "#F4F8FZ""##))
    }

    func testColourThatIsNotTextIsAWrongType() {
        assertError(##"{"palette": {"textPrimary": 3, "zebra": "#F4F8F8"}, "surfaces": {}}"##,
                    .wrongType(file: "brand/test.json", key: "palette.textPrimary", expected: "a string"))
    }

    func testMissingPaletteKeyIsNamed() {
        assertError(##"{"palette": {"textPrimary": "#2E3240"}, "surfaces": {}}"##,
                    .missingKey(file: "brand/test.json", key: "palette.zebra"))
    }

    func testNumericObjectKeyIsWrittenAfterADot() {
        assertError(##"{"palette": {"textPrimary": "#2E3240", "zebra": "#F4F8F8"}, "surfaces": {"4": "red"}}"##,
                    .wrongType(file: "brand/test.json", key: "surfaces.4",
                               expected: ##"a colour written #RRGGBB or #RRGGBBAA, not "red""##))
    }
}
