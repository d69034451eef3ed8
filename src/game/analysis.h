/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the engine's look at a whole game, as a seat (game/seat.h) so that it runs off
 * the UI thread, reports how far it is and stops on request: each move of the main line
 * analysed (ct_annotate_line), then the marks ?! ? ?? handed back. */
#ifndef COTUONG_GAME_ANALYSIS_H
#define COTUONG_GAME_ANALYSIS_H

#include "game/seat.h"
#include "sys/engine_proc.h"
#include "cotuong/annotate.h"
#include "cotuong/record.h"

/* A seat that analyses games (NULL when memory is short). */
game_seat *game_annotator_new(int threads);
/* Starts the analysis of rec's main line within lim per position (the progress counts
 * moves: done/total). False when the seat is busy. */
bool game_annotator_start(game_seat *s, const ct_record *rec, const ct_limits *lim);
/* After the think ended (game_seat_poll/wait returned): the annotations of the moves
 * analysed, *ann valid until the next start. */
int game_annotator_result(game_seat *s, const ct_move_annotation **ann);

/* An external UCI engine as the search behind an analysis: pass game_engine_search and a
 * game_engine_searcher to ct_annotate_line_with. Each position is one `go` within the
 * limits (the move played as `searchmoves`); the score is the engine's last exact one, from
 * the side to move's view as UCI gives it (mates as CT_SCORE_MATE - plies). An engine that
 * dies, hangs past the timeout, answers an illegal move, no score or another move than the
 * one it was restricted to fails the search, with the reason in why. */
typedef struct {
    sys_engine *engine;
    char why[256];
} game_engine_searcher;
ct_ann_search_status game_engine_search(void *user, const ct_pos *pos, const ct_limits *lim,
                                        ct_search_result *res);

#endif
