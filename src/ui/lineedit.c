/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the prompts' line editor: cursor movement by character (a base character and
 * the combining marks after it move together), deletion of a character, a word or the line
 * on either side of the cursor, a history per prompt, Tab completion of file names, and the
 * scrolled window of the text that fits the screen. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unictype.h>
#include <unistr.h>
#include <uniwidth.h>

#include "sys/xmalloc.h"
#include "ui/lineedit.h"

static void set_text(ui_lineedit *le, const char *text)
{
    le->len = 0;
    le->buf[0] = 0;
    le->cur = 0;
    ui_le_insert(le, text);
}

void ui_le_init(ui_lineedit *le, const char *text, ui_history *hist)
{
    *le = (ui_lineedit){.cap = 64, .hist = hist};
    le->buf = xmalloc(le->cap);
    le->buf[0] = 0;
    le->hist_pos = hist ? hist->n : 0;
    if (text)
        ui_le_insert(le, text);
}

void ui_le_free(ui_lineedit *le)
{
    free(le->buf);
    free(le->draft);
    *le = (ui_lineedit){0};
}

/* The code point at byte i and its length (an invalid byte counts as one character). */
static int char_at(const ui_lineedit *le, size_t i, ucs4_t *uc)
{
    int n = u8_mbtouc(uc, (const uint8_t *)le->buf + i, le->len - i);
    return n > 0 ? n : 1;
}

static bool zero_width(ucs4_t uc)
{
    return uc != 0xFFFD && uc_width(uc, "UTF-8") == 0;
}

/* The start of the character after / before byte i, combining marks included. */
static size_t next_char(const ui_lineedit *le, size_t i)
{
    if (i >= le->len)
        return le->len;
    ucs4_t uc;
    i += (size_t)char_at(le, i, &uc);
    while (i < le->len) {
        int n = char_at(le, i, &uc);
        if (!zero_width(uc))
            break;
        i += (size_t)n;
    }
    return i;
}

static size_t prev_char(const ui_lineedit *le, size_t i)
{
    while (i > 0) {
        ucs4_t uc;
        const uint8_t *p = u8_prev(&uc, (const uint8_t *)le->buf + i, (const uint8_t *)le->buf);
        size_t j = p ? (size_t)(p - (const uint8_t *)le->buf) : i - 1;
        char_at(le, j, &uc);
        i = j;
        if (!zero_width(uc) || i == 0)
            break;
    }
    return i;
}

static void delete_range(ui_lineedit *le, size_t from, size_t to)
{
    if (to <= from)
        return;
    memmove(le->buf + from, le->buf + to, le->len - to + 1);
    le->len -= to - from;
    if (le->cur >= to)
        le->cur -= to - from;
    else if (le->cur > from)
        le->cur = from;
}

void ui_le_insert(ui_lineedit *le, const char *s)
{
    size_t n = strlen(s);
    if (le->len + n + 1 > le->cap) {
        while (le->len + n + 1 > le->cap)
            le->cap *= 2;
        le->buf = xrealloc(le->buf, le->cap);
    }
    /* Control characters would move the terminal's cursor, and the private-use area holds
     * the screen's own marks: neither gets into the text. */
    size_t k = 0;
    char *tmp = xmalloc(n + 1);
    for (size_t i = 0; i < n;) {
        ucs4_t uc;
        int len = u8_mbtouc(&uc, (const uint8_t *)s + i, n - i);
        if (len < 1)
            len = 1;
        bool ok = (unsigned char)s[i] >= 32 && s[i] != 127 && !(uc >= 0xE000 && uc <= 0xF8FF) &&
                  !(uc >= 0x80 && uc < 0xA0);
        if (ok)
            memcpy(tmp + k, s + i, (size_t)len), k += (size_t)len;
        i += (size_t)len;
    }
    memmove(le->buf + le->cur + k, le->buf + le->cur, le->len - le->cur + 1);
    memcpy(le->buf + le->cur, tmp, k);
    free(tmp);
    le->len += k;
    le->cur += k;
}

/* Inserts one character (a Unicode code point). */
static void ui_le_insert_char(ui_lineedit *le, int uc)
{
    uint8_t u[6];
    if (uc < 32 || uc == 127 || uc > 0x10FFFF || (uc >= 0xE000 && uc <= 0xF8FF))
        return; /* controls, and the private-use area the screen uses for its own marks */
    int n = u8_uctomb(u, (ucs4_t)uc, sizeof u);
    if (n <= 0)
        return;
    char s[8];
    memcpy(s, u, (size_t)n);
    s[n] = 0;
    ui_le_insert(le, s);
}

/* Ctrl-W: the blanks before the cursor, then back to the previous blank or '/' (so a path
 * loses one folder at a time). */
static void kill_word(ui_lineedit *le)
{
    size_t i = le->cur;
    while (i > 0 && (le->buf[i - 1] == ' ' || le->buf[i - 1] == '/'))
        i--;
    while (i > 0 && le->buf[i - 1] != ' ' && le->buf[i - 1] != '/')
        i--;
    delete_range(le, i, le->cur);
}

static void history_show(ui_lineedit *le, int pos)
{
    ui_history *h = le->hist;
    if (!h || pos < 0 || pos > h->n || pos == le->hist_pos)
        return;
    if (le->hist_pos == h->n) { /* leaving the new line: keep it */
        free(le->draft);
        le->draft = xstrdup(le->buf);
    }
    le->hist_pos = pos;
    set_text(le, pos == h->n ? (le->draft ? le->draft : "") : h->items[pos]);
}

ui_le_result ui_le_request(ui_lineedit *le, ui_req req, int uc, char *msg, size_t msgsize)
{
    /* A Tab right after a Tab that found several names lists them. */
    bool second_tab = req == REQ_COMPLETE && le->last_was_tab;
    le->last_was_tab = false;
    switch (req) {
    case REQ_TEXT: ui_le_insert_char(le, uc); break;
    case REQ_EDIT_LEFT: le->cur = prev_char(le, le->cur); break;
    case REQ_EDIT_RIGHT: le->cur = next_char(le, le->cur); break;
    case REQ_EDIT_HOME: le->cur = 0; break;
    case REQ_EDIT_END: le->cur = le->len; break;
    case REQ_EDIT_BACKSPACE: delete_range(le, prev_char(le, le->cur), le->cur); break;
    case REQ_EDIT_DELETE: delete_range(le, le->cur, next_char(le, le->cur)); break;
    case REQ_EDIT_KILL_START: delete_range(le, 0, le->cur); break;
    case REQ_EDIT_KILL_END: delete_range(le, le->cur, le->len); break;
    case REQ_EDIT_KILL_WORD: kill_word(le); break;
    case REQ_HISTORY_PREV: history_show(le, le->hist_pos - 1); break;
    case REQ_HISTORY_NEXT: history_show(le, le->hist_pos + 1); break;
    case REQ_COMPLETE:
        if (!le->complete_files)
            break;
        switch (ui_le_complete_path(le, second_tab, msg, msgsize)) {
        case 0: return UI_LE_NO_MATCH;
        case 1: break;
        default: le->last_was_tab = true; return second_tab ? UI_LE_LISTED : UI_LE_MANY;
        }
        break;
    case REQ_ACCEPT: return UI_LE_ACCEPT;
    case REQ_CANCEL: return UI_LE_CANCEL;
    default: return UI_LE_NONE;
    }
    return UI_LE_CHANGED;
}

void ui_history_add(ui_history *h, const char *text)
{
    if (!text[strspn(text, " ")] || (h->n > 0 && !strcmp(h->items[h->n - 1], text)))
        return;
    if (h->n == UI_HISTORY_MAX) {
        free(h->items[0]);
        memmove(h->items, h->items + 1, sizeof h->items[0] * (UI_HISTORY_MAX - 1));
        h->n--;
    }
    h->items[h->n++] = xstrdup(text);
}

void ui_history_free(ui_history *h)
{
    for (int i = 0; i < h->n; i++)
        free(h->items[i]);
    h->n = 0;
}

/* Display width of bytes [from, to). */
static int width_of(const ui_lineedit *le, size_t from, size_t to)
{
    int w = 0;
    for (size_t i = from; i < to;) {
        ucs4_t uc;
        int n = char_at(le, i, &uc);
        int cw = uc_width(uc, "UTF-8");
        w += cw < 0 ? 1 : cw;
        i += (size_t)n;
    }
    return w;
}

void ui_le_view(const ui_lineedit *le, int width, size_t *start, int *cursor_col)
{
    /* The cursor needs one column of its own; the text before it shows as much as fits. */
    size_t s = 0;
    if (width < 2)
        width = 2;
    while (s < le->cur && width_of(le, s, le->cur) > width - 1)
        s = next_char(le, s);
    *start = s;
    *cursor_col = width_of(le, s, le->cur);
}

/* ------------------------------------------------------------ file names */

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int ui_le_complete_path(ui_lineedit *le, bool list, char *msg, size_t msgsize)
{
    /* 1. The text before the cursor is the path (file prompts hold one path, blanks and
     *    all); split it into the folder and the start of the name. */
    char word[4096];
    snprintf(word, sizeof word, "%.*s", (int)le->cur, le->buf);
    const char *slash = strrchr(word, '/');
    char dir[4096];
    const char *prefix;
    if (slash) {
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - word + 1), word);
        prefix = slash + 1;
    } else {
        snprintf(dir, sizeof dir, "./");
        prefix = word;
    }
    char opened[4096];
    if (dir[0] == '~' && dir[1] == '/' && getenv("HOME"))
        snprintf(opened, sizeof opened, "%s/%s", getenv("HOME"), dir + 2);
    else
        snprintf(opened, sizeof opened, "%s", dir);
    /* 2. The names that continue the prefix (hidden ones only when asked for with "."). */
    DIR *d = opendir(opened);
    if (!d) {
        if (msg)
            snprintf(msg, msgsize, "%s", "");
        return 0;
    }
    size_t plen = strlen(prefix);
    char common[1024] = "";
    bool common_dir = false;
    int matches = 0, nlisted = 0;
    enum { LIST_MAX = 256 };
    char *listed[LIST_MAX] = {0};
    if (msg && msgsize)
        msg[0] = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *n = e->d_name;
        if (!strcmp(n, ".") || !strcmp(n, "..") || strncmp(n, prefix, plen) ||
            (n[0] == '.' && prefix[0] != '.'))
            continue;
        char full[8192];
        snprintf(full, sizeof full, "%s%s", opened, n);
        DIR *sub = opendir(full);
        bool is_dir = sub != NULL;
        if (sub)
            closedir(sub);
        if (matches++ == 0) {
            snprintf(common, sizeof common, "%s", n);
            common_dir = is_dir;
        } else {
            size_t k = 0;
            while (common[k] && common[k] == n[k])
                k++;
            common[k] = 0;
            common_dir = false;
        }
        if (list && nlisted < LIST_MAX) {
            listed[nlisted] = xmalloc(strlen(n) + 2);
            sprintf(listed[nlisted++], "%s%s", n, is_dir ? "/" : "");
        }
    }
    closedir(d);
    /* The choices in order, as many as the message holds. */
    if (nlisted > 1)
        qsort(listed, (size_t)nlisted, sizeof listed[0], cmp_names);
    size_t mlen = 0;
    for (int i = 0; i < nlisted; i++) {
        if (msg && mlen + strlen(listed[i]) + 3 < msgsize)
            mlen += (size_t)snprintf(msg + mlen, msgsize - mlen, "%s%s", mlen ? "  " : "", listed[i]);
        free(listed[i]);
    }
    /* 3. Insert what all of them share (cut back to a whole UTF-8 character). */
    size_t clen = strlen(common);
    while (clen > plen && ((unsigned char)common[clen] & 0xC0) == 0x80)
        clen--;
    common[clen] = 0;
    if (matches > 0 && clen > plen)
        ui_le_insert(le, common + plen);
    if (matches == 1 && common_dir)
        ui_le_insert(le, "/");
    return matches;
}
