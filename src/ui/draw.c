/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — measured, clipped string drawing for the views (libunistring widths). */
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistr.h>
#include <uniwidth.h>

#include "ui/draw.h"
#include "sys/sanitize.h"
#include "sys/xmalloc.h"
#include "ui/requests.h"

static int put_measured(WINDOW *w, int y, int x, int maxw, attr_t attr, const char *s);

static const char *width_encoding(void)
{
    /* "UTF-8" makes East-Asian ambiguous characters narrow; a CJK codeset would make them
     * wide. The glyphs we draw are UTF-8 strings whatever the locale says. */
    return "UTF-8";
}

bool ui_locale_is_utf8(void)
{
    const char *cs = nl_langinfo(CODESET);
    return cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8") || !strcmp(cs, "UTF8"));
}

/* Width of the next character and its byte length (the cursor mark takes no room). */
static int char_width(const char *s, size_t left, int *len)
{
    ucs4_t uc;
    int n = u8_mbtouc(&uc, (const uint8_t *)s, left);
    *len = n > 0 ? n : 1;
    if (uc == UI_CURSOR_UC)
        return 0;
    int cw = uc_width(uc, width_encoding());
    return cw < 0 ? 1 : cw;
}

int ui_strwidth(const char *s)
{
    int w = 0, len;
    for (size_t left = strlen(s); left > 0; s += len, left -= (size_t)len)
        w += char_width(s, left, &len);
    return w;
}

/* The text transliterated to ASCII, the cursor mark kept where it was (transliterated, it
 * would show as "<?>"). Freed by the caller. */
static char *ascii_dup(const char *s)
{
    const char *mark = strstr(s, UI_CURSOR_MARK);
    if (!mark)
        return sanitize_screen_dup(s, 0);
    char *head = xmalloc((size_t)(mark - s) + 1);
    memcpy(head, s, (size_t)(mark - s));
    head[mark - s] = 0;
    char *a = sanitize_screen_dup(head, 0), *b = ascii_dup(mark + strlen(UI_CURSOR_MARK));
    size_t na = strlen(a), nm = strlen(UI_CURSOR_MARK), nb = strlen(b);
    char *out = xmalloc(na + nm + nb + 1);
    memcpy(out, a, na);
    memcpy(out + na, UI_CURSOR_MARK, nm);
    memcpy(out + na + nm, b, nb + 1);
    free(head);
    free(a);
    free(b);
    return out;
}

int ui_put_attr(WINDOW *w, int y, int x, int maxw, attr_t attr, const char *s)
{
    if (!s || y < 0 || x < 0)
        return 0;
    /* A terminal that cannot show UTF-8 gets the text transliterated (the one function
     * the commands use too), never raw bytes it would misread. */
    char *ascii = NULL;
    if (!ui_locale_is_utf8())
        s = ascii = ascii_dup(s);
    int used = put_measured(w, y, x, maxw, attr, s);
    free(ascii);
    return used;
}

/* How many bytes of s fit in maxw columns. */
static size_t fitting(const char *s, size_t left, int maxw)
{
    int used = 0, len;
    size_t bytes = 0;
    while (bytes < left) {
        int cw = char_width(s + bytes, left - bytes, &len);
        if (used + cw > maxw)
            break;
        used += cw;
        bytes += (size_t)len;
    }
    return bytes;
}

static int put_measured(WINDOW *w, int y, int x, int maxw, attr_t attr, const char *s)
{
    int maxx = getmaxx(w);
    if (maxw < 0 || x + maxw > maxx)
        maxw = maxx - x;
    if (maxw <= 0)
        return 0;
    size_t left = strlen(s);
    /* Text that does not fit ends in an ellipsis, so a cut is never taken for the whole:
     * what fits in the room less the ellipsis, then "…" ("..." without UTF-8). */
    const char *ell = NULL;
    if (ui_strwidth(s) > maxw) {
        /* In a room no wider than the ellipsis, the ellipsis alone (as much of "..." as
         * fits): a cut that shows a bare "20" reads as the whole text. */
        bool utf8 = ui_locale_is_utf8();
        int ew = utf8 ? 1 : 3;
        ell = utf8 ? "\xe2\x80\xa6" : &"..."[ew > maxw ? ew - maxw : 0];
        left = maxw > ew ? fitting(s, left, maxw - ew) : 0;
        while (left > 0 && s[left - 1] == ' ')
            left--;
    }
    int used = 0, bytes = 0, from = 0;
    bool reverse_next = false;
    if (wmove(w, y, x) == ERR) /* off the window (a row scrolled out): nothing drawn */
        return 0;
    wattr_set(w, attr, 0, NULL);
    wattron(w, attr);
    while ((size_t)bytes < left) {
        int len, cw = char_width(s + bytes, left - (size_t)bytes, &len);
        if (used + cw > maxw)
            break;
        if (cw == 0 && !strncmp(s + bytes, UI_CURSOR_MARK, (size_t)len)) {
            /* The text so far, then the next character in reverse video (the cursor). */
            waddnstr(w, s + from, bytes - from);
            bytes += len;
            from = bytes;
            reverse_next = true;
            continue;
        }
        used += cw;
        bytes += len;
        if (reverse_next) {
            wattron(w, A_REVERSE);
            waddnstr(w, s + from, bytes - from);
            wattroff(w, A_REVERSE);
            from = bytes;
            reverse_next = false;
        }
    }
    waddnstr(w, s + from, bytes - from);
    if (ell) {
        waddstr(w, ell);
        used += ui_strwidth(ell);
    }
    wattrset(w, A_NORMAL);
    return used;
}

int ui_put(WINDOW *w, int y, int x, int maxw, ui_role role, const char *s)
{
    return ui_put_attr(w, y, x, maxw, ui_role_attr(role), s);
}

int ui_put_pad(WINDOW *w, int y, int x, int maxw, ui_role role, const char *s)
{
    int used = ui_put(w, y, x, maxw, role, s);
    for (int i = used; i < maxw; i++)
        mvwaddch(w, y, x + i, ' ');
    return used;
}

int ui_put_centre(WINDOW *w, int y, int x, int width, ui_role role, const char *s)
{
    int sw = ui_strwidth(s);
    int off = sw < width ? (width - sw) / 2 : 0;
    return ui_put(w, y, x + off, width - off, role, s);
}

void ui_clear_rect(WINDOW *w, int y, int x, int h, int wd)
{
    for (int r = 0; r < h; r++) {
        wmove(w, y + r, x);
        for (int c = 0; c < wd; c++)
            waddch(w, ' ');
    }
}

int ui_put_above(WINDOW *w, int bottom, int x, int width, int maxrows, ui_role role,
                 const char *s)
{
    if (maxrows <= 0 || !s || !*s)
        return 0;
    int n = ui_wrap_rows(s, width);
    if (n > maxrows)
        n = maxrows;
    ui_clear_rect(w, bottom - n + 1, x, n, width);
    return ui_put_wrapped(w, bottom - n + 1, x, width, n, role, s);
}

int ui_put_status(WINDOW *w, int bottom, int x, int width, int maxrows, ui_role role,
                  const char *s)
{
    int used = ui_put_above(w, bottom, x, width, maxrows, role, s);
    if (used == 0 || ui_wrap_rows(s, width) <= used)
        return used;
    /* Cut: the end of its last row says which key shows it whole. */
    char keys[64], mark[80];
    if (ui_keys_of(UI_KEYS_PLAY, REQ_MESSAGES, keys, sizeof keys) <= 0)
        return used;
    char *comma = strchr(keys, ',');
    if (comma)
        *comma = '\0';
    snprintf(mark, sizeof mark, "%s [%s]", ui_locale_is_utf8() ? "\xe2\x80\xa6" : "...", keys);
    int mw = ui_strwidth(mark);
    if (mw < width) {
        ui_clear_rect(w, bottom, x + width - mw - 1, 1, mw + 1);
        ui_put(w, bottom, x + width - mw, mw, role, mark);
    }
    return used;
}

int ui_wrap_rows(const char *s, int width)
{
    return ui_put_wrapped(NULL, 0, 0, width, 1 << 20, UI_NORMAL, s);
}

/* The slash at s[i] is in a word with another slash (a path), not in "y/n" or "h/l". */
static bool in_path(const char *s, size_t i)
{
    size_t a = i, b = i + 1;
    while (a > 0 && s[a - 1] != ' ' && s[a - 1] != '\n')
        a--;
    while (s[b] && s[b] != ' ' && s[b] != '\n')
        b++;
    int n = 0;
    for (size_t k = a; k < b; k++)
        n += s[k] == '/';
    return n >= 2;
}

int ui_put_wrapped(WINDOW *w, int y, int x, int width, int maxlines, ui_role role,
                   const char *s)
{
    int rows = 0;
    size_t left = strlen(s);
    const char *p = s;
    while (*p && rows < maxlines) {
        /* Take as many words as fit. */
        int used = 0, bytes = 0, last_space = -1;
        size_t rem = strlen(p);
        while ((size_t)bytes < rem && p[bytes] != '\n') {
            int len, cw = char_width(p + bytes, rem - (size_t)bytes, &len);
            if (used + cw > width)
                break;
            if (p[bytes] == ' ')
                last_space = bytes;
            else if (p[bytes] == '/' && bytes > 0 && in_path(s, (size_t)(p - s) + (size_t)bytes))
                last_space = bytes + 1; /* a path breaks after a slash, not mid-name */
            used += cw;
            bytes += len;
        }
        if (bytes == 0 && (size_t)bytes < rem && p[bytes] != '\n') {
            /* Not even one character fits: take it anyway, never loop. */
            int len;
            char_width(p, rem, &len);
            bytes = len;
        }
        int cut = bytes;
        if ((size_t)bytes < rem && p[bytes] != '\n' && last_space > 0)
            cut = last_space;
        if (rows == maxlines - 1 && (size_t)cut < rem) {
            /* The last row and more text: the rest of it, cut with an ellipsis. */
            const char *nl = memchr(p, '\n', rem);
            size_t n = nl ? (size_t)(nl - p) : rem;
            char last[1024];
            bool more = nl != NULL || n > sizeof last - 8;
            snprintf(last, sizeof last, "%.*s%s", (int)(more && n > sizeof last - 8 ? sizeof last - 8 : n), p,
                     more ? " \xe2\x80\xa6" : "");
            if (w)
                ui_put_pad(w, y + rows, x, width, role, last);
            return rows + 1;
        }
        char line[2048];
        int n = cut < (int)sizeof line - 1 ? cut : (int)sizeof line - 1;
        memcpy(line, p, (size_t)n);
        line[n] = 0;
        if (w)
            ui_put_pad(w, y + rows, x, width, role, line);
        rows++;
        p += cut;
        while (*p == ' ' || *p == '\n')
            p++;
    }
    (void)left;
    return rows;
}
