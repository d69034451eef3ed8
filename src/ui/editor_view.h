/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the board editor's side panel: the side to move, the piece in hand, a palette of
 * the pieces of both sides and an eraser (clickable), whether the position can be played
 * (or what is wrong with it), its FEN, status, prompt and key reminder. Reads a plain
 * description (text already translated and sanitized); reports where each palette cell is. */
#ifndef COTUONG_UI_EDITOR_VIEW_H
#define COTUONG_UI_EDITOR_VIEW_H

#include <curses.h>
#include <stdbool.h>

#include "ui/layout.h"
#include "ui/theme.h"

/* One palette cell on screen: a piece (side, type CT_KING..CT_PAWN) or the eraser (type 0). */
typedef struct {
    int y, x0, x1; /* row, first and last column */
    int side, type;
} ui_editor_cell;

#define UI_EDITOR_CELLS 15

typedef struct {
    const char *title;       /* "Set up a position" */
    const char *turn;        /* "Red to move (Tab changes)" */
    ui_role turn_role;
    const char *hand;        /* "In hand: Red rook" */
    ui_glyphs glyphs;        /* how the palette draws the pieces */
    int hand_side, hand_type;/* the palette cell shown chosen (type -1: none, 0: the eraser) */
    const char *eraser;      /* the eraser's label ("remove") */
    const char *check;       /* "Playable: 1 ..." or what is wrong */
    ui_role check_role;
    const char *fen;
    const char *status;
    ui_role status_role;
    const char *prompt;
    const char *footer;
} ui_editor_panel;

/* Draws the panel into r; cells[] receives the palette cells drawn (*ncells of them). */
void ui_editor_panel_draw(WINDOW *w, const ui_rect *r, const ui_editor_panel *st,
                          ui_editor_cell cells[UI_EDITOR_CELLS], int *ncells);

#endif
