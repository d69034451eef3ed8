/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the whole-game analysis as a kind of seat: its think runs ct_annotate_line over
 * the moves given at start and reports done/total after each; the master-games index, when
 * installed, spares the masters' moves a mark the engine cannot prove; and an external engine
 * as the search behind such an analysis. */
#include "game/analysis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/masters.h"
#include "sys/xmalloc.h"

typedef struct {
    ct_search *search;
    ct_pos start;
    ct_move moves[CT_MAX_HISTORY];
    int n;
    ct_limits lim;
    ct_move_annotation *out;
    int nout;
    game_seat *seat;
    sys_masters *masters; /* the master-games index, NULL when none is installed */
} annotator;

static bool on_step(void *user, int done, int total)
{
    annotator *a = user;
    game_seat_progress p;
    memset(&p, 0, sizeof p);
    p.done = done;
    p.total = total;
    return game_seat_report(a->seat, &p);
}

static void ann_think(void *impl, game_seat *seat, const ct_pos *pos, const ct_limits *lim,
                      game_seat_result *res)
{
    (void)pos;
    (void)lim;
    annotator *a = impl;
    a->seat = seat;
    ct_search_clear(a->search);
    a->nout = ct_annotate_line(a->search, &a->start, a->moves, a->n, &a->lim,
                               a->masters ? a->masters->x : NULL, on_step, a, a->out, NULL);
    res->status = GAME_SEAT_MOVE;
}

static void ann_stop(void *impl)
{
    ct_search_stop(((annotator *)impl)->search);
}

static void ann_free(void *impl)
{
    annotator *a = impl;
    ct_search_free(a->search);
    sys_masters_free(a->masters);
    free(a->out);
    free(a);
}

static const game_seat_ops annotator_ops = {
    .think = ann_think,
    .stop = ann_stop,
    .free = ann_free,
};

game_seat *game_annotator_new(int threads)
{
    annotator *a = xcalloc(1, sizeof *a);
    a->search = ct_search_new(16);
    if (!a->search) {
        free(a);
        return NULL;
    }
    if (threads > 1)
        ct_search_set_threads(a->search, threads);
    /* Masters' moves are marked only for a loss the engine proves (cotuong/annotate.h);
     * without the index every move is judged alike. */
    char err[256];
    a->masters = sys_masters_load(NULL, err, sizeof err);
    return game_seat_new(&annotator_ops, a, "analysis");
}

bool game_annotator_start(game_seat *s, const ct_record *rec, const ct_limits *lim)
{
    if (game_seat_busy(s))
        return false;
    annotator *a = game_seat_impl(s);
    a->n = ct_record_main_line(rec, a->moves, CT_MAX_HISTORY);
    if (a->n > CT_MAX_HISTORY)
        a->n = CT_MAX_HISTORY;
    ct_record_start_position(rec, &a->start);
    a->lim = *lim;
    free(a->out);
    a->out = xcalloc((size_t)a->n + 1, sizeof *a->out);
    a->nout = 0;
    return game_seat_start(s, &a->start, lim);
}

int game_annotator_result(game_seat *s, const ct_move_annotation **ann)
{
    annotator *a = game_seat_impl(s);
    *ann = a->out;
    return a->nout;
}

/* How long one `go` may take before the engine counts as hung: a time limit's own rule
 * (sys_engine_think), a minute for a depth, and for nodes a minute plus a second per 5,000
 * (an engine slowed by a loaded machine still answers). */
static int search_timeout_ms(const ct_limits *lim)
{
    if (lim->movetime_ms > 0)
        return 0;
    uint64_t ms = 60000 + lim->nodes / 5;
    return ms > 24 * 3600 * 1000 ? 24 * 3600 * 1000 : (int)ms;
}

ct_ann_search_status game_engine_search(void *user, const ct_pos *pos, const ct_limits *lim,
                                        ct_search_result *res)
{
    game_engine_searcher *g = user;
    ct_move mv = CT_NO_MOVE;
    int score = CT_SCORE_INF; /* none yet */
    char detail[200];
    g->why[0] = '\0';
    sys_engine_outcome out = sys_engine_think(g->engine, pos, lim, search_timeout_ms(lim), NULL,
                                              NULL, &mv, &score, detail, sizeof detail);
    if (out != SYS_ENGINE_MOVE) {
        snprintf(g->why, sizeof g->why, "%s", detail[0] ? detail : "no move");
        return CT_ANN_SEARCH_FAILED;
    }
    /* The last finished iteration's score rather than a bound of an unfinished one; a bound
     * when that is all it said. */
    sys_engine_exact_score(g->engine, &score);
    if (score == CT_SCORE_INF) {
        snprintf(g->why, sizeof g->why, "no score with its move");
        return CT_ANN_SEARCH_FAILED;
    }
    if (lim->only_move != CT_NO_MOVE && mv != lim->only_move) {
        snprintf(g->why, sizeof g->why, "it did not keep to searchmoves (answered another move)");
        return CT_ANN_SEARCH_FAILED;
    }
    res->best = mv;
    res->score = score;
    res->depth = sys_engine_depth(g->engine);
    res->pv_len = 1;
    res->pv[0] = mv;
    return CT_ANN_SEARCH_OK;
}
