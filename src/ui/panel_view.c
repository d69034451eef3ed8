/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — draws the side panel: title, whose turn, players, clocks, rule set, the move
 * history (scrollable), status and messages, the AI's progress, a prompt and a key reminder.
 * Reads a ui_panel_state; lays the parts out top to bottom in the room it is given. */
#include "ui/draw.h"
#include "ui/views.h"

/* A header row: on more rows (up to most) when it is wider than the panel (a long exercise
 * title, Vietnamese words), so that it is read whole. Returns the rows used. */
static int header(WINDOW *w, int y, int x, int wd, int most, ui_role role, const char *s)
{
    int n = ui_wrap_rows(s, wd);
    if (n > most)
        n = most;
    ui_put_wrapped(w, y, x, wd, n, role, s);
    return n;
}

void ui_panel_draw(WINDOW *w, const ui_rect *r, const ui_panel_state *st)
{
    int y = r->y, x = r->x + 1, wd = r->w - 2, bottom = r->y + r->h;
    if (wd < 4)
        return;
    ui_clear_rect(w, r->y, r->x, r->h, r->w);
    /* 1. Fixed header. */
    if (st->title)
        y += header(w, y, x, wd, 2, UI_TITLE, st->title);
    if (st->turn)
        y += header(w, y, x, wd, 2, st->turn_role, st->turn);
    for (int s = 0; s < 2; s++) {
        if (!st->players[s] && !st->clocks[s])
            continue;
        ui_role role = s == 0 ? UI_RED : UI_BLACK;
        int cwid = st->clocks[s] ? ui_strwidth(st->clocks[s]) : 0;
        int pw = st->players[s] ? ui_strwidth(st->players[s]) : 0;
        /* The player, and the clock at the right of the same row; when both do not fit,
         * the clock under the player (it was left out: "Do: may cap 10" at 65x23). */
        if (st->players[s] && (!st->clocks[s] || pw + 1 + cwid > wd))
            y += header(w, y, x, wd, 2, role, st->players[s]);
        else if (st->players[s])
            ui_put(w, y, x, wd, role, st->players[s]);
        if (st->clocks[s]) {
            ui_put(w, y, x + wd - cwid > x ? x + wd - cwid : x, wd, st->clock_running[s] ? UI_MENU_SEL : UI_NORMAL,
                   st->clocks[s]);
            y++;
        }
    }
    if (st->rules || st->notation) {
        /* The notation after the rules, or on the next row when both do not fit. */
        int rw = st->rules ? ui_strwidth(st->rules) : 0;
        if (st->rules)
            y += header(w, y, x, wd, 2, UI_DIM, st->rules) - 1;
        if (st->notation && rw + 2 + ui_strwidth(st->notation) <= wd)
            ui_put(w, y, x + rw + 2, wd - rw - 2, UI_DIM, st->notation);
        else if (st->notation)
            ui_put(w, ++y, x, wd, UI_DIM, st->notation);
        y++;
    }
    if (st->opening && *st->opening)
        /* The opening's name, or the trainer's source of the exercise: up to three rows. */
        y += header(w, y, x, wd, 3, UI_LABEL, st->opening);
    /* 2. Bottom part, from the last row up: footer, prompt, AI lines, status. */
    int foot_y = bottom - 1;
    if (st->footer && foot_y > y)
        foot_y -= ui_put_above(w, foot_y, x, wd, 2, UI_DIM, st->footer);
    if (st->prompt && foot_y > y) {
        /* A question must be read whole: it wraps onto a second row when it is too wide. */
        int rows = ui_strwidth(st->prompt) > wd && foot_y - 1 > y ? 2 : 1;
        ui_clear_rect(w, foot_y - rows + 1, x, rows, wd);
        ui_put_wrapped(w, foot_y - rows + 1, x, wd, rows, UI_MENU_SEL, st->prompt);
        foot_y -= rows;
    }
    int n_ai = 0;
    while (n_ai < 3 && st->ai_lines[n_ai])
        n_ai++;
    for (int i = n_ai - 1; i >= 0 && foot_y > y; i--)
        foot_y -= ui_put_above(w, foot_y, x, wd, 2, UI_STATUS, st->ai_lines[i]);
    if (st->status && *st->status && foot_y > y + 1) {
        /* The rows it needs while the history keeps two; the messages screen has it whole. */
        int most = foot_y - y - 3 > 3 ? foot_y - y - 3 : 3;
        if (most > foot_y - y - 1)
            most = foot_y - y - 1;
        foot_y -= ui_put_status(w, foot_y, x, wd, most, st->status_role, st->status);
    }
    /* 3. The other view's share of what is left, at the bottom; the move history fills
     * the rest, scrolled to the end unless asked. */
    y++;
    if (st->aside) {
        *st->aside = (ui_rect){foot_y + 1, x, 0, wd};
        int share = foot_y - y + 1 > 0 ? st->aside_share(st->aside_user, foot_y - y + 1) : 0;
        if (share > 0) {
            *st->aside = (ui_rect){foot_y - share + 1, x, share, wd};
            foot_y -= share + 1; /* a blank row between the history and the other view */
        }
    }
    int rows = foot_y - y + 1;
    if (rows <= 0 || st->n_history <= 0)
        return;
    int first = st->n_history - rows - st->history_scroll;
    if (first < 0)
        first = 0;
    for (int i = first; i < st->n_history && y <= foot_y; i++, y++)
        ui_put_pad(w, y, x, wd, st->history[i].current ? UI_TITLE : UI_NORMAL,
                   st->history[i].text);
}
