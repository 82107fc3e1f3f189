#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <fontconfig/fontconfig.h>
#include <cairo-ft.h>

/* Whether `font` draws colour glyphs (an emoji font): cairo 1.16 writes those into a PDF as
   images, not as text. */
static inline int report_font_has_color(PangoFont *font) {
    cairo_scaled_font_t *scaled = pango_cairo_font_get_scaled_font((PangoCairoFont *)font);
    if (!scaled) return 0;
    FT_Face face = cairo_ft_scaled_font_lock_face(scaled);
    if (!face) return 0;
    int color = FT_HAS_COLOR(face) ? 1 : 0;
    cairo_ft_scaled_font_unlock_face(scaled);
    return color;
}

#include <string.h>
#include <sys/mman.h>
#include <malloc.h>
#ifndef MREMAP_MAYMOVE
#define MREMAP_MAYMOVE 1
#endif
extern void *mremap(void *old_address, size_t old_size, size_t new_size, int flags, ...);

/* The bytes of a PDF as cairo writes them (a token at a time), in memory mapped for them alone:
   grown with mremap, which neither copies nor leaves a hole in the heap behind, and unmapped
   whole once used. Only pages written to are resident. */
typedef struct {
    unsigned char *base;
    size_t count;
    size_t capacity;
} report_byte_map;

static inline cairo_status_t report_byte_map_write(void *closure, const unsigned char *data, unsigned int length) {
    report_byte_map *m = (report_byte_map *)closure;
    if (length == 0) return CAIRO_STATUS_SUCCESS;
    if (m->count + length > m->capacity) {
        size_t capacity = m->capacity ? m->capacity : (size_t)1 << 20;
        while (capacity < m->count + length) capacity *= 2;
        void *grown = m->base
            ? mremap(m->base, m->capacity, capacity, MREMAP_MAYMOVE)
            : mmap(NULL, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (grown == MAP_FAILED) return CAIRO_STATUS_NO_MEMORY;
        m->base = (unsigned char *)grown;
        m->capacity = capacity;
    }
    memcpy(m->base + m->count, data, length);
    m->count += length;
    return CAIRO_STATUS_SUCCESS;
}

/* A PDF surface writing into `m`. */
static inline cairo_surface_t *report_pdf_surface_for_map(report_byte_map *m, double width, double height) {
    return cairo_pdf_surface_create_for_stream(report_byte_map_write, m, width, height);
}

static inline void report_byte_map_free(report_byte_map *m) {
    if (m->base) munmap(m->base, m->capacity);
    m->base = NULL;
    m->count = 0;
    m->capacity = 0;
}

/* Gives the heap's whole free pages back to the system (glibc's malloc_trim; FreedMemory.swift). */
static inline void report_give_back_freed_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}
