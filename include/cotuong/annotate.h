/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — game analysis with the engine: for each move of a line, the engine's best move
 * and score before it and the score after the move played; the loss, in centipawns and in
 * the mover's win chance; an annotation mark from the documented thresholds; the worst moves
 * of each side; and the evaluation over the game as a small text chart.
 *
 * Win chance of a score (centipawns, the mover's point of view): the mover's expected share
 * of the points on the logistic curve 1 / (1 + exp(-score / scale)), in thousandths (a mate
 * is 1000, being mated 0). For the built-in engine scale = CT_ANN_WIN_SCALE_CP, fitted on the
 * results of master games (see below); an external engine counts its centipawns in its own
 * units and needs its own scale (cotuong analyse --engine-scale).
 *
 * Loss of a move, in win chance = win(score of the engine's best move) - win(score of the
 * move played), both from the mover's point of view, never below 0, and 0 when the move
 * played is the engine's best. Marks (a DECISION: on an even score they are about the old
 * half pawn, pawn and three pawns of the built-in engine: 48, 98 and 277 cp):
 *     loss >= CT_ANN_BLUNDER_PM (300)    "??"  (NAG 4)   blunder: a winning chance thrown away
 *     loss >= CT_ANN_MISTAKE_PM (120)    "?"   (NAG 2)   mistake
 *     loss >= CT_ANN_INACCURACY_PM (60)  "?!"  (NAG 6)   inaccuracy
 * A move is not marked when the game was already decided before and after it: the mover's
 * win chance at least CT_ANN_DECIDED_PM (850) or at most 1000 - CT_ANN_DECIDED_PM both with
 * the best move and with the move played (a slower win, or a loss that stays lost). The
 * loss in centipawns (each score clamped to +-CT_ANN_CLAMP_CP first, a mate counting as the
 * clamp) is kept for display.
 *
 * A mark is never the horizon's word:
 *   - every search goes at least CT_ANN_MIN_DEPTH plies deep, however short the time given
 *     (a timed search that ends shallower is continued to that depth);
 *   - a move the first searches would mark is searched again, the best move and the move
 *     played, with CT_ANN_VERIFY_FACTOR times the time (or nodes), or CT_ANN_VERIFY_PLIES
 *     more plies when the limit is a depth, and the mark comes from that deeper loss;
 *   - a move that masters played in the position (the master-games index, when one is given)
 *     is marked only when the deeper search finds it losing at least CT_ANN_MASTERS_PM of
 *     win chance (151 cp on an even score): an engine-proven mistake, never a "?!" for a
 *     matter of taste.
 *
 * CT_ANN_WIN_SCALE_CP, the built-in engine's scale: a score of 200 gives the mover
 * 1 / (1 + e^-1), about 73 %. Fitted by least squares of the result (1, 1/2, 0) against the
 * scores of `cotuong analyse --depth 8` on every position of a sample of master games
 * (CCPD, ../shared/data/ccpd: every 97th file of the games filed by event): 224 games,
 * 19,910 positions. Mean squared error 0.1217 at 200, 0.1221 at the chess convention
 * 400 / ln 10 (174), 0.1226 at 250; resampling the games (40 draws) puts 80 % of the fits
 * between 180 and 210. Not modelled: at an even score Red still scores 54 % in this sample
 * (the first move). Engine scores change with the evaluation: fit again then. Fitted again
 * with the evaluation's network (docs/eval.md, 301 games every 97th of the same folder,
 * 27,196 positions): best 215, 80 % of 40 resamples between 195 and 240; 200 kept. */
#ifndef COTUONG_ANNOTATE_H
#define COTUONG_ANNOTATE_H

#include <stddef.h>

#include "cotuong/explorer.h"
#include "cotuong/search.h"

#define CT_ANN_WIN_SCALE_CP 200
#define CT_ANN_INACCURACY_PM 60
#define CT_ANN_MISTAKE_PM 120
#define CT_ANN_BLUNDER_PM 300
#define CT_ANN_DECIDED_PM 850
#define CT_ANN_CLAMP_CP 1000
#define CT_ANN_PV_MAX 12
#define CT_ANN_MIN_DEPTH 8
#define CT_ANN_VERIFY_FACTOR 3
#define CT_ANN_VERIFY_PLIES 2
#define CT_ANN_MASTERS_PM 180

/* NAG values written by the annotator (PGN standard numbering). */
enum { CT_NAG_MISTAKE = 2, CT_NAG_BLUNDER = 4, CT_NAG_INACCURACY = 6 };

typedef struct {
    ct_move played;
    ct_move best;         /* engine's choice before the move */
    int best_score;       /* mover's point of view, raw search score */
    int played_score;     /* mover's point of view, after the move played */
    int loss;             /* centipawns, >= 0 (clamped scores; for display) */
    int win_loss;         /* the mover's win chance lost, thousandths, >= 0: makes the mark */
    bool decided;         /* decided before and after the move: never marked */
    int nag;              /* 0, CT_NAG_INACCURACY, CT_NAG_MISTAKE or CT_NAG_BLUNDER */
    int eval_red;         /* score after the move from Red's point of view (clamped) */
    int depth;            /* depth of the search before the move */
    bool verified;        /* the loss is that of the deeper verification search */
    unsigned masters;     /* games of the master-games index with this move here (0: none) */
    int pv_len;
    ct_move pv[CT_ANN_PV_MAX]; /* engine's best line before the move */
} ct_move_annotation;

/* The win chance of a score (mover-relative centipawns, mates as CT_SCORE_MATE - plies) in
 * thousandths on the logistic of the given scale (centipawns; see the top of this file). */
int ct_annotate_win_permille(int score, int scale);
/* Loss in centipawns and in win chance from two mover-relative scores (see the top of this
 * file); whether the game was decided both before and after the move; the mark of a win
 * chance loss (thresholds alone: a decided position or a masters' move is the caller's). */
int ct_annotate_loss(int best_score, int played_score, bool played_is_best);
int ct_annotate_win_loss(int best_score, int played_score, bool played_is_best, int scale);
bool ct_annotate_decided(int best_score, int played_score, int scale);
int ct_annotate_nag(int win_loss);
/* The mark of a move from its two scores: ct_annotate_nag of the win-chance loss, none in a
 * decided game, and for a masters' move (masters > 0) none below CT_ANN_MASTERS_PM. */
int ct_annotate_judge(int best_score, int played_score, bool played_is_best, int scale,
                      unsigned masters);
/* "?!", "?", "??" or "" for a NAG (other NAGs: "!", "!!", "!?" for 1, 3, 5; else ""). */
const char *ct_annotate_mark(int nag);
/* A score as text into buf (size bytes, always terminated): "#N" when the side it belongs
 * to mates in N moves, "#-N" when it is mated in N, "#-0" when it has already lost (mated,
 * or lost by a rule of repetition), which "#0" would read as a win; otherwise centipawns,
 * as pawns with a sign and two decimals ("+1.25") when pawns is true, else as an integer. */
void ct_annotate_score_text(int score, bool pawns, char *buf, size_t size);

/* Called after each analysed move (done of total); return true to stop early. */
typedef bool (*ct_annotate_progress_fn)(void *user, int done, int total);

/* What analyses one position for ct_annotate_line_with: fills res (best, score from the side
 * to move's point of view with mates as CT_SCORE_MATE - plies, pv, depth) for pos within lim,
 * whose only_move, when set, restricts the root to that move. The built-in search is one;
 * an external engine driven by the application is another. STOPPED ends the analysis
 * quietly (a stop was asked), FAILED ends it as an error (the engine died, hung, talked
 * nonsense: the caller keeps the reason). */
typedef enum { CT_ANN_SEARCH_OK, CT_ANN_SEARCH_STOPPED, CT_ANN_SEARCH_FAILED } ct_ann_search_status;
typedef ct_ann_search_status (*ct_annotate_search_fn)(void *user, const ct_pos *pos,
                                                      const ct_limits *lim,
                                                      ct_search_result *res);

/* Analyses moves[0..n) played from start with the built-in search (scale
 * CT_ANN_WIN_SCALE_CP): n+1 searches within lim each, and one more for
 * each move that is not the engine's choice (the same limits, the root restricted to the move
 * played, so that it is scored at the best move's horizon), and two deeper ones for each
 * move that would be marked (see the top of this file). masters (may be NULL) is the
 * master-games index whose moves are marked only for a proven loss. out receives n
 * annotations. Returns the number of moves analysed (n, or fewer when stopped or when a
 * move is illegal — then CT_ERR_ILLEGAL via *status if not NULL). */
int ct_annotate_line(ct_search *s, const ct_pos *start, const ct_move *moves, int n,
                     const ct_limits *lim, const ct_explorer *masters,
                     ct_annotate_progress_fn progress, void *user, ct_move_annotation *out,
                     ct_status *status);
/* The same analysis and marks with the positions searched by fn (called with fn_user), whose
 * centipawns have the win-chance scale `scale` (0: CT_ANN_WIN_SCALE_CP, the built-in's); a
 * failed search ends it with CT_ERR_IO via *status. The built-in's continuation to
 * CT_ANN_MIN_DEPTH is ct_annotate_line's: another searcher answers for its own depth. */
int ct_annotate_line_with(ct_annotate_search_fn fn, void *fn_user, int scale, const ct_pos *start,
                          const ct_move *moves, int n, const ct_limits *lim,
                          const ct_explorer *masters, ct_annotate_progress_fn progress,
                          void *user, ct_move_annotation *out, ct_status *status);

/* Indices (into ann) of the k worst moves of `side` by win-chance loss (largest first; ties
 * by the loss in centipawns, then by earlier move; moves with no loss, moves of a decided
 * game and masters' moves left unmarked are left out). first_side is the side that made
 * ann[0]. Returns how many were written (at most k). */
int ct_annotate_worst(const ct_move_annotation *ann, int n, int first_side, int side, int k,
                      int *out);

/* Draws the evaluation (Red's point of view, clamped to +-clamp) over the moves as a chart
 * of `height` text rows (even, >= 2) and at most `width` columns: one column per move, or
 * the average of several when there are more moves than columns. Red's advantage rises above
 * the middle line, Black's falls below it. With ascii, '#' marks the bars; otherwise the
 * Unicode block elements U+2581..U+2588 give eighths. Rows end with '\n'. Returns the length
 * written (like snprintf when out is too small). */
int ct_annotate_chart(const int *eval_red, int n, int clamp, int width, int height, bool ascii,
                      char *out, size_t size);

#endif
