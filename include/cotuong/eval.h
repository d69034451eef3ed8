/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — static evaluation of a position (material, piece-square tables, king safety,
 * mobility, pawns, threats, checks, the pieces' combinations). The features are linear in their weights: sum w[i] * f[i] / div[i],
 * which lets docs/eval.md's tuning fit the weights to game results. On top of that sum, a
 * side ahead that cannot force mate (eval.c's endgame scale) has its lead shrunk towards a
 * draw; the tuner fits the features, which the scale leaves alone. */
#ifndef COTUONG_EVAL_H
#define COTUONG_EVAL_H

#include "cotuong/position.h"

enum {
    CT_F_MAT_ADVISOR, CT_F_MAT_ELEPHANT, CT_F_MAT_HORSE, CT_F_MAT_ROOK, CT_F_MAT_CANNON,
    CT_F_MAT_PAWN, CT_F_PAWN_CROSSED,
    CT_F_PST_KING, CT_F_PST_ADVISOR, CT_F_PST_ELEPHANT, CT_F_PST_HORSE, CT_F_PST_ROOK,
    CT_F_PST_CANNON, CT_F_PST_PAWN,
    CT_F_ADVISOR_MISSING, CT_F_ELEPHANT_MISSING, CT_F_CANNON_KING_FILE, CT_F_CANNON_HOLLOW,
    CT_F_ROOK_PALACE_FILE,
    CT_F_MOB_HORSE, CT_F_MOB_ROOK, CT_F_MOB_CANNON, CT_F_ROOK_OPEN_FILE, CT_F_HORSE_LEG_BLOCKED,
    CT_F_PAWN_CONNECTED, CT_F_PAWN_PALACE,
    CT_F_HORSE_PHASE, CT_F_CANNON_PHASE, CT_F_KING_ZONE, CT_F_CANNON_KING_FILE2,
    CT_F_TEMPO, CT_F_THREATENED,
    CT_F_DOUBLE_THREAT, CT_F_FLANK2, CT_F_FLANK3, CT_F_CANNON_PIN_HORSE,
    CT_F_ROOKLESS, CT_F_CANNON_KING_RANK2, CT_F_ROOK_PIN, CT_F_HORSE_PAWN_GUARDED,
    CT_F_HORSE_CANNON, CT_F_TWO_CANNONS, CT_F_CANNONLESS, CT_F_MINOR_UP_NO_ROOKS,
    CT_F_CHECKS_TO_MOVE, CT_F_CHECKS_WAITING,
    CT_EVAL_NFEATURES
};

/* Evaluation from the side to move's point of view, with the built-in weights. */
int ct_eval(const ct_pos *pos);
/* ct_eval without the correction network (net.h), which it adds before the endgame scale:
 * the hand-written part, which tools/nettrain.c trains the network on top of. */
int ct_eval_hand(const ct_pos *pos);
/* ct_eval given the network's part (ct_net_eval's value, which a search may keep step by
 * step: net.h). */
int ct_eval_with_net(const ct_pos *pos, int net);
/* The same as ct_eval with caller-given weights (CT_EVAL_NFEATURES of them), for tuning. */
int ct_eval_weighted(const ct_pos *pos, const int *weights);
/* Feature values from Red's point of view (Red minus Black; tempo is +1 when Red is to
 * move, -1 otherwise; CT_F_THREATENED counts the side to move's threatened horses, rooks
 * and cannons, positive when Red is to move, and CT_F_DOUBLE_THREAT says two or more;
 * CT_F_CHECKS_TO_MOVE counts the side to move's checking moves, CT_F_CHECKS_WAITING the
 * other side's, each with its side's sign), and the divisor of each (1, or 100 *
 * CT_EVAL_PHASE_MAX for the piece-square terms: percent weights of tables blended by the
 * phase). */
void ct_eval_features(const ct_pos *pos, int *features);
int ct_eval_divisor(int feature);
const char *ct_eval_feature_name(int feature);
/* The game phase of the piece-square tables: 2 per rook, 1 per horse and per cannon on the
 * board (both sides), clamped to 0..CT_EVAL_PHASE_MAX; CT_EVAL_PHASE_MAX at the start, 0
 * when no rook, horse or cannon is left. */
enum { CT_EVAL_PHASE_MAX = 16 };
int ct_eval_phase(const ct_pos *pos);
/* The piece-square table's entry for a Red piece of `type` on `sq` (Black's pieces read it
 * with the ranks mirrored) at game phase `phase`, in centipawns, before its percent weight
 * CT_F_PST_<type>: the opening table's entry times phase plus the endgame table's times
 * (CT_EVAL_PHASE_MAX - phase), over CT_EVAL_PHASE_MAX (rounded towards minus infinity); 0 for
 * a square off the board. */
int ct_eval_pst(int type, int sq, int phase);
/* The built-in weights. */
const int *ct_eval_default_weights(void);

#endif
