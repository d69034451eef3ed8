/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the one view of a question: a block centred over the screen, the question (and
 * the text typed in answer, when it takes text) wrapped to the width whole, its answer keys
 * (the question's last words) always on screen, at every size down to the minimum. */
#include "ui/draw.h"
#include "ui/views.h"

#include "sys/xmalloc.h"

#include <stdlib.h>
#include <string.h>

/* The width of the widest of the text's own lines. */
static int widest_line(const char *text)
{
    int best = 0;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char *line = xmalloc(n + 1);
        memcpy(line, p, n);
        line[n] = 0;
        int lw = ui_strwidth(line);
        free(line);
        if (lw > best)
            best = lw;
        p += n + (nl != NULL);
    }
    return best;
}

/* want: the columns the text would like inside the box. */
static void dialog(WINDOW *w, int rows, int cols, const char *text, int want)
{
    /* 1. The width: what the text wants when it fits, else as wide as the screen allows
     * (two columns of margin outside, one of padding inside each side). */
    int room = cols - 6;
    if (room < 8)
        room = cols > 2 ? cols - 2 : 1;
    int inner = want < room ? want : room;
    if (inner < 16 && room >= 16)
        inner = 16;
    int n = ui_wrap_rows(text, inner);
    /* 2. The height: a blank row above and below when there is room. */
    int pad = n + 2 <= rows ? 1 : 0;
    int h = n + 2 * pad;
    if (h > rows)
        h = rows;
    int boxw = inner + 2 < cols ? inner + 2 : cols;
    int y0 = (rows - h) / 2, x0 = (cols - boxw) / 2;
    for (int r = 0; r < h; r++)
        ui_put_pad(w, y0 + r, x0, boxw, UI_MENU_SEL, "");
    int shown = h - 2 * pad;
    int x = x0 + (boxw - inner) / 2;
    if (shown >= n) {
        ui_put_wrapped(w, y0 + pad, x, inner, n, UI_MENU_SEL, text);
        return;
    }
    /* 3. Too long for the screen: the start, then the end (where the answer keys are). */
    int tail_rows = shown > 1 ? 1 : 0;
    ui_put_wrapped(w, y0 + pad, x, inner, shown - tail_rows, UI_MENU_SEL, text);
    if (!tail_rows)
        return;
    /* The last wrapped row: walk back from the end over what fits in inner columns (and
     * no further than the start of the last line). */
    const char *ell = ui_locale_is_utf8() ? "\xe2\x80\xa6 " : "... ";
    int ew = ui_strwidth(ell);
    size_t len = strlen(text), start = len;
    while (start > 0 && text[start - 1] != '\n') {
        size_t s = start - 1;
        while (s > 0 && ((unsigned char)text[s] & 0xC0) == 0x80)
            s--;
        if (ui_strwidth(text + s) + ew > inner)
            break;
        start = s;
    }
    size_t el = strlen(ell);
    char *last = xmalloc(el + len - start + 1);
    memcpy(last, ell, el);
    memcpy(last + el, text + start, len - start + 1);
    ui_put_pad(w, y0 + pad + shown - 1, x, inner, UI_MENU_SEL, last);
    free(last);
}

void ui_dialog_draw(WINDOW *w, int rows, int cols, const char *text)
{
    dialog(w, rows, cols, text, widest_line(text));
}

void ui_dialog_draw_entry(WINDOW *w, int rows, int cols, const char *text)
{
    /* A box of one width whatever is typed (up to 72 columns): it does not jump about with
     * each key, and a long answer wraps inside it. */
    dialog(w, rows, cols, text, 72);
}
