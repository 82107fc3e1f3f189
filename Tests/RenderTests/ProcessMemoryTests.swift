import CCairo
import CDelayLoad
import XCTest

/// `report_prepare_memory` (CDelayLoad/process_memory.c): a heap grows for blocks up to 4 MiB,
/// larger ones get a mapping of their own. (The pad shows only in how a heap grows, which depends
/// on what the test process freed before; docs/performance.md measures it.)
final class ProcessMemoryTests: XCTestCase {
    func testBlocksUpTo4MiBComeFromTheHeapAndLargerOnesAreMapped() throws {
        report_prepare_memory()
        let mapped = mallinfo2().hblks
        // 3 MiB: from free space if the heap has it, else by growing the heap (glibc's default
        // would map it).
        let heap = try XCTUnwrap(malloc(3 << 20))
        memset(heap, 1, 3 << 20)
        XCTAssertEqual(mallinfo2().hblks, mapped, "3 MiB from the heap")
        // Larger than every free byte of the heaps, so that it cannot be served from them, and
        // above 4 MiB: a mapping (glibc's default, once it has freed mapped blocks, grows the heap
        // for anything up to 32 MiB).
        let size = max(5 << 20, Int(mallinfo2().fordblks) + (1 << 20))
        let large = try XCTUnwrap(malloc(size))
        XCTAssertEqual(mallinfo2().hblks, mapped + 1, "\(size) bytes mapped")
        free(large)
        free(heap)
        XCTAssertEqual(mallinfo2().hblks, mapped)
    }
}
