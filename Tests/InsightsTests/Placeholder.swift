import XCTest
final class InsightsTestsPlaceholder: XCTestCase { func testPlaceholder() { XCTAssertTrue(true) } }
