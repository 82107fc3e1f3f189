@testable import ReportKit
import Foundation
import XCTest

final class JSONOutputTests: XCTestCase {
    func testCompactFormIsOneLineAndEscapesLikeThePrettyForm() {
        let value = JSONOutput.object([("level", .string("error")),
                                       ("message", .string("a \"b\" \\ c\nd\te\r\u{01}é")),
                                       ("items", .array([.int(1), .bool(true), .null, .number("0.5")])),
                                       ("empty", .object([]))])
        XCTAssertEqual(value.compact(),
                       #"{"level":"error","message":"a \"b\" \\ c\nd\te\r\u0001é","items":[1,true,null,0.5],"empty":{}}"#)
        XCTAssertEqual(value.serialized(), """
            {
              "level": "error",
              "message": "a \\"b\\" \\\\ c\\nd\\te\\r\\u0001é",
              "items": [
                1,
                true,
                null,
                0.5
              ],
              "empty": {}
            }

            """)
    }
}

/// Every string the JSON writer writes: valid JSON that decodes to the same text, with every
/// character that could break a line or change a terminal (`Quote.isControl`: C0, DEL, C1,
/// bidi controls, U+2028/U+2029) written as `\uXXXX`, so a JSON line stays one line.
final class JSONStringEscapeTests: XCTestCase {
    func testEveryScalarDecodesBackAndNoControlIsWrittenRaw() throws {
        var scalars = String.UnicodeScalarView()
        for value in UInt32(0)...0x10FFFF { if let s = Unicode.Scalar(value) { scalars.append(s) } }
        let all = String(scalars)
        let line = JSONOutput.array([.string(all)]).compact()
        XCTAssertFalse(line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || [0x061C, 0x200E, 0x200F].contains($0.value)
                                                      || (0x2028...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        let decoded = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String]
        XCTAssertEqual(decoded, [all])
        XCTAssertEqual(JSONOutput.string("a\u{2028}b\u{2029}c\u{85}d\u{7F}e\u{202E}f\u{1B}]52;").compact(),
                       #""a\u2028b\u2029c\u0085d\u007fe\u202ef\u001b]52;""#)
        XCTAssertEqual(JSONOutput.string("Café – “quoted” …").compact(), "\"Café – “quoted” …\"", "other text is written as it is")
    }
}
