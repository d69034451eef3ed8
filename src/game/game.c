/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the game model (see game.h): moves through the referee into the record's tree,
 * the clock pressed and restored per node, navigation over lines and variations, edits,
 * one sink told of every change, and the seats' turns driven from game_tick(). */
#include "game/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sys/xmalloc.h"
#include "cotuong/movegen.h"

/* ------------------------------------------------------------------ helpers */
static void notify(game *g, game_change what)
{
    if (what != GAME_CHANGE_NEW)
        g->modified = true;
    if (g->sink && !g->quiet)
        g->sink(g->sink_user, g, what);
}

static void clock_slot(game *g, int node)
{
    if (node < g->clock_cap)
        return;
    int cap = g->clock_cap ? g->clock_cap : 256;
    while (cap <= node)
        cap *= 2;
    g->clock_after = xrealloc(g->clock_after, (size_t)cap * sizeof *g->clock_after);
    for (int i = g->clock_cap; i < cap; i++)
        g->clock_after[i][0] = g->clock_after[i][1] = -1;
    g->clock_cap = cap;
}

static bool timed(const game *g)
{
    return ct_tc_timed(&g->tc) && !g->review;
}

/* Moves the side `side` has made on the line to the current node. */
static int plies_by(const game *g, int side)
{
    int n = g->pos->ply, first = g->pos->side ^ (n & 1), count = 0;
    for (int i = 0; i < n; i++)
        count += (first ^ (i & 1)) == side;
    return count;
}

/* The record's result follows the game in play (on the main line). */
static void sync_result(game *g)
{
    if (g->review || !ct_record_on_main_line(&g->rec, g->node))
        return;
    if (ct_match_over(&g->match)) {
        g->rec.result = g->match.result;
        g->rec.termination = g->match.reason;
    } else {
        g->rec.result = CT_RESULT_NONE;
        g->rec.termination = CT_END_NONE;
    }
}

/* Position, match and verdict at g->node, replayed from the start through the referee (so
 * repetitions and move limits count every earlier position). */
static void replay(game *g)
{
    ct_move line[CT_MAX_HISTORY];
    int n = ct_record_line_to(&g->rec, g->node, line, CT_MAX_HISTORY);
    if (n > CT_MAX_HISTORY - 1)
        n = CT_MAX_HISTORY - 1;
    ct_record_start_position(&g->rec, g->pos);
    ct_match_init(&g->match, g->setup.rules);
    g->verdict = ct_rules_judge(g->pos, g->setup.rules);
    for (int i = 0; i < n; i++) {
        ct_verdict v = ct_rules_play(g->pos, g->setup.rules, line[i]);
        if (v.flags & CT_ADJ_ILLEGAL) {
            /* A stored move that is not legal (only from an unchecked reader): stop before it. */
            int node = CT_ROOT;
            for (int k = 0; k < i; k++)
                node = ct_record_find_child(&g->rec, node, line[k]);
            g->node = node;
            break;
        }
        ct_match_apply(&g->match, &v, g->pos->ply);
        g->verdict = v;
    }
}

static void reset_clock(game *g, int64_t now)
{
    ct_clock_init(&g->clock, &g->tc, g->pos->side);
    if (timed(g) && !g->paused)
        ct_clock_start(&g->clock, now);
    g->turn_began = now;
}

/* ------------------------------------------------------------------ set-up */
void game_setup_default(game_setup *s)
{
    memset(s, 0, sizeof *s);
    s->rules = CT_RULES_DEFAULT;
    sys_player_spec_human(&s->players[CT_RED]);
    sys_player_spec_human(&s->players[CT_BLACK]);
}

void game_init(game *g)
{
    memset(g, 0, sizeof *g);
    g->pos = xmalloc(sizeof *g->pos);
    ct_record_init(&g->rec);
    game_setup_default(&g->setup);
    ct_pos_start(g->pos);
    ct_match_init(&g->match, g->setup.rules);
    ct_clock_init(&g->clock, &g->tc, CT_RED);
    g->verdict = ct_rules_judge(g->pos, g->setup.rules);
    g->notation = CT_NOTATION_DEFAULT;
}

void game_free(game *g)
{
    game_close_seats(g);
    ct_record_free(&g->rec);
    free(g->clock_after);
    free(g->pos);
    memset(g, 0, sizeof *g);
}

void game_set_sink(game *g, game_sink_fn fn, void *user)
{
    g->sink = fn;
    g->sink_user = user;
}

ct_status game_new(game *g, const game_setup *setup, int64_t now)
{
    ct_record rec;
    ct_record_init(&rec);
    if (setup->fen[0] && ct_record_set_start(&rec, setup->fen, NULL) != CT_OK) {
        ct_record_free(&rec);
        return CT_ERR_INVALID;
    }
    g->review = false;
    game_load(g, &rec, CT_ROOT, setup, now);
    g->path[0] = '\0';
    return CT_OK;
}

void game_load(game *g, ct_record *rec, int node, const game_setup *setup, int64_t now)
{
    game_cancel_thinking(g);
    game_close_seats(g);
    ct_record_free(&g->rec);
    g->rec = *rec;
    /* Left empty and owning nothing (an init here would allocate what no caller frees). */
    memset(rec, 0, sizeof *rec);
    if (setup != &g->setup)
        g->setup = *setup;
    g->tc = g->setup.tc;
    g->node = ct_record_valid_node(&g->rec, node) ? node : CT_ROOT;
    for (int i = 0; i < g->clock_cap; i++)
        g->clock_after[i][0] = g->clock_after[i][1] = -1;
    g->paused = false;
    replay(g);
    reset_clock(g, now);
    g->modified = false;
    g->hint_wanted = false;
    notify(g, GAME_CHANGE_NEW);
}

/* ------------------------------------------------------------------ playing */
int game_side(const game *g)
{
    return g->pos->side;
}

int game_plies(const game *g)
{
    return g->pos->ply;
}

int game_full_moves(const game *g)
{
    /* Black starting (a FEN) makes the first move number one alone. */
    int n = g->pos->ply, black_first = (g->pos->side ^ (n & 1)) == CT_BLACK;
    return (n + black_first + 1) / 2;
}

bool game_over(const game *g)
{
    return ct_match_over(&g->match);
}

bool game_can_redo(const game *g)
{
    return ct_record_first_child(&g->rec, g->node) != CT_NO_NODE;
}

static void after_move(game *g, int child)
{
    g->node = child;
    g->turn_began = 0; /* set by the caller */
    sync_result(g);
}

/* The game's end, as a report tells it. */
static void report_end(const game *g, game_report *rep)
{
    rep->over = game_over(g);
    rep->result = g->match.result;
    rep->reason = g->match.reason;
}

game_status game_play(game *g, ct_move mv, int64_t now, game_report *rep)
{
    game_report local;
    if (!rep)
        rep = &local;
    memset(rep, 0, sizeof *rep);
    rep->move = mv;
    rep->mover = g->pos->side;
    rep->captured = CT_NO_TYPE;
    if (game_over(g) && !g->review) {
        report_end(g, rep);
        return rep->status = GAME_OVER;
    }
    /* 1. Legality, checked once here: the referee's reason when it is not legal. */
    rep->why = ct_why_illegal(g->pos, mv);
    if (rep->why != CT_WHY_LEGAL)
        return rep->status = GAME_ILLEGAL;
    if (g->pos->ply >= CT_MAX_HISTORY - 1)
        return rep->status = GAME_FULL;
    int mover = g->pos->side;
    /* 2. The clock: a mover out of time loses instead of moving. */
    if (timed(g) && ct_clock_press(&g->clock, now) != CT_OK) {
        ct_match_time_out(&g->match, mover, g->pos->ply, plies_by(g, mover));
        sync_result(g);
        notify(g, GAME_CHANGE_END);
        report_end(g, rep);
        return rep->status = GAME_FLAGGED;
    }
    /* 3. The move's text, from the position before it. */
    if (ct_move_render_legal(g->pos, mv, g->notation, rep->text, sizeof rep->text) <= 0) {
        char coord[6];
        ct_move_coord(mv, coord);
        snprintf(rep->text, sizeof rep->text, "%s", coord);
    }
    /* 4. The tree: follow the same move, or append it at the current node (play: replacing
     *    the redo line). It was found legal in g->pos, the position at that node, so the
     *    record need not replay the game to check it again. */
    int child = ct_record_find_child(&g->rec, g->node, mv);
    if (child == CT_NO_NODE) {
        int redo = ct_record_first_child(&g->rec, g->node);
        if (!g->review && redo != CT_NO_NODE)
            ct_record_delete(&g->rec, redo);
        if (ct_record_add_move_unchecked(&g->rec, g->node, mv, &child) != CT_OK) {
            if (timed(g))
                ct_clock_undo(&g->clock, now);
            rep->text[0] = '\0';
            return rep->status = GAME_FULL;
        }
    }
    if (!g->review)
        ct_record_promote(&g->rec, child);
    /* 5. The referee plays and judges it (no second legality check). */
    g->verdict = ct_rules_apply(g->pos, g->setup.rules, mv);
    ct_match_apply(&g->match, &g->verdict, g->pos->ply);
    clock_slot(g, child);
    g->clock_after[child][0] = g->clock.remaining[0];
    g->clock_after[child][1] = g->clock.remaining[1];
    if (game_over(g))
        ct_clock_pause(&g->clock, now);
    after_move(g, child);
    g->turn_began = now;
    for (int s = 0; s < 2; s++)
        if (g->seats[s])
            game_seat_moved(g->seats[s], g->pos, mv);
    rep->verdict = g->verdict;
    rep->check = (g->verdict.flags & CT_ADJ_CHECK) != 0;
    if (g->verdict.captured)
        rep->captured = ct_piece_type(g->verdict.captured);
    report_end(g, rep);
    notify(g, GAME_CHANGE_MOVE);
    return rep->status = GAME_OK;
}

game_status game_undo(game *g, int64_t now)
{
    if (g->node == CT_ROOT)
        return GAME_NOTHING;
    game_cancel_thinking(g);
    g->node = ct_record_parent(&g->rec, g->node);
    ct_pos_unmake(g->pos);
    ct_match_undo(&g->match, g->pos->ply);
    if (timed(g)) {
        if (ct_clock_undo(&g->clock, now) != CT_OK) {
            /* Before the clock's history (a resumed game): the times stored per node. */
            ct_clock_init(&g->clock, &g->tc, g->pos->side);
            if (g->node != CT_ROOT && g->node < g->clock_cap && g->clock_after[g->node][0] >= 0) {
                g->clock.remaining[0] = g->clock_after[g->node][0];
                g->clock.remaining[1] = g->clock_after[g->node][1];
            }
        }
        if (!g->clock.running && !g->paused)
            ct_clock_start(&g->clock, now);
    }
    g->verdict = ct_rules_judge(g->pos, g->setup.rules);
    g->turn_began = now;
    sync_result(g);
    notify(g, GAME_CHANGE_UNDO);
    return GAME_OK;
}

game_status game_redo(game *g, int64_t now)
{
    int child = ct_record_first_child(&g->rec, g->node);
    if (child == CT_NO_NODE)
        return GAME_NOTHING;
    if (game_over(g))
        return GAME_OVER;
    game_cancel_thinking(g);
    ct_move mv = ct_record_move(&g->rec, child);
    if (timed(g)) {
        /* The time of this turn is not charged: the move was made before. */
        g->clock.turn_start = now;
        g->clock.turn_used = 0;
        ct_clock_press(&g->clock, now);
        if (child < g->clock_cap && g->clock_after[child][0] >= 0) {
            g->clock.remaining[0] = g->clock_after[child][0];
            g->clock.remaining[1] = g->clock_after[child][1];
        }
    }
    g->verdict = ct_rules_play(g->pos, g->setup.rules, mv);
    ct_match_apply(&g->match, &g->verdict, g->pos->ply);
    g->node = child;
    if (game_over(g))
        ct_clock_pause(&g->clock, now);
    g->turn_began = now;
    sync_result(g);
    notify(g, GAME_CHANGE_REDO);
    return GAME_OK;
}

static game_status ended(game *g, ct_status st, int64_t now)
{
    if (st != CT_OK)
        return GAME_NOTHING;
    game_cancel_thinking(g);
    ct_clock_pause(&g->clock, now);
    sync_result(g);
    notify(g, GAME_CHANGE_END);
    return GAME_OK;
}

game_status game_resign(game *g, int side, int64_t now)
{
    if (game_over(g))
        return GAME_OVER;
    return ended(g, ct_match_resign(&g->match, side, g->pos->ply), now);
}

game_status game_offer_draw(game *g, int side)
{
    if (game_over(g))
        return GAME_OVER;
    return ct_match_offer_draw(&g->match, side, g->pos->ply) == CT_OK ? GAME_OK : GAME_NOTHING;
}

game_status game_accept_draw(game *g, int side, int64_t now)
{
    return ended(g, ct_match_accept_draw(&g->match, side, g->pos->ply), now);
}

void game_decline_draw(game *g)
{
    ct_match_decline_draw(&g->match);
}

game_status game_claim_draw(game *g, int64_t now)
{
    return ended(g, ct_match_claim(&g->match, &g->verdict, g->pos->ply), now);
}

bool game_check_time(game *g, int64_t now)
{
    if (!timed(g) || game_over(g))
        return false;
    int flag = ct_clock_check_flag(&g->clock, now);
    if (flag < 0)
        return false;
    ct_match_time_out(&g->match, flag, g->pos->ply, plies_by(g, flag));
    game_cancel_thinking(g);
    sync_result(g);
    notify(g, GAME_CHANGE_END);
    return true;
}

void game_pause(game *g, bool paused, int64_t now)
{
    if (paused == g->paused)
        return;
    g->paused = paused;
    if (paused) {
        game_cancel_thinking(g);
        if (g->clock.running)
            ct_clock_pause(&g->clock, now);
    } else {
        if (timed(g) && !game_over(g))
            ct_clock_start(&g->clock, now);
        g->turn_began = now;
    }
}

int64_t game_time_left(const game *g, int side, int64_t now)
{
    if (g->tc.base_ms > 0)
        return ct_clock_remaining(&g->clock, side, now);
    if (g->tc.per_move_ms <= 0)
        return 0;
    if (side == g->clock.side && (g->clock.running || g->clock.turn_used > 0))
        return ct_clock_move_remaining(&g->clock, now);
    return g->tc.per_move_ms;
}

/* ------------------------------------------------------------------ seats */
void game_close_seats(game *g)
{
    for (int s = 0; s < 2; s++) {
        game_seat_free(g->seats[s]);
        g->seats[s] = NULL;
    }
    game_seat_free(g->hint);
    g->hint = NULL;
}

bool game_open_seats(game *g, const ct_book *book, char *err, size_t errlen)
{
    bool ok = true;
    g->book = book;
    for (int s = 0; s < 2; s++) {
        game_seat_free(g->seats[s]);
        g->seats[s] = NULL;
        sys_player_spec *p = &g->setup.players[s];
        if (p->kind != SYS_PLAYER_AI && p->kind != SYS_PLAYER_ENGINE)
            continue;
        char why[200] = "";
        g->seats[s] = game_seat_open(p, book, why, sizeof why);
        if (!g->seats[s]) {
            char spec[300];
            sys_player_spec_format(p, spec, sizeof spec);
            if (err && errlen)
                snprintf(err, errlen, "%s: %s", spec, why);
            sys_player_spec_human(p);
            ok = false;
            continue;
        }
        game_seat_new_game(g->seats[s]);
    }
    return ok;
}

void game_set_seat(game *g, int side, game_seat *seat, const sys_player_spec *spec)
{
    game_seat_free(g->seats[side]);
    g->seats[side] = seat;
    if (spec)
        g->setup.players[side] = *spec;
    else if (!seat)
        sys_player_spec_human(&g->setup.players[side]);
}

game_seat *game_seat_of(const game *g, int side)
{
    return g->seats[side];
}

bool game_human_turn(const game *g)
{
    return g->seats[g->pos->side] == NULL;
}

game_seat *game_thinking(const game *g)
{
    for (int s = 0; s < 2; s++)
        if (g->seats[s] && game_seat_busy(g->seats[s]) && !game_seat_ready(g->seats[s]))
            return g->seats[s];
    if (g->hint && game_seat_busy(g->hint) && !game_seat_ready(g->hint))
        return g->hint;
    return NULL;
}

void game_move_now(game *g)
{
    game_seat *s = g->seats[g->pos->side];
    if (s)
        game_seat_stop(s);
}

void game_cancel_thinking(game *g)
{
    for (int s = 0; s < 2; s++)
        if (g->seats[s])
            game_seat_cancel(g->seats[s]);
    game_cancel_hint(g);
}

bool game_hint(game *g)
{
    if (game_over(g) || !game_human_turn(g))
        return false;
    if (!g->hint) {
        /* Level 8; with several threads the full-strength search (only level 10 uses
         * them, so that a seed replays a weaker level's game). */
        sys_player_spec spec = {.kind = SYS_PLAYER_AI,
                                .level = g->setup.threads > 1 ? 10 : 8,
                                .threads = g->setup.threads};
        g->hint = game_seat_open(&spec, g->book, NULL, 0);
        if (!g->hint)
            return false;
    }
    if (game_seat_busy(g->hint))
        return true;
    ct_limits lim;
    ct_limits_init(&lim);
    lim.movetime_ms = 1000;
    return game_seat_start(g->hint, g->pos, &lim);
}

void game_cancel_hint(game *g)
{
    if (g->hint)
        game_seat_cancel(g->hint);
}

static int level_of(const game *g, int side)
{
    const sys_player_spec *p = &g->setup.players[side];
    return p->kind == SYS_PLAYER_AI ? p->level : 10;
}

game_tick_event game_tick(game *g, int64_t now)
{
    game_tick_event ev;
    memset(&ev, 0, sizeof ev);
    /* 1. Loss on time. */
    if (game_check_time(g, now)) {
        ev.kind = GAME_TICK_TIME;
        ev.side = g->match.loser;
        return ev;
    }
    /* 2. A hint that has come. */
    game_seat_result res;
    if (g->hint && game_seat_poll(g->hint, &res) && res.status == GAME_SEAT_MOVE &&
        game_human_turn(g) && ct_is_legal(g->pos, res.move)) {
        ev.kind = GAME_TICK_HINT;
        ev.move = res.move;
        ev.side = g->pos->side;
        return ev;
    }
    if (game_over(g) || g->paused)
        return ev;
    int side = g->pos->side;
    game_seat *seat = g->seats[side];
    if (!seat)
        return ev;
    /* 3. The seat's finished think: its move, once the pace allows. */
    if (game_seat_ready(seat)) {
        if (g->pace_ms > 0 && now - g->turn_began < g->pace_ms)
            return ev;
        game_seat_poll(seat, &res);
        if (res.status == GAME_SEAT_MOVE && game_play(g, res.move, now, &ev.report) == GAME_OK) {
            ev.kind = GAME_TICK_MOVED;
            ev.side = side;
            ev.move = res.move;
            return ev;
        }
        if (game_over(g)) { /* flagged while pressing */
            ev.kind = GAME_TICK_TIME;
            ev.side = side;
            return ev;
        }
        /* A forfeit, a resignation or an illegal answer: that side loses. */
        ev.kind = GAME_TICK_FORFEIT;
        ev.side = side;
        snprintf(ev.detail, sizeof ev.detail, "%s",
                 res.status == GAME_SEAT_RESIGN ? "resigns"
                 : res.detail[0]               ? res.detail
                                               : "no move");
        ct_match_resign(&g->match, side, g->pos->ply);
        sync_result(g);
        ct_clock_pause(&g->clock, now);
        notify(g, GAME_CHANGE_END);
        return ev;
    }
    /* 4. Its turn: start thinking. */
    if (!game_seat_busy(seat)) {
        ct_limits lim;
        bool main_clock = timed(g) && g->tc.base_ms > 0;
        game_seat_limits(&lim, level_of(g, side),
                         main_clock ? ct_clock_remaining(&g->clock, CT_RED, now) : 0,
                         main_clock ? ct_clock_remaining(&g->clock, CT_BLACK, now) : 0,
                         g->tc.increment_ms, timed(g) ? g->tc.per_move_ms : 0);
        game_seat_start(seat, g->pos, &lim);
    }
    return ev;
}

/* ------------------------------------------------------------------ the tree */
bool game_goto(game *g, int node)
{
    if (!ct_record_valid_node(&g->rec, node) || node == g->node)
        return false;
    game_cancel_thinking(g);
    g->node = node;
    replay(g);
    return true;
}

bool game_forward(game *g)
{
    int child = ct_record_first_child(&g->rec, g->node);
    if (child == CT_NO_NODE)
        return false;
    /* One step: the referee on this move only, not a replay of the game. */
    game_cancel_thinking(g);
    ct_verdict v = ct_rules_play(g->pos, g->setup.rules, ct_record_move(&g->rec, child));
    if (v.flags & CT_ADJ_ILLEGAL)
        return false;
    ct_match_apply(&g->match, &v, g->pos->ply);
    g->verdict = v;
    g->node = child;
    return true;
}

bool game_back(game *g)
{
    if (g->node == CT_ROOT)
        return false;
    game_cancel_thinking(g);
    g->node = ct_record_parent(&g->rec, g->node);
    ct_pos_unmake(g->pos);
    ct_match_undo(&g->match, g->pos->ply);
    g->verdict = ct_rules_judge(g->pos, g->setup.rules);
    return true;
}

bool game_first(game *g)
{
    return game_goto(g, CT_ROOT);
}

bool game_last(game *g)
{
    bool moved = false;
    while (game_forward(g))
        moved = true;
    return moved;
}

static bool step_sibling(game *g, int dir)
{
    if (g->node == CT_ROOT)
        return false;
    const ct_record *r = &g->rec;
    int parent = ct_record_parent(r, g->node), n = ct_record_child_count(r, parent), idx = -1;
    for (int i = 0; i < n; i++)
        if (ct_record_child(r, parent, i) == g->node)
            idx = i;
    int want = idx + dir;
    if (idx < 0 || want < 0 || want >= n)
        return false;
    return game_goto(g, ct_record_child(r, parent, want));
}

bool game_next_variation(game *g)
{
    return step_sibling(g, +1);
}

bool game_prev_variation(game *g)
{
    return step_sibling(g, -1);
}

bool game_enter_variation(game *g, int i)
{
    int child = ct_record_child(&g->rec, g->node, i);
    if (i < 1 || child == CT_NO_NODE)
        return false;
    return game_goto(g, child);
}

bool game_leave_variation(game *g)
{
    /* Up to the first node that is not its parent's first child: the move that starts the
     * variation; its first sibling is the move it replaces. */
    int node = g->node;
    while (node != CT_ROOT) {
        int parent = ct_record_parent(&g->rec, node);
        if (ct_record_first_child(&g->rec, parent) != node)
            return game_goto(g, ct_record_first_child(&g->rec, parent));
        node = parent;
    }
    return false;
}

int game_line(const game *g, int *out, int max, int *cur)
{
    const ct_record *r = &g->rec;
    int depth = ct_record_depth(r, g->node), n = depth < max ? depth : max;
    *cur = depth - 1;
    /* 1. Root to the current node, written from its end. */
    int i = depth;
    for (int node = g->node; node != CT_ROOT; node = ct_record_parent(r, node))
        if (--i < n)
            out[i] = node;
    for (int node = ct_record_first_child(r, g->node); node != CT_NO_NODE && n < max;
         node = ct_record_first_child(r, node))
        out[n++] = node;
    return n;
}

int game_variation_depth(const game *g, int node)
{
    int depth = 0;
    while (ct_record_valid_node(&g->rec, node) && node != CT_ROOT) {
        int parent = ct_record_parent(&g->rec, node);
        if (ct_record_first_child(&g->rec, parent) != node)
            depth++;
        node = parent;
    }
    return depth;
}

ct_status game_set_comment(game *g, int node, const char *text)
{
    ct_status st = ct_record_set_comment(&g->rec, node, text);
    if (st == CT_OK)
        notify(g, GAME_CHANGE_EDIT);
    return st;
}

void game_set_nag(game *g, int node, int nag)
{
    if (!ct_record_valid_node(&g->rec, node) || node == CT_ROOT)
        return;
    ct_record_set_nag(&g->rec, node, nag);
    notify(g, GAME_CHANGE_EDIT);
}

bool game_delete(game *g, int node)
{
    if (node == CT_ROOT || !ct_record_valid_node(&g->rec, node))
        return false;
    /* Is the current node node itself or after it? Then it moves up to node's parent. */
    bool inside = false;
    for (int n = g->node; n != CT_NO_NODE; n = ct_record_parent(&g->rec, n))
        if (n == node)
            inside = true;
    int parent = ct_record_parent(&g->rec, node);
    if (ct_record_delete(&g->rec, node) != CT_OK)
        return false;
    if (inside) {
        g->node = parent;
        replay(g);
    }
    notify(g, GAME_CHANGE_EDIT);
    return true;
}

void game_promote(game *g, int node)
{
    ct_record_promote(&g->rec, node);
    notify(g, GAME_CHANGE_EDIT);
}

ct_status game_set_tag(game *g, const char *name, const char *value)
{
    ct_status st = ct_record_set_tag(&g->rec, name, value);
    if (st == CT_OK)
        notify(g, GAME_CHANGE_EDIT);
    return st;
}

/* ------------------------------------------------------------------ saving */
void game_fill_tags(game *g, const char *date)
{
    char buf[300];
    ct_record *r = &g->rec;
    if (!ct_record_tag(r, "Event"))
        ct_record_set_tag(r, "Event", "cotuong");
    if (date && !ct_record_tag(r, "Date"))
        ct_record_set_tag(r, "Date", date);
    const char *names[2] = {"Red", "Black"}, *specs[2] = {"RedPlayer", "BlackPlayer"};
    for (int s = 0; s < 2; s++) {
        const sys_player_spec *p = &g->setup.players[s];
        if (!g->review || !ct_record_tag(r, names[s])) {
            sys_player_spec_name(p, buf, sizeof buf);
            ct_record_set_tag(r, names[s], buf);
        }
        if (!g->review) {
            sys_player_spec_format(p, buf, sizeof buf);
            ct_record_set_tag(r, specs[s], buf);
        }
    }
    if (!g->review) {
        ct_record_set_tag(r, "Rules", ct_rules_name(g->setup.rules));
        if (ct_tc_timed(&g->tc)) {
            ct_tc_format(&g->tc, buf, sizeof buf);
            ct_record_set_tag(r, "TimeControl", buf);
        } else {
            ct_record_set_tag(r, "TimeControl", NULL);
        }
    }
}

void game_mark_saved(game *g, const char *path)
{
    g->modified = false;
    if (path && path != g->path)
        snprintf(g->path, sizeof g->path, "%s", path);
}

/* ------------------------------------------------------------------ the resume file */
void game_snapshot(const game *g, int64_t now, const game_resume_info *info, ct_record *out)
{
    char buf[64];
    if (ct_record_copy(out, &g->rec) != CT_OK) {
        fputs("cotuong: out of memory\n", stderr);
        abort();
    }
    /* The tags a saved game has, written on the copy. */
    game tmp = *g;
    tmp.rec = *out;
    tmp.sink = NULL;
    game_fill_tags(&tmp, NULL);
    *out = tmp.rec;
    ct_record_set_tag(out, "Mode", info && info->mode ? info->mode : "play");
    ct_record_set_tag(out, "Source", info ? info->source : NULL);
    snprintf(buf, sizeof buf, "%d", info ? info->source_game : 0);
    ct_record_set_tag(out, "SourceGame", info && info->source ? buf : NULL);
    ct_record_set_tag(out, "Notation", info ? info->notation : NULL);
    ct_record_set_tag(out, "Interrupted", info ? info->interrupted : NULL);
    snprintf(buf, sizeof buf, "%d", ct_record_on_main_line(&g->rec, g->node) ? ct_record_depth(&g->rec, g->node)
                                                                            : ct_record_depth(&g->rec, ct_record_main_end(&g->rec)));
    ct_record_set_tag(out, "Ply", buf);
    if (g->tc.base_ms > 0 && !g->review) {
        const char *names[2] = {"RedClockMs", "BlackClockMs"};
        for (int s = 0; s < 2; s++) {
            int64_t left = ct_clock_remaining(&g->clock, s, now);
            snprintf(buf, sizeof buf, "%lld", (long long)(left < 0 ? 0 : left));
            ct_record_set_tag(out, names[s], buf);
        }
    }
}

static bool read_ms(const ct_record *r, const char *name, int64_t *out)
{
    const char *v = ct_record_tag(r, name);
    if (!v)
        return false;
    char *end;
    long long n = strtoll(v, &end, 10);
    if (end == v || *end || n < 0)
        return false;
    *out = n;
    return true;
}

void game_strip_resume_tags(ct_record *rec)
{
    static const char *const drop[] = {"Mode",         "Source",     "SourceGame", "Unchanged",
                                       "Notation",     "Interrupted", "Ply",       "PlyCount",
                                       "RedClockMs",   "BlackClockMs"};
    for (size_t i = 0; i < sizeof drop / sizeof *drop; i++)
        ct_record_set_tag(rec, drop[i], NULL);
}

bool game_restore(game *g, ct_record *rec, bool review, int64_t now, char *err, size_t errlen)
{
    game_setup s;
    game_setup_default(&s);
    const char *v;
    if ((v = ct_record_tag(rec, "Rules")) && ct_rules_from_name(v, &s.rules) != CT_OK) {
        snprintf(err, errlen, "unknown rule set '%.40s'", v);
        return false;
    }
    if ((v = ct_record_tag(rec, "TimeControl")) && strcmp(v, "-") != 0 &&
        ct_tc_parse(v, &s.tc) != CT_OK) {
        snprintf(err, errlen, "unknown time control '%.40s'", v);
        return false;
    }
    const char *specs[2] = {"RedPlayer", "BlackPlayer"};
    for (int side = 0; side < 2; side++) {
        if ((v = ct_record_tag(rec, specs[side])) &&
            !sys_player_spec_parse(v, &s.players[side], err, errlen))
            return false;
    }
    if (rec->has_fen)
        snprintf(s.fen, sizeof s.fen, "%s", rec->start_fen);
    /* The current node: Ply moves along the main line. */
    long ply = 0;
    if ((v = ct_record_tag(rec, "Ply")))
        ply = strtol(v, NULL, 10);
    int node = CT_ROOT;
    for (long i = 0; i < ply; i++) {
        int next = ct_record_first_child(rec, node);
        if (next == CT_NO_NODE)
            break;
        node = next;
    }
    int64_t left[2];
    bool clocks = read_ms(rec, "RedClockMs", &left[CT_RED]) && read_ms(rec, "BlackClockMs", &left[CT_BLACK]);
    game_strip_resume_tags(rec);
    g->review = review;
    g->quiet++;
    game_load(g, rec, node, &s, now);
    g->quiet--;
    if (clocks && g->tc.base_ms > 0 && !review) {
        g->clock.remaining[CT_RED] = left[CT_RED];
        g->clock.remaining[CT_BLACK] = left[CT_BLACK];
    }
    return true;
}
