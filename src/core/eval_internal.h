/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — what eval.c shares with position.c: the built-in weights and the piece-square
 * tables, so that ct_pos_make and ct_pos_unmake keep the tables' sums up to date (the
 * pst_open and pst_end of ct_pos) and ct_eval need not visit every piece for them. */
#ifndef COTUONG_EVAL_INTERNAL_H
#define COTUONG_EVAL_INTERNAL_H

#include "cotuong/eval.h"
#include "tunables.h"

static const int default_weights[CT_EVAL_NFEATURES] = TN_EVAL_WEIGHTS;

/* Piece-square tables from Red's side, in centipawns, two per piece type: pst_opening
 * counts fully at the start (phase CT_EVAL_PHASE_MAX), pst_endgame with no rook, horse or
 * cannon left (phase 0), the two blended linearly in between. Row 0 of each table is rank 9
 * (the enemy's back rank), row 9 is rank 0 (Red's own back rank); files a..i left to right,
 * left-right symmetric. Black reads the same tables with ranks mirrored. Learnt square by
 * square from the master games by `tune pst` (docs/eval.md), which writes eval_pst.h;
 * their percent weights (CT_F_PST_*) are 100. */
#include "eval_pst.h"

/* The table row of a square's board row (CT_SQ_ROW) for each side: row 0 of the tables is
 * the side's far rank. Off-board rows are never looked up. */
static const uint8_t pst_row[2][16] = {
    {0, 0, 0, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0},
    {0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0},
};

/* The percent weight of piece pc's tables, negative for Black: ct_pos counts Red minus
 * Black. */
static inline int eval_pst_weight(int pc)
{
    int w = default_weights[CT_F_PST_KING + ct_piece_type(pc) - CT_KING];
    int black = CT_PIECE_SIDE(pc);
    return (w ^ -black) + black; /* -w for Black without a branch (make is hot) */
}

/* ct_pos's pst word: an opening and an endgame sum packed as open * 2^32 + end. Packing is
 * linear, so packed values add and scale like the pairs they stand for, as long as each
 * half stays within 32 bits (the sums stay below 2^21). */
static inline int64_t eval_pst_pack(int open, int end)
{
    return (int64_t)open * 4294967296 + end;
}
static inline int eval_pst_end(int64_t pst)
{
    return (int32_t)(uint32_t)pst;
}
static inline int eval_pst_open(int64_t pst)
{
    return (int)((pst - eval_pst_end(pst)) / 4294967296);
}

/* Piece pc's share of ct_pos's pst when it stands on sq. */
static inline int64_t eval_pst_share(int pc, int sq)
{
    int pt = ct_piece_type(pc), row = pst_row[CT_PIECE_SIDE(pc)][CT_SQ_ROW(sq)];
    int file = CT_SQ_FILE(sq);
    return eval_pst_weight(pc) *
           eval_pst_pack(pst_opening[pt][row][file], pst_endgame[pt][row][file]);
}

/* How much that share changes when piece pc goes from `from` to `to`. */
static inline int64_t eval_pst_move(int pc, int from, int to)
{
    int pt = ct_piece_type(pc);
    const uint8_t *rows = pst_row[CT_PIECE_SIDE(pc)];
    int r1 = rows[CT_SQ_ROW(from)], f1 = CT_SQ_FILE(from);
    int r2 = rows[CT_SQ_ROW(to)], f2 = CT_SQ_FILE(to);
    return eval_pst_weight(pc) * eval_pst_pack(pst_opening[pt][r2][f2] - pst_opening[pt][r1][f1],
                                               pst_endgame[pt][r2][f2] - pst_endgame[pt][r1][f1]);
}

#endif
