#ifndef REPORT_NUMBER_FORMAT_H
#define REPORT_NUMBER_FORMAT_H

#include <stddef.h>

/// `value` as printf's "%.<precision>f" writes it in the C locale, rounding to nearest, ties to
/// even on the exact binary value (glibc's result), into `buffer` (at most `size` bytes with the
/// NUL, cut as snprintf cuts). Returns the length of the whole text, or -1 where this fast path
/// does not apply (not finite, |value| >= 2^63, precision outside 0...18): the caller then asks
/// libc. Exposed for the tests, which compare it with libc over 200,000 values.
int report_format_fixed(char *buffer, size_t size, double value, int precision);

#endif
