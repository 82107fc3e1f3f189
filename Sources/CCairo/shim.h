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
