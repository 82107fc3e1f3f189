/* Every function report calls in libcsv, from libcsv.so.3: the CSV readers.
   F(return type, name, (parameters), (arguments)); V(...) for a function returning nothing.
   Each is defined in delay_load.c with the header's own declaration in sight, so a wrong
   parameter list does not compile; as the library is not linked, a function missing here is an
   undefined symbol at link time. */
F(int, csv_error, (struct csv_parser *a), (a))
F(int, csv_fini, (struct csv_parser *a, void (*b)(void *, size_t, void *), void (*c)(int, void *), void *d), (a, b, c, d))
V(csv_free, (struct csv_parser *a), (a))
F(int, csv_init, (struct csv_parser *a, unsigned char b), (a, b))
F(size_t, csv_parse, (struct csv_parser *a, const void *b, size_t c, void (*d)(void *, size_t, void *), void (*e)(int, void *), void *f), (a, b, c, d, e, f))
F(char *, csv_strerror, (int a), (a))
