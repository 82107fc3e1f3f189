/* The libraries report loads when first used (include/CDelayLoad.h).

   For each library, every function report calls in it is defined here under its own name, with
   hidden visibility, so that the Swift modules' calls bind to these definitions at link time and
   the library itself is not linked: no start-up dependency. A definition calls the library's
   function through a pointer that `report_library_load` binds with `dlsym` when the library is
   loaded, from the library's handle, never from the executable (whose definitions, hidden, the
   libraries cannot see either). */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CDelayLoad.h"

#pragma GCC visibility push(hidden)
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <sqlite3.h>
#include <nettle/sha2.h>
#include <nettle/version.h>
#include <csv.h>
#include <libdeflate.h>
#include <zlib.h>

#if NETTLE_VERSION_MAJOR != 3
#error "libnettle.so.8 is Nettle 3: another major version needs its soname below"
#endif

struct binding {
    const char *name;
    void **pointer;
};

struct library {
    /* What it is called in a message ("the PDF libraries: cannot load …"). */
    const char *what;
    const char *soname;
    /* What to install when it is missing (the Debian package). */
    const char *package;
    const struct binding *bindings;
    size_t count;
    /* What is done once the functions are bound, from the library's handle (or NULL). */
    void (*ready)(void *handle);
    pthread_once_t once;
    int loaded;
    char error[512];
};

/* fontconfig starts itself on the first font asked for (FcInit): it loads the system's
   configuration (/etc/fonts/fonts.conf and conf.d) and then parses every file of
   /usr/share/fontconfig/conf.avail as well, without applying them, only to describe the
   configurations that could be enabled (what fc-conflist lists). On Debian 12 that second parse
   is 10 M instructions of XML, a twentieth of a 100-row summary, for a list report never reads
   (docs/performance.md). The configuration is made here as FcInitLoadConfigAndFonts makes it —
   the same file, rules, font directories and caches — without that list, and made current
   before anything asks for a font. If any step fails, fontconfig is left to start on its own.
   It runs once (`start_fontconfig`): on a thread of its own while the rest of the PDF stack is
   loaded (`report_library_preload_pdf`), or when that stack is ready if it runs first. */
static void start_fontconfig_now(void *handle) {
    FcConfig *(*create)(void) = (FcConfig *(*)(void))dlsym(handle, "FcConfigCreate");
    FcBool (*parse)(FcConfig *, const FcChar8 *, FcBool) =
        (FcBool (*)(FcConfig *, const FcChar8 *, FcBool))dlsym(handle, "FcConfigParseAndLoad");
    FcStrList *(*cache_dirs)(FcConfig *) = (FcStrList *(*)(FcConfig *))dlsym(handle, "FcConfigGetCacheDirs");
    FcChar8 *(*next)(FcStrList *) = (FcChar8 *(*)(FcStrList *))dlsym(handle, "FcStrListNext");
    void (*done)(FcStrList *) = (void (*)(FcStrList *))dlsym(handle, "FcStrListDone");
    FcBool (*build)(FcConfig *) = (FcBool (*)(FcConfig *))dlsym(handle, "FcConfigBuildFonts");
    FcBool (*set_current)(FcConfig *) = (FcBool (*)(FcConfig *))dlsym(handle, "FcConfigSetCurrent");
    void (*destroy)(FcConfig *) = (void (*)(FcConfig *))dlsym(handle, "FcConfigDestroy");
    if (!create || !parse || !cache_dirs || !next || !done || !build || !set_current || !destroy) return;
    FcConfig *config = create();
    if (!config) return;
    /* NULL: the file fontconfig itself would read (FONTCONFIG_FILE, else its fonts.conf). Quietly:
       if it cannot be read, fontconfig's own start below says so, once. */
    int ok = parse(config, NULL, FcFalse);
    if (ok) {
        /* With no cache folder configured, fontconfig adds its defaults: let it. */
        FcStrList *dirs = cache_dirs(config);
        ok = dirs && next(dirs) != NULL;
        if (dirs) done(dirs);
    }
    /* FcConfigSetCurrent keeps a reference of its own. */
    if (ok && build(config)) set_current(config);
    destroy(config);
}

static pthread_once_t fontconfig_once = PTHREAD_ONCE_INIT;
/* The handle `start_fontconfig_now` looks fontconfig's functions up in: libfontconfig's own, or
   the PDF stack's (which depends on it). Set once, by the first thread to get there. */
static void *fontconfig_handle;
static void start_fontconfig_once(void) { start_fontconfig_now(__atomic_load_n(&fontconfig_handle, __ATOMIC_ACQUIRE)); }

/* Starts fontconfig with `handle` unless a thread has started it (or is starting it: then waits
   for it). The PDF library's `ready` hook: fontconfig is started before the stack is ready. */
static void start_fontconfig(void *handle) {
    void *none = NULL;
    __atomic_compare_exchange_n(&fontconfig_handle, &none, handle, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    pthread_once(&fontconfig_once, start_fontconfig_once);
}

static void load(struct library *lib) {
    void *handle = dlopen(lib->soname, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(lib->error, sizeof lib->error, "%s: cannot load %s (%s): install %s (scripts/setup.sh does)",
                 lib->what, lib->soname, why ? why : "not found", lib->package);
        return;
    }
    for (size_t i = 0; i < lib->count; i++) {
        void *symbol = dlsym(handle, lib->bindings[i].name);
        if (!symbol) {
            snprintf(lib->error, sizeof lib->error, "%s: %s has no function %s: it is older than report needs",
                     lib->what, lib->soname, lib->bindings[i].name);
            return;
        }
        *lib->bindings[i].pointer = symbol;
    }
    if (lib->ready) lib->ready(handle);
    /* The handle stays open for the life of the process. */
    __atomic_store_n(&lib->loaded, 1, __ATOMIC_RELEASE);
}

/* The pointers, the definitions and the table of one library, from its list of functions. */
#define F(ret, name, params, args) static ret (*p_##name) params;
#define V(name, params, args) static void (*p_##name) params;
#include "pdf_functions.h"
#include "sqlite_functions.h"
#include "nettle_functions.h"
#include "csv_functions.h"
#include "deflate_functions.h"
#include "zlib_functions.h"
#undef F
#undef V

#define F(ret, name, params, args) { #name, (void **)&p_##name },
#define V(name, params, args) { #name, (void **)&p_##name },
static const struct binding pdf_bindings[] = {
#include "pdf_functions.h"
};
static const struct binding sqlite_bindings[] = {
#include "sqlite_functions.h"
};
static const struct binding nettle_bindings[] = {
#include "nettle_functions.h"
};
static const struct binding csv_bindings[] = {
#include "csv_functions.h"
};
static const struct binding deflate_bindings[] = {
#include "deflate_functions.h"
};
static const struct binding zlib_bindings[] = {
#include "zlib_functions.h"
};
#undef F
#undef V

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
static struct library libraries[] = {
    [REPORT_LIBRARY_PDF] = { "the PDF libraries", "libpangocairo-1.0.so.0", "libpangocairo-1.0-0", pdf_bindings, COUNT(pdf_bindings), start_fontconfig, PTHREAD_ONCE_INIT, 0, "" },
    [REPORT_LIBRARY_SQLITE] = { "SQLite", "libsqlite3.so.0", "libsqlite3-0", sqlite_bindings, COUNT(sqlite_bindings), NULL, PTHREAD_ONCE_INIT, 0, "" },
    [REPORT_LIBRARY_NETTLE] = { "Nettle", "libnettle.so.8", "libnettle8", nettle_bindings, COUNT(nettle_bindings), NULL, PTHREAD_ONCE_INIT, 0, "" },
    [REPORT_LIBRARY_CSV] = { "the CSV library", "libcsv.so.3", "libcsv3", csv_bindings, COUNT(csv_bindings), NULL, PTHREAD_ONCE_INIT, 0, "" },
    [REPORT_LIBRARY_DEFLATE] = { "the PDF libraries", "libdeflate.so.0", "libdeflate0", deflate_bindings, COUNT(deflate_bindings), NULL, PTHREAD_ONCE_INIT, 0, "" },
    [REPORT_LIBRARY_ZLIB] = { "the PDF libraries", "libz.so.1", "zlib1g", zlib_bindings, COUNT(zlib_bindings), NULL, PTHREAD_ONCE_INIT, 0, "" },
};

static void load_pdf(void) { load(&libraries[REPORT_LIBRARY_PDF]); }
static void load_sqlite(void) { load(&libraries[REPORT_LIBRARY_SQLITE]); }
static void load_nettle(void) { load(&libraries[REPORT_LIBRARY_NETTLE]); }
static void load_csv(void) { load(&libraries[REPORT_LIBRARY_CSV]); }
static void load_deflate(void) { load(&libraries[REPORT_LIBRARY_DEFLATE]); }
static void load_zlib(void) { load(&libraries[REPORT_LIBRARY_ZLIB]); }
static void (*const loaders[])(void) = {
    [REPORT_LIBRARY_PDF] = load_pdf, [REPORT_LIBRARY_SQLITE] = load_sqlite, [REPORT_LIBRARY_NETTLE] = load_nettle,
    [REPORT_LIBRARY_CSV] = load_csv, [REPORT_LIBRARY_DEFLATE] = load_deflate, [REPORT_LIBRARY_ZLIB] = load_zlib,
};

#pragma GCC visibility pop

const char *report_library_load(report_library which) {
    if ((unsigned)which >= COUNT(libraries)) return "no such library";
    struct library *lib = &libraries[which];
    if (__atomic_load_n(&lib->loaded, __ATOMIC_ACQUIRE)) return NULL;
    pthread_once(&lib->once, loaders[which]);
    return __atomic_load_n(&lib->loaded, __ATOMIC_ACQUIRE) ? NULL : lib->error;
}

/* The PDF stack loaded on a thread of its own while the command reads its input, and
   fontconfig's configuration read on another: reading it (about 2 ms of XML) and loading the rest
   of the stack (about 2.5 ms) do not wait for each other (docs/performance.md). The loader holds
   one lock for a whole `dlopen`, so libfontconfig is loaded first, on the calling thread: started
   together, the stack's thread could take the lock first, and fontconfig's wait for the whole
   stack before reading a line. Loaded by fontconfig's thread instead, as before, the stack's
   thread started only once that thread had it, and then waited a time slice for a core (two
   threads already ran on the two): the stack was ready about 1 ms later. Main thread only
   (include/CDelayLoad.h). */
static pthread_t preloader, fontconfig_loader;
static int asked, preloading, fontconfig_loading;

static void *preload_pdf(void *unused) {
    (void)unused;
    (void)report_library_load(REPORT_LIBRARY_PDF);
    (void)report_library_load(REPORT_LIBRARY_DEFLATE);
    (void)report_library_load(REPORT_LIBRARY_ZLIB);
    return NULL;
}

static void *preload_fontconfig(void *handle) {
    start_fontconfig(handle);
    return NULL;
}

void report_library_preload_pdf(void) {
    if (asked) return;
    asked = 1;
    /* libfontconfig first, here (about 1 ms): then fontconfig's configuration and the rest of the
       stack start together, each on a thread of its own. The library the PDF stack loads as a
       dependency (the same file, loaded once); if it cannot be loaded here, the stack's own load
       says why. If no thread can be made, the stack is loaded when first used, as without this
       (and fontconfig started by the stack's `ready` hook). */
    void *handle = dlopen("libfontconfig.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (handle) fontconfig_loading = pthread_create(&fontconfig_loader, NULL, preload_fontconfig, handle) == 0;
    preloading = pthread_create(&preloader, NULL, preload_pdf, NULL) == 0;
}

void report_library_settle(void) {
    if (fontconfig_loading) {
        pthread_join(fontconfig_loader, NULL);
        fontconfig_loading = 0;
    }
    if (!preloading) return;
    pthread_join(preloader, NULL);
    preloading = 0;
}

#pragma GCC visibility push(hidden)

/* A function called before its library was loaded (the commands load it first, so that a failure
   is reported through their error path): load it now, or say why not and stop. */
__attribute__((noinline, cold)) static void require(report_library which) {
    const char *why = report_library_load(which);
    if (!why) return;
    fprintf(stderr, "report: error: %s\n", why);
    exit(4);
}

#define READY(which) \
    if (__builtin_expect(!__atomic_load_n(&libraries[which].loaded, __ATOMIC_ACQUIRE), 0)) require(which);
/* The name in parentheses: GLib makes some (g_object_ref) function-like macros too. */
#define F(ret, name, params, args) ret (name) params { READY(LIBRARY) return p_##name args; }
#define V(name, params, args) void (name) params { READY(LIBRARY) p_##name args; }

#define LIBRARY REPORT_LIBRARY_PDF
#include "pdf_functions.h"
#undef LIBRARY
#define LIBRARY REPORT_LIBRARY_SQLITE
#include "sqlite_functions.h"
#undef LIBRARY
#define LIBRARY REPORT_LIBRARY_NETTLE
#include "nettle_functions.h"
#undef LIBRARY
#define LIBRARY REPORT_LIBRARY_CSV
#include "csv_functions.h"
#undef LIBRARY
#define LIBRARY REPORT_LIBRARY_DEFLATE
#include "deflate_functions.h"
#undef LIBRARY
#define LIBRARY REPORT_LIBRARY_ZLIB
#include "zlib_functions.h"
#undef LIBRARY

#pragma GCC visibility pop
