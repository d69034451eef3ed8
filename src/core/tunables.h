/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — every tunable number of the search and the evaluation, in one place.
 * Where the evaluation weights come from (the tuning runs and their figures) is written
 * in docs/eval.md; the search constants are conventional starting points checked with
 * the bench and short matches (see docs/eval.md, "Search"). */
#ifndef COTUONG_TUNABLES_H
#define COTUONG_TUNABLES_H

/* ---- Search ------------------------------------------------------------------------ */
#define TN_ASPIRATION_WINDOW 40      /* first aspiration half-window (cp) from depth 5 */
#define TN_ASPIRATION_MIN_DEPTH 5
#define TN_NULL_MIN_DEPTH 3          /* null move only at depth >= this */
#define TN_NULL_REDUCTION 3          /* R = 3 + depth / TN_NULL_DEPTH_DIV + */
#define TN_NULL_DEPTH_DIV 3
#define TN_NULL_EVAL_DIV 200         /*   min((static score - beta) / this, */
#define TN_NULL_EVAL_MAX 3           /*       this) */
#define TN_NULL_MIN_PIECES 2         /* mover needs this many rooks+horses+cannons */
#define TN_NULL_VERIFY_DEPTH 8       /* verify a null-move cutoff by a reduced search */
#define TN_LMR_MIN_DEPTH 3
#define TN_LMR_MIN_MOVES_PV 3        /* moves searched at full depth before reducing (PV) */
#define TN_LMR_ROOT_MOVES 8          /* at the root, reduce one ply from this move on */
#define TN_LMR_BASE 75               /* reduction = BASE/100 + ln(depth) ln(move) / (DIV/100) */
#define TN_LMR_DIV 225
#define TN_LMR_HISTORY_DIV 16000     /* one ply less (more) per this much history (the sum
                                        of the butterfly and both continuation tables) */
#define TN_LMR_CUT_NODE 2            /* plies more at an expected cut node */
#define TN_IIR_MIN_DEPTH 4           /* no table move at a PV or cut node: a ply less from here */
#define TN_FUTILITY_MARGIN 150       /* futility margin (cp) of a quiet move ... */
#define TN_FUTILITY_PER_DEPTH 100    /* ... plus this per ply of its depth after LMR */
#define TN_FUTILITY_DEPTH 8          /* futility and SEE pruning up to this depth after LMR */
#define TN_SEE_QUIET_MARGIN 20       /* quiet pruned when SEE < -this * (depth after LMR)^2 */
#define TN_SEE_CAPTURE_DEPTH 6       /* capture pruned up to this depth ... */
#define TN_SEE_CAPTURE_MARGIN 100    /* ... when SEE < -this * depth */
#define TN_LMP_DEPTH 6               /* late move pruning up to this depth: */
#define TN_LMP_BASE 4                /*   keep (BASE + depth^2) quiets, half if not improving */
#define TN_RFP_MARGIN 110            /* reverse futility margin per ply (cp) */
#define TN_RFP_MAX_DEPTH 7
#define TN_RAZOR_DEPTH 2             /* razoring up to this depth, */
#define TN_RAZOR_MARGIN 300          /*   when eval + this * depth <= alpha */
#define TN_HISTORY_MAX 16384
#define TN_HISTORY_BONUS_PER_DEPTH 400 /* a quiet cutoff earns min(this x depth - OFFSET, */
#define TN_HISTORY_BONUS_OFFSET 300    /*   MAX) in every history table, and the quiets   */
#define TN_HISTORY_BONUS_MAX 3200      /*   tried before it lose as much                  */
/* Correction history: how far the search's scores stood from the static score, learnt per
 * side to move in two tables, one keyed by the pawns', advisors' and elephants' squares,
 * one by the material; the static score is corrected by their mean. */
#define TN_CORR_ENTRIES_LOG2 14      /* entries per side in each table */
#define TN_CORR_GRAIN 16             /* entries hold the error in 1/16 cp */
#define TN_CORR_ERROR_MAX 256        /* one node's error counts at most this (cp) */
#define TN_CORR_RATE_MAX 16          /* a node of depth d moves its entries (d + 1)/256 of the
                                        way to its error, at most this/256 */
#define TN_CORR_STRUCTURE 50         /* percent of the structure table's correction, */
#define TN_CORR_MATERIAL 50          /*   and of the material table's */
#define TN_CHECK_EXT_MAX_PLY 64      /* check extensions only below this ply */
#define TN_POLL_NODES 512            /* nodes between clock polls */
#define TN_POLL_MS 4                 /* progress callback period while searching (ms) */
#define TN_DRAW_SCORE 0
#define TN_NO_CAPTURE_DRAW_PLIES 120 /* 60 moves each with no capture: draw (spec 6.3) */

/* ---- Time management ---------------------------------------------------------------- */
#define TN_MOVETIME_OVERHEAD_MS 10   /* go movetime N stops at N - min(N/50, this) */
#define TN_TIME_MOVES_LEFT 30        /* moves assumed left in sudden death */
#define TN_TIME_INC_SHARE 80         /* percent of the increment spent per move */
#define TN_TIME_MAX_SHARE 40         /* never plan more than this percent of the clock */
#define TN_TIME_LAST_SHARE 85        /* ... or of this with one move to the time control */
#define TN_TIME_HARD_FACTOR 4        /* maximum = optimum * factor (capped) */
#define TN_TIME_ABORT_FACTOR 3       /* an iteration is aborted at the scaled optimum * this */
#define TN_TIME_NEW_ITER_PCT 55      /* no new iteration after this percent of it */
#define TN_TIME_CHANGE_PCT 50        /* + percent when the best move changed (half: before) */
#define TN_TIME_DROP_SMALL 20        /* score fell by this (cp) since the last iteration: */
#define TN_TIME_DROP_SMALL_PCT 25    /*   + percent */
#define TN_TIME_DROP_BIG 60
#define TN_TIME_DROP_BIG_PCT 60
#define TN_TIME_STABLE_ITERS 4       /* the same best move this many iterations: */
#define TN_TIME_STABLE_PCT 65        /*   spend only this percent of the optimum */
#define TN_TIME_SCALE_MAX 250
#define TN_TIME_FORCED_DEPTH 4       /* one legal move: stop after this iteration */
#define TN_TIME_OVERHEAD_MS 30       /* kept back for the GUI / pipes */
#define TN_TIME_MIN_MS 5

/* ---- Levels (index 0 = level 1 ... 9 = level 10) ------------------------------------- */
/* Iteration depth cap, node cap (0 = none), chance in 1/1000 of playing a second-best move
 * within the margin, the margin (cp), chance in 1/1000 of a blunder (a random legal move
 * among the 6 best by a 1-ply search that is not a mate loss in 1). */
#define TN_LEVEL_DEPTH {1, 2, 3, 4, 4, 5, 6, 8, 9, 0}
#define TN_LEVEL_NODES {400, 1500, 4000, 12000, 40000, 120000, 400000, 1500000, 6000000, 0}
#define TN_LEVEL_SECOND {450, 380, 320, 320, 200, 150, 100, 60, 25, 0}
#define TN_LEVEL_MARGIN {300, 250, 200, 200, 140, 110, 80, 60, 40, 0}
#define TN_LEVEL_BLUNDER {120, 80, 50, 50, 15, 6, 0, 0, 0, 0}
#define TN_LEVEL_BOOK {0, 0, 0, 1, 1, 1, 1, 1, 1, 1}
#define TN_LEVEL_DEFAULT_MS {300, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000}

/* ---- Evaluation weights --------------------------------------------------------------- *
 * Feature order of cotuong/eval.h (CT_F_*). Units: centipawns per unit of the feature,
 * PST weights in percent of the shape tables of eval.c. Values fitted on the CCPD master
 * games (CC BY 4.0; `make tune-masters`) together with the engine's own games (`tune gen`),
 * the advisor's and the elephant's material held; docs/eval.md. */
#ifndef TN_EVAL_WEIGHTS /* tools/tune.c's candidates are built with -DTN_EVAL_WEIGHTS=... */
#define TN_EVAL_WEIGHTS                                                                     \
    {                                                                                       \
        /* material: advisor elephant horse rook cannon pawn crossed-pawn-extra */          \
        47, 105, 421, 1079, 475, 100, 38,                                                   \
        /* pst %: king advisor elephant horse rook cannon pawn (the tables of eval_pst.h    \
           are in centipawns, learnt square by square: 100 each) */                         \
        100, 100, 100, 100, 100, 100, 100,                                                  \
        /* king safety: missing advisor x attackers, missing elephant x attackers,          \
           cannon on king file with screen, with no screen, rook on open palace file */    \
        -29, -14, 30, 89, -3,                                                               \
        /* mobility: horse, rook, cannon; rook on open file; horse leg blocked */           \
        9, 5, 3, 8, -17,                                                                    \
        /* pawns: connected crossed pair, crossed pawn in palace zone */                    \
        15, -7,                                                                             \
        /* horse x pieces on the board, cannon x pieces on the board, attackers (horse,     \
           rook, cannon, pawn) in the enemy king's zone, cannon on the king's file with     \
           two screens */                                                                   \
        -6, 4, -5, 46,                                                                      \
        /* tempo, threatened horses, rooks and cannons of the side to move */               \
        11, -49,                                                                            \
        /* two or more of them threatened; flanks (files a-d, f-i) with two or more, three  \
           or more of our rooks, horses and cannons over the river; a central cannon on    \
           two screens with the enemy's horse on its palace centre */                      \
        -47, 17, 60, 296,                                                                   \
        /* no rook left against a rook; a cannon on the enemy king's rank with two screens; \
           a rook pinning an enemy piece to its king; a horse's moves onto squares an enemy \
           pawn guards */                                                                   \
        -188, 16, 12, -10,                                                                  \
        /* a horse and a cannon together; two cannons; no cannon left against a cannon;    \
           with no rook on the board, more horses and cannons than the enemy */            \
        62, -12, -11, 5,                                                                    \
        /* the checks the side to move has, the checks the other side has */               \
        21, 20,                                                                             \
    }
#endif

/* ---- Endgame scale (eval.c, endgame_scale) -------------------------------------------- *
 * When the side ahead on the score lacks the material to force mate, the score is multiplied
 * by SCALE / TN_EG_SCALE_ONE: near a draw, yet the side keeps a little of its lead, so the
 * search still prefers keeping material to losing it. */
#define TN_EG_SCALE_ONE 64
#define TN_EG_SCALE_NO_MATING_FORCE 2 /* no rook, horse, cannon or pawn short of the last rank */
#define TN_EG_SCALE_LONE_VS_FULL 4    /* one attacking piece against two advisors, two elephants */

#endif
