/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the views: they read a plain description of what to show and draw it; they never
 * change game state. The controller fills these structs (translated text included). */
#ifndef COTUONG_UI_VIEWS_H
#define COTUONG_UI_VIEWS_H

#include <curses.h>
#include <stdbool.h>

#include "cotuong/coup.h"
#include "cotuong/position.h"
#include "ui/layout.h"
#include "ui/theme.h"

typedef struct {
    const ct_pos *pos;
    /* Cờ úp: a player's VIEW drawn instead of pos (NULL in cờ tướng). A face-down piece is
     * drawn as '?' then the letter of the piece its square lends it ("?R", "?h"), in the
     * DOWN role: never a piece's own glyph, in every glyph set. */
    const ct_coup_pos *coup;
    ui_glyphs down_glyphs;         /* the letters after '?': UI_GLYPHS_VI or UI_GLYPHS_WXF */
    bool flip, coords, ascii;
    ui_glyphs glyphs;
    int cursor_file, cursor_rank;  /* -1: no cursor shown */
    ct_sq selected;                /* CT_NO_SQ when none */
    const ct_move *targets;        /* legal moves of the selected piece */
    int n_targets;
    ct_move last_move, hint;       /* CT_NO_MOVE when none */
    ct_sq check_sq;                /* a king in check, or CT_NO_SQ */
    const char *river_left, *river_right; /* "楚 河", "漢 界" or translations */
    bool red_numbers_hanzi;        /* Red's file numbers as 九…一 (Hán glyphs) */
} ui_board_state;

void ui_board_draw(WINDOW *w, const ui_layout *lo, const ui_board_state *st);

/* One line of the panel's move history. */
typedef struct {
    char text[96];
    bool current; /* the last move played */
} ui_history_line;

typedef struct {
    const char *title;                  /* "Cờ tướng" */
    const char *turn;                   /* "Red to move" */
    ui_role turn_role;
    const char *players[2];             /* "Red: you", "Black: AI level 5" */
    const char *clocks[2];              /* "Red 14:32" or NULL when no clock */
    bool clock_running[2];
    const char *rules;                  /* "Rules: online" */
    const char *notation;               /* "Notation: vi" */
    const char *opening;                /* "C45 Central Cannon ...", NULL when none */
    const ui_history_line *history;
    int n_history;
    int history_scroll;                 /* lines scrolled back from the end */
    const char *status;                 /* "Check!", results, errors */
    ui_role status_role;
    const char *ai_lines[3];            /* AI progress: depth/score, best line; NULL ends */
    const char *footer;                 /* key reminder */
    const char *prompt;                 /* a prompt line ("Move: P2-5_"), NULL when none */
    /* Room for another view (the explorer) at the bottom of the history's part: share(user,
     * free rows) says how many of the free rows to give; *aside receives them (h = 0: none).
     * NULL share: the history has it all. */
    int (*aside_share)(const void *user, int free_rows);
    const void *aside_user;
    ui_rect *aside;
} ui_panel_state;

void ui_panel_draw(WINDOW *w, const ui_rect *r, const ui_panel_state *st);

/* A question over the screen: centred, wrapped to the width, never cut (when it cannot fit
 * at all, its start and its last row, which holds the answer keys). */
void ui_dialog_draw(WINDOW *w, int rows, int cols, const char *text);
/* The same for a question that takes text: text holds the question, the answer typed so far
 * (UI_CURSOR_MARK where the cursor is) and the keys, on lines of their own; the box is as
 * wide as the screen allows up to 72 columns, and the answer wraps in it whole. */
void ui_dialog_draw_entry(WINDOW *w, int rows, int cols, const char *text);

/* A full-screen message when the terminal is too small. */
void ui_too_small_draw(WINDOW *w, int rows, int cols, const char *msg);

#endif
