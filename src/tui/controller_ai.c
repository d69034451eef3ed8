/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the AI and engine players of the controller: each side's seat (app/player.h:
 * the built-in search or an external UCI/UCCI engine) thinks in its own thread on a copy of
 * the position, reports its progress under a lock, and is stopped (or its result thrown
 * away) when the user cancels, undoes, starts a new game or quits. The main loop never waits
 * for it, so keys are answered while it thinks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/controller.h"
#include "sys/i18n.h"
#include "sys/player.h"
#include "cotuong/movegen.h"

bool ctl_ai_thinking(const ctl *c)
{
    return c->ai.running && !c->ai.done;
}

static bool on_progress(void *user, const ct_search_info *info)
{
    ctl_ai *ai = user;
    pthread_mutex_lock(&ai->lock);
    ai->depth = info->depth;
    ai->score = info->score;
    ai->nodes = info->nodes;
    int n = info->pv_len < 32 ? info->pv_len : 32;
    if (n > 0) {
        memcpy(ai->pv, info->pv, (size_t)n * sizeof(ct_move));
        ai->pv_len = n;
    }
    pthread_mutex_unlock(&ai->lock);
    return ai->stop;
}

typedef struct {
    ctl_ai *ai;
    ct_limits lim;
} ai_job;

static void *ai_thread(void *arg)
{
    ai_job job = *(ai_job *)arg;
    free(arg);
    ctl_ai *ai = job.ai;
    sys_player_result res;
    memset(&res, 0, sizeof res);
    sys_player_think(ai->active, ai->pos, &job.lim, on_progress, ai, &res);
    pthread_mutex_lock(&ai->lock);
    ai->best = res.status == SYS_PLAYER_MOVE ? res.move : CT_NO_MOVE;
    if (res.status == SYS_PLAYER_MOVE && res.depth > ai->depth) {
        ai->depth = res.depth;
        ai->score = res.score;
    }
    if (res.status != SYS_PLAYER_MOVE && res.status != SYS_PLAYER_NO_MOVE)
        snprintf(ai->error, sizeof ai->error, "%s", res.detail[0] ? res.detail : "no move");
    else
        ai->error[0] = 0;
    pthread_mutex_unlock(&ai->lock);
    ai->done = true;
    return NULL;
}

static void free_seats(ctl *c)
{
    for (int s = 0; s < 2; s++) {
        if (c->ai.seats[s])
            sys_player_free(c->ai.seats[s]);
        c->ai.seats[s] = NULL;
    }
}

bool ctl_ai_seat_players(ctl *c)
{
    ctl_ai_stop(c, true);
    free_seats(c);
    static bool book_tried;
    if (!book_tried) {
        c->ai.book = sys_player_load_book(NULL);
        book_tried = true;
    }
    bool ok = true;
    for (int s = 0; s < 2; s++) {
        ctl_player *p = &c->game.players[s];
        if (p->kind == CTL_HUMAN)
            continue;
        char spec[300], err[200] = "";
        if (p->kind == CTL_AI)
            snprintf(spec, sizeof spec, "ai:%d", p->level);
        else
            snprintf(spec, sizeof spec, "%s", p->command);
        c->ai.seats[s] = sys_player_new(spec, c->ai.book, err, sizeof err);
        if (!c->ai.seats[s]) {
            ctl_status(c, UI_ERROR, _("Cannot start %s: %s. A human plays that side."), spec, err);
            p->kind = CTL_HUMAN;
            ok = false;
            continue;
        }
        if (p->kind == CTL_ENGINE && p->level > 0)
            sys_player_set_level(c->ai.seats[s], p->level);
        sys_player_new_game(c->ai.seats[s]);
    }
    return ok;
}

void ctl_ai_start(ctl *c, bool for_hint)
{
    ctl_ai *ai = &c->ai;
    if (ai->running)
        return;
    int side = c->game.pos->side;
    struct sys_player *seat = for_hint ? ai->hint_seat : ai->seats[side];
    if (for_hint && !seat) {
        char err[200];
        seat = ai->hint_seat = sys_player_new("ai:8", ai->book, err, sizeof err);
    }
    if (!seat)
        return;
    ai_job *job = malloc(sizeof *job);
    if (!job)
        return;
    memcpy(ai->pos, c->game.pos, sizeof *ai->pos);
    ai->active = seat;
    ai->done = false;
    ai->stop = false;
    ai->for_hint = for_hint;
    ai->side = side;
    ai->game_id = c->game_id;
    ai->best = CT_NO_MOVE;
    ai->depth = ai->score = 0;
    ai->nodes = 0;
    ai->pv_len = 0;
    ai->error[0] = 0;
    ai->started_ms = ctl_now_ms();
    job->ai = ai;
    ct_limits_init(&job->lim);
    /* 1. With a clock the player manages its own time. */
    const ctl_game *g = &c->game;
    if (ct_tc_timed(&g->tc) && g->tc.base_ms > 0 && !for_hint) {
        int64_t now = ctl_now_ms();
        job->lim.wtime = (int)ct_clock_remaining(&g->clock, CT_RED, now);
        job->lim.btime = (int)ct_clock_remaining(&g->clock, CT_BLACK, now);
        job->lim.winc = job->lim.binc = (int)g->tc.increment_ms;
        if (job->lim.wtime < 1)
            job->lim.wtime = 1;
        if (job->lim.btime < 1)
            job->lim.btime = 1;
    } else {
        /* 2. Otherwise a time per move: the built-in AI's level shapes its strength; an
         *    engine, or a per-move limit, gets a fixed time. */
        int level = for_hint ? 8 : g->players[side].level;
        int mt = 300 + 200 * (level < 1 ? 1 : level);
        if (for_hint)
            mt = 1000;
        if (g->tc.per_move_ms > 0 && g->tc.per_move_ms * 2 / 3 < mt)
            mt = (int)(g->tc.per_move_ms * 2 / 3);
        job->lim.movetime_ms = mt;
    }
    if (pthread_create(&ai->thread, NULL, ai_thread, job) != 0) {
        free(job);
        return;
    }
    ai->running = true;
    c->dirty = true;
}

void ctl_ai_move_now(ctl *c)
{
    if (c->ai.running && c->ai.active) {
        c->ai.stop = true;
        sys_player_stop(c->ai.active);
    }
}

void ctl_ai_stop(ctl *c, bool discard)
{
    ctl_ai *ai = &c->ai;
    if (!ai->running)
        return;
    ai->stop = true;
    if (ai->active)
        sys_player_stop(ai->active);
    pthread_join(ai->thread, NULL);
    ai->running = false;
    if (discard)
        ai->done = false;
    c->dirty = true;
}

void ctl_ai_free(ctl *c)
{
    ctl_ai_stop(c, true);
    free_seats(c);
    if (c->ai.hint_seat)
        sys_player_free(c->ai.hint_seat);
    c->ai.hint_seat = NULL;
}

ct_move ctl_ai_collect(ctl *c, bool *hint)
{
    ctl_ai *ai = &c->ai;
    if (!ai->running || !ai->done)
        return CT_NO_MOVE;
    pthread_join(ai->thread, NULL);
    ai->running = false;
    ai->done = false;
    *hint = ai->for_hint;
    if (ai->game_id != c->game_id || ai->side != c->game.pos->side)
        return CT_NO_MOVE;
    if (!ai->best && ai->error[0] && !ai->for_hint) {
        /* An engine forfeited (crash, timeout, illegal move): it loses the game. */
        ct_match_resign(&c->game.match, ai->side, c->game.pos->ply);
        ctl_status(c, UI_ERROR, _("%s forfeits: %s"), ai->side == CT_RED ? _("Red") : _("Black"),
                   ai->error);
        ctl_game_changed(c);
    }
    return ai->best;
}
