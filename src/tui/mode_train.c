/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the trainer screen: an exercise on the board, the player moving the side to move
 * (cursor, mouse or a typed move), every move judged by search (game/trainer.h) off the UI
 * thread, the screen live meanwhile, and answered with the best defence; hints, retry, the
 * solution step by step, next/previous, filters by kind and difficulty, the puzzle of the
 * day, and the progress saved after every attempt. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/trainer.h"
#include "sys/exercises.h"
#include "sys/i18n.h"
#include "sys/sanitize.h"
#include "sys/xmalloc.h"
#include "tui/board.h"
#include "tui/controller.h"
#include "tui/session.h"
#include "ui/draw.h"
#include "ui/views.h"
#include "cotuong/movegen.h"

#define HISTORY_LINES (GAME_TRAINER_LINE + CT_EX_MAX_SOLUTION)

typedef struct {
    ct_exset set;
    sys_train_progress prog;
    int *list, nlist, cur;   /* the exercises of the filter (indices into set), the one shown */
    int kind, difficulty;    /* the filter: -1 / 0 = all */
    int day, daily;          /* the date and the index of its puzzle */
    game_trainer t;
    bool have_t;
    bool failed_recorded;    /* this attempt already counted as failed */
    tui_board b;             /* cursor, selection, the hint shown, the move line */
    bool review;             /* showing the solution */
    int review_ply;
    bool quit_on_exit;
    uint64_t judge_nodes;    /* COTUONG_JUDGE_NODES, 0: the trainer's own budget */
    char judged[CT_MOVE_TEXT_MAX]; /* the move the judge is looking at, as written */
    ui_history_line hist[HISTORY_LINES];
} train_state;

static const ct_exercise *current(const train_state *ts)
{
    return ts->nlist ? &ts->set.ex[ts->list[ts->cur]] : NULL;
}

static void record(ctl *c, train_state *ts, bool solved)
{
    char err[4300];
    const game_trainer *t = &ts->t;
    if (sys_train_progress_record(&ts->prog, t->ex->id, solved,
                                  !t->refused && !t->hinted && !t->shown, ts->day, err,
                                  sizeof err) != 0) {
        char *e = sanitize_dup(err, 0);
        ctl_status(c, UI_ERROR, _("Progress not saved: %s"), e);
        free(e);
    }
}

static void record_failure(ctl *c, train_state *ts)
{
    if (ts->failed_recorded || ts->t.state == TRAINER_SOLVED)
        return;
    ts->failed_recorded = true;
    record(c, ts, false);
}

static void open_current(ctl *c, train_state *ts)
{
    if (ts->have_t)
        game_trainer_free(&ts->t);
    ts->have_t = false;
    tui_board_clear(&ts->b);
    ts->review = false;
    ts->failed_recorded = false;
    const ct_exercise *ex = current(ts);
    if (!ex) {
        ctl_status(c, UI_ERROR, "%s", _("No exercise matches the filter (K: kind, D: difficulty)."));
        return;
    }
    if (!game_trainer_start(&ts->t, ex)) {
        ctl_status(c, UI_ERROR, "%s", _("Out of memory."));
        return;
    }
    ts->t.nodes = ts->judge_nodes;
    ts->have_t = true;
    char goal[128];
    session_train_goal_text(ex, goal, sizeof goal);
    ctl_status(c, UI_STATUS, "%s.", goal);
}

/* The filtered list; keeps the exercise shown when it still matches. */
static void build_list(train_state *ts)
{
    int keep = ts->nlist ? ts->list[ts->cur] : -1;
    ts->nlist = 0;
    ts->cur = 0;
    for (int i = 0; i < ts->set.n; i++) {
        const ct_exercise *ex = &ts->set.ex[i];
        if ((ts->kind < 0 || (int)ex->kind == ts->kind) &&
            (ts->difficulty == 0 || ex->difficulty == ts->difficulty)) {
            if (i == keep)
                ts->cur = ts->nlist;
            ts->list[ts->nlist++] = i;
        }
    }
}

static bool show_index(train_state *ts, int set_index)
{
    for (int i = 0; i < ts->nlist; i++)
        if (ts->list[i] == set_index) {
            ts->cur = i;
            return true;
        }
    return false;
}

/* ---------------------------------------------------------------- drawing */
static const ct_pos *shown_pos(train_state *ts, ct_pos *scratch)
{
    if (!ts->review && ts->t.pending != CT_NO_MOVE) {
        /* The move being judged stands on the board until the verdict. */
        *scratch = ts->t.pos;
        ct_pos_make(scratch, ts->t.pending);
        return scratch;
    }
    if (!ts->review)
        return &ts->t.pos;
    *scratch = ts->t.start;
    for (int i = 0; i < ts->review_ply && i < ts->t.ex->nsolution; i++)
        ct_pos_make(scratch, ts->t.ex->solution[i]);
    return scratch;
}

/* The moves so far (or the solution up to the ply shown), two a row as in play. */
static int history(ctl *c, train_state *ts)
{
    const ct_move *mv = ts->review ? ts->t.ex->solution : ts->t.line;
    int n = ts->review ? ts->review_ply : ts->t.nline;
    ct_pos *scratch = xmalloc(sizeof *scratch);
    int k = ctl_history_rows(c, &ts->t.start, scratch, mv, n, ts->hist, HISTORY_LINES,
                             c->layout.panel.w - 2);
    free(scratch);
    return k;
}

static void train_draw(ctl *c, void *st, const char *prompt)
{
    train_state *ts = st;
    werase(stdscr);
    if (!ts->have_t) {
        ui_put_centre(stdscr, c->layout.rows / 2 - 1, 0, c->layout.cols, UI_TITLE, _("Trainer"));
        ui_put_centre(stdscr, c->layout.rows / 2 + 1, 0, c->layout.cols, c->status_role, c->status);
        ui_put_centre(stdscr, c->layout.rows - 1, 0, c->layout.cols, UI_DIM,
                      _("K kind  D difficulty  q back"));
        return;
    }
    const ct_exercise *ex = ts->t.ex;
    ct_pos scratch;
    const ct_pos *pos = shown_pos(ts, &scratch);
    ct_move last = CT_NO_MOVE;
    if (ts->review && ts->review_ply > 0)
        last = ex->solution[ts->review_ply - 1];
    else if (!ts->review && ts->t.pending != CT_NO_MOVE)
        last = ts->t.pending;
    else if (!ts->review && ts->t.nline > 0)
        last = ts->t.line[ts->t.nline - 1];
    bool here = ctl_current_mode(c) == CTL_MODE_TRAIN || ctl_current_mode(c) == CTL_MODE_PROMPT;
    ui_board_state bs;
    ts->b.hide_cursor = ts->review;
    tui_board_fill(c, &ts->b, pos, here, &bs);
    bs.last_move = last;
    if (ts->review) { /* the solution: nothing chosen on it */
        bs.selected = CT_NO_SQ;
        bs.n_targets = 0;
        bs.hint = CT_NO_MOVE;
    }
    ui_board_draw(stdscr, &c->layout, &bs);

    char title[200], goal[128], info[200], score[200], filter[200], source[200];
    snprintf(title, sizeof title, _("Trainer: %s (%d/%d)%s"), ex->id, ts->cur + 1, ts->nlist,
             ts->list[ts->cur] == ts->daily ? _(", puzzle of the day") : "");
    session_train_goal_text(ex, goal, sizeof goal);
    static const char *const kinds[CT_EX_KINDS] = {N_("mating exercise"), N_("endgame"),
                                                   N_("tactic"), N_("middlegame")};
    snprintf(info, sizeof info, _("%s, difficulty %d/5, %d/%d win"),
             _(kinds[ex->kind]), ex->difficulty, ex->keep, ex->legal);
    const sys_ex_progress *pr = sys_train_progress_get(&ts->prog, ex->id);
    snprintf(score, sizeof score, _("Solved %d, failed %d; streak %d (best %d)"),
             pr ? pr->solved : 0, pr ? pr->failed : 0, ts->prog.streak, ts->prog.best_streak);
    char kbuf[64], dbuf[32];
    snprintf(kbuf, sizeof kbuf, "%s", ts->kind < 0 ? _("all kinds") : _(kinds[ts->kind]));
    if (ts->difficulty)
        snprintf(dbuf, sizeof dbuf, _("difficulty %d"), ts->difficulty);
    else
        snprintf(dbuf, sizeof dbuf, "%s", _("any difficulty"));
    snprintf(filter, sizeof filter, _("Filter: %s, %s"), kbuf, dbuf);
    sanitize_text(source, sizeof source, ex->title, strlen(ex->title), 0);
    const char *footer = ts->review ? _("Left/Right step  Esc back  ? keys")
                                    : _("i hint  r retry  s solution  ? keys");
    ui_panel_state ps = {
        .title = title,
        .turn = goal,
        .turn_role = pos->side == CT_RED ? UI_RED : UI_BLACK,
        .players = {info, score},
        .rules = filter,
        .opening = source, /* the row play gives the opening: a line of its own */
        .history = ts->hist,
        .n_history = history(c, ts),
        .status = c->status,
        .status_role = c->status_role,
        .footer = footer,
        .prompt = prompt,
    };
    ui_panel_draw(stdscr, &c->layout.panel, &ps);
}

/* ---------------------------------------------------------------- moves */
/* The judge's verdict on the move submitted (or the hint it found), from the tick. */
static void verdict(ctl *c, train_state *ts, game_trainer_result r, ct_move mv, ct_move reply)
{
    game_trainer *t = &ts->t;
    const char *text = ts->judged;
    char rt[CT_MOVE_TEXT_MAX];
    switch (r) {
    case TRAINER_REFUSED:
        record_failure(c, ts);
        ctl_status(c, UI_ERROR,
                   t->ex->goal == CT_GOAL_MATE
                       ? _("%s does not mate in time: try another move (i hint, s solution).")
                       : _("%s lets the win go: try another move (i hint, s solution)."),
                   text);
        break;
    case TRAINER_ACCEPTED: {
        /* The defence was played from the position after mv: it is the one before it now. */
        ct_pos p = t->pos;
        ct_pos_unmake(&p);
        ctl_move_text(c, &p, reply, rt, sizeof rt);
        if (t->ex->goal == CT_GOAL_MATE)
            ctl_status(c, UI_STATUS, _("%s: good. The defence: %s. Mate in %d to go."), text, rt,
                       game_trainer_left(t));
        else
            ctl_status(c, UI_STATUS, _("%s: good, still winning. The defence: %s."), text, rt);
        break;
    }
    case TRAINER_DONE:
        record(c, ts, true);
        ctl_status(c, UI_STATUS, _("%s: solved! PgDn: the next exercise."), text);
        break;
    case TRAINER_HINT: {
        ct_move h = t->hint;
        if (h == CT_NO_MOVE) {
            ctl_status(c, UI_STATUS, "%s", _("No hint found here."));
            break;
        }
        char sq[3];
        ct_sq_name(CT_FROM(h), sq);
        if (t->hint_level == 1) {
            /* The piece is picked up for the player, the cursor on it. */
            tui_board_clear(&ts->b);
            tui_board_pick(&ts->b, &t->pos, CT_FROM(h));
            ctl_status(c, UI_STATUS, _("Hint: move the piece on %s (i again: the move)."), sq);
        } else {
            /* As play's hint: its piece chosen, the cursor on its target, Enter plays it. */
            char ht[CT_MOVE_TEXT_MAX];
            ctl_move_text(c, &t->pos, h, ht, sizeof ht);
            tui_board_hint(&ts->b, &t->pos, h);
            ctl_status(c, UI_STATUS, _("Hint: %s (Enter plays it)"), ht);
        }
        break;
    }
    default: break;
    }
    (void)mv;
}

/* While the judge thinks, the board waits: a move or a hint would race its verdict. */
static bool judging(ctl *c, train_state *ts)
{
    if (!ts->have_t || !game_trainer_busy(&ts->t))
        return false;
    ctl_status(c, UI_STATUS, "%s", _("Checking the move... (Esc: cancel)"));
    return true;
}

static void solver_move(ctl *c, train_state *ts, ct_move mv)
{
    game_trainer *t = &ts->t;
    if (judging(c, ts))
        return;
    if (t->state == TRAINER_SOLVED) {
        ctl_status(c, UI_STATUS, "%s", _("Solved. PgDn: the next exercise, r: again."));
        return;
    }
    /* The judge searches on its own thread; the tick collects its verdict. The trainer
     * checks the move (the position stays as it is until the verdict). */
    game_trainer_result r = game_trainer_submit(t, mv);
    if (r == TRAINER_ILLEGAL) {
        ctl_status(c, UI_ERROR, "%s", ctl_why_text(t->why));
        return;
    }
    tui_board_clear(&ts->b);
    ctl_move_text(c, &t->pos, mv, ts->judged, sizeof ts->judged);
    if (r == TRAINER_PENDING)
        ctl_status(c, UI_STATUS, "%s", _("Checking the move... (Esc: cancel)"));
}

static const ct_pos *board_position(void *owner)
{
    return &((train_state *)owner)->t.pos;
}

/* The board asks before a piece is chosen or a typed move is read. */
static bool may_move(ctl *c, void *owner)
{
    train_state *ts = owner;
    if (!ts->have_t)
        return false;
    if (ts->review) {
        ctl_status(c, UI_STATUS, "%s", _("This is the solution: Esc goes back to the exercise."));
        return false;
    }
    return !judging(c, ts);
}

static void board_move(ctl *c, void *owner, ct_move mv)
{
    solver_move(c, owner, mv);
}

static const tui_board_ops board_ops = {
    .position = board_position,
    .may_move = may_move,
    .play = board_move,
};

static void hint(ctl *c, train_state *ts)
{
    if (ts->review || ts->t.state == TRAINER_SOLVED || judging(c, ts))
        return;
    game_trainer_result r = game_trainer_hint_submit(&ts->t);
    if (r == TRAINER_PENDING)
        ctl_status(c, UI_STATUS, "%s", _("Looking for a hint... (Esc: cancel)"));
    else if (r == TRAINER_HINT)
        verdict(c, ts, r, CT_NO_MOVE, CT_NO_MOVE);
}

static void step_exercise(ctl *c, train_state *ts, int dir)
{
    if (!ts->nlist)
        return;
    ts->cur = (ts->cur + dir + ts->nlist) % ts->nlist;
    open_current(c, ts);
}

static void leave(ctl *c, train_state *ts)
{
    if (ts->quit_on_exit || c->n_frames <= 1)
        c->quit = true;
    else
        ctl_pop(c);
}

static void train_key(ctl *c, void *st, const ui_event *ev)
{
    train_state *ts = st;
    if (!ts->have_t && ev->req != REQ_QUIT && ev->req != REQ_FILTER_KIND &&
        ev->req != REQ_FILTER_DIFFICULTY && ev->req != REQ_HELP)
        return;
    if (ts->review && (ev->req == REQ_LEFT || ev->req == REQ_RIGHT)) {
        int n = ts->t.ex->nsolution, p = ts->review_ply + (ev->req == REQ_RIGHT ? 1 : -1);
        ts->review_ply = p < 0 ? 0 : p > n ? n : p;
        ctl_status(c, UI_STATUS, _("The solution: move %d of %d (Esc: back)."), ts->review_ply, n);
        return;
    }
    if (ts->have_t && tui_board_key(c, &ts->b, ev))
        return;
    switch (ev->req) {
    case REQ_CANCEL:
        if (game_trainer_busy(&ts->t)) {
            /* Taken back before the verdict: whatever the judge finds is dropped. */
            bool was_hint = ts->t.pending_hint;
            game_trainer_cancel(&ts->t);
            ctl_status(c, UI_STATUS, "%s", was_hint ? _("No hint: the search was stopped.")
                                                    : _("Taken back before the verdict: play another move."));
            break;
        }
        tui_board_clear(&ts->b);
        if (ts->review) {
            ts->review = false;
            ctl_status(c, UI_STATUS, "%s", _("Back to the exercise (r: from its start)."));
        }
        break;
    case REQ_HINT: hint(c, ts); break;
    case REQ_RETRY: {
        game_trainer_retry(&ts->t);
        tui_board_clear(&ts->b);
        ts->review = false;
        ts->failed_recorded = false;
        char goal[128];
        session_train_goal_text(ts->t.ex, goal, sizeof goal);
        ctl_status(c, UI_STATUS, _("Again: %s."), goal);
        break;
    }
    case REQ_SOLUTION:
        game_trainer_cancel(&ts->t);
        record_failure(c, ts);
        ts->t.shown = true;
        ts->review = true;
        ts->review_ply = ts->t.ex->nsolution > 0 ? 1 : 0;
        ctl_status(c, UI_STATUS, _("The solution: move %d of %d (Left/Right step, Esc back)."),
                   ts->review_ply, ts->t.ex->nsolution);
        break;
    case REQ_NEXT_EXERCISE: step_exercise(c, ts, 1); break;
    case REQ_PREV_EXERCISE: step_exercise(c, ts, -1); break;
    case REQ_FILTER_KIND:
    case REQ_FILTER_DIFFICULTY:
        if (ev->req == REQ_FILTER_KIND)
            ts->kind = ts->kind + 1 >= CT_EX_KINDS ? -1 : ts->kind + 1;
        else
            ts->difficulty = (ts->difficulty + 1) % (CT_EX_DIFFICULTIES + 1);
        build_list(ts);
        open_current(c, ts);
        break;
    case REQ_NOTATION:
        c->set.notation = (ct_notation)((c->set.notation + 1) % CT_NOTATION_AUTO);
        ctl_status(c, UI_STATUS, _("Notation: %s"), ct_notation_name(c->set.notation));
        break;
    case REQ_HELP: ctl_push(c, CTL_MODE_HELP, NULL); break;
    case REQ_QUIT: leave(c, ts); break;
    default: break;
    }
}

/* The judge's verdict, collected as soon as it is there (the loop polls often meanwhile). */
static void train_tick(ctl *c, void *st)
{
    train_state *ts = st;
    if (!ts->have_t || !game_trainer_busy(&ts->t))
        return;
    game_trainer_result r;
    ct_move mv, reply;
    if (game_trainer_poll(&ts->t, &r, &mv, &reply)) {
        verdict(c, ts, r, mv, reply);
        c->dirty = true;
    } else {
        ctl_wake_within(c, 40);
    }
}

/* ---------------------------------------------------------------- open, close */
static void *train_open(ctl *c, const void *arg)
{
    const ctl_train_arg *a = arg;
    ctl_train_arg none = {.kind = -1};
    if (!a)
        a = &none;
    train_state *ts = xcalloc(1, sizeof *ts);
    if (!ts)
        return NULL;
    char err[4300];
    if (sys_exercises_load(a->exercises, &ts->set, err, sizeof err) != 0) {
        char *e = sanitize_dup(err, 0);
        ctl_status(c, UI_ERROR, "%s", e);
        free(e);
        free(ts);
        return NULL;
    }
    ts->list = xcalloc(ts->set.n ? (size_t)ts->set.n : 1, sizeof *ts->list);
    if (!ts->list) {
        ct_exset_free(&ts->set);
        free(ts);
        return NULL;
    }
    char perr[4300] = "";
    bool prog_bad = sys_train_progress_load(&ts->prog, NULL, perr, sizeof perr) != 0;
    ts->kind = a->kind;
    ts->difficulty = a->difficulty;
    ts->day = a->day ? a->day : sys_train_today();
    ts->daily = sys_train_of_day(&ts->set, ts->day);
    ts->quit_on_exit = a->quit_on_exit;
    /* A judge budget of its own (tests make the judge slow to see the screen stay live). */
    const char *jn = getenv("COTUONG_JUDGE_NODES");
    if (jn && *jn) {
        char *end;
        unsigned long long v = strtoull(jn, &end, 10);
        if (!*end && v > 0)
            ts->judge_nodes = (uint64_t)v;
    }
    tui_board_init(&ts->b, &board_ops, ts, _("Move:"), 4, 4);
    build_list(ts);
    int want = a->id ? ct_exset_find(&ts->set, a->id) : a->today ? ts->daily : -1;
    if (want >= 0 && !show_index(ts, want)) {
        ts->kind = -1; /* the exercise asked for is outside the filter: drop the filter */
        ts->difficulty = 0;
        build_list(ts);
        show_index(ts, want);
    }
    open_current(c, ts);
    if (prog_bad) {
        char *e = sanitize_dup(perr, 0);
        ctl_status(c, UI_ERROR, _("Progress not read (it will not be saved): %s"), e);
        free(e);
    }
    return ts;
}

static void train_close(ctl *c, void *st)
{
    (void)c;
    train_state *ts = st;
    if (ts->have_t)
        game_trainer_free(&ts->t);
    sys_train_progress_free(&ts->prog);
    ct_exset_free(&ts->set);
    free(ts->list);
    free(ts);
}

const ctl_mode ctl_mode_train = {
    .name = "train",
    .keys = UI_KEYS_TRAIN,
    .open = train_open,
    .close = train_close,
    .draw = train_draw,
    .key = train_key,
    .tick = train_tick,
    .full_screen = true,
};
