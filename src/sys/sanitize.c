/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — neutralises control characters, terminal escape sequences and malformed UTF-8
 * in text read from files, so that no game file can drive the user's terminal. */
#include "sys/sanitize.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decodes one UTF-8 character at s[0..n); returns its length (1..4) and stores the code
 * point, or returns 0 when the bytes are not a well-formed UTF-8 character (RFC 3629:
 * no overlong forms, no surrogates, nothing above U+10FFFF). */
static size_t utf8_decode(const unsigned char *s, size_t n, unsigned long *cp)
{
    unsigned char c = s[0];
    size_t need;
    unsigned long v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if (c >= 0xC2 && c <= 0xDF) {
        need = 2, v = c & 0x1F, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 3, v = c & 0x0F, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 4, v = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (n < need)
        return 0;
    for (size_t i = 1; i < need; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return need;
}

/* True for code points that can change what the terminal does or how text is ordered. */
static int is_dangerous(unsigned long cp)
{
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x2028 ||
           cp == 0x2029;
}

size_t sanitize_text(char *out, size_t size, const char *in, size_t len, unsigned flags)
{
    static const char replacement[] = "\xEF\xBF\xBD"; /* U+FFFD */
    const unsigned char *s = (const unsigned char *)in;
    size_t used = 0, written = 0, i = 0;
    int full = 0; /* once a character did not fit, nothing more is copied */
    while (i < len) {
        unsigned long cp = 0;
        size_t n = utf8_decode(s + i, len - i, &cp);
        const char *piece;
        size_t piece_len;
        char one;
        if (n == 0) {
            piece = (flags & SANITIZE_ASCII) ? "?" : replacement;
            piece_len = strlen(piece);
            n = 1;
        } else if (cp == '\n' && (flags & SANITIZE_KEEP_NEWLINE)) {
            one = '\n', piece = &one, piece_len = 1;
        } else if (cp == '\t' || cp == '\n' || cp == '\r') {
            one = ' ', piece = &one, piece_len = 1;
        } else if (is_dangerous(cp) || (cp >= 0x80 && (flags & SANITIZE_ASCII))) {
            one = '?', piece = &one, piece_len = 1;
        } else {
            piece = (const char *)s + i;
            piece_len = n;
        }
        if (!full && size > 0 && used + piece_len < size)
            memcpy(out + used, piece, piece_len);
        else
            full = 1;
        if (!full)
            written = used + piece_len;
        used += piece_len;
        i += n;
    }
    if (size > 0)
        out[written] = '\0';
    return used;
}

char *sanitize_dup(const char *in, unsigned flags)
{
    if (!in)
        in = "";
    size_t len = strlen(in);
    size_t need = sanitize_text(NULL, 0, in, len, flags);
    char *out = malloc(need + 1);
    if (!out) {
        fputs("cotuong: out of memory\n", stderr);
        abort();
    }
    sanitize_text(out, need + 1, in, len, flags);
    return out;
}
