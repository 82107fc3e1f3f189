/* How the allocator grows and gives back memory in a process that lives for one report or one
   batch (include/CDelayLoad.h). */

#include <malloc.h>

#include "CDelayLoad.h"

/* glibc grows a heap by what a request needs and gives back its free top as soon as that passes
   128 KiB, then faults the same pages in again when the next buffer grows: the 100-row summary
   moved its heap's end 35 to 40 times and took about 1,900 page faults, at a few microseconds
   each an eighth of its main thread's time (docs/performance.md). With a 512 KiB pad a heap
   grows and shrinks in larger steps and keeps that much at its top (a page never touched is
   never resident): about 250 fewer faults at 100 rows, 1,000 fewer at 10,000.

   Setting the pad stops glibc raising the size above which a block gets a mapping of its own
   (from 128 KiB, as such blocks are freed, up to 32 MiB); 4 MiB is fixed instead, so that the
   buffers a report grows come from the heap and the largest ones, at 10,000 rows, are still
   given back whole when freed. Measured on the summaries at 100, 1,000 and 10,000 rows, the
   clinical year and a batch of 1,000 users: peak memory within the spread of glibc's defaults
   from run to run (0.5 MB), the batch's throughput unchanged. */
void report_prepare_memory(void) {
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TOP_PAD, 512 << 10);
}
