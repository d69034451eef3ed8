/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — board geometry and FEN letters shared by the standard game's modules (movegen.c,
 * fen.c) and cờ úp's (coup.c, coup_fen.c): the step tables on the padded board, the palace,
 * the river, and the piece letter of a FEN board. Internal to src/core. */
#ifndef COTUONG_BOARD_INTERNAL_H
#define COTUONG_BOARD_INTERNAL_H

#include "cotuong/types.h"

/* Steps on the padded board (16 squares a row): orthogonal (king, rook, cannon), diagonal
 * (advisor; twice for the elephant, the first step being its eye). */
static const int bd_orth[4] = {16, -16, 1, -1};
static const int bd_diag[4] = {17, 15, -15, -17};
/* Horse: the orthogonal leg, then the two targets beyond it. */
static const int bd_horse_leg[4] = {16, -16, 1, -1};
static const int bd_horse_to[4][2] = {{33, 31}, {-31, -33}, {18, -14}, {14, -18}};

/* Either palace (a king, or an advisor that must stay in it). */
static inline bool bd_in_palace(int sq)
{
    int col = CT_SQ_COL(sq), row = CT_SQ_ROW(sq);
    return col >= 6 && col <= 8 && ((row >= 3 && row <= 5) || (row >= 10 && row <= 12));
}

/* A pawn of `side` standing on `sq` has crossed the river. */
static inline bool bd_crossed(int side, int sq)
{
    return side == CT_RED ? CT_SQ_ROW(sq) >= 8 : CT_SQ_ROW(sq) <= 7;
}

/* `sq` is on `side`'s own half (where an elephant bound to it may stand). */
static inline bool bd_own_half(int side, int sq)
{
    return side == CT_RED ? CT_SQ_ROW(sq) <= 7 : CT_SQ_ROW(sq) >= 8;
}

/* The type of a FEN board letter in either case (B or E elephant, N or H horse), CT_NO_TYPE
 * for any other character. */
static inline int bd_letter_type(char c)
{
    switch (c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c) {
    case 'K': return CT_KING;
    case 'A': return CT_ADVISOR;
    case 'B': case 'E': return CT_ELEPHANT;
    case 'N': case 'H': return CT_HORSE;
    case 'R': return CT_ROOK;
    case 'C': return CT_CANNON;
    case 'P': return CT_PAWN;
    default: return CT_NO_TYPE;
    }
}

#endif
