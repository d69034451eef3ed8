/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the built-in AI as a seat for cờ úp: it thinks on a player's VIEW (ct_coup_view),
 * never on the referee's position, with ct_coup_search_poll off the UI thread, and stops
 * when the seat is asked to (game_seat_stop / cancel).
 *
 * Usage (the game model does this; see game.c):
 *     game_seat *s = game_coup_seat_open(level, seed);
 *     game_coup_seat_set_view(s, &view);    // before each start; copied
 *     game_seat_start(s, any_pos, &lim);    // the ct_pos is ignored
 *     ... game_seat_poll(s, &res) as for any seat ...
 * Threads: set_view only while the seat is not busy (the owner's thread). */
#ifndef COTUONG_GAME_COUP_SEAT_H
#define COTUONG_GAME_COUP_SEAT_H

#include <stdbool.h>
#include <stdint.h>

#include "game/seat.h"
#include "sys/player.h"
#include "cotuong/coup.h"

game_seat *game_coup_seat_open(int level, uint64_t seed);
/* The view the next think searches (copied; made a view again for its side to move, so a
 * referee's position given by mistake cannot leak). Any seat kind that plays cờ úp (this
 * one, the engine seat below): game_seat_set_coup_view. */
void game_coup_seat_set_view(game_seat *s, const ct_coup_pos *view);

/* An external engine as a cờ úp seat: UCI only, spoken to in the Jieqi dialect
 * (sys_engine_think_coup: the FEN with x/X and the pool from the view handed over, then the
 * moves since the last reveal). owned: the seat frees the player (also on failure). NULL
 * with the reason in err when the player cannot play cờ úp (UCCI, xboard, the AI). */
game_seat *game_coup_engine_seat(sys_player *p, bool owned, char *err, size_t errlen);

#endif
