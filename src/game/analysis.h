/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the engine's look at a whole game, as a seat (game/seat.h) so that it runs off
 * the UI thread, reports how far it is and stops on request: each move of the main line
 * analysed (ct_annotate_line), then the marks ?! ? ?? handed back. */
#ifndef COTUONG_GAME_ANALYSIS_H
#define COTUONG_GAME_ANALYSIS_H

#include "game/seat.h"
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

#endif
