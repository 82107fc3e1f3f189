@testable import ReportKit
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
