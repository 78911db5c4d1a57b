/*
 * glibc 2.38 symbols for linking Debian sid's Swift 6.2.3 static libraries against the
 * glibc 2.36 of Debian 12 / Raspberry Pi OS bookworm.
 *
 * sid's libswiftCore.a, libswift_Concurrency.a and libdispatch.a were compiled against
 * glibc 2.42 headers, which (in C23 mode or with _GNU_SOURCE) redirect strtol and friends
 * to the __isoc23_ variants and declare strlcpy. Those symbols first appeared in glibc 2.38.
 * deploy/cross-build.sh compiles this file into libglibc238compat.a in the bookworm sysroot
 * and links it into the binary, which then needs GLIBC_2.35 at most.
 *
 * The C23 variants differ from the old ones in one way: with base 0 or 2 they accept a
 * "0b"/"0B" prefix. That is reproduced here; everything else is the old function.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* If nptr (after blanks and a sign) starts a C23 binary literal for this base, returns the
 * first binary digit and sets *negative; otherwise returns NULL. */
static const char *binary_digits(const char *nptr, int base, int *negative) {
    if (base != 0 && base != 2) return NULL;
    const char *cursor = nptr;
    while (isspace((unsigned char)*cursor)) cursor++;
    *negative = 0;
    if (*cursor == '+' || *cursor == '-') {
        *negative = *cursor == '-';
        cursor++;
    }
    if (cursor[0] == '0' && (cursor[1] == 'b' || cursor[1] == 'B')
        && (cursor[2] == '0' || cursor[2] == '1')) {
        return cursor + 2;
    }
    return NULL;
}

/* The magnitude of a binary literal, with ERANGE and ULLONG_MAX on overflow. */
static unsigned long long binary_magnitude(const char *digits, char **endptr) {
    unsigned long long value = 0;
    int overflow = 0;
    const char *cursor = digits;
    for (; *cursor == '0' || *cursor == '1'; cursor++) {
        if (value > (ULLONG_MAX >> 1)) overflow = 1;
        value = (value << 1) | (unsigned long long)(*cursor - '0');
    }
    if (endptr != NULL) *endptr = (char *)cursor;
    if (overflow) {
        errno = ERANGE;
        return ULLONG_MAX;
    }
    return value;
}

static long long signed_binary(const char *digits, int negative, char **endptr,
                               long long minimum, long long maximum) {
    unsigned long long magnitude = binary_magnitude(digits, endptr);
    if (negative) {
        if (magnitude > (unsigned long long)maximum + 1ULL) {
            errno = ERANGE;
            return minimum;
        }
        return magnitude == (unsigned long long)maximum + 1ULL ? minimum
                                                                 : -(long long)magnitude;
    }
    if (magnitude > (unsigned long long)maximum) {
        errno = ERANGE;
        return maximum;
    }
    return (long long)magnitude;
}

static unsigned long long unsigned_binary(const char *digits, int negative, char **endptr,
                                          unsigned long long maximum) {
    unsigned long long magnitude = binary_magnitude(digits, endptr);
    if (magnitude > maximum) {
        errno = ERANGE;
        return maximum;
    }
    /* Like strtoul: a minus sign negates in the unsigned type. */
    return negative ? (maximum - magnitude + 1ULL) & maximum : magnitude;
}

long __isoc23_strtol(const char *nptr, char **endptr, int base) {
    int negative;
    const char *digits = binary_digits(nptr, base, &negative);
    if (digits == NULL) return strtol(nptr, endptr, base);
    return (long)signed_binary(digits, negative, endptr, LONG_MIN, LONG_MAX);
}

long long __isoc23_strtoll(const char *nptr, char **endptr, int base) {
    int negative;
    const char *digits = binary_digits(nptr, base, &negative);
    if (digits == NULL) return strtoll(nptr, endptr, base);
    return signed_binary(digits, negative, endptr, LLONG_MIN, LLONG_MAX);
}

unsigned long __isoc23_strtoul(const char *nptr, char **endptr, int base) {
    int negative;
    const char *digits = binary_digits(nptr, base, &negative);
    if (digits == NULL) return strtoul(nptr, endptr, base);
    return (unsigned long)unsigned_binary(digits, negative, endptr, ULONG_MAX);
}

unsigned long long __isoc23_strtoull(const char *nptr, char **endptr, int base) {
    int negative;
    const char *digits = binary_digits(nptr, base, &negative);
    if (digits == NULL) return strtoull(nptr, endptr, base);
    return unsigned_binary(digits, negative, endptr, ULLONG_MAX);
}

/* %b conversions are not supported; nothing in the Swift runtime uses them. */
int __isoc23_vsscanf(const char *input, const char *format, va_list arguments) {
    return vsscanf(input, format, arguments);
}

int __isoc23_sscanf(const char *input, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int result = vsscanf(input, format, arguments);
    va_end(arguments);
    return result;
}

size_t strlcpy(char *destination, const char *source, size_t size) {
    size_t length = strlen(source);
    if (size > 0) {
        size_t copied = length < size - 1 ? length : size - 1;
        memcpy(destination, source, copied);
        destination[copied] = '\0';
    }
    return length;
}

size_t strlcat(char *destination, const char *source, size_t size) {
    size_t existing = strnlen(destination, size);
    if (existing == size) return size + strlen(source);
    return existing + strlcpy(destination + existing, source, size - existing);
}
