/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the correction network (net.h): its inputs, the first layer's sums, whole or
 * across one move, and the integer output over the weights that tools/nettrain.c wrote to
 * net_weights.h. */
#include "cotuong/net.h"

/* net_weights.h defines NET_HIDDEN, NET_QA (the first layer's scale: 1.0 is NET_QA),
 * NET_QB (the output layer's), net_w1[CT_NET_INPUTS][NET_HIDDEN], net_b1[NET_HIDDEN],
 * net_w2[2][NET_HIDDEN] (the side to move's units, then the other side's) and net_b2. */
#include "net_weights.h"

_Static_assert((int)NET_HIDDEN == (int)CT_NET_HIDDEN, "net_weights.h does not fit ct_net_acc");

/* The first input of a view's king set: the square of the view's own king in its palace,
 * seen from that side and mirrored with the view. */
static inline int king_base(const ct_pos *pos, int side, bool mirror)
{
    int ksq = pos->sq_of[CT_SIDE_FLAG(side)];
    int file = mirror ? 8 - CT_SQ_FILE(ksq) : CT_SQ_FILE(ksq);
    int rank = side == CT_RED ? CT_SQ_RANK(ksq) : 9 - CT_SQ_RANK(ksq);
    return ((file - 3) + 3 * rank) * CT_NET_KINDS * 90;
}

/* The input of piece pc on sq in the view of `side` (mirrored or not) whose king set
 * starts at base. */
static inline int input_of(int base, int side, bool mirror, int pc, int sq)
{
    int type = ct_piece_type(pc); /* CT_KING .. CT_PAWN */
    int kind = CT_PIECE_SIDE(pc) == side ? type - CT_ADVISOR : 6 + type - CT_KING;
    int file = mirror ? 8 - CT_SQ_FILE(sq) : CT_SQ_FILE(sq);
    int rank = side == CT_RED ? CT_SQ_RANK(sq) : 9 - CT_SQ_RANK(sq);
    return base + kind * 90 + rank * 9 + file;
}

int ct_net_inputs(const ct_pos *pos, int side, bool mirror, uint16_t *idx)
{
    int base = king_base(pos, side, mirror), n = 0;
    for (int pc = 16; pc < 48; pc++)
        if (pos->sq_of[pc] && pc != CT_SIDE_FLAG(side))
            idx[n++] = (uint16_t)input_of(base, side, mirror, pc, pos->sq_of[pc]);
    return n;
}

static void view_compute(const ct_pos *pos, int view, int16_t *acc)
{
    uint16_t idx[CT_NET_MAX_ACTIVE];
    int n = ct_net_inputs(pos, view >> 1, view & 1, idx);
    for (int j = 0; j < NET_HIDDEN; j++)
        acc[j] = net_b1[j];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < NET_HIDDEN; j++)
            acc[j] = (int16_t)(acc[j] + net_w1[idx[i]][j]);
}

void ct_net_refresh(const ct_pos *pos, ct_net_acc *acc)
{
    for (int view = 0; view < 4; view++)
        view_compute(pos, view, acc->v[view]);
}

static const int16_t no_row[NET_HIDDEN]; /* a capture's row when there is none */

/* out = in + add - sub - gone. One loop the compiler turns into vector instructions
 * (unrolled whole, the loops of this file stay scalar). */
static inline void move_rows(int16_t *restrict out, const int16_t *in, const int16_t *add,
                             const int16_t *sub, const int16_t *gone)
{
#pragma GCC unroll 1
    for (int j = 0; j < NET_HIDDEN; j++)
        out[j] = (int16_t)(in[j] + add[j] - sub[j] - gone[j]);
}

void ct_net_update(const ct_pos *pos, const ct_net_acc *parent, ct_net_acc *acc)
{
    const ct_undo *u = &pos->hist[pos->ply - 1];
    if (u->move == CT_NO_MOVE) {
        *acc = *parent;
        return;
    }
    int from = CT_FROM(u->move), to = CT_TO(u->move), cap = u->captured;
    int pc = pos->board[to], mover = CT_PIECE_SIDE(pc);
    bool king = (pc & 15) == 0;
    for (int view = 0; view < 4; view++) {
        int side = view >> 1;
        bool mirror = view & 1;
        if (king && side == mover) { /* its own king moved: every input changes its set */
            view_compute(pos, view, acc->v[view]);
            continue;
        }
        int base = king_base(pos, side, mirror);
        const int16_t *add = net_w1[input_of(base, side, mirror, pc, to)];
        const int16_t *sub = net_w1[input_of(base, side, mirror, pc, from)];
        const int16_t *gone = cap ? net_w1[input_of(base, side, mirror, cap, to)] : no_row;
        move_rows(acc->v[view], parent->v[view], add, sub, gone);
    }
}

int ct_net_output(const ct_net_acc *acc, int side_to_move)
{
    int32_t out = net_b2;
    for (int view = 0; view < 4; view++) {
        const int16_t *a = acc->v[view];
        const int16_t *w = net_w2[(view >> 1) != side_to_move]; /* the side to move's first */
        /* Clipped in 16 bits, then multiplied and summed in 32: two loops the compiler
         * turns into vector instructions (unrolled whole, or as one loop, they stay scalar). */
        int16_t h[NET_HIDDEN];
#pragma GCC unroll 1
        for (int j = 0; j < NET_HIDDEN; j++)
            h[j] = a[j] < 0 ? 0 : a[j] > NET_QA ? (int16_t)NET_QA : a[j];
#pragma GCC unroll 1
        for (int j = 0; j < NET_HIDDEN; j++)
            out += h[j] * w[j];
    }
    return (int)(out * 100 / (NET_QA * NET_QB));
}

int ct_net_eval(const ct_pos *pos)
{
    ct_net_acc acc = {{{0}}}; /* written whole by the refresh; cppcheck cannot tell */
    ct_net_refresh(pos, &acc);
    return ct_net_output(&acc, pos->side);
}
