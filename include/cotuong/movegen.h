/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — move generation, attack and check detection, perft. */
#ifndef COTUONG_MOVEGEN_H
#define COTUONG_MOVEGEN_H

#include "cotuong/position.h"

/* Pseudo-legal moves of the side to move (piece rules only; king safety not tested). */
int ct_gen_pseudo(const ct_pos *pos, ct_move *out);
/* Pseudo-legal captures only. */
int ct_gen_captures(const ct_pos *pos, ct_move *out);
/* Legal moves of the side to move. Returns the count; 0 means the side to move has lost
 * (checkmate or stalemate, both losses in xiangqi). */
int ct_gen_legal(const ct_pos *pos, ct_move *out);

/* True when the king of `side` is attacked (including by the opposing king on an open file). */
bool ct_in_check(const ct_pos *pos, int side);
/* True when square sq would be attacked by pieces of `by` (pawns, horses, rooks, cannons,
 * and the king along an open file); a piece on sq itself does not screen or block. */
bool ct_sq_attacked(const ct_pos *pos, ct_sq sq, int by);

/* True when mv obeys the piece rules for the side to move (any 16-bit value is safe). */
bool ct_is_pseudo(const ct_pos *pos, ct_move mv);
/* True when the pseudo-legal mv does not leave the mover's king attacked. */
bool ct_is_legal_pseudo(const ct_pos *pos, ct_move mv);
/* True when mv is legal in pos (any 16-bit value is safe). */
bool ct_is_legal(const ct_pos *pos, ct_move mv);
/* True when the side to move has at least one legal move. */
bool ct_has_legal_move(const ct_pos *pos);

/* Why a move is not legal, for messages. */
typedef enum {
    CT_WHY_LEGAL = 0,
    CT_WHY_NO_PIECE,        /* no piece on the from-square */
    CT_WHY_NOT_YOURS,       /* the piece belongs to the other side */
    CT_WHY_OWN_PIECE,       /* the to-square holds a piece of the mover */
    CT_WHY_PIECE_RULE,      /* the piece cannot move so (geometry) */
    CT_WHY_HORSE_LEG,       /* the horse's leg is blocked */
    CT_WHY_ELEPHANT_EYE,    /* the elephant's eye is blocked */
    CT_WHY_RIVER,           /* elephant crossing the river / pawn sideways before crossing */
    CT_WHY_PALACE,          /* king or advisor leaving the palace */
    CT_WHY_BLOCKED,         /* a rook or cannon path is blocked */
    CT_WHY_CANNON_SCREEN,   /* cannon capture without exactly one screen */
    CT_WHY_PAWN_BACKWARD,   /* pawn moving backwards */
    CT_WHY_KING_IN_CHECK,   /* the move leaves the mover's king attacked */
    CT_WHY_KINGS_FACING,    /* the move leaves the two kings facing on an open file */
} ct_illegal_reason;

ct_illegal_reason ct_why_illegal(const ct_pos *pos, ct_move mv);

/* Leaf-node counts of the legal move tree (perft). */
uint64_t ct_perft(ct_pos *pos, int depth);

#endif
