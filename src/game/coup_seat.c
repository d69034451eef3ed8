/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the cờ úp AI seat: a game_seat kind whose think runs ct_coup_search_poll on the
 * view of the side to move, polling the seat's stop flag. */
#include "game/coup_seat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/xmalloc.h"

typedef struct {
    int level;
    uint64_t seed;
    int thinks;
    ct_coup_pos view;
} coup_seat;

static bool stop_asked(void *arg)
{
    return game_seat_stopping(arg);
}

static void coup_think(void *impl, game_seat *seat, const ct_pos *pos, const ct_limits *lim,
                       game_seat_result *res)
{
    (void)pos;
    (void)lim;
    coup_seat *cs = impl;
    ct_coup_result r;
    ct_coup_search_poll(&cs->view, cs->level, 0, 0, cs->seed + (uint64_t)cs->view.ply,
                        stop_asked, seat, &r);
    game_seat_progress p;
    memset(&p, 0, sizeof p);
    p.depth = r.depth;
    p.score = r.score;
    p.nodes = r.nodes;
    game_seat_report(seat, &p);
    res->move = r.move;
    res->score = r.score;
    res->depth = r.depth;
    res->status = r.move == CT_NO_MOVE ? GAME_SEAT_NO_MOVE : GAME_SEAT_MOVE;
}

static void coup_free(void *impl)
{
    free(impl);
}

static const game_seat_ops coup_ops = {
    .think = coup_think,
    .free = coup_free,
};

game_seat *game_coup_seat_open(int level, uint64_t seed)
{
    coup_seat *cs = xcalloc(1, sizeof *cs);
    cs->level = level < 1 ? 1 : level > 10 ? 10 : level;
    cs->seed = seed;
    char name[40];
    snprintf(name, sizeof name, "cotuong %d", cs->level);
    return game_seat_new(&coup_ops, cs, name);
}

void game_coup_seat_set_view(game_seat *s, const ct_coup_pos *view)
{
    coup_seat *cs = game_seat_impl(s);
    ct_coup_view(view, view->side, &cs->view);
}
