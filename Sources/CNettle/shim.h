#include <nettle/sha2.h>

/* Nettle names its functions through macros (sha256_init is nettle_sha256_init), which Swift does
   not import: the three calls the batch makes, by name. */
static inline void report_sha256_init(struct sha256_ctx *ctx) { sha256_init(ctx); }

static inline void report_sha256_update(struct sha256_ctx *ctx, size_t length, const uint8_t *data) {
    sha256_update(ctx, length, data);
}

/* The digest of what was hashed into `ctx` (32 bytes into `out`); the context starts over.
   Nettle 3 takes the digest's length, nettle 4 will not: the one call is here. */
static inline void report_sha256_digest(struct sha256_ctx *ctx, uint8_t *out) {
    sha256_digest(ctx, SHA256_DIGEST_SIZE, out);
}
