#include <zlib.h>
// libdeflate (Debian libdeflate-dev): the tagged PDF's streams compressed in one piece, in the
// zlib format, at half of zlib's cost (docs/performance.md, "Tagged PDFs").
#include <libdeflate.h>
