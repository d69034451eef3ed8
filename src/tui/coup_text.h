/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — cờ úp moves in words for the screens: a move worded from the view it was played
 * in (a face-down piece named by the piece its square lends it) with what it turned up,
 * "Pháo 2 bình 5, lật Xe" / "C2.5, reveals Rook", and the piece names. The play and review
 * screens word every cờ úp move with it. */
#ifndef COTUONG_TUI_COUP_TEXT_H
#define COTUONG_TUI_COUP_TEXT_H

#include <stddef.h>

#include "cotuong/coup.h"
#include "cotuong/notation.h"

/* The translated name of a piece type ("Rook", "Xe"); "" for none. */
const char *tui_coup_piece_word(int type);
/* mv in notation n from the view before it, then ", reveals X" when reveal is a type (0:
 * none). The coordinates when the view cannot describe it. */
void tui_coup_move_text(ct_notation n, const ct_coup_pos *before, ct_move mv, int reveal, char *buf,
                        size_t size);

#endif
