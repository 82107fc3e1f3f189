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

/* Draws `glyph_item` at the current point as pango_cairo_show_glyph_item (Pango 1.50's
   pangocairo-render.c) does: the same scaled font, glyphs, positions and clusters given to
   cairo, and the current point restored, without going through Pango's renderer (its glyph item
   iterator, renderer activation and colour parts cost about a quarter of drawing a line's
   words); the one call of Pango's left out, the state saved and restored around the font, is
   said below. For one left-to-right run at offset 0 whose glyphs are all known (`WordGlyphs`'
   lines); for any other run it draws nothing and returns 0, and the caller draws it with Pango.
   `x_offset + (double)0 / PANGO_SCALE` below is Pango's `x_offset + (double)x / PANGO_SCALE`
   with x = 0, kept in that form so the doubles given to cairo are Pango's to the bit. */
static inline int report_show_glyph_item(cairo_t *cr, const char *text, PangoGlyphItem *glyph_item) {
    enum { STACK = 256 };
    PangoItem *item = glyph_item->item;
    PangoGlyphString *glyphs = glyph_item->glyphs;
    int n = glyphs->num_glyphs;
    if (n <= 0 || n > STACK || item->offset != 0 || item->analysis.level % 2 != 0 || !item->analysis.font) return 0;
    for (int i = 0; i < n; i++)
        if (glyphs->glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG) return 0;
    cairo_scaled_font_t *scaled_font = pango_cairo_font_get_scaled_font((PangoCairoFont *)item->analysis.font);
    if (scaled_font == NULL || cairo_scaled_font_status(scaled_font) != CAIRO_STATUS_SUCCESS) return 0;

    /* save_current_point */
    cairo_bool_t had_current_point = cairo_has_current_point(cr);
    double x_offset, y_offset;
    cairo_get_current_point(cr, &x_offset, &y_offset);
    cairo_bool_t has_show_text_glyphs = cairo_surface_has_show_text_glyphs(cairo_get_target(cr));

    /* pango_cairo_renderer_draw_glyph_item: the clusters of pango_glyph_item_iter, left to right */
    cairo_text_cluster_t clusters[STACK];
    int num_clusters = 0;
    if (has_show_text_glyphs) {
        int start_index = item->offset, glyph_index = 0;
        while (glyph_index < n) {
            int cluster = glyphs->log_clusters[glyph_index], end_glyph = glyph_index, end_index;
            for (;;) {
                end_glyph++;
                if (end_glyph == n) { end_index = item->offset + item->length; break; }
                if (glyphs->log_clusters[end_glyph] > cluster) { end_index = item->offset + glyphs->log_clusters[end_glyph]; break; }
            }
            int num_bytes = end_index - start_index, num_glyphs = end_glyph - glyph_index;
            /* Pango warns of such a cluster and draws it: left to Pango. */
            if (num_bytes < 1 || num_glyphs < 1) return 0;
            for (int i = glyph_index; i < end_glyph; i++)
                if (glyphs->glyphs[i].glyph == PANGO_GLYPH_EMPTY) num_glyphs--;
            clusters[num_clusters].num_bytes = num_bytes;
            clusters[num_clusters].num_glyphs = num_glyphs;
            num_clusters++;
            start_index = end_index;
            glyph_index = end_glyph;
        }
    }

    /* pango_cairo_renderer_show_text_glyphs, with no colour part set (as the renderer is left
       by _pango_cairo_do_glyph_item) and x = y = 0 */
    double base_x = x_offset + (double)0 / PANGO_SCALE;
    double base_y = y_offset + (double)0 / PANGO_SCALE;
    cairo_glyph_t cairo_glyphs[STACK];
    int count = 0, x_position = 0;
    for (int i = 0; i < n; i++) {
        PangoGlyphInfo *gi = &glyphs->glyphs[i];
        if (gi->glyph != PANGO_GLYPH_EMPTY) {
            double cx = base_x + (double)(x_position + gi->geometry.x_offset) / PANGO_SCALE;
            double cy = gi->geometry.y_offset == 0 ? base_y : base_y + (double)(gi->geometry.y_offset) / PANGO_SCALE;
            cairo_glyphs[count].index = gi->glyph;
            cairo_glyphs[count].x = cx;
            cairo_glyphs[count].y = cy;
            count++;
        }
        x_position += gi->geometry.width;
    }
    /* Pango saves the state, sets the font and restores the state, so that cairo looks the scaled
       font up again at every line (cairo_scaled_font_create: a lock and a hash). The font is left
       set here instead: cairo draws with the scaled font of the state's face, matrix, options and
       transformation whichever way it was set, so the same font is drawn, and nothing else of
       the state changes. */
    cairo_set_scaled_font(cr, scaled_font);
    if (has_show_text_glyphs)
        cairo_show_text_glyphs(cr, text + item->offset, item->length, cairo_glyphs, count, clusters, num_clusters, 0);
    else
        cairo_show_glyphs(cr, cairo_glyphs, count);

    /* restore_current_point */
    if (had_current_point)
        cairo_move_to(cr, x_offset, y_offset);
    else
        cairo_new_sub_path(cr);
    return 1;
}
