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
#include "cotuong/coup.h"

game_seat *game_coup_seat_open(int level, uint64_t seed);
/* The view the next think searches (copied; made a view again for its side to move, so a
 * referee's position given by mistake cannot leak). */
void game_coup_seat_set_view(game_seat *s, const ct_coup_pos *view);

#endif
