/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the correction network: a small network added to the hand-written evaluation
 * (eval.h), trained by tools/nettrain.c to move the static score towards what a short
 * search of the same engine finds (docs/eval.md tells how it was trained and measured).
 *
 * Its inputs, seen from one side (the "perspective"): every piece but that side's king, as
 * (its kind, its square), in one of nine sets chosen by the square of that side's king in
 * its palace; ranks counted from that side's back rank, so Red and Black share the
 * weights. The network reads both sides (the side to move's first) and each also mirrored
 * left-right, through the same weights, so a position and its mirror score the same. */
#ifndef COTUONG_NET_H
#define COTUONG_NET_H

#include <stdbool.h>
#include <stdint.h>

#include "cotuong/position.h"

enum {
    CT_NET_KINDS = 13, /* the perspective's advisor .. pawn (6), then the enemy's king .. pawn */
    CT_NET_INPUTS = 9 * CT_NET_KINDS * 90,
    CT_NET_MAX_ACTIVE = 31, /* every piece but the perspective's king */
    CT_NET_HIDDEN = 16,     /* units per view (net_weights.h must agree) */
};

/* The active inputs of `pos` from `side`'s point of view, mirrored left-right when
 * `mirror`; returns how many were written to idx (at most CT_NET_MAX_ACTIVE). */
int ct_net_inputs(const ct_pos *pos, int side, bool mirror, uint16_t *idx);

/* The network's correction from the side to move's point of view, in centipawns. */
int ct_net_eval(const ct_pos *pos);

/* The same in steps, for a search that evaluates a position after its parent: the first
 * layer's sums of the four views (Red's, Red's mirrored, Black's, Black's mirrored),
 * computed whole or from the parent's across the last move of pos (its hist), and the
 * output from them. */
typedef struct {
    int16_t v[4][CT_NET_HIDDEN];
} ct_net_acc;
void ct_net_refresh(const ct_pos *pos, ct_net_acc *acc);
void ct_net_update(const ct_pos *pos, const ct_net_acc *parent, ct_net_acc *acc);
int ct_net_output(const ct_net_acc *acc, int side_to_move);

#endif
