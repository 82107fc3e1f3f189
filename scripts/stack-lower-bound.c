/* What every run of a 100-row summary pays before its first row, as a C program: the PDF stack
   linked (as the C floor of ../shared/bench/anchors links it), fontconfig started the default
   way, the summary's seven Inter fonts (templates/brand/aurae.json) loaded and "Ag" shown in each, three empty A4 pages written. Its time is
   a lower bound for the summary's at 100 rows (docs/performance.md, eighteenth round).

     gcc -O2 -o /tmp/stack-lower-bound scripts/stack-lower-bound.c $(pkg-config --cflags --libs pangocairo)
     hyperfine -N '/tmp/stack-lower-bound /tmp/lower-bound.pdf' */
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    cairo_surface_t *surface = cairo_pdf_surface_create(argv[1], 595.28, 841.89);
    cairo_t *cr = cairo_create(surface);
    PangoLayout *layout = pango_cairo_create_layout(cr);
    const char *fonts[] = {"Inter Bold 20", "Inter 8", "Inter 9.5", "Inter Semi-Bold 13", "Inter 7.5",
                           "Inter Semi-Bold 7.5", "Inter Semi-Bold 10.5"};
    for (int i = 0; i < 7; i++) {
        PangoFontDescription *d = pango_font_description_from_string(fonts[i]);
        pango_layout_set_font_description(layout, d);
        pango_layout_set_text(layout, "Ag", -1);
        pango_cairo_show_layout(cr, layout);
        pango_font_description_free(d);
    }
    for (int page = 0; page < 3; page++) cairo_show_page(cr);
    g_object_unref(layout);
    cairo_destroy(cr);
    cairo_status_t status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    return status == CAIRO_STATUS_SUCCESS ? 0 : 1;
}
