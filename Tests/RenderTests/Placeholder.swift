import XCTest
final class RenderTestsPlaceholder: XCTestCase { func testPlaceholder() { XCTAssertTrue(true) } }
