/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the board as every screen uses it (play, the lobby's game through play, review,
 * the trainer, the editor): the cursor, the selected piece and its legal targets, the hint
 * shown, the mouse through the layout's inverse, the typed move line (one reader:
 * ctl_read_move), and the ui_board_state filled from the settings. It hands its owner a move
 * (or, in the editor, a square); the owner decides what it means.
 *
 * Usage: the owning mode keeps a tui_board in its state, tui_board_init()s it with its
 * callbacks, passes its key events to tui_board_key() first (true: taken), fills the view
 * with tui_board_fill(), and calls tui_board_clear() when the position changes under it. */
#ifndef COTUONG_TUI_BOARD_H
#define COTUONG_TUI_BOARD_H

#include <stdbool.h>

#include "tui/controller.h"
#include "ui/views.h"

typedef struct {
    /* The position moves are chosen in (read when a key or a typed move comes). */
    const ct_pos *(*position)(void *owner);
    /* May the user choose a move now? When not, it has said why in the status line.
     * NULL: always. */
    bool (*may_move)(ctl *c, void *owner);
    /* A move chosen by cursor, mouse or the move line (a typed coordinate move may be
     * illegal: the owner says why). */
    void (*play)(ctl *c, void *owner, ct_move mv);
    /* The editor: Enter or a click on a square; the board then selects nothing and moves
     * nothing. NULL: a board of moves. */
    void (*square)(ctl *c, void *owner, int file, int rank);
    /* Cờ úp: the VIEW of the player at the screen, or NULL (cờ tướng): when it gives one,
     * pieces, legal targets and typed moves come from it and position is not read. NULL:
     * never cờ úp. */
    const ct_coup_pos *(*coup_view)(void *owner);
} tui_board_ops;

typedef struct {
    const tui_board_ops *ops;
    void *owner;
    const char *line_title;         /* the move line's title ("Move:") */
    int file, rank;                 /* the cursor */
    bool hide_cursor;               /* the owner shows no cursor (review, a solution) */
    ct_sq selected;                 /* CT_NO_SQ when none */
    ct_move targets[CT_MAX_MOVES];  /* the selected piece's legal moves */
    int n_targets;
    ct_move hint;                   /* shown on the board, CT_NO_MOVE when none */
} tui_board;

void tui_board_init(tui_board *b, const tui_board_ops *ops, void *owner, const char *line_title,
                    int file, int rank);
/* Forgets the selection and the hint (the position changed). */
void tui_board_clear(tui_board *b);
/* The cursor keys, Enter, a click on the board, the move line, turning the board and its
 * coordinates and glyphs; false: not the board's (a click outside the grid, another
 * request). */
bool tui_board_key(ctl *c, tui_board *b, const ui_event *ev);
/* Shows a suggested move: its piece selected and the cursor on its target, so that Enter
 * plays it (play's and the trainer's hint). */
void tui_board_hint(tui_board *b, const ct_pos *pos, ct_move mv);
/* Picks up the piece on sq as if chosen (the trainer's first hint); the cursor on it. */
void tui_board_pick(tui_board *b, const ct_pos *pos, ct_sq sq);
/* The view's description: pos, the settings (glyphs, coordinates, river words, flip), the
 * cursor (when cursor), the selection, targets, hint and the king in check. The owner sets
 * last_move (and what it shows otherwise) after. */
void tui_board_fill(const ctl *c, const tui_board *b, const ct_pos *pos, bool cursor,
                    ui_board_state *bs);

#endif
