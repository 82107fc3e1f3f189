import CCairo
import CDelayLoad
import XCTest

/// `report_prepare_memory` (CDelayLoad/process_memory.c): blocks up to 4 MiB come from the heap,
/// larger ones get a mapping of their own. (The pad shows only in how a heap grows, which depends
/// on what the test process freed before; docs/performance.md measures it.)
final class ProcessMemoryTests: XCTestCase {
    func testBlocksUpTo4MiBComeFromTheHeapAndLargerOnesAreMapped() throws {
        report_prepare_memory()
        let mapped = mallinfo2().hblks
        let heap = try XCTUnwrap(malloc(3 << 20))
        memset(heap, 1, 3 << 20)
        XCTAssertEqual(mallinfo2().hblks, mapped, "3 MiB from the heap (glibc's default: a mapping)")
        let large = try XCTUnwrap(malloc(5 << 20))
        XCTAssertEqual(mallinfo2().hblks, mapped + 1, "5 MiB mapped")
        free(large)
        free(heap)
        XCTAssertEqual(mallinfo2().hblks, mapped)
    }
}
