/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — an attempt at an exercise: every move of the solver goes to the judge (the core's
 * ct_ex_judge, the same search that validated the set), which also finds the defence. The
 * judge is a kind of seat (game/seat.h), so its search runs on a thread of its own while the
 * screen stays live; its verdict is applied on the owner's thread, and only to the position
 * it was asked about. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/trainer.h"
#include "sys/xmalloc.h"
#include "cotuong/movegen.h"

/* ---------------------------------------------------------------- the judge as a seat */
/* What the judge is asked (set on the owner's thread before the seat starts) and what it
 * found (read on the owner's thread after the seat's result is collected). */
typedef struct {
    ct_search *s;
    bool hint;        /* a hint search, not a verdict */
    ct_goal goal;
    int left;
    uint64_t nodes;
    ct_ex_verdict verdict;
    ct_move reply, best;
} judge_job;

static bool judge_cancelled(void *seat)
{
    return game_seat_stopping(seat);
}

static void judge_think(void *impl, game_seat *seat, const ct_pos *pos, const ct_limits *lim,
                        game_seat_result *res)
{
    (void)lim;
    judge_job *j = impl;
    j->verdict = CT_EX_LOST;
    j->reply = j->best = CT_NO_MOVE;
    /* The seat's cancel, asked by every search of the judgement: one that comes before a
     * search starts is not lost (ct_search_stop's flag is cleared when a search starts). */
    ct_search_set_abort(j->s, judge_cancelled, seat);
    if (game_seat_stopping(seat)) {
        /* cancelled before the judgement began */
    } else if (j->hint) {
        ct_search_clear(j->s);
        ct_limits hl;
        ct_limits_init(&hl);
        hl.nodes = j->nodes;
        ct_search_result sr;
        j->best = ct_search_run(j->s, pos, &hl, NULL, NULL, &sr) == CT_OK ? sr.best : CT_NO_MOVE;
    } else {
        ct_move next;
        j->verdict = ct_ex_judge(j->s, pos, j->goal, j->left, j->nodes, &j->reply, &next);
    }
    res->status = GAME_SEAT_MOVE;
}

static void judge_stop(void *impl)
{
    ct_search_stop(((judge_job *)impl)->s);
}

static void judge_free(void *impl)
{
    judge_job *j = impl;
    ct_search_free(j->s);
    free(j);
}

static const game_seat_ops judge_ops = {
    .think = judge_think,
    .stop = judge_stop,
    .free = judge_free,
};

/* ---------------------------------------------------------------- the attempt */
bool game_trainer_start(game_trainer *t, const ct_exercise *ex)
{
    memset(t, 0, sizeof *t);
    ct_fen_error fe;
    if (ct_fen_read(&t->start, ex->fen, &fe) != CT_OK)
        return false;
    judge_job *j = xcalloc(1, sizeof *j);
    j->s = ct_search_new(CT_EX_JUDGE_HASH_MB);
    if (!j->s) {
        free(j);
        return false;
    }
    t->judge = game_seat_new(&judge_ops, j, "judge");
    t->ex = ex;
    game_trainer_retry(t);
    return true;
}

void game_trainer_free(game_trainer *t)
{
    game_seat_free(t->judge); /* cancels a search under way first */
    t->judge = NULL;
    t->pending = CT_NO_MOVE;
    t->pending_hint = false;
}

void game_trainer_cancel(game_trainer *t)
{
    if (t->judge)
        game_seat_cancel(t->judge);
    t->pending = CT_NO_MOVE;
    t->pending_hint = false;
}

void game_trainer_retry(game_trainer *t)
{
    game_trainer_cancel(t);
    t->pos = t->start;
    t->nline = t->made = 0;
    t->state = TRAINER_SOLVING;
    t->refused = t->hinted = t->shown = false;
    t->hint_level = 0;
    t->hint = CT_NO_MOVE;
}

int game_trainer_left(const game_trainer *t)
{
    return t->ex->moves - t->made;
}

bool game_trainer_busy(const game_trainer *t)
{
    return t->judge && game_seat_busy(t->judge);
}

static uint64_t budget(const game_trainer *t)
{
    return t->nodes ? t->nodes : CT_EX_JUDGE_NODES;
}

game_trainer_result game_trainer_submit(game_trainer *t, ct_move mv)
{
    if (t->state != TRAINER_SOLVING)
        return TRAINER_OVER;
    if (game_trainer_busy(t))
        return TRAINER_BUSY;
    if ((t->why = ct_why_illegal(&t->pos, mv)) != CT_WHY_LEGAL)
        return TRAINER_ILLEGAL;
    judge_job *j = game_seat_impl(t->judge);
    j->hint = false;
    j->goal = t->ex->goal;
    j->left = game_trainer_left(t) - 1;
    j->nodes = budget(t);
    /* The judge looks at the position after the move, on its own copy. */
    ct_pos after = t->pos;
    ct_pos_make(&after, mv);
    ct_limits lim;
    ct_limits_init(&lim);
    if (!game_seat_start(t->judge, &after, &lim))
        return TRAINER_BUSY;
    t->pending = mv;
    t->pending_hint = false;
    t->pending_key = t->pos.key;
    return TRAINER_PENDING;
}

/* The verdict on the move judged, applied to the attempt. */
static game_trainer_result apply_verdict(game_trainer *t, const judge_job *j, ct_move mv,
                                         ct_move *reply)
{
    *reply = CT_NO_MOVE;
    if (j->verdict == CT_EX_LOST) {
        t->refused = true;
        return TRAINER_REFUSED;
    }
    ct_pos_make(&t->pos, mv);
    t->line[t->nline++] = mv;
    t->made++;
    t->hint_level = 0;
    t->hint = CT_NO_MOVE;
    /* A win goal is reached when the win was kept for all its moves. */
    ct_move r = j->reply;
    if (j->verdict == CT_EX_SOLVED || (t->ex->goal == CT_GOAL_WIN && t->made >= t->ex->moves) ||
        r == CT_NO_MOVE || t->nline + 2 > GAME_TRAINER_LINE) {
        t->state = TRAINER_SOLVED;
        return TRAINER_DONE;
    }
    ct_pos_make(&t->pos, r);
    t->line[t->nline++] = r;
    *reply = r;
    return TRAINER_ACCEPTED;
}

/* One step of the hint ladder: the piece, then the move. */
static game_trainer_result give_hint(game_trainer *t)
{
    if (t->hint != CT_NO_MOVE && t->hint_level < 2)
        t->hint_level++;
    t->hinted = true;
    return TRAINER_HINT;
}

/* After the seat's think was collected: what it found, for the position it was asked about
 * only (false otherwise: dropped). */
static bool finish(game_trainer *t, game_trainer_result *r, ct_move *mv, ct_move *reply)
{
    judge_job *j = game_seat_impl(t->judge);
    ct_move m = t->pending;
    bool hint = t->pending_hint;
    t->pending = CT_NO_MOVE;
    t->pending_hint = false;
    *mv = m;
    *reply = CT_NO_MOVE;
    if (t->pos.key != t->pending_key || t->state != TRAINER_SOLVING)
        return false;
    if (hint) {
        t->hint = j->best;
        *r = give_hint(t);
        return true;
    }
    if (m == CT_NO_MOVE || !ct_is_legal(&t->pos, m))
        return false;
    *r = apply_verdict(t, j, m, reply);
    return true;
}

bool game_trainer_poll(game_trainer *t, game_trainer_result *r, ct_move *mv, ct_move *reply)
{
    game_seat_result res;
    if (!t->judge || !game_seat_poll(t->judge, &res))
        return false;
    return finish(t, r, mv, reply);
}

/* Waits for the judge and collects its verdict. */
static bool wait_verdict(game_trainer *t, game_trainer_result *r, ct_move *mv, ct_move *reply)
{
    game_seat_result res;
    if (!game_seat_wait(t->judge, -1, &res))
        return false;
    return finish(t, r, mv, reply);
}

game_trainer_result game_trainer_move(game_trainer *t, ct_move mv, ct_move *reply)
{
    *reply = CT_NO_MOVE;
    game_trainer_result r = game_trainer_submit(t, mv);
    if (r != TRAINER_PENDING)
        return r;
    ct_move m;
    if (!wait_verdict(t, &r, &m, reply))
        return TRAINER_OVER;
    return r;
}

game_trainer_result game_trainer_hint_submit(game_trainer *t)
{
    if (t->state != TRAINER_SOLVING)
        return TRAINER_OVER;
    if (game_trainer_busy(t))
        return TRAINER_BUSY;
    if (t->hint == CT_NO_MOVE) {
        const ct_exercise *ex = t->ex;
        bool on_line = t->nline < ex->nsolution;
        for (int i = 0; on_line && i < t->nline; i++)
            on_line = t->line[i] == ex->solution[i];
        if (on_line && ct_is_legal(&t->pos, ex->solution[t->nline])) {
            t->hint = ex->solution[t->nline];
        } else {
            /* Off the book line: the search's move, found on the judge's thread. */
            judge_job *j = game_seat_impl(t->judge);
            j->hint = true;
            j->nodes = budget(t);
            ct_limits lim;
            ct_limits_init(&lim);
            if (!game_seat_start(t->judge, &t->pos, &lim))
                return TRAINER_BUSY;
            t->pending = CT_NO_MOVE;
            t->pending_hint = true;
            t->pending_key = t->pos.key;
            return TRAINER_PENDING;
        }
    }
    return give_hint(t);
}

ct_move game_trainer_hint(game_trainer *t)
{
    game_trainer_result r = game_trainer_hint_submit(t);
    if (r == TRAINER_PENDING) {
        ct_move m, reply;
        if (!wait_verdict(t, &r, &m, &reply))
            return CT_NO_MOVE;
    }
    return r == TRAINER_HINT ? t->hint : CT_NO_MOVE;
}

void game_trainer_goal_text(const ct_exercise *ex, char *buf, size_t size)
{
    ct_pos pos;
    ct_fen_error fe;
    int side = ct_fen_read(&pos, ex->fen, &fe) == CT_OK ? pos.side : CT_RED;
    const char *who = side == CT_RED ? "Red" : "Black";
    if (ex->goal == CT_GOAL_MATE)
        snprintf(buf, size, "%s to move, mate in %d", who, ex->moves);
    else
        snprintf(buf, size, "%s to move and win", who);
}
