/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the seat runner: one thread per think on a private copy of the position,
 * progress and result handed over under a lock, stop and cancel; and the AI/engine kind of
 * seat over sys/player.h. */
#include "game/seat.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "cotuong/coup.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"

struct game_seat {
    const game_seat_ops *ops;
    void *impl;
    char name[160];
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool running;             /* a thread exists (join it) */
    bool finished;            /* the thread's think returned (under lock) */
    atomic_bool stop;
    ct_pos *pos;              /* the private copy */
    ct_limits lim;
    game_seat_progress prog;  /* under lock */
    game_seat_result res;     /* under lock, valid when finished */
    int64_t t0; /* sys_now_ms() when it started */
    bool fixed;               /* game_seat_fix_limits() was called: */
    int fix_depth, fix_movetime;
    uint64_t fix_nodes;
    int vary_percent;         /* game_seat_vary_nodes(): the spread of the node limit */
    uint64_t vary_state;
};

static int elapsed_ms(const int64_t *t0)
{
    return (int)(sys_now_ms() - *t0);
}

game_seat *game_seat_new(const game_seat_ops *ops, void *impl, const char *name)
{
    game_seat *s = xcalloc(1, sizeof *s);
    s->ops = ops;
    s->impl = impl;
    snprintf(s->name, sizeof s->name, "%s", name ? name : "");
    s->pos = xmalloc(sizeof *s->pos);
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->cond, NULL);
    atomic_init(&s->stop, false);
    return s;
}

void game_seat_free(game_seat *s)
{
    if (!s)
        return;
    game_seat_cancel(s);
    if (s->ops->free)
        s->ops->free(s->impl);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->cond);
    free(s->pos);
    free(s);
}

void *game_seat_impl(const game_seat *s)
{
    return s->impl;
}

/* The thinking thread yields the processor to the UI thread: a key pressed while the AI
 * thinks is answered at once even on a busy machine (Linux: nice applies per thread). */
static void lower_priority(void)
{
#ifdef __linux__
    (void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10);
#endif
}

static void *seat_thread(void *arg)
{
    game_seat *s = arg;
    lower_priority();
    game_seat_result res;
    memset(&res, 0, sizeof res);
    s->ops->think(s->impl, s, s->pos, &s->lim, &res);
    res.time_ms = elapsed_ms(&s->t0);
    pthread_mutex_lock(&s->lock);
    s->res = res;
    s->finished = true;
    pthread_cond_broadcast(&s->cond);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

bool game_seat_start(game_seat *s, const ct_pos *pos, const ct_limits *lim)
{
    if (s->running)
        return false;
    *s->pos = *pos;
    s->lim = *lim;
    if (s->fixed) {
        s->lim.depth = s->fix_depth;
        s->lim.nodes = s->vary_percent && s->fix_nodes
                           ? game_seat_varied_nodes(s->fix_nodes, s->vary_percent, &s->vary_state)
                           : s->fix_nodes;
        if (lim->wtime <= 0 && lim->btime <= 0)
            s->lim.movetime_ms = s->fix_movetime;
    }
    memset(&s->prog, 0, sizeof s->prog);
    memset(&s->res, 0, sizeof s->res);
    s->finished = false;
    atomic_store(&s->stop, false);
    s->t0 = sys_now_ms();
    if (pthread_create(&s->thread, NULL, seat_thread, s) != 0)
        return false;
    s->running = true;
    return true;
}

void game_seat_fix_limits(game_seat *s, int depth, uint64_t nodes, int movetime_ms)
{
    s->fixed = true;
    s->fix_depth = depth;
    s->fix_nodes = nodes;
    s->fix_movetime = movetime_ms;
}

void game_seat_vary_nodes(game_seat *s, int percent, uint64_t seed)
{
    s->vary_percent = percent < 0 ? 0 : percent > 100 ? 100 : percent;
    s->vary_state = seed;
}

uint64_t game_seat_varied_nodes(uint64_t nodes, int percent, uint64_t *state)
{
    uint64_t z = ct_coup_rand(state); /* the core's splitmix64, not only for deals */
    uint64_t spread = nodes * (uint64_t)percent / 100;
    uint64_t v = nodes - spread + z % (2 * spread + 1);
    return v ? v : 1;
}

bool game_seat_busy(const game_seat *s)
{
    return s->running;
}

bool game_seat_ready(const game_seat *s)
{
    if (!s->running)
        return false;
    pthread_mutex_lock((pthread_mutex_t *)&s->lock);
    bool f = s->finished;
    pthread_mutex_unlock((pthread_mutex_t *)&s->lock);
    return f;
}

static void collect(game_seat *s, game_seat_result *res)
{
    pthread_join(s->thread, NULL);
    s->running = false;
    if (res)
        *res = s->res;
}

bool game_seat_poll(game_seat *s, game_seat_result *res)
{
    if (!game_seat_ready(s))
        return false;
    collect(s, res);
    return true;
}

bool game_seat_wait_ready(game_seat *s, int timeout_ms)
{
    if (!s->running)
        return false;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    if (timeout_ms >= 0) {
        until.tv_sec += timeout_ms / 1000;
        until.tv_nsec += (long)(timeout_ms % 1000) * 1000000;
        if (until.tv_nsec >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
    }
    pthread_mutex_lock(&s->lock);
    int rc = 0;
    while (!s->finished && rc != ETIMEDOUT)
        rc = timeout_ms < 0 ? pthread_cond_wait(&s->cond, &s->lock)
                            : pthread_cond_timedwait(&s->cond, &s->lock, &until);
    bool f = s->finished;
    pthread_mutex_unlock(&s->lock);
    return f;
}

bool game_seat_wait(game_seat *s, int timeout_ms, game_seat_result *res)
{
    if (!game_seat_wait_ready(s, timeout_ms))
        return false;
    collect(s, res);
    return true;
}

void game_seat_last_result(const game_seat *s, game_seat_result *res)
{
    pthread_mutex_lock((pthread_mutex_t *)&s->lock);
    *res = s->res;
    pthread_mutex_unlock((pthread_mutex_t *)&s->lock);
}

void game_seat_progress_get(const game_seat *s, game_seat_progress *p)
{
    pthread_mutex_lock((pthread_mutex_t *)&s->lock);
    *p = s->prog;
    pthread_mutex_unlock((pthread_mutex_t *)&s->lock);
    if (s->running && !p->time_ms)
        p->time_ms = elapsed_ms(&s->t0);
}

void game_seat_stop(game_seat *s)
{
    if (!s->running)
        return;
    atomic_store(&s->stop, true);
    if (s->ops->stop)
        s->ops->stop(s->impl);
}

void game_seat_cancel(game_seat *s)
{
    if (!s->running)
        return;
    game_seat_stop(s);
    collect(s, NULL);
}

void game_seat_new_game(game_seat *s)
{
    game_seat_cancel(s);
    if (s->ops->new_game)
        s->ops->new_game(s->impl);
}

void game_seat_moved(game_seat *s, const ct_pos *after, ct_move mv)
{
    if (s->ops->moved && !s->running)
        s->ops->moved(s->impl, after, mv);
}

bool game_seat_set_coup_view(game_seat *s, const ct_coup_pos *view)
{
    if (!s->ops->coup_view || s->running)
        return false;
    s->ops->coup_view(s->impl, view);
    return true;
}

bool game_seat_plays_coup(const game_seat *s)
{
    return s->ops->coup_view != NULL;
}

bool game_seat_report(game_seat *s, const game_seat_progress *p)
{
    pthread_mutex_lock(&s->lock);
    s->prog = *p;
    pthread_mutex_unlock(&s->lock);
    return atomic_load(&s->stop);
}

bool game_seat_stopping(const game_seat *s)
{
    return atomic_load(&s->stop);
}

void game_seat_limits(ct_limits *lim, int level, int64_t wtime, int64_t btime,
                      int64_t increment_ms, int64_t per_move_ms)
{
    ct_limits_init(lim);
    if (wtime > 0 || btime > 0) {
        lim->wtime = wtime > 1 ? (int)wtime : 1;
        lim->btime = btime > 1 ? (int)btime : 1;
        lim->winc = lim->binc = (int)increment_ms;
        return;
    }
    int mt = 300 + 200 * (level < 1 ? 1 : level > 10 ? 10 : level);
    if (per_move_ms > 0 && per_move_ms * 2 / 3 < mt)
        mt = (int)(per_move_ms * 2 / 3);
    lim->movetime_ms = mt > 1 ? mt : 1;
}

/* ------------------------------------------------------------------ the AI / engine kind */
typedef struct {
    sys_player *player;
    game_seat *seat;
    struct timespec t0;
    bool owned;          /* the seat frees the player */
} player_seat;

static bool player_progress(void *user, const ct_search_info *info)
{
    player_seat *ps = user;
    game_seat_progress p;
    memset(&p, 0, sizeof p);
    p.depth = info->depth;
    p.score = info->score;
    p.nodes = info->nodes;
    p.time_ms = info->time_ms;
    p.pv_len = info->pv_len < GAME_SEAT_PV_MAX ? info->pv_len : GAME_SEAT_PV_MAX;
    memcpy(p.pv, info->pv, (size_t)p.pv_len * sizeof *p.pv);
    return game_seat_report(ps->seat, &p);
}

void game_seat_result_from_player(const sys_player_result *r, game_seat_result *res)
{
    res->move = r->move;
    res->score = r->score;
    res->depth = r->depth;
    res->player = r->status;
    snprintf(res->detail, sizeof res->detail, "%s", r->detail);
    switch (r->status) {
    case SYS_PLAYER_MOVE: res->status = GAME_SEAT_MOVE; break;
    case SYS_PLAYER_NO_MOVE: res->status = GAME_SEAT_NO_MOVE; break;
    case SYS_PLAYER_RESIGN: res->status = GAME_SEAT_RESIGN; break;
    default:
        res->status = GAME_SEAT_FORFEIT;
        if (!res->detail[0])
            snprintf(res->detail, sizeof res->detail, "%s", "no move");
        break;
    }
}

static void player_think(void *impl, game_seat *seat, const ct_pos *pos, const ct_limits *lim,
                         game_seat_result *res)
{
    player_seat *ps = impl;
    ps->seat = seat;
    sys_player_result r;
    sys_player_think(ps->player, pos, lim, player_progress, ps, &r);
    game_seat_result_from_player(&r, res);
}

static void player_stop(void *impl)
{
    sys_player_stop(((player_seat *)impl)->player);
}

static void player_new_game(void *impl)
{
    sys_player_new_game(((player_seat *)impl)->player);
}

static void player_free(void *impl)
{
    player_seat *ps = impl;
    if (ps->owned)
        sys_player_free(ps->player);
    free(ps);
}

static const game_seat_ops player_ops = {
    .think = player_think,
    .stop = player_stop,
    .new_game = player_new_game,
    .free = player_free,
};

game_seat *game_seat_open(const sys_player_spec *spec, const ct_book *book, char *err,
                          size_t errlen)
{
    sys_player *p = sys_player_open(spec, book, err, errlen);
    return p ? game_seat_of_player(p, true) : NULL;
}

game_seat *game_seat_of_player(sys_player *p, bool owned)
{
    player_seat *ps = xcalloc(1, sizeof *ps);
    ps->player = p;
    ps->owned = owned;
    return game_seat_new(&player_ops, ps, sys_player_name(p));
}
