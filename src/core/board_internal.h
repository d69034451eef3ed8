/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — board geometry and FEN letters shared by the standard game's modules (movegen.c,
 * fen.c, see.c, eval.c, search.c) and cờ úp's (coup.c, coup_fen.c, coup_pgn.c): the step
 * tables on the padded board, the palace, the river, which moves can touch a king's lines,
 * and the piece letter of a FEN board. Internal to src/core. */
#ifndef COTUONG_BOARD_INTERNAL_H
#define COTUONG_BOARD_INTERNAL_H

#include "cotuong/position.h"
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

/* Can a move from `from` to `to` change a line (row, column, horse leg) into the king on
 * `ksq`? Only by leaving a square on the king's row or column or one of its diagonal
 * neighbours (a horse's leg; in cờ úp also an elephant's eye), or by arriving on the king's
 * row or column (a blocker, a cannon's screen, an attacker). A move that touches none of
 * them can neither expose nor attack that king, except a horse's own attack (asked
 * separately). Move generation, the search and cờ úp's legality test skip their attack
 * tests on it. */
static inline bool bd_touches_lines(int ksq, int from, int to)
{
    int kr = CT_SQ_ROW(ksq), kc = CT_SQ_COL(ksq);
    int dr = CT_SQ_ROW(from) - kr, dc = CT_SQ_COL(from) - kc;
    if (dr == 0 || dc == 0 || ((dr == 1 || dr == -1) && (dc == 1 || dc == -1)))
        return true;
    return CT_SQ_ROW(to) == kr || CT_SQ_COL(to) == kc;
}

/* Would mv, made, be legal and give no check on geometry alone, the two attack tests
 * the search's make_legal would skip? Then a move the search prunes unless it checks is
 * pruned without being made. */
static inline bool bd_plainly_legal_no_check(const ct_pos *pos, ct_move mv, bool in_check)
{
    int from = CT_FROM(mv), to = CT_TO(mv);
    int own_king = ct_pos_king(pos, pos->side);
    return !in_check && from != own_king && !bd_touches_lines(own_king, from, to) &&
           ct_piece_type(pos->board[from]) != CT_HORSE &&
           !bd_touches_lines(ct_pos_king(pos, pos->side ^ 1), from, to);
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
