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
#include <stdint.h>
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

/* The write below when the map must grow or the bytes are many: kept out of it, so that its
   common path calls nothing. */
__attribute__((noinline)) static cairo_status_t report_byte_map_write_slow(report_byte_map *m, const unsigned char *data,
                                                                          unsigned int length) {
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

static inline cairo_status_t report_byte_map_write(void *closure, const unsigned char *data, unsigned int length) {
    report_byte_map *m = (report_byte_map *)closure;
    if (length == 0) return CAIRO_STATUS_SUCCESS;
    if (length > 16 || m->count + length > m->capacity) return report_byte_map_write_slow(m, data, length);
    /* Most writes are a token or a number (a 1,000-row summary: 205,000 writes): copied here with
       two overlapping moves, each within the source, instead of a call to memcpy. */
    unsigned char *to = m->base + m->count;
    m->count += length;
    if (length >= 8) {
        uint64_t head, tail;
        __builtin_memcpy(&head, data, 8);
        __builtin_memcpy(&tail, data + length - 8, 8);
        __builtin_memcpy(to, &head, 8);
        __builtin_memcpy(to + length - 8, &tail, 8);
    } else if (length >= 4) {
        uint32_t head, tail;
        __builtin_memcpy(&head, data, 4);
        __builtin_memcpy(&tail, data + length - 4, 4);
        __builtin_memcpy(to, &head, 4);
        __builtin_memcpy(to + length - 4, &tail, 4);
    } else {
        to[0] = data[0];
        to[length / 2] = data[length / 2];
        to[length - 1] = data[length - 1];
    }
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
