/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — neutralises control characters, terminal escape sequences and malformed UTF-8
 * in text read from files, so that no game file can drive the user's terminal. */
#define _GNU_SOURCE /* fopencookie (glibc, musl) */
#include "sys/sanitize.h"
#include "sys/xmalloc.h"

#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistd.h>
#include <unistr.h>

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
        } else if ((cp == '\t' || cp == '\r') && (flags & SANITIZE_KEEP_LAYOUT)) {
            one = (char)cp, piece = &one, piece_len = 1;
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
    char *out = xmalloc(need + 1);
    sanitize_text(out, need + 1, in, len, flags);
    return out;
}

static bool sanitize_locale_utf8(void)
{
    const char *cs = nl_langinfo(CODESET);
    return cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8") || !strcmp(cs, "UTF8"));
}


/* Valid UTF-8 (the sanitizer's output) to ASCII, see sanitize_screen_dup. */
static char *translit(const char *in, size_t len, size_t *out_len)
{
    size_t nl = 0;
    uint8_t *nfkd = u8_normalize(UNINORM_NFKD, (const uint8_t *)in, len, NULL, &nl);
    const uint8_t *src = nfkd ? nfkd : (const uint8_t *)in;
    if (!nfkd)
        nl = len;
    /* each character gives at most 3 bytes ("<?>" for a run) */
    char *out = xmalloc(nl * 3 + 1);
    size_t o = 0;
    bool in_run = false;
    for (size_t i = 0; i < nl;) {
        ucs4_t uc;
        int k = u8_mbtouc(&uc, src + i, nl - i);
        i += (size_t)(k > 0 ? k : 1);
        if (uc < 0x80) {
            out[o++] = (char)uc;
            in_run = false;
        } else if (uc_is_general_category(uc, UC_CATEGORY_M)) {
            /* a combining mark: the letter before it stays */
        } else if (uc == 0x111 || uc == 0x110) { /* đ Đ have no decomposition */
            out[o++] = uc == 0x111 ? 'd' : 'D';
            in_run = false;
        } else if (uc == 0xFFFD) {
            out[o++] = '?';
            in_run = false;
        } else if (!in_run) {
            memcpy(out + o, "<?>", 3);
            o += 3;
            in_run = true;
        }
    }
    out[o] = '\0';
    free(nfkd);
    *out_len = o;
    return out;
}

static char *sanitize_screen_mem(const char *in, size_t len, unsigned flags, size_t *out_len)
{
    if (!in)
        in = "", len = 0;
    flags &= ~(unsigned)SANITIZE_ASCII;
    size_t need = sanitize_text(NULL, 0, in, len, flags);
    char *clean = xmalloc(need + 1);
    sanitize_text(clean, need + 1, in, len, flags);
    if (!(flags & SANITIZE_TRANSLIT) && sanitize_locale_utf8()) {
        if (out_len)
            *out_len = need;
        return clean;
    }
    size_t n = 0;
    char *ascii = translit(clean, need, &n);
    free(clean);
    if (out_len)
        *out_len = n;
    return ascii;
}

char *sanitize_screen_dup(const char *in, unsigned flags)
{
    return sanitize_screen_mem(in, in ? strlen(in) : 0, flags, NULL);
}

ct_notation sanitize_notation(ct_notation n)
{
    if ((n == CT_NOTATION_ZH || n == CT_NOTATION_ZH_HANT) && !sanitize_locale_utf8())
        return CT_NOTATION_WXF;
    return n;
}

/* ------------------------------------------------------------------ terminal streams */

typedef struct {
    int fd;
    char pend[4]; /* the start of a UTF-8 character split across two writes */
    size_t npend;
} tty_stream;

/* How many bytes at the end of s[0..n) begin a UTF-8 character that is not complete. */
static size_t incomplete_tail(const char *s, size_t n)
{
    for (size_t back = 1; back <= 3 && back <= n; back++) {
        unsigned char c = (unsigned char)s[n - back];
        if ((c & 0xC0) == 0x80)
            continue; /* a continuation byte: look further back */
        size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        return need > back ? back : 0;
    }
    return 0;
}

static void write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w <= 0)
            return; /* nothing sensible to do about a terminal that went away */
        s += w;
        n -= (size_t)w;
    }
}

static ssize_t tty_write(void *cookie, const char *buf, size_t size)
{
    tty_stream *t = cookie;
    char *joined = xmalloc(t->npend + size);
    memcpy(joined, t->pend, t->npend);
    memcpy(joined + t->npend, buf, size);
    size_t n = t->npend + size;
    size_t tail = incomplete_tail(joined, n);
    size_t out_len = 0;
    char *out = sanitize_screen_mem(joined, n - tail, SANITIZE_KEEP_NEWLINE | SANITIZE_KEEP_LAYOUT,
                                    &out_len);
    write_all(t->fd, out, out_len);
    memcpy(t->pend, joined + n - tail, tail);
    t->npend = tail;
    free(out);
    free(joined);
    return (ssize_t)size;
}

static int tty_close(void *cookie)
{
    tty_stream *t = cookie;
    if (t->npend) /* a character cut at the very end */
        write_all(t->fd, sanitize_locale_utf8() ? "\xEF\xBF\xBD" : "?",
                  sanitize_locale_utf8() ? 3 : 1);
    t->npend = 0;
    return 0;
}

/* The state of the wrapped stdout and stderr. Static, not allocated: the C library flushes
 * these streams at exit but never closes them, so an allocation would be reported as a
 * leak (LeakSanitizer's report then reached the very terminal this protects). */
static tty_stream stdio_state[2];

static FILE *wrap(FILE *f, int fd, const char *mode, int buffering)
{
    if (!isatty(fd))
        return f;
    tty_stream *t = &stdio_state[fd == STDERR_FILENO];
    memset(t, 0, sizeof *t);
    t->fd = fd;
    cookie_io_functions_t io = {NULL, tty_write, NULL, tty_close};
    FILE *w = fopencookie(t, mode, io);
    if (!w)
        return f;
    fflush(f);
    setvbuf(w, NULL, buffering, BUFSIZ);
    return w;
}

void sanitize_stdio(void)
{
    stdout = wrap(stdout, STDOUT_FILENO, "w", _IOLBF);
    stderr = wrap(stderr, STDERR_FILENO, "w", _IONBF);
}
