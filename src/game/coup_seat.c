/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the cờ úp seats: the built-in AI (a game_seat kind whose think runs
 * ct_coup_search_poll on the view of the side to move, polling the seat's stop flag) and an
 * external UCI engine spoken to in the Jieqi dialect (sys_player_think_coup), each handed
 * only its side's view. */
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

/* What the poll needs: the seat (its stop flag and progress) and the time this think may
 * take. */
typedef struct {
    game_seat *seat;
    int64_t t0;
    long budget_ms; /* 0: the level's own bounds only */
    uint64_t polls; /* the search polls every 1024 nodes */
} think_clock;

#define COUP_POLL_NODES 1024

static bool stop_asked(void *arg)
{
    think_clock *tc = arg;
    /* The panel's progress while it thinks: the nodes so far and the time (the search tells
     * its depth and score only when it ends). */
    game_seat_progress p;
    memset(&p, 0, sizeof p);
    p.nodes = ++tc->polls * COUP_POLL_NODES;
    int64_t now = sys_now_ms();
    p.time_ms = (int)(now - tc->t0);
    if (game_seat_report(tc->seat, &p))
        return true;
    if (tc->budget_ms <= 0)
        return false;
    return now - tc->t0 >= tc->budget_ms;
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
    /* Fixed limits (a match's --depth / --nodes) narrow the level's own bounds. */
    ct_coup_search_poll(&cs->view, cs->level, lim->depth > 0 ? lim->depth : 0, lim->nodes,
                        cs->seed + (uint64_t)cs->view.ply, stop_asked, &tc, &r);
    game_seat_progress p;
    memset(&p, 0, sizeof p);
    p.depth = r.depth;
    p.score = r.score;
    p.nodes = r.nodes;
    p.time_ms = (int)(sys_now_ms() - tc.t0);
    game_seat_report(seat, &p); /* kept for the panel after the move (game_seat_progress_get) */
    res->move = r.move;
    res->score = r.score;
    res->depth = r.depth;
    res->status = r.move == CT_NO_MOVE ? GAME_SEAT_NO_MOVE : GAME_SEAT_MOVE;
}

static void coup_free(void *impl)
{
    free(impl);
}

static void coup_view(void *impl, const ct_coup_pos *view)
{
    coup_seat *cs = impl;
    /* made a view again for its side to move: a referee's position given by mistake
     * cannot leak */
    ct_coup_view(view, view->side, &cs->view);
}

static const game_seat_ops coup_ops = {
    .think = coup_think,
    .free = coup_free,
    .coup_view = coup_view,
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
    game_seat_set_coup_view(s, view);
}

/* ------------------------------------------------------------------ an external engine */
typedef struct {
    sys_player *player;
    bool owned;
    game_seat *seat;
    ct_coup_pos view;
} engine_seat;

static bool engine_progress(void *user, const ct_search_info *info)
{
    engine_seat *es = user;
    game_seat_progress p;
    memset(&p, 0, sizeof p);
    p.time_ms = info->time_ms;
    p.depth = info->depth; /* the engine's last info line */
    p.score = info->score;
    p.nodes = info->nodes;
    return game_seat_report(es->seat, &p);
}

static void engine_think(void *impl, game_seat *seat, const ct_pos *pos, const ct_limits *lim,
                         game_seat_result *res)
{
    (void)pos;
    engine_seat *es = impl;
    es->seat = seat;
    sys_player_result r;
    sys_player_think_coup(es->player, &es->view, lim, engine_progress, es, &r);
    game_seat_result_from_player(&r, res);
}

static void engine_stop(void *impl)
{
    sys_player_stop(((engine_seat *)impl)->player);
}

static void engine_new_game(void *impl)
{
    sys_player_new_game(((engine_seat *)impl)->player);
}

static void engine_free(void *impl)
{
    engine_seat *es = impl;
    if (es->owned)
        sys_player_free(es->player);
    free(es);
}

static void engine_view(void *impl, const ct_coup_pos *view)
{
    engine_seat *es = impl;
    ct_coup_view(view, view->side, &es->view);
}

static const game_seat_ops engine_ops = {
    .think = engine_think,
    .stop = engine_stop,
    .new_game = engine_new_game,
    .free = engine_free,
    .coup_view = engine_view,
};

game_seat *game_coup_engine_seat(sys_player *p, bool owned, char *err, size_t errlen)
{
    if (!sys_player_speaks_coup(p)) {
        if (err && errlen)
            snprintf(err, errlen, "%s",
                     sys_player_is_engine(p)
                         ? "cờ úp needs a UCI engine that speaks the Jieqi dialect (not UCCI or xboard)"
                         : "the built-in AI plays cờ úp through its own seat");
        if (owned)
            sys_player_free(p);
        return NULL;
    }
    engine_seat *es = xcalloc(1, sizeof *es);
    es->player = p;
    es->owned = owned;
    return game_seat_new(&engine_ops, es, sys_player_name(p));
}
