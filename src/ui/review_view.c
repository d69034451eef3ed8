/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — draws the review panel (game header, the moves of the current line with marks
 * and variation counts, the comment, the alternatives, the engine's lines and evaluation
 * chart, status, key reminder) and the list of the games of a file. */
#include "ui/review_view.h"

#include <stdlib.h>
#include <string.h>

#include "cotuong/annotate.h"
#include "cotuong/search.h"
#include "sys/xmalloc.h"
#include "ui/draw.h"

/* The win chance of the review's bar is the one the marks use (cotuong/annotate.h, where
 * the scale's fit on master games is told). */
int ui_review_win_permille(int score_red)
{
    return ct_annotate_win_permille(score_red, CT_ANN_WIN_SCALE_CP);
}

void ui_review_eval_bar(WINDOW *w, const ui_layout *lo, bool flip, int red_permille, bool ascii)
{
    if (lo->size == UI_SIZE_TOO_SMALL)
        return;
    int x = lo->panel.x - 1, top = lo->top, h = 9 * lo->ch + 1;
    if (x < lo->board.x + lo->board.w)
        return; /* no free column: never over the board */
    int red = (red_permille * h + 500) / 1000;
    if (red_permille > 0 && red == 0)
        red = 1; /* a chance left shows */
    if (red_permille < 1000 && red == h)
        red = h - 1;
    for (int i = 0; i < h; i++) {
        /* i counts from Red's edge. */
        int y = flip ? top + i : top + h - 1 - i;
        bool is_red = i < red;
        /* Monochrome draws Red's pieces in reverse video, which would blank a block. */
        ui_role role = !is_red ? UI_LABEL : ui_theme_has_colour() ? UI_RED : UI_NORMAL;
        ui_put(w, y, x, 1, role,
               ascii ? (is_red ? "#" : ":") : (is_red ? "█" : "░"));
    }
}

/* The rows of the move list: two columns when a number and two moves fit, as play lists them
 * ("12. C2.5  H8+7"); rows[k] holds the indices of the moves on row k (-1: none). */
static int move_rows(const ui_review_panel *st, int wd, int (*rows)[2], int *numw, int *colw)
{
    *numw = 0;
    *colw = 0;
    for (int i = 0; i < st->n_moves; i++) {
        int nw = ui_strwidth(st->moves[i].num), mw = ui_strwidth(st->moves[i].move);
        *numw = nw > *numw ? nw : *numw;
        *colw = mw > *colw ? mw : *colw;
    }
    if (*colw < 6)
        *colw = 6;
    bool two = *numw + 1 + 2 * *colw + 2 <= wd;
    int n = 0;
    for (int i = 0; i < st->n_moves; i++) {
        const ui_review_move *m = &st->moves[i];
        if (two && m->black && n > 0 && rows[n - 1][1] < 0 && rows[n - 1][0] >= 0 &&
            !st->moves[rows[n - 1][0]].black && i == rows[n - 1][0] + 1) {
            rows[n - 1][1] = i;
            continue;
        }
        rows[n][0] = two && m->black ? -1 : i;
        rows[n][1] = two && m->black ? i : -1;
        n++;
    }
    if (!two)
        *numw = -1;
    return n;
}

void ui_review_panel_draw(WINDOW *w, const ui_rect *r, const ui_review_panel *st, ui_review_hits *hits)
{
    int y = r->y, x = r->x + 1, wd = r->w - 2, bottom = r->y + r->h;
    for (int i = 0; i < r->h; i++)
        hits->node[i][0] = hits->node[i][1] = -1;
    hits->split = 0;
    if (wd < 4)
        return;
    ui_clear_rect(w, r->y, r->x, r->h, r->w);
    /* 1. Header. */
    if (st->title)
        ui_put_pad(w, y++, x, wd, UI_TITLE, st->title);
    if (st->players)
        y += ui_put_wrapped(w, y, x, wd, 2, UI_NORMAL, st->players);
    if (st->info)
        y += ui_put_wrapped(w, y, x, wd, 2, UI_DIM, st->info);
    if (st->opening && *st->opening)
        ui_put_pad(w, y++, x, wd, UI_LABEL, st->opening);
    /* 2. From the bottom up: footer, prompt, status, chart, analysis, variations, comment. */
    /* The key reminder and the status wrap to the width (never cut while the moves keep
     * three rows); the whole status is also on the messages screen. */
    int foot = bottom - 1;
    if (st->footer && foot > y)
        foot -= ui_put_above(w, foot, x, wd, (foot - y) / 3 > 1 ? (foot - y) / 3 : 1, UI_DIM,
                             st->footer);
    if (st->prompt && foot > y)
        ui_put_pad(w, foot--, x, wd, UI_MENU_SEL, st->prompt);
    if (st->status && *st->status && foot > y + 2)
        foot -= ui_put_status(w, foot, x, wd, foot - y - 3 > 2 ? foot - y - 3 : 2, st->status_role,
                              st->status);
    if (st->chart && foot > y + 8) {
        int n = 0;
        for (const char *p = st->chart; *p; p++)
            n += *p == '\n';
        int top = foot - n + 1;
        const char *p = st->chart;
        for (int i = 0; i < n; i++) {
            const char *nl = strchr(p, '\n');
            char line[2048];
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            if (len >= sizeof line)
                len = sizeof line - 1;
            memcpy(line, p, len);
            line[len] = '\0';
            ui_put_pad(w, top + i, x, wd, UI_GRID, line);
            p = nl ? nl + 1 : p + len;
        }
        foot = top - 1;
    }
    int n_an = 0;
    while (n_an < 3 && st->analysis[n_an])
        n_an++;
    for (int i = n_an - 1; i >= 0 && foot > y + 4; i--) {
        /* Engine lines are long: the rows they need, up to three. */
        foot -= ui_put_above(w, foot, x, wd, 3, UI_STATUS, st->analysis[i]);
    }
    if (st->variations && foot > y + 3)
        foot -= ui_put_above(w, foot, x, wd, 2, UI_TARGET, st->variations);
    if (st->comment && *st->comment && foot > y + 4) {
        int lines = foot - y - 4 < 4 ? foot - y - 4 : 4;
        if (lines > 0) {
            ui_clear_rect(w, foot - lines + 1, x, lines, wd);
            ui_put_wrapped(w, foot - lines + 1, x, wd, lines, UI_LABEL, st->comment);
            foot -= lines;
        }
    }
    /* 3. The other view's share at the bottom; the moves, scrolled so the current one
     * shows, above it. */
    y++;
    if (st->aside) {
        *st->aside = (ui_rect){foot, x, 0, wd};
        int share = foot - y > 0 ? st->aside_share(st->aside_user, foot - y) : 0;
        if (share > 0) {
            *st->aside = (ui_rect){foot - share, x, share, wd};
            foot -= share + 1;
        }
    }
    int rows = foot - y;
    if (rows <= 0 || st->n_moves <= 0)
        return;
    int (*list)[2] = xmalloc(sizeof *list * (size_t)st->n_moves);
    int numw, colw, n = move_rows(st, wd, list, &numw, &colw);
    int cur_row = 0;
    for (int k = 0; k < n; k++)
        if (list[k][0] == st->current || list[k][1] == st->current)
            cur_row = k;
    int first = cur_row - rows / 2;
    if (first > n - rows)
        first = n - rows;
    if (first < 0)
        first = 0;
    int right = x + numw + 1 + colw + 2;
    if (numw >= 0)
        hits->split = right - 1;
    for (int k = first; k < n && y < foot; k++, y++) {
        for (int c = 0; c < 2; c++) {
            int i = list[k][c];
            if (i < 0)
                continue;
            const ui_review_move *m = &st->moves[i];
            ui_role role = m->current ? UI_MENU_SEL : m->variation ? UI_TARGET : UI_NORMAL;
            hits->node[y - r->y][c] = m->node;
            if (numw < 0) { /* one a row */
                ui_put_pad(w, y, x, wd, role, m->text);
                continue;
            }
            if (c == 0 || list[k][0] < 0) /* the number; "..." before Black's move alone */
                ui_put(w, y, x, numw, m->variation ? UI_TARGET : UI_NORMAL, m->num);
            if (c == 1 && list[k][0] < 0)
                ui_put(w, y, x + numw + 1, colw, UI_DIM, "...");
            ui_put(w, y, c == 0 ? x + numw + 1 : right, c == 0 ? colw : x + wd - right, role, m->move);
        }
    }
    free(list);
}

void ui_review_list_draw(WINDOW *w, int rows, int cols, const char *title,
                         const char *const *games, int n_games, int selected, const char *footer,
                         int *row_game)
{
    for (int i = 0; i < rows; i++)
        row_game[i] = -1;
    werase(w);
    ui_put_centre(w, 0, 0, cols, UI_TITLE, title);
    int top = 2, room = rows - 4;
    if (room < 1)
        return;
    int first = selected - room / 2;
    if (first > n_games - room)
        first = n_games - room;
    if (first < 0)
        first = 0;
    for (int i = first, y = top; i < n_games && y < top + room; i++, y++) {
        ui_put_pad(w, y, 2, cols - 4, i == selected ? UI_MENU_SEL : UI_NORMAL, games[i]);
        row_game[y] = i;
    }
    if (footer)
        ui_put_centre(w, rows - 1, 0, cols, UI_DIM, footer);
}
