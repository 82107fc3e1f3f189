/* Every function report calls in libdeflate, from libdeflate.so.0: the tagged PDF's streams.
   F(return type, name, (parameters), (arguments)); V(...) for a function returning nothing.
   Each is defined in delay_load.c with the header's own declaration in sight, so a wrong
   parameter list does not compile; as the library is not linked, a function missing here is an
   undefined symbol at link time. */
F(struct libdeflate_compressor *, libdeflate_alloc_compressor, (int a), (a))
V(libdeflate_free_compressor, (struct libdeflate_compressor *a), (a))
F(size_t, libdeflate_zlib_compress, (struct libdeflate_compressor *a, const void *b, size_t c, void *d, size_t e), (a, b, c, d, e))
F(size_t, libdeflate_zlib_compress_bound, (struct libdeflate_compressor *a, size_t b), (a, b))
