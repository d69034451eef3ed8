/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — text encodings of game files: UTF-8 validation, and GBK / Big5 to UTF-8
 * conversion through iconv (a pure conversion, no I/O). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "cotuong/pgn.h"

#ifdef HAVE_ICONV
#include <iconv.h>
#endif

static int lower_ascii(int c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

static bool name_is(const char *a, const char *b)
{
    while (*a && *b && lower_ascii((unsigned char)*a) == lower_ascii((unsigned char)*b)) {
        a++;
        b++;
    }
    return !*a && !*b;
}

ct_status ct_encoding_parse(const char *name, ct_encoding *enc)
{
    static const struct {
        const char *name;
        ct_encoding enc;
    } names[] = {
        {"auto", CT_ENC_AUTO},    {"utf-8", CT_ENC_UTF8},   {"utf8", CT_ENC_UTF8},
        {"gbk", CT_ENC_GBK},      {"gb2312", CT_ENC_GBK},   {"gb18030", CT_ENC_GBK},
        {"cp936", CT_ENC_GBK},    {"big5", CT_ENC_BIG5},    {"big-5", CT_ENC_BIG5},
        {"cp950", CT_ENC_BIG5},   {"big5-hkscs", CT_ENC_BIG5},
    };
    for (size_t i = 0; name && i < sizeof names / sizeof names[0]; i++)
        if (name_is(name, names[i].name)) {
            *enc = names[i].enc;
            return CT_OK;
        }
    return CT_ERR_NOT_FOUND;
}

const char *ct_encoding_name(ct_encoding enc)
{
    switch (enc) {
    case CT_ENC_UTF8: return "utf-8";
    case CT_ENC_GBK: return "gbk";
    case CT_ENC_BIG5: return "big5";
    default: return "auto";
    }
}

bool ct_utf8_valid(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    while (p < end) {
        unsigned c = *p;
        if (c < 0x80) {
            p++;
            continue;
        }
        int n;
        unsigned min;
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
            min = 0x80;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            min = 0x800;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            min = 0x10000;
        } else {
            return false;
        }
        if (end - p <= n)
            return false;
        unsigned cp = c & (0x3Fu >> n);
        for (int i = 1; i <= n; i++) {
            if ((p[i] & 0xC0) != 0x80)
                return false;
            cp = cp << 6 | (p[i] & 0x3Fu);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        p += n + 1;
    }
    return true;
}

ct_status ct_encoding_to_utf8(const char *in, size_t len, ct_encoding enc, char **out,
                              size_t *out_len)
{
    *out = NULL;
    if (out_len)
        *out_len = 0;
    if (enc == CT_ENC_UTF8 || enc == CT_ENC_AUTO) {
        if (!ct_utf8_valid(in, len))
            return CT_ERR_SYNTAX;
        char *s = malloc(len + 1);
        if (!s)
            return CT_ERR_FULL;
        memcpy(s, in, len);
        s[len] = '\0';
        *out = s;
        if (out_len)
            *out_len = len;
        return CT_OK;
    }
#ifdef HAVE_ICONV
    /* GB18030 is a superset of GBK and GB2312; BIG5-HKSCS of Big5. */
    iconv_t cd = iconv_open("UTF-8", enc == CT_ENC_GBK ? "GB18030" : "BIG5-HKSCS");
    if (cd == (iconv_t)-1)
        return CT_ERR_UNSUPPORTED;
    /* Each input byte becomes at most 4 output bytes (a 2-byte character becomes 3, HKSCS
     * pairs at most 6). */
    size_t cap = len * 4 + 16;
    char *buf = malloc(cap);
    if (!buf) {
        iconv_close(cd);
        return CT_ERR_FULL;
    }
    char *ip = (char *)in, *op = buf;
    size_t il = len, ol = cap - 1;
    ct_status st = CT_OK;
    if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1)
        st = errno == E2BIG ? CT_ERR_FULL : CT_ERR_SYNTAX;
    else if (iconv(cd, NULL, NULL, &op, &ol) == (size_t)-1)
        st = CT_ERR_SYNTAX;
    iconv_close(cd);
    if (st != CT_OK) {
        free(buf);
        return st;
    }
    *op = '\0';
    *out = buf;
    if (out_len)
        *out_len = (size_t)(op - buf);
    return CT_OK;
#else
    return CT_ERR_UNSUPPORTED;
#endif
}

/* Appends a UTF-8 line or U+FFFD per bad byte (no iconv, or UTF-8 asked). */
static size_t copy_utf8_lossy(const char *in, size_t len, char *o, size_t *bad)
{
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        size_t k = 1;
        unsigned char c = (unsigned char)in[i];
        if (c >= 0x80) {
            k = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
            if (k > len - i || !ct_utf8_valid(in + i, k)) {
                memcpy(o + n, "\xEF\xBF\xBD", 3);
                n += 3;
                (*bad)++;
                i++;
                continue;
            }
        }
        memcpy(o + n, in + i, k);
        n += k;
        i += k;
    }
    return n;
}

/* A line with more well-formed multi-byte UTF-8 characters than bad bytes is UTF-8 with
 * some damage, not a legacy encoding (whose Hán characters are nearly never valid UTF-8). */
static bool mostly_utf8(const char *in, size_t len)
{
    size_t good = 0, badb = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)in[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t k = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        if (k <= len - i && ct_utf8_valid(in + i, k)) {
            good++;
            i += k;
        } else {
            badb++;
            i++;
        }
    }
    return good > badb;
}

ct_status ct_encoding_to_utf8_lossy(const char *in, size_t len, ct_encoding legacy, char **out,
                                    size_t *out_len, size_t *bad)
{
    *out = NULL;
    *bad = 0;
    if (out_len)
        *out_len = 0;
    /* A line of n bytes becomes at most 4n (a GB18030 4-byte form, 3 per U+FFFD). */
    size_t cap = len * 4 + 16;
    char *buf = malloc(cap);
    if (!buf)
        return CT_ERR_FULL;
#ifdef HAVE_ICONV
    iconv_t cd = (iconv_t)-1;
    if (legacy == CT_ENC_GBK || legacy == CT_ENC_BIG5)
        cd = iconv_open("UTF-8", legacy == CT_ENC_GBK ? "GB18030" : "BIG5-HKSCS");
#else
    (void)legacy;
#endif
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        size_t e = i;
        while (e < len && in[e] != '\n')
            e++;
        if (e < len)
            e++; /* the newline goes with its line */
        bool utf8 = ct_utf8_valid(in + i, e - i) || mostly_utf8(in + i, e - i);
#ifdef HAVE_ICONV
        if (!utf8 && cd != (iconv_t)-1) {
            char *ip = (char *)in + i, *op = buf + n;
            size_t il = e - i, ol = cap - n - 1;
            while (il > 0) {
                if (iconv(cd, &ip, &il, &op, &ol) != (size_t)-1)
                    break;
                if (errno == E2BIG)
                    break; /* cannot happen: cap covers the worst case */
                /* an invalid or truncated sequence: one byte becomes U+FFFD */
                iconv(cd, NULL, NULL, NULL, NULL);
                memcpy(op, "\xEF\xBF\xBD", 3);
                op += 3;
                ol -= 3;
                ip++;
                il--;
                (*bad)++;
            }
            n = (size_t)(op - buf);
            i = e;
            continue;
        }
#endif
        n += copy_utf8_lossy(in + i, e - i, buf + n, bad);
        i = e;
    }
#ifdef HAVE_ICONV
    if (cd != (iconv_t)-1)
        iconv_close(cd);
#endif
    buf[n] = '\0';
    *out = buf;
    if (out_len)
        *out_len = n;
    return CT_OK;
}
