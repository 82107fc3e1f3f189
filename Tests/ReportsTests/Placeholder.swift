import XCTest
final class ReportsTestsPlaceholder: XCTestCase { func testPlaceholder() { XCTAssertTrue(true) } }
