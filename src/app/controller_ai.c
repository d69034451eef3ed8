/* cotuong — the AI players of the controller: each search runs in its own thread on a copy
 * of the position, reports its progress under a lock, and is stopped (or its result thrown
 * away) when the user cancels, undoes, starts a new game or quits. The main loop never
 * waits for it, so keys are answered while it thinks. */
#include <stdlib.h>
#include <string.h>

#include "app/controller.h"
#include "cotuong/movegen.h"

#if defined(__has_include)
#if __has_include("cotuong/search.h")
#include "cotuong/search.h"
#define CTL_HAVE_SEARCH 1
#endif
#endif

bool ctl_ai_thinking(const ctl *c)
{
    return c->ai.running && !c->ai.done;
}

#ifdef CTL_HAVE_SEARCH
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
#endif

typedef struct {
    ctl_ai *ai;
    int level;
    int64_t movetime;
} ai_job;

static void *ai_thread(void *arg)
{
    ai_job job = *(ai_job *)arg;
    free(arg);
    ctl_ai *ai = job.ai;
    ct_move best = CT_NO_MOVE;
#ifdef CTL_HAVE_SEARCH
    ct_search *s = ct_search_new(16);
    if (s) {
        ct_search_set_level(s, job.level, (uint64_t)ai->started_ms);
        ct_limits lim;
        ct_limits_init(&lim);
        if (job.movetime > 0)
            lim.movetime_ms = (int)job.movetime;
        ct_search_result res;
        if (ct_search_run(s, ai->pos, &lim, on_progress, ai, &res) == CT_OK)
            best = res.best;
        ct_search_free(s);
    }
#else
    /* No search module yet: a legal move, captures first (placeholder). */
    ct_move moves[CT_MAX_MOVES];
    int n = ct_gen_legal(ai->pos, moves);
    for (int i = 0; i < n && !best; i++)
        if (ai->pos->board[CT_TO(moves[i])])
            best = moves[i];
    if (!best && n > 0)
        best = moves[(unsigned)ai->started_ms % (unsigned)n];
    (void)job.level;
#endif
    if (!best) {
        /* Fall back to any legal move so the game never stalls. */
        ct_move any[CT_MAX_MOVES];
        if (ct_gen_legal(ai->pos, any) > 0)
            best = any[0];
    }
    pthread_mutex_lock(&ai->lock);
    ai->best = best;
    pthread_mutex_unlock(&ai->lock);
    ai->done = true;
    return NULL;
}

void ctl_ai_start(ctl *c, bool for_hint)
{
    ctl_ai *ai = &c->ai;
    if (ai->running)
        return;
    int side = c->game.pos->side;
    const ctl_player *p = &c->game.players[side];
    int level = for_hint ? 8 : p->level;
    memcpy(ai->pos, c->game.pos, sizeof *ai->pos);
    ai->done = false;
    ai->stop = false;
    ai->for_hint = for_hint;
    ai->side = side;
    ai->game_id = c->game_id;
    ai->best = CT_NO_MOVE;
    ai->depth = ai->score = 0;
    ai->nodes = 0;
    ai->pv_len = 0;
    ai->started_ms = ctl_now_ms();
    ai_job *job = malloc(sizeof *job);
    if (!job)
        return;
    job->ai = ai;
    job->level = level < 1 ? 1 : level > 10 ? 10 : level;
    /* Time per move grows with the level; a clock shortens it. */
    int64_t mt = 200 + 300 * (int64_t)job->level;
    if (for_hint)
        mt = 1000;
    if (ct_tc_timed(&c->game.tc)) {
        int64_t left = ct_clock_remaining(&c->game.clock, side, ctl_now_ms());
        int64_t share = left / 30 + c->game.tc.increment_ms / 2;
        if (share < mt)
            mt = share > 50 ? share : 50;
    }
    job->movetime = mt;
    if (pthread_create(&ai->thread, NULL, ai_thread, job) != 0) {
        free(job);
        return;
    }
    ai->running = true;
    c->dirty = true;
}

void ctl_ai_stop(ctl *c, bool discard)
{
    ctl_ai *ai = &c->ai;
    if (!ai->running)
        return;
    ai->stop = true;
    /* The progress callback returns true on its next poll (every few ms). */
    pthread_join(ai->thread, NULL);
    ai->running = false;
    if (discard)
        ai->done = false;
    c->dirty = true;
}

void ctl_ai_move_now(ctl *c)
{
    if (c->ai.running)
        c->ai.stop = true;
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
    return ai->best;
}
