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
