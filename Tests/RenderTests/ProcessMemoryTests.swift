import CCairo
import CDelayLoad
import XCTest

/// `report_prepare_memory` (CDelayLoad/process_memory.c): blocks up to 4 MiB come from the heap,
/// larger ones get a mapping of their own, and a heap grows by at least the 512 KiB pad.
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

    func testTheHeapGrowsByThePad() throws {
        report_prepare_memory()
        let before = mallinfo2()
        // A block larger than the heap's free space: the heap grows by it and the pad.
        let size = Int(before.fordblks) + (1 << 20)
        let block = try XCTUnwrap(malloc(size))
        defer { free(block) }
        let after = mallinfo2()
        XCTAssertGreaterThanOrEqual(Int(after.arena) - Int(before.arena), size - Int(before.fordblks) + (512 << 10) - 4096)
    }
}
