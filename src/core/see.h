/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — static exchange evaluation (SEE): what a move wins or loses on its destination
 * square when both sides go on capturing there, each with its least valuable piece, and
 * either may stop. Internal to src/core (the search's pruning and ordering). */
#ifndef COTUONG_SEE_H
#define COTUONG_SEE_H

#include "cotuong/position.h"

/* The value SEE gives a piece of `type` of `side` standing on `sq`: the evaluation's
 * material weight, with the crossed-pawn extra for a pawn over the river. */
int see_piece_value(int side, int type, int sq);

/* The material balance, for the side to move, of the exchange that mv (pseudo-legal)
 * starts on its destination: the captured piece's value (0 for a quiet move), less the
 * mover if the opponent takes it back, and so on, each side taking with its least
 * valuable attacker or stopping when that is better. Pins are ignored: a pinned piece
 * still takes (cheap and almost always right; the search decides). Centipawns. */
int see(const ct_pos *pos, ct_move mv);

/* see(pos, mv) >= threshold, the same answer, with the exchange played only until that
 * answer is settled (tests/check_search.c compares the two). */
bool see_ge(const ct_pos *pos, ct_move mv, int threshold);

#endif
