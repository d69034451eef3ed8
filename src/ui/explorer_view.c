/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — draws the explorer panel: a title, the column heads, one row per master move
 * (most played first: move, games, Red/draw/Black percentages), the chosen row highlighted,
 * and the example game of the chosen move wrapped under the table. */
#include "ui/explorer_view.h"

#include <stdio.h>

#include "ui/draw.h"

/* part of whole in percent, rounded to the nearest (cotuong explore prints one decimal). */
static unsigned pct(unsigned part, unsigned whole)
{
    return whole ? (200u * part + whole) / (2u * whole) : 0;
}

int ui_explorer_rows_wanted(const ui_explorer_state *st)
{
    return 2 + (st->n_rows ? st->n_rows : 1) + (st->example ? 2 : 0);
}

void ui_explorer_draw(WINDOW *w, const ui_rect *r, const ui_explorer_state *st, int *row_move)
{
    int y = r->y, x = r->x, wd = r->w, bottom = r->y + r->h;
    for (int i = 0; i < r->h; i++)
        row_move[i] = -1;
    if (wd < 4 || r->h <= 0)
        return;
    ui_clear_rect(w, r->y, r->x, r->h, r->w);
    if (st->title)
        ui_put_pad(w, y++, x, wd, UI_TITLE, st->title);
    if (st->n_rows == 0) {
        if (st->empty && y < bottom)
            ui_put_wrapped(w, y, x, wd, bottom - y, UI_DIM, st->empty);
        return;
    }
    /* 1. Column widths: the move column as wide as the widest move shown. */
    int mw = ui_strwidth(st->heads[0] ? st->heads[0] : "");
    for (int i = 0; i < st->n_rows; i++) {
        int m = ui_strwidth(st->rows[i].move);
        if (m > mw)
            mw = m;
    }
    /* "27094", " 100%" (a column wider when there is room: the heads are words) */
    const int gw = 6;
    int pw = mw + 1 + gw + 3 * 6 <= wd ? 6 : 5;
    if (mw > wd - gw - 3 * pw - 1)
        mw = wd - gw - 3 * pw - 1;
    if (mw < 3)
        mw = 3;
    int gx = x + mw + 1, px = gx + gw;
    /* 2. Heads, right-aligned over the numbers. */
    if (y < bottom) {
        ui_put_pad(w, y, x, wd, UI_DIM, "");
        ui_put(w, y, x, mw, UI_DIM, st->heads[0] ? st->heads[0] : "");
        for (int c = 1; c < 5; c++) {
            const char *h = st->heads[c] ? st->heads[c] : "";
            int colw = c == 1 ? gw : pw, cx = c == 1 ? gx : px + (c - 2) * pw;
            int hw = ui_strwidth(h);
            if (hw > colw - 1)
                hw = colw - 1;
            ui_put(w, y, cx + colw - hw, hw, UI_DIM, h);
        }
        y++;
    }
    /* 3. The moves that fit, keeping the chosen one in view; the example below them. */
    int room = bottom - y - (st->example ? 2 : 0);
    if (room < 1)
        room = bottom - y;
    int first = 0;
    if (st->selected >= room)
        first = st->selected - room + 1;
    for (int i = first; i < st->n_rows && y < r->y + r->h && i - first < room; i++, y++) {
        const ui_explorer_row *m = &st->rows[i];
        ui_role role = i == st->selected ? UI_MENU_SEL : UI_NORMAL;
        char num[64];
        ui_put_pad(w, y, x, wd, role, "");
        ui_put(w, y, x, mw, role, m->move);
        snprintf(num, sizeof num, "%*u%*u%%%*u%%%*u%%", gw, m->games, pw - 1,
                 pct(m->red, m->games), pw - 1, pct(m->draw, m->games), pw - 1,
                 pct(m->black, m->games));
        ui_put(w, y, gx, wd - (gx - x), role, num);
        row_move[y - r->y] = i;
    }
    if (st->example && y < bottom)
        ui_put_wrapped(w, y, x, wd, bottom - y, UI_LABEL, st->example);
}
