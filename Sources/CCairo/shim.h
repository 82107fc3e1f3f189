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

/* The font `pango_context_load_font` gives — the first of the fontset Pango makes for `desc` —
   but from the fontset for `language`, the one Pango's itemizer asks for when it sets text in
   this font: `pango_context_load_font` asks for the fontset of the context's own language, none
   in a context whose language was never set, a second fontconfig match and sort of the same
   font (docs/performance.md). NULL when there is none; else a reference the caller releases. */
static inline gboolean report_first_font(PangoFontset *fontset, PangoFont *font, gpointer first) {
    (void)fontset;
    *(PangoFont **)first = font;
    return TRUE;
}
static inline PangoFont *report_context_load_font_for(PangoContext *context, const PangoFontDescription *desc,
                                                      PangoLanguage *language) {
    PangoFontset *fontset = pango_context_load_fontset(context, desc, language);
    if (!fontset) return NULL;
    PangoFont *font = NULL;
    pango_fontset_foreach(fontset, report_first_font, &font);
    if (font) g_object_ref(font);
    g_object_unref(fontset);
    return font;
}

/* Gives a new font map from `pango_cairo_font_map_new` the resolution `dpi`, as
   `pango_cairo_font_map_set_resolution` does, without what that call does next: it clears the
   font map's caches and fills one again at once, the list of every family fontconfig knows
   (1.9 M instructions on the 100-row summary, for a list no report asks for; Pango makes it again
   when asked). The field is set where Pango 1.50 keeps it (`PangoCairoFcFontMap` in
   pangocairo-fc-private.h: the fontconfig font map, a GObject and four pointers in
   pangofc-fontmap-private.h, then a serial, then the resolution), and only when the object is
   that large and the public getter reads back from that place what it read before and after.
   Anything else (another layout, another backend) takes the public call. Returns 0 when it did. */
struct report_pango_cairo_fc_font_map {
    GObject object;
    void *fc_private, *substitute_func, *substitute_data, *substitute_destroy;
    guint serial;
    double dpi;
};
static inline int report_font_map_set_resolution(PangoFontMap *map, double dpi) {
    PangoCairoFontMap *cairo_map = (PangoCairoFontMap *)map;
    struct report_pango_cairo_fc_font_map *fields = (struct report_pango_cairo_fc_font_map *)map;
    double before = pango_cairo_font_map_get_resolution(cairo_map);
    if (before == dpi) return 1;
    GTypeQuery type;
    g_type_query(G_OBJECT_TYPE(map), &type);
    if (type.instance_size >= sizeof *fields && fields->dpi == before && before > 0) {
        fields->dpi = dpi;
        if (pango_cairo_font_map_get_resolution(cairo_map) == dpi) {
            fields->serial++;  /* as the setter does: contexts made before see a change */
            if (fields->serial == 0) fields->serial++;
            return 1;
        }
        fields->dpi = before;
    }
    pango_cairo_font_map_set_resolution(cairo_map, dpi);
    return 0;
}

#include <string.h>
#include <stdlib.h>
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

/* The glyphs and clusters pango_cairo_show_glyph_item (Pango 1.50's pangocairo-render.c) gives
   cairo for `glyph_item` drawn at the current point (`x_offset`, `y_offset`), into `cairo_glyphs`
   and `clusters` (REPORT_GLYPH_ITEM_STACK each), their counts and the run's scaled font; returns
   1, or 0 when the run is not one left-to-right run at offset 0 whose glyphs are all known
   (`WordGlyphs`' lines), which is left to Pango. `x_offset + (double)0 / PANGO_SCALE`
   below is Pango's `x_offset + (double)x / PANGO_SCALE` with x = 0, kept in that form so the
   doubles given to cairo are Pango's to the bit. */
enum { REPORT_GLYPH_ITEM_STACK = 256 };
static inline int report_glyph_item_glyphs(double x_offset, double y_offset, PangoGlyphItem *glyph_item, cairo_bool_t with_clusters,
                                           cairo_glyph_t *cairo_glyphs, int *glyph_count,
                                           cairo_text_cluster_t *clusters, int *cluster_count,
                                           cairo_scaled_font_t **font) {
    PangoItem *item = glyph_item->item;
    PangoGlyphString *glyphs = glyph_item->glyphs;
    int n = glyphs->num_glyphs;
    if (n <= 0 || n > REPORT_GLYPH_ITEM_STACK || item->offset != 0 || item->analysis.level % 2 != 0 || !item->analysis.font) return 0;
    for (int i = 0; i < n; i++)
        if (glyphs->glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG) return 0;
    cairo_scaled_font_t *scaled_font = pango_cairo_font_get_scaled_font((PangoCairoFont *)item->analysis.font);
    if (scaled_font == NULL || cairo_scaled_font_status(scaled_font) != CAIRO_STATUS_SUCCESS) return 0;

    /* pango_cairo_renderer_draw_glyph_item: the clusters of pango_glyph_item_iter, left to right */
    int num_clusters = 0;
    if (with_clusters) {
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
    *glyph_count = count;
    *cluster_count = num_clusters;
    *font = scaled_font;
    return 1;
}

/* Draws `glyph_item` at the current point as pango_cairo_show_glyph_item does: the same scaled
   font, glyphs, positions and clusters given to cairo (`report_glyph_item_glyphs`), and the
   current point restored, without going through Pango's renderer (its glyph item iterator,
   renderer activation and colour parts cost about a quarter of drawing a line's words); the one
   call of Pango's left out, the state saved and restored around the font, is said below. For
   the runs `report_glyph_item_glyphs` takes; for any other it draws nothing and returns 0, and
   the caller draws it with Pango. */
static inline int report_show_glyph_item(cairo_t *cr, const char *text, PangoGlyphItem *glyph_item) {
    cairo_glyph_t cairo_glyphs[REPORT_GLYPH_ITEM_STACK];
    cairo_text_cluster_t clusters[REPORT_GLYPH_ITEM_STACK];
    int count = 0, num_clusters = 0;
    cairo_scaled_font_t *scaled_font = NULL;
    cairo_bool_t has_show_text_glyphs = cairo_surface_has_show_text_glyphs(cairo_get_target(cr));
    /* save_current_point */
    cairo_bool_t had_current_point = cairo_has_current_point(cr);
    double x_offset, y_offset;
    cairo_get_current_point(cr, &x_offset, &y_offset);
    if (!report_glyph_item_glyphs(x_offset, y_offset, glyph_item, has_show_text_glyphs, cairo_glyphs, &count, clusters, &num_clusters, &scaled_font))
        return 0;
    PangoItem *item = glyph_item->item;
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

/* Lines of one scaled font waiting to be drawn with one cairo_show_text_glyphs: what
   `report_show_glyph_item` would give cairo line by line, given once. Cairo's PDF surface
   writes the same operators for the lines whether they come in one call or many (the text
   object, the font and every glyph's place are carried from call to call), but records,
   analyses and replays each call as an operation of its own: a table row's cells drawn in one
   call cost cairo a third of what six calls cost. Only what gives the same file is queued
   (`report_glyph_batch_queue`); anything else drawn on the context must be preceded by
   `report_glyph_batch_flush`. */
enum { REPORT_GLYPH_BATCH_GLYPHS = 1024, REPORT_GLYPH_BATCH_BYTES = 4096 };
typedef struct {
    /* Referenced while lines wait; NULL when none does. */
    cairo_scaled_font_t *font;
    int glyph_count, cluster_count, byte_count;
    cairo_glyph_t *glyphs;
    cairo_text_cluster_t *clusters;
    char *text;
} report_glyph_batch;

/* A batch with room for its lines, or NULL. */
static inline report_glyph_batch *report_glyph_batch_new(void) {
    report_glyph_batch *b = (report_glyph_batch *)calloc(1, sizeof *b);
    if (!b) return NULL;
    b->glyphs = (cairo_glyph_t *)malloc(sizeof(cairo_glyph_t) * REPORT_GLYPH_BATCH_GLYPHS);
    b->clusters = (cairo_text_cluster_t *)malloc(sizeof(cairo_text_cluster_t) * REPORT_GLYPH_BATCH_GLYPHS);
    b->text = (char *)malloc(REPORT_GLYPH_BATCH_BYTES);
    if (!b->glyphs || !b->clusters || !b->text) {
        free(b->glyphs); free(b->clusters); free(b->text); free(b);
        return NULL;
    }
    return b;
}

/* Draws the waiting lines, if any, as one call, with their font left set (as
   `report_show_glyph_item` leaves it). */
static inline void report_glyph_batch_flush(report_glyph_batch *b, cairo_t *cr) {
    if (!b->font) return;
    cairo_set_scaled_font(cr, b->font);
    cairo_show_text_glyphs(cr, b->text, b->byte_count, b->glyphs, b->glyph_count, b->clusters, b->cluster_count, 0);
    cairo_scaled_font_destroy(b->font);
    b->font = NULL;
    b->glyph_count = b->cluster_count = b->byte_count = 0;
}

/* Frees a batch whose lines were drawn or are not wanted. */
static inline void report_glyph_batch_free(report_glyph_batch *b) {
    if (!b) return;
    if (b->font) cairo_scaled_font_destroy(b->font);
    free(b->glyphs); free(b->clusters); free(b->text); free(b);
}

/* Queues `glyph_item` (drawn at the current point, as `report_show_glyph_item` would draw it)
   and returns 1, or returns 0 and queues nothing: then the caller flushes the batch and draws the
   line another way. Queued only into a PDF surface (on an image surface one call composites its
   glyphs' coverage as one mask, several calls one over the other), and only a line with a
   printable ASCII character other than a space: cairo leaves out a call whose glyphs have no ink
   (a lone space, depending on where it falls), which a line with such a character never is —
   in a call with other lines its empty glyphs would be written. The caller queues only while
   the source is an opaque colour (cairo writes each call of a translucent one as a text object of
   its own) and no clip or group is set (cairo decides for each call whether the clip is needed).
   A line in another font, or one that does not fit, flushes the batch first. */
static inline int report_glyph_batch_queue(report_glyph_batch *b, cairo_t *cr, const char *text, PangoGlyphItem *glyph_item) {
    if (!cairo_surface_has_show_text_glyphs(cairo_get_target(cr))) return 0;
    PangoItem *item = glyph_item->item;
    int inked = 0;
    for (int i = 0; i < item->length && !inked; i++) {
        unsigned char c = (unsigned char)text[item->offset + i];
        inked = c > 0x20 && c < 0x7F;
    }
    if (!inked) return 0;
    cairo_glyph_t glyphs[REPORT_GLYPH_ITEM_STACK];
    cairo_text_cluster_t clusters[REPORT_GLYPH_ITEM_STACK];
    int count = 0, num_clusters = 0;
    cairo_scaled_font_t *font = NULL;
    double x, y;
    cairo_get_current_point(cr, &x, &y);
    if (!report_glyph_item_glyphs(x, y, glyph_item, 1, glyphs, &count, clusters, &num_clusters, &font)) return 0;
    if (count == 0 || item->length > REPORT_GLYPH_BATCH_BYTES) return 0;
    if (b->font && (b->font != font || b->glyph_count + count > REPORT_GLYPH_BATCH_GLYPHS
                    || b->cluster_count + num_clusters > REPORT_GLYPH_BATCH_GLYPHS
                    || b->byte_count + item->length > REPORT_GLYPH_BATCH_BYTES))
        report_glyph_batch_flush(b, cr);
    if (!b->font) b->font = cairo_scaled_font_reference(font);
    memcpy(b->glyphs + b->glyph_count, glyphs, sizeof(cairo_glyph_t) * (size_t)count);
    memcpy(b->clusters + b->cluster_count, clusters, sizeof(cairo_text_cluster_t) * (size_t)num_clusters);
    memcpy(b->text + b->byte_count, text + item->offset, (size_t)item->length);
    b->glyph_count += count;
    b->cluster_count += num_clusters;
    b->byte_count += item->length;
    return 1;
}
