/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the master-games index in the interactive program: loaded once on first use
 * (kept in the ctl), the explorer panel's content for a position (moves in the chosen
 * notation, counts, the example game, all sanitized for the screen), and the opening's
 * ECCO code and name in the interface language. No mode state lives here: each mode owns
 * its tui_masters_view. */
#ifndef COTUONG_TUI_MASTERS_H
#define COTUONG_TUI_MASTERS_H

#include <stddef.h>
#include <stdint.h>

#include "tui/controller.h"
#include "cotuong/explorer.h"
#include "cotuong/record.h"
#include "ui/explorer_view.h"

#define TUI_MASTERS_SCREEN_ROWS 512

typedef struct {
    ct_move moves[UI_EXPLORER_ROWS];
    ui_explorer_row rows[UI_EXPLORER_ROWS];
    unsigned total;                      /* games that reached the position */
    char title[200], example[700], empty[200];
    ui_explorer_state st;
    ui_rect rect;                        /* where it was drawn last (h = 0: not drawn) */
    int row_move[TUI_MASTERS_SCREEN_ROWS];
    int selected;                        /* review: the chosen move, -1 none */
    uint64_t key;                        /* the position it was filled for */
} tui_masters_view;

/* Fills v with the masters' moves of pos (v->selected is kept within the moves). */
void tui_masters_fill(ctl *c, tui_masters_view *v, const ct_pos *pos);
/* Draws v into r (the room a panel left for it). */
void tui_masters_draw(tui_masters_view *v, const ui_rect *r);
/* The move on screen row y (a click), CT_NO_MOVE when none. */
ct_move tui_masters_at(const tui_masters_view *v, int y, int x);
/* "C45 Central Cannon vs Screen Horses / 中炮對屏風馬" for the line of rec up to node (the
 * interface language's name, then the Chinese one when the terminal shows Hán); "" when
 * the index is missing, the game starts from a set-up position or no code is known. */
void tui_masters_opening(ctl *c, const ct_record *rec, int node, char *buf, size_t size);
/* The rows of a panel's free part to give the explorer: what it wants, up to all of them
 * when there are few (at 80x24 it may replace the history), up to two thirds otherwise. */
int tui_masters_share(const void *view, int free_rows);
/* REQ_EXPLORER: shows or hides the panel (c->set.explorer), saying so. */
void tui_masters_toggle(ctl *c);

#endif
