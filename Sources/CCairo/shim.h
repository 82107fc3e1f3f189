#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <fontconfig/fontconfig.h>
