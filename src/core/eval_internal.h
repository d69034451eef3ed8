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

/* Where a table row starts, less the file offset of the padded board, for a square's
 * board row (CT_SQ_ROW) seen from each side: the row 0 of the tables is the side's far
 * rank. Off-board rows are never looked up. */
#define PST_ROW_RED(r) ((12 - (r)) * 9 - 3)
#define PST_ROW_BLACK(r) (((r) - 3) * 9 - 3)
static const int16_t pst_row_start[2][16] = {
    {0, 0, 0, PST_ROW_RED(3), PST_ROW_RED(4), PST_ROW_RED(5), PST_ROW_RED(6), PST_ROW_RED(7),
     PST_ROW_RED(8), PST_ROW_RED(9), PST_ROW_RED(10), PST_ROW_RED(11), PST_ROW_RED(12), 0, 0, 0},
    {0, 0, 0, PST_ROW_BLACK(3), PST_ROW_BLACK(4), PST_ROW_BLACK(5), PST_ROW_BLACK(6),
     PST_ROW_BLACK(7), PST_ROW_BLACK(8), PST_ROW_BLACK(9), PST_ROW_BLACK(10), PST_ROW_BLACK(11),
     PST_ROW_BLACK(12), 0, 0, 0},
};
#undef PST_ROW_RED
#undef PST_ROW_BLACK

/* Where the tables of a piece of `side` hold its entry for sq. */
static inline int eval_pst_index(int side, int sq)
{
    return pst_row_start[side][CT_SQ_ROW(sq)] + CT_SQ_COL(sq);
}

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
    int i = eval_pst_index(CT_PIECE_SIDE(pc), sq);
    int pt = ct_piece_type(pc);
    return eval_pst_weight(pc) * eval_pst_pack(pst_opening[pt][0][i], pst_endgame[pt][0][i]);
}

/* How much that share changes when piece pc goes from `from` to `to`. */
static inline int64_t eval_pst_move(int pc, int from, int to)
{
    const int16_t *op = &pst_opening[ct_piece_type(pc)][0][0];
    const int16_t *eg = &pst_endgame[ct_piece_type(pc)][0][0];
    int side = CT_PIECE_SIDE(pc);
    int i = eval_pst_index(side, to), j = eval_pst_index(side, from);
    return eval_pst_weight(pc) * eval_pst_pack(op[i] - op[j], eg[i] - eg[j]);
}

#endif
