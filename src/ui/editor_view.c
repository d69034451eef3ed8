/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — draws the board editor's panel: header, the palette rows (Red's seven pieces,
 * Black's seven, the eraser) with the piece in hand marked, the position's check and FEN,
 * then status, prompt and footer from the bottom up. */
#include "ui/editor_view.h"

#include "cotuong/types.h"
#include "ui/draw.h"

void ui_editor_panel_draw(WINDOW *w, const ui_rect *r, const ui_editor_panel *st,
                          ui_editor_cell cells[UI_EDITOR_CELLS], int *ncells)
{
    int y = r->y, x = r->x + 1, wd = r->w - 2, bottom = r->y + r->h;
    *ncells = 0;
    if (wd < 4)
        return;
    ui_clear_rect(w, r->y, r->x, r->h, r->w);
    /* 1. Header: each line on a second row when it is wider than the panel ("Red to move
     * (Tab ch..." at 65x23 without UTF-8). */
    const char *head[3] = {st->title, st->turn, st->hand};
    ui_role head_role[3] = {UI_TITLE, st->turn_role, UI_NORMAL};
    for (int i = 0; i < 3; i++)
        if (head[i]) {
            int n = ui_wrap_rows(head[i], wd);
            n = n > 2 ? 2 : n;
            y += ui_put_wrapped(w, y, x, wd, n, head_role[i], head[i]);
        }
    y++;
    /* 2. The palette: one row per side, then the eraser. */
    for (int side = CT_RED; side <= CT_BLACK && y < bottom; side++, y++) {
        int cx = x;
        for (int type = CT_KING; type <= CT_PAWN; type++) {
            const char *g = ui_piece_glyph(st->glyphs, side, type);
            int gw = ui_strwidth(g);
            if (cx + gw > x + wd)
                break;
            bool chosen = st->hand_side == side && st->hand_type == type;
            ui_put(w, y, cx, gw, chosen ? UI_SELECTED : side == CT_RED ? UI_RED : UI_BLACK, g);
            cells[(*ncells)++] = (ui_editor_cell){y, cx, cx + gw - 1, side, type};
            cx += gw + 1;
        }
    }
    if (st->eraser && y < bottom) {
        int ew = ui_put(w, y, x, wd, st->hand_type == 0 ? UI_SELECTED : UI_DIM, st->eraser);
        cells[(*ncells)++] = (ui_editor_cell){y, x, x + ew - 1, -1, 0};
        y++;
    }
    y++;
    /* 3. From the bottom up: footer, prompt, status. */
    int foot = bottom - 1;
    if (st->footer && foot > y)
        foot -= ui_put_above(w, foot, x, wd, 2, UI_DIM, st->footer);
    if (st->prompt && foot > y) {
        int rows = ui_strwidth(st->prompt) > wd && foot - 1 > y ? 2 : 1;
        ui_clear_rect(w, foot - rows + 1, x, rows, wd);
        ui_put_wrapped(w, foot - rows + 1, x, wd, rows, UI_MENU_SEL, st->prompt);
        foot -= rows;
    }
    /* The status gets what the check and the FEN leave it (a message cut says so, and is
     * whole on the messages screen); the FEN is read whole. */
    int need = (st->check ? ui_wrap_rows(st->check, wd) : 0) + (st->fen ? ui_wrap_rows(st->fen, wd) + 1 : 0);
    if (st->status && *st->status && foot > y + 1) {
        int most = foot - y - 1 - need;
        most = most < 1 ? 1 : most > 4 ? 4 : most;
        foot -= ui_put_status(w, foot, x, wd, most, st->status_role, st->status);
    }
    /* 4. The check, then the FEN, in what is left. */
    if (st->check && y <= foot)
        y += ui_put_wrapped(w, y, x, wd, foot - y + 1 < 3 ? foot - y + 1 : 3, st->check_role,
                            st->check);
    if (st->fen && y + 1 <= foot)
        ui_put_wrapped(w, y + 1, x, wd, foot - y, UI_LABEL, st->fen);
}
