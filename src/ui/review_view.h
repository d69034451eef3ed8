/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the review screen's side panel and game list: reads a plain description (all
 * text already sanitized by the caller) and draws it; remembers which screen row shows which
 * move or game so that a mouse click can select it. */
#ifndef COTUONG_UI_REVIEW_VIEW_H
#define COTUONG_UI_REVIEW_VIEW_H

#include <curses.h>
#include <stdbool.h>

#include "ui/layout.h"
#include "ui/theme.h"

typedef struct {
    char text[96];  /* "12.   P2-5 ?!  (+1)" (one column) */
    char num[16];   /* "12." or "12..." (Black's ply) */
    char move[80];  /* "P2-5 ?!  (+1)" (two columns, after the number) */
    bool black;     /* Black's ply: the right column */
    int node;       /* record node it shows */
    bool current;   /* the position on the board */
    bool variation; /* off the main line */
} ui_review_move;

typedef struct {
    const char *title;      /* event and game number */
    const char *players;    /* "Red: ... — Black: ..." */
    const char *info;       /* date, result, file */
    const char *opening;    /* "C45 Central Cannon ...", or NULL */
    const ui_review_move *moves;
    int n_moves, current;   /* current: index in moves, -1 at the start */
    const char *comment;    /* comment of the current move, or NULL */
    const char *variations; /* alternatives from here, or NULL */
    const char *analysis[3];/* engine lines, NULL ends */
    const char *chart;      /* evaluation chart rows separated by '\n', or NULL */
    const char *status;
    ui_role status_role;
    const char *prompt;     /* a prompt line, or NULL */
    const char *footer;
    /* Room for another view (the explorer) below the moves, as in ui_panel_state. */
    int (*aside_share)(const void *user, int free_rows);
    const void *aside_user;
    ui_rect *aside;
} ui_review_panel;

/* Where a click on the moves goes: node[i][0] the move shown on screen row r->y + i (the left
 * column), node[i][1] the one in the right column, -1 none; split: the first screen column
 * of the right column (0: one column). Rows: r->h. */
typedef struct {
    int (*node)[2];
    int split;
} ui_review_hits;

/* Draws the panel into r: the moves as play lists them, Red's and Black's of a move on one
 * row when the panel has the room, one a row otherwise. */
void ui_review_panel_draw(WINDOW *w, const ui_rect *r, const ui_review_panel *st, ui_review_hits *hits);

/* The evaluation as a win chance: Red's expected share of the points, in thousandths, for a
 * score in centipawns from Red's point of view (a mate score: 1000 or 0), on the logistic
 * curve 1 / (1 + exp(-score / CT_ANN_WIN_SCALE_CP)), the review marks' (cotuong/annotate.h,
 * which tells how the scale was fitted on master games). Pure (tests/check_evalbar.c). */
int ui_review_win_permille(int score_red);

/* Draws the evaluation bar in the column between the board and the panel (lo->panel.x - 1,
 * outside both), as tall as the board's grid: Red's share from Red's edge of the board (the
 * bottom, or the top when flipped), Black's from the other, the middle at the river. ascii:
 * '#' and ':' instead of block elements. */
void ui_review_eval_bar(WINDOW *w, const ui_layout *lo, bool flip, int red_permille, bool ascii);

/* A full-screen list of the games of a file: row_game[y] receives the game on screen row y,
 * or -1 (rows entries). */
void ui_review_list_draw(WINDOW *w, int rows, int cols, const char *title,
                         const char *const *games, int n_games, int selected, const char *footer,
                         int *row_game);

#endif
