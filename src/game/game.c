/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the game model (see game.h): moves through the referee into the record's tree,
 * the clock pressed and restored per node, navigation over lines and variations, edits,
 * one sink told of every change, and the seats' turns driven from game_tick(). */
#include "game/game.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game/coup_seat.h"
#include "sys/savefile.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "cotuong/coup_pgn.h"
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

/* The side to move and the plies played, whichever the variant. */
static int cur_side(const game *g)
{
    return g->coup ? g->coup->side : g->pos->side;
}

static int cur_ply(const game *g)
{
    return g->coup ? g->coup->ply : g->pos->ply;
}

static bool timed(const game *g)
{
    return ct_tc_timed(&g->tc) && !g->review;
}

/* Moves the side `side` has made on the line to the current node. */
static int plies_by(const game *g, int side)
{
    int n = cur_ply(g), first = cur_side(g) ^ (n & 1), count = 0;
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
/* A cờ úp move's verdict in the referee's words (rules.h), so that ct_match, the clocks and
 * the UI treat both games alike. */
static ct_verdict coup_verdict(const ct_coup_pos *pos, int mover)
{
    ct_verdict v;
    memset(&v, 0, sizeof v);
    v.loser = -1;
    v.mover = mover;
    v.occurrences = 1;
    if (pos->ply > 0) {
        const ct_coup_undo *u = &pos->hist[pos->ply - 1];
        if (u->captured) {
            v.flags |= CT_ADJ_CAPTURE;
            v.captured = u->captured;
        }
    }
    if (ct_coup_in_check(pos, pos->side))
        v.flags |= CT_ADJ_CHECK;
    ct_end_reason why;
    ct_result res = ct_coup_judge(pos, &why);
    if (res != CT_RESULT_NONE) {
        v.flags |= CT_ADJ_GAME_OVER;
        v.result = res;
        v.reason = why;
        v.loser = res == CT_RESULT_RED_WINS ? CT_BLACK : res == CT_RESULT_BLACK_WINS ? CT_RED : -1;
        if (why == CT_END_CHECKMATE)
            v.flags |= CT_ADJ_CHECKMATE;
        else if (why == CT_END_STALEMATE)
            v.flags |= CT_ADJ_STALEMATE;
    }
    return v;
}

/* The referee's start: the standard set-up dealt, or a FEN position (setup.fen) whose
 * face-down pieces the deal gives their identities (ct_coup_start_from). */
static void coup_begin(const game *g, ct_coup_pos *pos)
{
    if (g->setup.fen[0] && ct_coup_fen_read(pos, g->setup.fen, NULL) == CT_OK &&
        ct_coup_start_from(pos, pos, &g->coup_deal) == CT_OK)
        return;
    ct_coup_start(pos, &g->coup_deal);
}

static void coup_replay(game *g, const ct_move *line, int n)
{
    coup_begin(g, g->coup);
    ct_match_init(&g->match, g->setup.rules);
    g->verdict = coup_verdict(g->coup, -1);
    for (int i = 0; i < n; i++) {
        ct_move mv = line[i];
        if (!ct_coup_is_legal(g->coup, mv) || ct_coup_make(g->coup, mv, 0) < 0) {
            int node = CT_ROOT;
            for (int k = 0; k < i; k++)
                node = ct_record_find_child(&g->rec, node, line[k]);
            g->node = node;
            break;
        }
        g->verdict = coup_verdict(g->coup, !g->coup->side);
        ct_match_apply(&g->match, &g->verdict, g->coup->ply);
    }
}

static void replay(game *g)
{
    ct_move line[CT_MAX_HISTORY];
    int n = ct_record_line_to(&g->rec, g->node, line, CT_MAX_HISTORY);
    if (n > CT_MAX_HISTORY - 1)
        n = CT_MAX_HISTORY - 1;
    if (g->coup) {
        coup_replay(g, line, n);
        return;
    }
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
    ct_clock_init(&g->clock, &g->tc, cur_side(g));
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
    free(g->coup);
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
    if (setup->variant == GAME_VARIANT_COUP && setup->fen[0]) {
        /* A cờ úp position (X/x face down, the pool): game_load deals it. */
        ct_coup_pos *check = xmalloc(sizeof *check);
        bool ok = ct_coup_fen_read(check, setup->fen, NULL) == CT_OK;
        free(check);
        if (!ok) {
            ct_record_free(&rec);
            return CT_ERR_INVALID;
        }
    } else if (setup->fen[0] && ct_record_set_start(&rec, setup->fen, NULL) != CT_OK) {
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
    /* The variant: a cờ úp game has the referee's position beside the (unused) ct_pos. */
    if (g->setup.variant == GAME_VARIANT_COUP) {
        if (!g->coup)
            g->coup = xmalloc(sizeof *g->coup);
        bool fen = g->setup.fen[0] && ct_coup_fen_read(g->coup, g->setup.fen, NULL) == CT_OK;
        if (!fen)
            g->setup.fen[0] = '\0';
        if (g->setup.coup_dealt && ct_coup_deal_ok(&g->setup.coup_deal) &&
            (!fen || ct_coup_start_from(g->coup, g->coup, &g->setup.coup_deal) == CT_OK))
            g->coup_deal = g->setup.coup_deal;
        else if (fen) /* the face-down pieces dealt from the FEN's pool (man page) */
            ct_coup_fen_deal(g->coup, NULL, g->setup.coup_seed, &g->coup_deal);
        else
            ct_coup_deal_random(&g->coup_deal, g->setup.coup_seed);
        ct_record_set_tag(&g->rec, "Variant", CT_COUP_VARIANT);
        ct_record_set_tag(&g->rec, CT_COUP_FEN_TAG, fen ? g->setup.fen : NULL);
    } else {
        free(g->coup);
        g->coup = NULL;
    }
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
    return cur_side(g);
}

int game_plies(const game *g)
{
    return cur_ply(g);
}

int game_full_moves(const game *g)
{
    /* Black starting (a FEN) makes the first move number one alone. */
    int n = cur_ply(g), black_first = (cur_side(g) ^ (n & 1)) == CT_BLACK;
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

/* Why a cờ úp move is refused, roughly as the standard referee words it. */
static ct_illegal_reason coup_why(const ct_coup_pos *pos, ct_move mv)
{
    int side = ct_coup_side_at(pos, CT_FROM(mv));
    if (side < 0)
        return CT_WHY_NO_PIECE;
    if (side != pos->side)
        return CT_WHY_NOT_YOURS;
    if (ct_coup_side_at(pos, CT_TO(mv)) == pos->side)
        return CT_WHY_OWN_PIECE;
    ct_move moves[CT_MAX_MOVES];
    int n = ct_coup_gen_pseudo(pos, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == mv)
            return CT_WHY_KING_IN_CHECK;
    return CT_WHY_PIECE_RULE;
}

/* The steps game_play shares with its cờ úp twin. */
/* The clock pressed for mover at ply: true when the mover was out of time (the game ended). */
static bool flagged_on_press(game *g, int mover, int ply, int64_t now, game_report *rep)
{
    if (!timed(g) || ct_clock_press(&g->clock, now) == CT_OK)
        return false;
    ct_match_time_out(&g->match, mover, ply, plies_by(g, mover));
    sync_result(g);
    notify(g, GAME_CHANGE_END);
    report_end(g, rep);
    return true;
}

/* The tree: follow the same move, or append it at the current node (play: replacing the redo
 * line). The caller found mv legal in the position at that node, so the record need not
 * replay the game to check it again. CT_NO_NODE (the clock's press undone) when it is full. */
static int tree_step(game *g, ct_move mv, int64_t now)
{
    int child = ct_record_find_child(&g->rec, g->node, mv);
    if (child != CT_NO_NODE)
        return child;
    int redo = ct_record_first_child(&g->rec, g->node);
    if (!g->review && redo != CT_NO_NODE)
        ct_record_delete(&g->rec, redo);
    if (ct_record_add_move_unchecked(&g->rec, g->node, mv, &child) != CT_OK) {
        if (timed(g))
            ct_clock_undo(&g->clock, now);
        return CT_NO_NODE;
    }
    return child;
}

/* After the referee's verdict: the clocks kept at the new node, the game moved to it. */
static void moved_to(game *g, int child, int64_t now)
{
    clock_slot(g, child);
    g->clock_after[child][0] = g->clock.remaining[0];
    g->clock_after[child][1] = g->clock.remaining[1];
    if (game_over(g))
        ct_clock_pause(&g->clock, now);
    after_move(g, child);
    g->turn_began = now;
}

/* game_play for cờ úp: the same steps on the referee's position; the move's text is its
 * coordinates (the screens word it from the views), the reveal is reported. */
static game_status coup_play(game *g, ct_move mv, int64_t now, game_report *rep)
{
    if (!ct_coup_is_legal(g->coup, mv)) {
        rep->why = coup_why(g->coup, mv);
        return rep->status = GAME_ILLEGAL;
    }
    if (g->coup->ply >= CT_MAX_HISTORY - 1)
        return rep->status = GAME_FULL;
    int mover = g->coup->side;
    if (flagged_on_press(g, mover, g->coup->ply, now, rep))
        return rep->status = GAME_FLAGGED;
    int child = tree_step(g, mv, now);
    if (child == CT_NO_NODE)
        return rep->status = GAME_FULL;
    if (!g->review)
        ct_record_promote(&g->rec, child);
    int target = g->coup->board[CT_TO(mv)];
    rep->reveal = ct_coup_make(g->coup, mv, 0);
    char text[CT_COUP_MOVE_TEXT];
    ct_coup_move_text(mv, rep->reveal, text);
    snprintf(rep->text, sizeof rep->text, "%s", text);
    g->verdict = coup_verdict(g->coup, mover);
    ct_match_apply(&g->match, &g->verdict, g->coup->ply);
    moved_to(g, child, now);
    rep->verdict = g->verdict;
    rep->check = (g->verdict.flags & CT_ADJ_CHECK) != 0;
    if (target) {
        rep->captured = CT_COUP_TYPE(target);
        rep->captured_down = (target & CT_COUP_DOWN) != 0;
    }
    report_end(g, rep);
    notify(g, GAME_CHANGE_MOVE);
    return rep->status = GAME_OK;
}

game_status game_play(game *g, ct_move mv, int64_t now, game_report *rep)
{
    game_report local;
    if (!rep)
        rep = &local;
    memset(rep, 0, sizeof *rep);
    rep->move = mv;
    rep->mover = cur_side(g);
    rep->captured = CT_NO_TYPE;
    if (game_over(g) && !g->review) {
        report_end(g, rep);
        return rep->status = GAME_OVER;
    }
    if (g->coup)
        return coup_play(g, mv, now, rep);
    /* 1. Legality, checked once here: the referee's reason when it is not legal. */
    rep->why = ct_why_illegal(g->pos, mv);
    if (rep->why != CT_WHY_LEGAL)
        return rep->status = GAME_ILLEGAL;
    if (g->pos->ply >= CT_MAX_HISTORY - 1)
        return rep->status = GAME_FULL;
    int mover = g->pos->side;
    /* 2. The clock: a mover out of time loses instead of moving. */
    if (flagged_on_press(g, mover, g->pos->ply, now, rep))
        return rep->status = GAME_FLAGGED;
    /* 3. The move's text, from the position before it. */
    if (ct_move_render_legal(g->pos, mv, g->notation, rep->text, sizeof rep->text) <= 0) {
        char coord[6];
        ct_move_coord(mv, coord);
        snprintf(rep->text, sizeof rep->text, "%s", coord);
    }
    /* 4. The tree: the move found legal in g->pos, the position at this node. */
    int child = tree_step(g, mv, now);
    if (child == CT_NO_NODE) {
        rep->text[0] = '\0';
        return rep->status = GAME_FULL;
    }
    if (!g->review)
        ct_record_promote(&g->rec, child);
    /* 5. The referee plays and judges it (no second legality check). */
    g->verdict = ct_rules_apply(g->pos, g->setup.rules, mv);
    ct_match_apply(&g->match, &g->verdict, g->pos->ply);
    moved_to(g, child, now);
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
    if (g->coup)
        ct_coup_unmake(g->coup);
    else
        ct_pos_unmake(g->pos);
    ct_match_undo(&g->match, cur_ply(g));
    if (timed(g)) {
        if (ct_clock_undo(&g->clock, now) != CT_OK) {
            /* Before the clock's history (a resumed game): the times stored per node. */
            ct_clock_init(&g->clock, &g->tc, cur_side(g));
            if (g->node != CT_ROOT && g->node < g->clock_cap && g->clock_after[g->node][0] >= 0) {
                g->clock.remaining[0] = g->clock_after[g->node][0];
                g->clock.remaining[1] = g->clock_after[g->node][1];
            }
        }
        if (!g->clock.running && !g->paused)
            ct_clock_start(&g->clock, now);
    }
    g->verdict = g->coup ? coup_verdict(g->coup, -1) : ct_rules_judge(g->pos, g->setup.rules);
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
    if (g->coup) {
        int mover = g->coup->side;
        if (!ct_coup_is_legal(g->coup, mv) || ct_coup_make(g->coup, mv, 0) < 0)
            return GAME_NOTHING;
        g->verdict = coup_verdict(g->coup, mover);
    } else {
        g->verdict = ct_rules_play(g->pos, g->setup.rules, mv);
    }
    ct_match_apply(&g->match, &g->verdict, cur_ply(g));
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
    return ended(g, ct_match_resign(&g->match, side, cur_ply(g)), now);
}

game_status game_offer_draw(game *g, int side)
{
    if (game_over(g))
        return GAME_OVER;
    return ct_match_offer_draw(&g->match, side, cur_ply(g)) == CT_OK ? GAME_OK : GAME_NOTHING;
}

game_status game_accept_draw(game *g, int side, int64_t now)
{
    return ended(g, ct_match_accept_draw(&g->match, side, cur_ply(g)), now);
}

void game_decline_draw(game *g)
{
    ct_match_decline_draw(&g->match);
}

game_status game_claim_draw(game *g, int64_t now)
{
    return ended(g, ct_match_claim(&g->match, &g->verdict, cur_ply(g)), now);
}

bool game_check_time(game *g, int64_t now)
{
    if (!timed(g) || game_over(g))
        return false;
    int flag = ct_clock_check_flag(&g->clock, now);
    if (flag < 0)
        return false;
    ct_match_time_out(&g->match, flag, cur_ply(g), plies_by(g, flag));
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
        if (g->coup && p->kind == SYS_PLAYER_AI)
            /* Its seed owes nothing to the deal's: the AI's choices cannot carry the deal. */
            g->seats[s] = game_coup_seat_open(p->level, (uint64_t)s + 1);
        else if (g->coup) {
            /* An external engine: UCI in the Jieqi dialect, on its side's view. */
            sys_player *pl = sys_player_open(p, book, why, sizeof why);
            g->seats[s] = pl ? game_coup_engine_seat(pl, true, why, sizeof why) : NULL;
        }
        else {
            /* A level without a seed of its own draws one for this game: the weaker levels'
             * choices hang on the seed and the position, so a fixed one would answer the same
             * moves the same way game after game. The setup keeps no seed, so the next game
             * draws again; ai:LEVEL:SEED replays. */
            sys_player_spec spec = *p;
            if (spec.kind == SYS_PLAYER_AI && spec.seed == 0)
                spec.seed = sys_fresh_seed();
            g->seats[s] = game_seat_open(&spec, book, why, sizeof why);
        }
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
    return g->seats[cur_side(g)] == NULL;
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
    game_seat *s = g->seats[cur_side(g)];
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
    if (!g->hint && g->coup) {
        /* The top of the cờ úp ladder (400,000 nodes, well under a second). */
        g->hint = game_coup_seat_open(10, 3);
    } else if (!g->hint) {
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
    if (g->coup) {
        /* The level's budget given explicitly: its best move, not one within its margin. */
        lim.nodes = CT_COUP_TOP_NODES;
        /* The hint sees what the human to move may see, and nothing more. */
        ct_coup_pos *view = xmalloc(sizeof *view);
        ct_coup_view(g->coup, g->coup->side, view);
        game_coup_seat_set_view(g->hint, view);
        free(view);
    }
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
        game_human_turn(g) &&
        (g->coup ? ct_coup_is_legal(g->coup, res.move) : ct_is_legal(g->pos, res.move))) {
        ev.kind = GAME_TICK_HINT;
        ev.move = res.move;
        ev.side = cur_side(g);
        return ev;
    }
    if (game_over(g) || g->paused)
        return ev;
    int side = cur_side(g);
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
        ct_match_resign(&g->match, side, cur_ply(g));
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
        if (g->coup && game_seat_plays_coup(seat)) {
            /* A seat that plays cờ úp (the AI's, an engine's: whatever its spec says, e.g.
             * a match's seats) thinks on its side's view: the deal never leaves the referee.
             * Other kinds (a remote player's seat) are told nothing here. */
            ct_coup_pos *view = xmalloc(sizeof *view);
            ct_coup_view(g->coup, side, view);
            game_seat_set_coup_view(seat, view);
            free(view);
        }
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
    if (g->coup) {
        ct_move mv = ct_record_move(&g->rec, child);
        int mover = g->coup->side;
        if (!ct_coup_is_legal(g->coup, mv) || ct_coup_make(g->coup, mv, 0) < 0)
            return false;
        g->verdict = coup_verdict(g->coup, mover);
        ct_match_apply(&g->match, &g->verdict, g->coup->ply);
        g->node = child;
        return true;
    }
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
    if (g->coup) {
        ct_coup_unmake(g->coup);
        ct_match_undo(&g->match, g->coup->ply);
        g->verdict = coup_verdict(g->coup, -1);
        return true;
    }
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

static void coup_snapshot(const game *g, ct_record *out);
static bool coup_restore(ct_record *rec, game_setup *s, uint64_t seed, char *err, size_t errlen);

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
            if (g->setup.names[s][0])
                snprintf(buf, sizeof buf, "%s", g->setup.names[s]);
            else
                sys_player_spec_name(p, buf, sizeof buf);
            ct_record_set_tag(r, names[s], buf);
        }
        if (!g->review) {
            sys_player_spec_format(p, buf, sizeof buf);
            ct_record_set_tag(r, specs[s], buf);
        }
    }
    if (g->coup)
        ct_record_set_tag(r, "Variant", CT_COUP_VARIANT);
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
/* A copy of the record with the tags a saved game has (the game itself is not touched). */
static void tagged_copy(const game *g, ct_record *out)
{
    if (ct_record_copy(out, &g->rec) != CT_OK) {
        fputs("cotuong: out of memory\n", stderr);
        abort();
    }
    game tmp = *g;
    tmp.rec = *out;
    tmp.sink = NULL;
    game_fill_tags(&tmp, NULL);
    *out = tmp.rec;
}

void game_snapshot(const game *g, int64_t now, const game_resume_info *info, ct_record *out)
{
    char buf[64];
    tagged_copy(g, out);
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
    if (g->coup)
        coup_snapshot(g, out);
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
    if ((v = ct_record_tag(rec, "Variant")) && !strcmp(v, CT_COUP_VARIANT) &&
        !coup_restore(rec, &s, (uint64_t)now * 0x9E3779B97F4A7C15ULL ^ (uint64_t)time(NULL), err,
                      errlen))
        return false;
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

/* ------------------------------------------------------------------ cờ úp */
bool game_is_coup(const game *g)
{
    return g->coup != NULL;
}

void game_coup_set_deal(game *g, const ct_coup_deal *deal)
{
    if (!g->coup || !ct_coup_deal_ok(deal))
        return;
    g->coup_deal = *deal;
    g->setup.coup_deal = *deal;
    g->setup.coup_dealt = true;
    replay(g);
}

void game_coup_view(const game *g, int viewer, ct_coup_pos *out)
{
    game_coup_view_at(g, viewer, -1, out);
}

void game_coup_view_at(const game *g, int viewer, int ply, ct_coup_pos *out)
{
    if (!g->coup) {
        ct_coup_start(out, NULL);
        return;
    }
    if (ply < 0 || ply >= g->coup->ply) {
        ct_coup_view(g->coup, viewer, out);
        return;
    }
    /* The referee's copy lives in out only until the view below overwrites what it knew. */
    memcpy(out, g->coup, offsetof(ct_coup_pos, hist) + (size_t)g->coup->ply * sizeof out->hist[0]);
    while (out->ply > ply)
        ct_coup_unmake(out);
    /* What unmake leaves behind of the later moves (their undo records, the pieces taken
     * after ply) goes too: nothing of them may reach a player. */
    memset(&out->hist[ply], 0, (size_t)(g->coup->ply - ply) * sizeof out->hist[0]);
    for (int sd = 0; sd < 2; sd++)
        memset(&out->taken[sd][out->ntaken[sd]], 0, sizeof out->taken[sd] - out->ntaken[sd]);
    ct_coup_view(out, viewer, out);
}

int game_coup_viewer(const game *g)
{
    bool human[2];
    for (int s = 0; s < 2; s++)
        human[s] = g->setup.players[s].kind == SYS_PLAYER_HUMAN;
    if (human[CT_RED] != human[CT_BLACK])
        return human[CT_RED] ? CT_RED : CT_BLACK;
    return CT_COUP_WATCHER;
}

int game_coup_reveals(const game *g, uint8_t *out, int max)
{
    if (!g->coup)
        return 0;
    ct_coup_pos *p = xmalloc(sizeof *p);
    coup_begin(g, p);
    int n = 0;
    for (int node = ct_record_first_child(&g->rec, CT_ROOT); node != CT_NO_NODE && n < max;
         node = ct_record_first_child(&g->rec, node)) {
        ct_move mv = ct_record_move(&g->rec, node);
        int r = ct_coup_is_legal(p, mv) ? ct_coup_make(p, mv, 0) : -1;
        if (r < 0)
            break;
        out[n++] = (uint8_t)r;
    }
    free(p);
    return n;
}

/* The record with the saved game's tags, the deal's tags only for the referee. */
static void coup_tagged_copy(const game *g, bool referee, const char *const *omit, ct_record *out)
{
    tagged_copy(g, out);
    char buf[40];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)g->setup.coup_seed);
    ct_record_set_tag(out, "CoupSeed", referee && !g->setup.coup_dealt ? buf : NULL);
    ct_coup_deal_text(&g->coup_deal, buf, sizeof buf);
    ct_record_set_tag(out, "CoupDeal", referee ? buf : NULL);
    for (; omit && *omit; omit++)
        ct_record_set_tag(out, *omit, NULL);
}

ct_status game_coup_pgn(game *g, bool referee, const char *const *omit, char **out, size_t *len)
{
    ct_record rec;
    coup_tagged_copy(g, referee, omit, &rec);
    uint8_t *rev = xcalloc(CT_MAX_HISTORY, 1);
    game_coup_reveals(g, rev, CT_MAX_HISTORY);
    ct_status st = ct_coup_pgn_write(&rec, rev, out, len);
    free(rev);
    ct_record_free(&rec);
    return st;
}

int game_coup_save(game *g, const char *path, char *err, size_t errsize)
{
    char *text;
    size_t len;
    if (game_coup_pgn(g, game_over(g), NULL, &text, &len) != CT_OK) {
        snprintf(err, errsize, "%s: %s", path, "out of memory");
        return -1;
    }
    int rc = savefile_write_atomic(path, text, len, err, errsize);
    free(text);
    return rc;
}

bool game_coup_open(game *g, const char *buf, size_t len, bool review, const game_setup *setup,
                    uint64_t redeal_seed, int64_t now, char *err, size_t errlen)
{
    ct_record rec;
    uint8_t *rev = xcalloc(CT_MAX_HISTORY, 1);
    game_setup s;
    bool dealt;
    ct_coup_line_error le;
    memset(&le, 0, sizeof le);
    if (setup)
        s = *setup;
    else
        game_setup_default(&s);
    ct_status st = ct_coup_pgn_read(buf, len, redeal_seed, &rec, rev, &s.coup_deal, &dealt, &le);
    free(rev);
    if (st != CT_OK) {
        snprintf(err, errlen, "%s", le.message[0] ? le.message : "not a cờ úp record");
        ct_record_free(&rec);
        return false;
    }
    s.variant = GAME_VARIANT_COUP;
    s.coup_dealt = true;
    const char *v = ct_record_tag(&rec, CT_COUP_FEN_TAG); /* the reader checked it */
    snprintf(s.fen, sizeof s.fen, "%s", v ? v : "");
    v = ct_record_tag(&rec, "CoupSeed");
    s.coup_seed = v ? strtoull(v, NULL, 10) : redeal_seed;
    ct_rules rules;
    if ((v = ct_record_tag(&rec, "Rules")) && ct_rules_from_name(v, &rules) == CT_OK)
        s.rules = rules;
    g->review = review;
    game_load(g, &rec, ct_record_main_end(&rec), &s, now);
    return true;
}

/* The resume file keeps a cờ úp game as its moves with their public reveals in a tag
 * (CoupLine "h2e2=C h9g7=N ...") and no move tree, so that the standard resume writer
 * carries it; no deal, no seed: nothing a player could not know. */
static void coup_snapshot(const game *g, ct_record *out)
{
    int first = ct_record_first_child(out, CT_ROOT);
    if (first != CT_NO_NODE)
        ct_record_delete(out, first);
    ct_record_set_tag(out, "CoupSeed", NULL);
    ct_record_set_tag(out, "CoupDeal", NULL);
    uint8_t *rev = xcalloc(CT_MAX_HISTORY, 1);
    int n = game_coup_reveals(g, rev, CT_MAX_HISTORY);
    char *line = xmalloc((size_t)n * CT_COUP_MOVE_TEXT + 1);
    size_t k = 0;
    int node = CT_ROOT;
    line[0] = '\0';
    for (int i = 0; i < n; i++) {
        node = ct_record_first_child(&g->rec, node);
        char t[CT_COUP_MOVE_TEXT];
        ct_coup_move_text(ct_record_move(&g->rec, node), rev[i], t);
        k += (size_t)snprintf(line + k, CT_COUP_MOVE_TEXT + 1, "%s%s", i ? " " : "", t);
    }
    ct_record_set_tag(out, "CoupLine", line);
    free(line);
    free(rev);
}

/* Back from such a snapshot: the moves into rec's tree, the deal as far as the reveals show
 * it, the pieces nobody has seen dealt again from seed (coup_pgn.h: no player can tell). */
static bool coup_restore(ct_record *rec, game_setup *s, uint64_t seed, char *err, size_t errlen)
{
    const char *line = ct_record_tag(rec, "CoupLine");
    ct_move *moves = xmalloc(CT_MAX_HISTORY * sizeof *moves);
    uint8_t *rev = xcalloc(CT_MAX_HISTORY, 1);
    int n = 0;
    bool ok = true;
    char *copy = line ? xstrdup(line) : NULL, *save = NULL;
    for (char *t = copy ? strtok_r(copy, " ", &save) : NULL; t && ok; t = strtok_r(NULL, " ", &save)) {
        int r;
        if (n >= CT_MAX_HISTORY - 1 || ct_coup_move_read(t, &moves[n], &r) != CT_OK) {
            snprintf(err, errlen, "cannot read the move '%.20s' of the cờ úp game", t);
            ok = false;
            break;
        }
        rev[n++] = (uint8_t)r;
    }
    free(copy);
    ct_coup_line_error le;
    const char *fen = ct_record_tag(rec, CT_COUP_FEN_TAG); /* a FEN start (game_load's tag) */
    ct_coup_pos *start = fen ? xmalloc(sizeof *start) : NULL;
    ct_coup_fen_error fe;
    if (ok && start && ct_coup_fen_read(start, fen, &fe) != CT_OK) {
        snprintf(err, errlen, "the position of the cờ úp game: %s", fe.message);
        ok = false;
    }
    if (ok && ct_coup_line_check_from(start, NULL, moves, rev, n, &s->coup_deal, &le) != CT_OK) {
        snprintf(err, errlen, "%s", le.message);
        ok = false;
    }
    if (ok) {
        if (start)
            ct_coup_fen_deal(start, &s->coup_deal, seed, &s->coup_deal);
        else
            ct_coup_deal_complete(&s->coup_deal, seed);
        snprintf(s->fen, sizeof s->fen, "%s", fen ? fen : "");
        int node = CT_ROOT;
        int first = ct_record_first_child(rec, CT_ROOT);
        if (first != CT_NO_NODE)
            ct_record_delete(rec, first);
        for (int i = 0; i < n; i++)
            ct_record_add_move_unchecked(rec, node, moves[i], &node);
        ct_record_set_tag(rec, "CoupLine", NULL);
        s->variant = GAME_VARIANT_COUP;
        s->coup_dealt = true;
        s->coup_seed = seed;
    }
    free(start);
    free(moves);
    free(rev);
    return ok;
}
