/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — an attempt at an exercise: every move of the solver goes to the judge (the core's
 * ct_ex_judge, the same search that validated the set), which also finds the defence. */
#include <stdio.h>
#include <string.h>

#include "game/trainer.h"
#include "cotuong/movegen.h"

bool game_trainer_start(game_trainer *t, const ct_exercise *ex)
{
    memset(t, 0, sizeof *t);
    ct_fen_error fe;
    if (ct_fen_read(&t->start, ex->fen, &fe) != CT_OK)
        return false;
    t->s = ct_search_new(CT_EX_JUDGE_HASH_MB);
    if (!t->s)
        return false;
    t->ex = ex;
    game_trainer_retry(t);
    return true;
}

void game_trainer_free(game_trainer *t)
{
    ct_search_free(t->s);
    t->s = NULL;
}

void game_trainer_retry(game_trainer *t)
{
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

game_trainer_result game_trainer_move(game_trainer *t, ct_move mv, ct_move *reply)
{
    *reply = CT_NO_MOVE;
    if (t->state != TRAINER_SOLVING)
        return TRAINER_OVER;
    if (!ct_is_legal(&t->pos, mv))
        return TRAINER_ILLEGAL;
    ct_pos_make(&t->pos, mv);
    ct_move r, next;
    ct_ex_verdict v = ct_ex_judge(t->s, &t->pos, t->ex->goal, game_trainer_left(t) - 1, 0, &r, &next);
    if (v == CT_EX_LOST) {
        ct_pos_unmake(&t->pos);
        t->refused = true;
        return TRAINER_REFUSED;
    }
    t->line[t->nline++] = mv;
    t->made++;
    t->hint_level = 0;
    t->hint = CT_NO_MOVE;
    /* A win goal is reached when the win was kept for all its moves. */
    if (v == CT_EX_SOLVED || (t->ex->goal == CT_GOAL_WIN && t->made >= t->ex->moves) ||
        r == CT_NO_MOVE || t->nline + 2 > GAME_TRAINER_LINE) {
        t->state = TRAINER_SOLVED;
        return TRAINER_DONE;
    }
    ct_pos_make(&t->pos, r);
    t->line[t->nline++] = r;
    *reply = r;
    return TRAINER_ACCEPTED;
}

ct_move game_trainer_hint(game_trainer *t)
{
    if (t->state != TRAINER_SOLVING)
        return CT_NO_MOVE;
    if (t->hint == CT_NO_MOVE) {
        const ct_exercise *ex = t->ex;
        bool on_line = t->nline < ex->nsolution;
        for (int i = 0; on_line && i < t->nline; i++)
            on_line = t->line[i] == ex->solution[i];
        if (on_line && ct_is_legal(&t->pos, ex->solution[t->nline])) {
            t->hint = ex->solution[t->nline];
        } else {
            ct_search_clear(t->s);
            ct_limits lim;
            ct_limits_init(&lim);
            lim.nodes = CT_EX_JUDGE_NODES;
            ct_search_result res;
            if (ct_search_run(t->s, &t->pos, &lim, NULL, NULL, &res) == CT_OK)
                t->hint = res.best;
        }
    }
    if (t->hint != CT_NO_MOVE && t->hint_level < 2)
        t->hint_level++;
    t->hinted = true;
    return t->hint;
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
