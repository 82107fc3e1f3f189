import XCTest
final class IngestTestsPlaceholder: XCTestCase { func testPlaceholder() { XCTAssertTrue(true) } }
