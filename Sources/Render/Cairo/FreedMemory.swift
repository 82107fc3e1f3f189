import CCairo

/// Gives the heap's free pages back to the system. A long report frees its document once laid
/// out and each page once drawn, but in small blocks scattered among the ones still in use: the
/// C allocator keeps those pages and the process stays as large as its largest moment while
/// cairo's file grows beside it. `malloc_trim` returns every whole free page (glibc; a no-op
/// elsewhere). It walks the free lists (well under a millisecond for a small report), so it is
/// called between phases and every `pageInterval` pages drawn, not per allocation.
enum FreedMemory {
    static let pageInterval = 128

    static func giveBack() {
        report_give_back_freed_memory()
    }
}
