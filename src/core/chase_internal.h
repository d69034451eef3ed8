/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the chase rule as chase.c words it, for any board: the standard game's ct_pos
 * (chase.c) and cờ úp's position (coup.c) ask it the same questions. Internal to src/core. */
#ifndef COTUONG_CHASE_INTERNAL_H
#define COTUONG_CHASE_INTERNAL_H

#include "cotuong/types.h"

/* The two questions about a capture that only the board can answer, asked only when the
 * rule needs them. Both are asked with the attacker's side to move on `board`. */
typedef struct {
    void *board;
    /* Could the target (of the attacker's type) legally take the attacker if it were the
     * target side's turn? (an offer to exchange, not a chase) */
    bool (*hits_back)(void *board, ct_move capture);
    /* After the capture, can the target's side legally take back on its square? */
    bool (*recaptured)(void *board, ct_move capture);
} chase_probe;

/* Does a legal capture by a piece of attacker_type of a target_type piece of target_side
 * standing on CT_TO(capture) chase it (spec §6.2)? Kings and pawns never chase, a king or an
 * uncrossed pawn is never chased; a horse or cannon on a rook, an advisor or elephant on a
 * rook, horse or cannon chase outright; otherwise the target must be unprotected. A rook
 * held by a horse (see chase_horse_holds) is the caller's to leave out. */
bool chase_capture_chases(int attacker_type, int target_type, int target_side, ct_move capture,
                          const chase_probe *probe);

/* AXF ruling 19's geometry: does a horse on `horse` hold the piece on sq, i.e. is sq the leg
 * of the horse's jump onto the king on `king`? */
bool chase_horse_holds(ct_sq horse, ct_sq king, ct_sq sq);

#endif
