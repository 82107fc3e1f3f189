import CCairo

/// Gives the heap's free pages back to the system, for a long report. A long report frees its
/// document once laid out and each page once drawn, but in small blocks scattered among the ones
/// still in use: the C allocator keeps those pages and the process stays as large as its largest
/// moment while cairo's file grows beside it. `malloc_trim` returns every whole free page (glibc;
/// a no-op elsewhere), between phases and every `pageInterval` pages drawn. A short report gives
/// nothing back: the next report of a batch worker would only fault the same pages in again
/// (measured: a batch of 2,000 users took 15–20 % longer, most of it in the kernel).
enum FreedMemory {
    /// A report of at least this many pages gives back, every this many pages.
    static let pageInterval = 128

    /// Gives back when the report (of `pages` pages) has at least `pageInterval` pages.
    static func giveBack(pages: Int) {
        guard pages >= pageInterval else { return }
        report_give_back_freed_memory()
    }
}
