/* Every function report calls in Nettle, from libnettle.so.8: the batch manifest's SHA-256
   (nettle's sha256_* macros name these).
   F(return type, name, (parameters), (arguments)); V(...) for a function returning nothing.
   Each is defined in delay_load.c with the header's own declaration in sight, so a wrong
   parameter list does not compile; as the library is not linked, a function missing here is an
   undefined symbol at link time. */
V(nettle_sha256_digest, (struct sha256_ctx *a, size_t b, uint8_t *c), (a, b, c))
V(nettle_sha256_init, (struct sha256_ctx *a), (a))
V(nettle_sha256_update, (struct sha256_ctx *a, size_t b, const uint8_t *c), (a, b, c))
