/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the cờ úp AI seat: a game_seat kind whose think runs ct_coup_search_poll on the
 * view of the side to move, polling the seat's stop flag. */
#include "game/coup_seat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/systime.h"
#include "sys/xmalloc.h"

typedef struct {
    int level;
    uint64_t seed;
    int thinks;
    ct_coup_pos view;
} coup_seat;

/* What the poll needs: the seat (its stop flag) and the time this think may take. */
typedef struct {
    game_seat *seat;
    int64_t t0;
    long budget_ms; /* 0: the level's own bounds only */
} think_clock;

static bool stop_asked(void *arg)
{
    think_clock *tc = arg;
    if (game_seat_stopping(tc->seat))
        return true;
    if (tc->budget_ms <= 0)
        return false;
    return sys_now_ms() - tc->t0 >= tc->budget_ms;
}

static void coup_think(void *impl, game_seat *seat, const ct_pos *pos, const ct_limits *lim,
                       game_seat_result *res)
{
    (void)pos;
    coup_seat *cs = impl;
    /* The level bounds the work; a clock bounds the time too (a 20th of what is left, or
     * the time per move), so that a strong level cannot lose on time. */
    think_clock tc = {.seat = seat};
    tc.t0 = sys_now_ms();
    int left = cs->view.side == CT_RED ? lim->wtime : lim->btime;
    if (lim->movetime_ms > 0)
        tc.budget_ms = lim->movetime_ms;
    else if (left > 0)
        tc.budget_ms = left / 20 > 1 ? left / 20 : 1;
    ct_coup_result r;
    ct_coup_search_poll(&cs->view, cs->level, 0, 0, cs->seed + (uint64_t)cs->view.ply,
                        stop_asked, &tc, &r);
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
