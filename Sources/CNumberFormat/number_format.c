// Cairo writes every coordinate of a PDF through `_cairo_dtostr`, which calls snprintf with
// "%f", or "%.18f" and then "%.*f" for numbers under 0.1, and every integer with "%d". glibc
// formats a double with multi-precision arithmetic: about 2,000 instructions a number, 83 M of
// the clinical year's 738 M (docs/performance.md, issue 23). This file defines the fortified
// `__snprintf_chk` that Debian's cairo calls, exported from the executable so that the loader
// binds the PDF libraries' calls to it: for those four formats it writes the same characters
// with exact integer arithmetic (a double is m·2^e; m·10^p fits 113 bits), and hands every other
// format, and every value outside its range, to glibc's own `__vsnprintf_chk` unchanged.
// `report_format_fixed` is tested against glibc (NumberFormatTests), and every output byte
// against the build before it (scripts/compare-outputs.sh).

#include "CNumberFormat.h"

#include <fenv.h>
#include <langinfo.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

static const uint64_t powers_of_ten[19] = {
    1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL,
    1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
    100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL,
    1000000000000000000ULL,
};

/// Copies `length` characters of `text` into `buffer` as snprintf does, returns `length`.
static int finish(char *buffer, size_t size, const char *text, int length) {
    if (size > 0) {
        size_t n = (size_t)length < size - 1 ? (size_t)length : size - 1;
        memcpy(buffer, text, n);
        buffer[n] = '\0';
    }
    return length;
}

/// Writes the decimal digits of `v` backwards ending at `end`; returns where they start.
static char *digits_backwards(char *end, uint64_t v) {
    do { *--end = (char)('0' + v % 10); v /= 10; } while (v != 0);
    return end;
}

/// Whether printf writes numbers as this file does: a "." for the decimal point (the C locale's:
/// the tool never sets another), rounding to nearest. `nl_langinfo` reads the locale without
/// writing anything, so the batch's workers may ask at once (`localeconv` fills a shared struct).
static int plain_numbers(void) {
    const char *point = nl_langinfo(RADIXCHAR);
    return point[0] == '.' && point[1] == '\0' && fegetround() == FE_TONEAREST;
}

int report_format_fixed(char *buffer, size_t size, double value, int precision) {
    if (precision < 0 || precision > 18) return -1;
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    int negative = (int)(bits >> 63);
    int biased = (int)((bits >> 52) & 0x7FF);
    uint64_t fraction = bits & ((1ULL << 52) - 1);
    if (biased == 0x7FF) return -1;                       // infinity, NaN
    uint64_t m = biased == 0 ? fraction : fraction | (1ULL << 52);
    int e = biased == 0 ? -1074 : biased - 1075;          // value = m · 2^e
    if (m != 0 && e > 10) return -1;                      // |value| >= 2^63: libc's
    uint64_t p = powers_of_ten[precision];
    unsigned __int128 x = (unsigned __int128)m * p;       // < 2^113
    unsigned __int128 r;                                  // value · 10^precision, rounded
    if (m == 0) {
        r = 0;
    } else if (e >= 0) {
        r = x << e;
    } else if (-e >= 114) {
        r = 0;                                            // below half a unit of the last digit
    } else {
        int s = -e;
        unsigned __int128 q = x >> s;
        unsigned __int128 rest = x & ((((unsigned __int128)1) << s) - 1);
        unsigned __int128 half = ((unsigned __int128)1) << (s - 1);
        if (rest > half || (rest == half && (q & 1))) q += 1;
        r = q;
    }
    uint64_t whole = (uint64_t)(r / p);
    uint64_t part = (uint64_t)(r % p);
    char text[48];
    char *end = text + sizeof text;
    char *start = end;
    if (precision > 0) {
        for (int i = 0; i < precision; i++) { *--start = (char)('0' + part % 10); part /= 10; }
        *--start = '.';
    }
    start = digits_backwards(start, whole);
    if (negative) *--start = '-';
    return finish(buffer, size, start, (int)(end - start));
}

/// `v` as "%d" writes it.
static int format_integer(char *buffer, size_t size, long long v) {
    char text[24];
    char *end = text + sizeof text;
    uint64_t magnitude = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    char *start = digits_backwards(end, magnitude);
    if (v < 0) *--start = '-';
    return finish(buffer, size, start, (int)(end - start));
}

extern int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, va_list ap);

__attribute__((visibility("default")))
int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    int written = -1;
    // Only where glibc would not stop the process (a buffer larger than its object), and only
    // the formats cairo writes numbers with; the rest is glibc's.
    if (maxlen <= slen && format[0] == '%') {
        // The decimals of a fixed format: 6 for "%f", 18 for "%.18f", from the arguments for
        // "%.*f" (a negative one meaning the default 6, as printf reads it); -1 for no such format.
        int fixed = strcmp(format, "%f") == 0 ? 6 : strcmp(format, "%.18f") == 0 ? 18 : -1;
        int star = fixed < 0 && strcmp(format, "%.*f") == 0;
        va_list copy;
        va_copy(copy, ap);
        if (fixed >= 0 || star) {
            if (star) { int precision = va_arg(copy, int); fixed = precision < 0 ? 6 : precision; }
            double v = va_arg(copy, double);
            if (plain_numbers()) written = report_format_fixed(s, maxlen, v, fixed);
        } else if (strcmp(format, "%d") == 0) {
            written = format_integer(s, maxlen, va_arg(copy, int));
        }
        va_end(copy);
    }
    if (written < 0) written = __vsnprintf_chk(s, maxlen, flag, slen, format, ap);
    va_end(ap);
    return written;
}
