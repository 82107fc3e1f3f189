#ifndef REPORT_DELAY_LOAD_H
#define REPORT_DELAY_LOAD_H

/* The shared libraries report loads when a command first needs them rather than when the process
   starts (docs/performance.md, "Fourth round (2026-11-27): libraries loaded when a command first
   needs them"). Loading the PDF stack's 44 libraries, SQLite, Nettle, libcsv, libdeflate and zlib was
   most of `report --version`'s start-up.

   Every function report calls in them is defined in this module (delay_load.c) and calls the
   library's own through a pointer bound when the library is loaded. */

typedef enum {
    /* libpangocairo-1.0.so.0 and what it needs: Pango, Cairo, GLib, fontconfig, HarfBuzz,
       FreeType. */
    REPORT_LIBRARY_PDF = 0,
    /* libsqlite3.so.0: the CuraKnot care store. */
    REPORT_LIBRARY_SQLITE = 1,
    /* libnettle.so.8: the batch manifest's SHA-256. */
    REPORT_LIBRARY_NETTLE = 2,
    /* libcsv.so.3: the CSV readers. */
    REPORT_LIBRARY_CSV = 3,
    /* libdeflate.so.0: the tagged PDF's streams (loaded with the PDF stack). */
    REPORT_LIBRARY_DEFLATE = 4,
    /* libz.so.1: cairo's compressed streams inflated to be marked (loaded with the PDF stack,
       which loads it too). */
    REPORT_LIBRARY_ZLIB = 5,
} report_library;

/* Loads `library` and binds every function report calls in it: once per process, from any
   thread. Returns NULL when the library is ready, else why it could not be loaded, the message
   a run ends with ("the PDF libraries: cannot load libpangocairo-1.0.so.0 (…): install …"; the
   same text on every later call). A function of the library called before this loads it first; if that
   fails it prints the reason as `report: error: …` and exits with status 4. */
const char *report_library_load(report_library library);

/* Starts loading the PDF stack, libdeflate and zlib on a thread of its own, and reading fontconfig's
   configuration on another, so that a command that will draw a PDF has them ready by the time it
   has parsed its arguments and read its templates and input; `report_library_load` then waits
   for those threads if they are still at work, and returns what they found. From the main thread
   only; a second call does nothing. */
void report_library_preload_pdf(void);

/* Waits for the threads `report_library_preload_pdf` started, if any: called before the process
   exits, so that no library is half loaded while the process unloads them. Main thread only. */
void report_library_settle(void);

/* Sets how the allocator grows and gives back memory, for a process that lives for one report or
   one batch (process_memory.c). Called in `main` before any other thread starts. */
void report_prepare_memory(void);

#endif
