/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the core's growable text for the PGN writers (textbuf.h). */
#include "textbuf.h"

#include <stdlib.h>
#include <string.h>

void ct_textbuf_put(ct_textbuf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (b->n + n + 1 > cap)
            cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            b->oom = true;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
    for (size_t i = 0; i < n; i++)
        b->col = s[i] == '\n' ? 0 : b->col + 1;
}

void ct_textbuf_puts(ct_textbuf *b, const char *s)
{
    ct_textbuf_put(b, s, strlen(s));
}

void ct_textbuf_tag(ct_textbuf *b, const char *name, const char *value)
{
    ct_textbuf_puts(b, "[");
    ct_textbuf_puts(b, name);
    ct_textbuf_puts(b, " \"");
    for (const char *p = value; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '"' || c == '\\')
            ct_textbuf_put(b, "\\", 1);
        if (c < 0x20 || c == 0x7F ||
            (c == 0xC2 && (unsigned char)p[1] >= 0x80 && (unsigned char)p[1] <= 0x9F && p++))
            ct_textbuf_put(b, " ", 1);
        else
            ct_textbuf_put(b, p, 1);
    }
    ct_textbuf_puts(b, "\"]\n");
}
