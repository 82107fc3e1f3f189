/* Every function report calls in zlib, from libz.so.1: cairo's compressed streams inflated to be
   marked (Render/PDF). Cairo loads the same library, so loading it costs nothing once the PDF
   stack is in; linked, it was one more library bound at every start, `--version` included.
   F(return type, name, (parameters), (arguments)): see deflate_functions.h. */
F(int, inflateInit_, (z_streamp a, const char *b, int c), (a, b, c))
F(int, inflate, (z_streamp a, int b), (a, b))
F(int, inflateEnd, (z_streamp a), (a))
