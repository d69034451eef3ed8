/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the explorer panel: the masters' moves of a position (move, games, Red/draw/Black
 * percentages), the chosen one's example game, drawn into the room the play or review panel
 * leaves for it. Reads a plain description (text already sanitized and in the chosen
 * notation); remembers which screen row shows which move for the mouse. */
#ifndef COTUONG_UI_EXPLORER_VIEW_H
#define COTUONG_UI_EXPLORER_VIEW_H

#include <curses.h>

#include "ui/layout.h"

#define UI_EXPLORER_ROWS 32 /* moves shown at most (the room usually holds fewer) */

typedef struct {
    char move[48];                 /* the move in the chosen notation */
    unsigned games, red, draw, black;
} ui_explorer_row;

typedef struct {
    const char *title;             /* "Masters: 27094 games" */
    const char *heads[5];          /* column heads: "Move", "Games", "Red", "Draw", "Black" */
    const ui_explorer_row *rows;
    int n_rows;
    int selected;                  /* the row chosen (review), -1 when none */
    const char *example;           /* the example game of the chosen (or first) move */
    const char *empty;             /* shown when n_rows is 0 */
} ui_explorer_state;

/* The rows the panel would like for st (title, heads, moves, example). */
int ui_explorer_rows_wanted(const ui_explorer_state *st);
/* Draws into r; row_move[i] receives the row of moves shown on screen row r->y + i, or -1
 * (r->h entries). */
void ui_explorer_draw(WINDOW *w, const ui_rect *r, const ui_explorer_state *st, int *row_move);

#endif
