import XCTest
final class CatalogTestsPlaceholder: XCTestCase { func testPlaceholder() { XCTAssertTrue(true) } }
