/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for the game model (src/game/game.c) and the seat runner (src/game/seat.c), with
 * no terminal: play, undo/redo with the clocks restored, per-move clocks, the redo line
 * and variations, comments of any length, results with their reason, one sink call per
 * change, seats of the built-in AI and of a scripted kind (as a remote player would be),
 * stop, pace; and the one player-spec parser (sys/player.c). Clocks run on hand-given
 * times. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game/game.h"
#include "game/seat.h"
#include "sys/player.h"
#include "cotuong/coup_pgn.h"
#include "cotuong/movegen.h"
#include "cotuong/pgn.h"
#include "testlib.h"

static game g;
static int sink_calls[GAME_CHANGE_EDIT + 1];

static void sink(void *user, const game *gm, game_change what)
{
    (void)user;
    (void)gm;
    sink_calls[what]++;
}

static int total_calls(void)
{
    int n = 0;
    for (int i = 0; i <= GAME_CHANGE_EDIT; i++)
        n += sink_calls[i];
    return n;
}

static ct_move mv(const char *coord)
{
    ct_move m = ct_move_parse_coord(coord);
    ck_assert_msg(m != CT_NO_MOVE, "bad coordinate move %s", coord);
    return m;
}

static void play_ok(const char *coord, int64_t now)
{
    game_report rep;
    game_status st = game_play(&g, mv(coord), now, &rep);
    ck_assert_msg(st == GAME_OK && rep.status == st, "%s refused: status %d, why %d", coord, st,
                  rep.why);
}

static void setup(void)
{
    game_init(&g);
    memset(sink_calls, 0, sizeof sink_calls);
    game_set_sink(&g, sink, NULL);
}

static void teardown(void)
{
    game_free(&g);
}

static void new_game(const char *tc, const char *fen)
{
    game_setup s;
    game_setup_default(&s);
    if (tc)
        ck_assert(ct_tc_parse(tc, &s.tc) == CT_OK);
    if (fen)
        snprintf(s.fen, sizeof s.fen, "%s", fen);
    ck_assert(game_new(&g, &s, 0) == CT_OK);
}

/* ---------------------------------------------------------------- play, undo, redo */
START_TEST(test_play_undo_redo_clocks)
{
    new_game("5+0", NULL); /* 300 s each */
    play_ok("h2e2", 1000); /* Red used 1 s */
    play_ok("h9g7", 3000); /* Black used 2 s */
    ck_assert_int_eq(g.clock.remaining[CT_RED], 299000);
    ck_assert_int_eq(g.clock.remaining[CT_BLACK], 298000);
    ck_assert_int_eq(game_plies(&g), 2);
    /* Undo at 10 s: Black's move goes, both times as they were before it. */
    ck_assert_int_eq(game_undo(&g, 10000), GAME_OK);
    ck_assert_int_eq(game_side(&g), CT_BLACK);
    ck_assert_int_eq(g.clock.remaining[CT_BLACK], 300000);
    ck_assert_int_eq(game_time_left(&g, CT_BLACK, 10000), 300000); /* starts afresh */
    ck_assert_int_eq(game_undo(&g, 11000), GAME_OK);
    ck_assert_int_eq(g.clock.remaining[CT_RED], 300000);
    ck_assert_int_eq(game_undo(&g, 11000), GAME_NOTHING);
    /* Redo much later: the times after each move come back, none charged meanwhile. */
    ck_assert(game_can_redo(&g));
    ck_assert_int_eq(game_redo(&g, 50000), GAME_OK);
    ck_assert_int_eq(g.clock.remaining[CT_RED], 299000);
    ck_assert_int_eq(game_redo(&g, 60000), GAME_OK);
    ck_assert_int_eq(g.clock.remaining[CT_RED], 299000);
    ck_assert_int_eq(g.clock.remaining[CT_BLACK], 298000);
    ck_assert_int_eq(game_time_left(&g, CT_RED, 61000), 298000); /* Red's turn runs */
    ck_assert_int_eq(game_redo(&g, 61000), GAME_NOTHING);
    ck_assert_int_eq(ct_record_move(&g.rec, g.node), mv("h9g7"));
}
END_TEST

START_TEST(test_new_move_replaces_redo_line)
{
    new_game(NULL, NULL);
    play_ok("h2e2", 0);
    play_ok("h9g7", 0);
    game_undo(&g, 0);
    play_ok("b9c7", 0); /* a different answer: the old one is gone */
    ck_assert_int_eq(ct_record_count_moves(&g.rec), 2);
    ck_assert(ct_record_on_main_line(&g.rec, g.node));
    ck_assert(!game_can_redo(&g));
    /* Undo then the same move: it follows the redo line, nothing is added. */
    game_undo(&g, 0);
    play_ok("b9c7", 0);
    ck_assert_int_eq(ct_record_count_moves(&g.rec), 2);
}
END_TEST

START_TEST(test_per_move_clock_counts_down)
{
    new_game("/30", NULL);
    /* No main time: the side to move sees its per-move time go down, the other side the
     * whole allowance (the display showed 00:00 for both). */
    ck_assert_int_eq(game_time_left(&g, CT_RED, 0), 30000);
    ck_assert_int_eq(game_time_left(&g, CT_RED, 12000), 18000);
    ck_assert_int_eq(game_time_left(&g, CT_BLACK, 12000), 30000);
    play_ok("h2e2", 12000);
    ck_assert_int_eq(game_time_left(&g, CT_BLACK, 20000), 22000);
    ck_assert_int_eq(game_time_left(&g, CT_RED, 20000), 30000);
    play_ok("h9g7", 20000);
    ck_assert(!game_check_time(&g, 50000));
    ck_assert(game_check_time(&g, 50001)); /* Red took more than 30 s */
    ck_assert(game_over(&g));
    ck_assert_int_eq(g.rec.result, CT_RESULT_BLACK_WINS);
    ck_assert_int_eq(g.rec.termination, CT_END_TIME);
}
END_TEST

START_TEST(test_time_loss_and_refused_move)
{
    new_game("0.05+0", NULL); /* 3 s each */
    play_ok("h2e2", 1000);
    play_ok("h9g7", 2000);
    play_ok("h0g2", 2500);
    /* Black moves after its 3 s ran out: refused, Black loses on time. (Before its first
     * move the game would be aborted instead, under the online rules.) */
    ck_assert_int_eq(game_play(&g, mv("i9h9"), 5000, NULL), GAME_FLAGGED);
    ck_assert(game_over(&g));
    ck_assert_int_eq(g.rec.result, CT_RESULT_RED_WINS);
    ck_assert_int_eq(g.rec.termination, CT_END_TIME);
    ck_assert_int_eq(game_play(&g, mv("i9h9"), 5000, NULL), GAME_OVER);
    /* Undo gives the game back. */
    ck_assert_int_eq(game_undo(&g, 6000), GAME_OK);
    ck_assert(!game_over(&g));
    ck_assert_int_eq(g.rec.result, CT_RESULT_NONE);
}
END_TEST

START_TEST(test_results_with_reason)
{
    new_game(NULL, NULL);
    play_ok("h2e2", 0);
    ck_assert_int_eq(game_resign(&g, CT_BLACK, 0), GAME_OK);
    ck_assert_int_eq(g.rec.result, CT_RESULT_RED_WINS);
    ck_assert_int_eq(g.rec.termination, CT_END_RESIGNATION);
    ck_assert_int_eq(game_resign(&g, CT_RED, 0), GAME_OVER);
    new_game(NULL, NULL);
    ck_assert_int_eq(game_offer_draw(&g, CT_RED), GAME_OK);
    ck_assert_int_eq(game_accept_draw(&g, CT_BLACK, 0), GAME_OK);
    ck_assert_int_eq(g.rec.result, CT_RESULT_DRAW);
    ck_assert_int_eq(g.rec.termination, CT_END_AGREEMENT);
    /* Checkmate by the referee: rook b8 holds rank 8, the red king holds the e-file, the
     * rook a0 checks along rank 9. */
    new_game(NULL, "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    play_ok("a0a9", 0);
    ck_assert(game_over(&g));
    ck_assert_int_eq(g.rec.result, CT_RESULT_RED_WINS);
    ck_assert_int_eq(g.rec.termination, CT_END_CHECKMATE);
}
END_TEST

/* game_play's report: the spec's round-trip game (xiangqi.md §4.5) in Chinese, with its
 * two cannon captures (7.炮二进五 and 7…炮３平８); a mate; refusals with the referee's
 * reason. */
START_TEST(test_play_reports)
{
    static const char *const coord[] = {"c3c4", "h9g7", "g3g4", "b7c7", "c0e2", "b9a7", "b0c2",
                                        "a9b9", "a0b0", "b9b5", "b2a2", "b5h5", "h2h7", "c7h7"};
    static const char *const zh[] = {"兵七进一", "马８进７", "兵三进一", "炮２平３", "相七进五",
                                     "马２进１", "马八进七", "车１平２", "车九平八", "车２进４",
                                     "炮八平九", "车２平８", "炮二进五", "炮３平８"};
    new_game(NULL, NULL);
    g.notation = CT_NOTATION_ZH;
    game_report rep;
    /* Refused: the referee's reason, nothing played, no text. */
    ck_assert_int_eq(game_play(&g, mv("h2h8"), 0, &rep), GAME_ILLEGAL);
    ck_assert_int_eq(rep.status, GAME_ILLEGAL);
    ck_assert_int_eq(rep.why, CT_WHY_BLOCKED);
    ck_assert_str_eq(rep.text, "");
    ck_assert_int_eq(game_play(&g, mv("e0e2"), 0, &rep), GAME_ILLEGAL);
    ck_assert_int_eq(rep.why, CT_WHY_PIECE_RULE);
    ck_assert_int_eq(game_play(&g, mv("h9g7"), 0, &rep), GAME_ILLEGAL);
    ck_assert_int_eq(rep.why, CT_WHY_NOT_YOURS);
    ck_assert_int_eq(game_plies(&g), 0);
    for (int i = 0; i < 14; i++) {
        ck_assert_int_eq(game_play(&g, mv(coord[i]), 0, &rep), GAME_OK);
        ck_assert_int_eq(rep.status, GAME_OK);
        ck_assert_int_eq(rep.mover, i % 2 ? CT_BLACK : CT_RED);
        ck_assert_str_eq(rep.text, zh[i]);
        ck_assert_int_eq(rep.captured, i >= 12 ? CT_CANNON : CT_NO_TYPE);
        ck_assert(!rep.check && !rep.over);
    }
    ck_assert_int_eq(game_plies(&g), 14);
    /* A mate: check, the end and its reason, in WXF. */
    new_game(NULL, "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    g.notation = CT_NOTATION_WXF;
    ck_assert_int_eq(game_play(&g, mv("a0a9"), 0, &rep), GAME_OK);
    ck_assert_str_eq(rep.text, "R9+9");
    ck_assert(rep.check && rep.over);
    ck_assert_int_eq(rep.result, CT_RESULT_RED_WINS);
    ck_assert_int_eq(rep.reason, CT_END_CHECKMATE);
    ck_assert(rep.verdict.flags & CT_ADJ_CHECKMATE);
    ck_assert_int_eq(game_play(&g, mv("d9e9"), 0, &rep), GAME_OVER);
    ck_assert_int_eq(rep.status, GAME_OVER);
}
END_TEST

START_TEST(test_full_moves)
{
    new_game(NULL, NULL);
    uint64_t rng = 12345;
    for (int i = 0; i < 16; i++) {
        if (i == 15) {
            ck_assert_int_eq(game_plies(&g), 15);
            ck_assert_int_eq(game_full_moves(&g), 8);
        }
        ct_move list[CT_MAX_MOVES];
        int n = ct_gen_legal(g.pos, list);
        ck_assert_int_gt(n, 0);
        ck_assert_int_eq(game_play(&g, list[test_rand(&rng) % (uint64_t)n], 0, NULL), GAME_OK);
    }
    ck_assert_int_eq(game_full_moves(&g), 8);
    /* Black to move first: its move alone is move 1. */
    new_game(NULL, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    play_ok("h7e7", 0);
    ck_assert_int_eq(game_full_moves(&g), 1);
    play_ok("h2e2", 0);
    ck_assert_int_eq(game_full_moves(&g), 2);
}
END_TEST

/* ---------------------------------------------------------------- review: the tree */
START_TEST(test_variations_and_comments)
{
    new_game(NULL, NULL);
    play_ok("h2e2", 0);
    play_ok("h9g7", 0);
    play_ok("h0g2", 0);
    g.review = true;
    ck_assert(game_first(&g));
    ck_assert(game_forward(&g));
    play_ok("b9c7", 0); /* a variation: the main line stays */
    ck_assert_int_eq(ct_record_count_moves(&g.rec), 4);
    ck_assert(!ct_record_on_main_line(&g.rec, g.node));
    ck_assert_int_eq(game_variation_depth(&g, g.node), 1);
    ck_assert(game_leave_variation(&g));
    ck_assert_int_eq(ct_record_move(&g.rec, g.node), mv("h9g7"));
    ck_assert(game_next_variation(&g));
    ck_assert_int_eq(ct_record_move(&g.rec, g.node), mv("b9c7"));
    ck_assert(game_prev_variation(&g));
    ck_assert(game_back(&g));
    ck_assert(game_enter_variation(&g, 1));
    ck_assert_int_eq(ct_record_move(&g.rec, g.node), mv("b9c7"));
    /* The position follows the node. */
    char fen[128];
    ct_fen_write(g.pos, fen, sizeof fen);
    ck_assert_str_eq(fen, "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
    /* A comment of 5000 bytes is kept whole. */
    char *long_text = malloc(5001);
    for (int i = 0; i < 5000; i++)
        long_text[i] = (char)('a' + i % 26);
    long_text[5000] = '\0';
    ck_assert(game_set_comment(&g, g.node, long_text) == CT_OK);
    ck_assert_str_eq(ct_record_comment(&g.rec, g.node), long_text);
    free(long_text);
    /* Promote, then delete. */
    game_promote(&g, g.node);
    ck_assert(ct_record_on_main_line(&g.rec, g.node));
    int line[16], cur;
    ck_assert_int_eq(game_line(&g, line, 16, &cur), 2); /* h2e2 b9c7 */
    ck_assert_int_eq(cur, 1);
    ck_assert(game_delete(&g, g.node));
    ck_assert_int_eq(ct_record_move(&g.rec, g.node), mv("h2e2"));
    ck_assert_int_eq(ct_record_count_moves(&g.rec), 3);
}
END_TEST

START_TEST(test_sink_once_per_change)
{
    new_game(NULL, NULL);
    ck_assert_int_eq(sink_calls[GAME_CHANGE_NEW], 1);
    play_ok("h2e2", 0);
    play_ok("h9g7", 0);
    ck_assert_int_eq(sink_calls[GAME_CHANGE_MOVE], 2);
    game_undo(&g, 0);
    game_redo(&g, 0);
    ck_assert_int_eq(sink_calls[GAME_CHANGE_UNDO], 1);
    ck_assert_int_eq(sink_calls[GAME_CHANGE_REDO], 1);
    g.review = true;
    int before = total_calls();
    game_first(&g);
    game_last(&g);
    game_back(&g);
    ck_assert_int_eq(total_calls(), before); /* navigation is not a change */
    game_set_comment(&g, g.node, "note");
    game_set_nag(&g, g.node, 2);
    play_ok("b9c7", 0);
    ck_assert_int_eq(sink_calls[GAME_CHANGE_EDIT], 2);
    ck_assert_int_eq(sink_calls[GAME_CHANGE_MOVE], 3);
    ck_assert(g.modified);
    game_mark_saved(&g, "/tmp/x.pgn");
    ck_assert(!g.modified);
    ck_assert_str_eq(g.path, "/tmp/x.pgn");
    game_resign(&g, CT_RED, 0);
    ck_assert_int_eq(sink_calls[GAME_CHANGE_END], 1);
}
END_TEST

START_TEST(test_load_replays_match)
{
    /* A record loaded at a node: position, side and plies follow it; not "modified". */
    ct_record rec;
    ct_record_init(&rec);
    ct_record_set_start(&rec, "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1", NULL);
    int node = CT_ROOT;
    ck_assert(ct_record_add_move(&rec, node, mv("e9f9"), &node) == CT_OK);
    game_setup s;
    game_setup_default(&s);
    game_load(&g, &rec, node, &s, 0);
    ck_assert_int_eq(g.node, node);
    ck_assert_int_eq(game_side(&g), CT_RED);
    ck_assert_int_eq(game_plies(&g), 1);
    ck_assert(!g.modified);
}
END_TEST

START_TEST(test_fill_tags_uses_player_names)
{
    game_setup s;
    game_setup_default(&s);
    ck_assert(sys_player_spec_parse("ai:3", &s.players[CT_BLACK], NULL, 0));
    ck_assert(ct_tc_parse("10+5", &s.tc) == CT_OK);
    ck_assert(game_new(&g, &s, 0) == CT_OK);
    game_fill_tags(&g, "2026.12.01");
    ck_assert_str_eq(ct_record_tag(&g.rec, "Red"), "human");
    ck_assert_str_eq(ct_record_tag(&g.rec, "Black"), "ai-level-3");
    ck_assert_str_eq(ct_record_tag(&g.rec, "BlackPlayer"), "ai:3");
    ck_assert_str_eq(ct_record_tag(&g.rec, "TimeControl"), "10+5");
    ck_assert_str_eq(ct_record_tag(&g.rec, "Rules"), "online");
    ck_assert_str_eq(ct_record_tag(&g.rec, "Date"), "2026.12.01");
}
END_TEST

/* ---------------------------------------------------------------- players */
START_TEST(test_player_specs)
{
    sys_player_spec p;
    char buf[300], err[200];
    ck_assert(sys_player_spec_parse("human", &p, err, sizeof err));
    ck_assert_int_eq(p.kind, SYS_PLAYER_HUMAN);
    /* Plain "ai" is one level everywhere (the play options, the resume file, match). */
    ck_assert(sys_player_spec_parse("ai", &p, err, sizeof err));
    ck_assert_int_eq(p.kind, SYS_PLAYER_AI);
    ck_assert_int_eq(p.level, 10);
    ck_assert(sys_player_spec_parse("ai:3:7", &p, err, sizeof err));
    ck_assert_int_eq(p.level, 3);
    ck_assert_int_eq((int)p.seed, 7);
    sys_player_spec_format(&p, buf, sizeof buf);
    ck_assert_str_eq(buf, "ai:3:7");
    sys_player_spec_name(&p, buf, sizeof buf);
    ck_assert_str_eq(buf, "ai-level-3");
    ck_assert(sys_player_spec_parse("uci:/usr/games/fairy-stockfish --x", &p, err, sizeof err));
    ck_assert_int_eq(p.kind, SYS_PLAYER_ENGINE);
    sys_player_spec_name(&p, buf, sizeof buf);
    ck_assert_str_eq(buf, "fairy-stockfish");
    sys_player_spec_format(&p, buf, sizeof buf);
    ck_assert_str_eq(buf, "uci:/usr/games/fairy-stockfish --x");
    ck_assert(sys_player_spec_parse("remote:host:7000", &p, err, sizeof err));
    ck_assert_int_eq(p.kind, SYS_PLAYER_REMOTE);
    static const char *const bad[] = {"", "ai:0", "ai:11", "ai:x", "ai:3:", "ai:3:-1", "uci:",
                                      "robot", "ai:5x"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        p.kind = SYS_PLAYER_ENGINE;
        ck_assert_msg(!sys_player_spec_parse(bad[i], &p, err, sizeof err), "'%s' accepted", bad[i]);
        ck_assert_int_eq(p.kind, SYS_PLAYER_ENGINE); /* untouched */
        ck_assert(err[0]);
    }
}
END_TEST

/* ---------------------------------------------------------------- seats */
/* A scripted seat, as a remote player would be: answers the moves of a list, or waits
 * for a stop when the list says "wait". */
typedef struct {
    const char *const *moves;
    int next;
    int moved_calls;
    bool freed;
} script;

static void script_think(void *impl, game_seat *seat, const ct_pos *pos, const ct_limits *lim,
                         game_seat_result *res)
{
    (void)lim;
    script *sc = impl;
    const char *m = sc->moves[sc->next++];
    if (!strcmp(m, "wait")) {
        game_seat_progress p = {.depth = 3, .score = 42};
        while (!game_seat_report(seat, &p))
            ;
        res->status = GAME_SEAT_MOVE;
        ct_move list[CT_MAX_MOVES];
        ct_gen_legal((ct_pos *)pos, list);
        res->move = list[0];
        return;
    }
    if (!strcmp(m, "resign")) {
        res->status = GAME_SEAT_RESIGN;
        return;
    }
    res->status = GAME_SEAT_MOVE;
    res->move = ct_move_parse_coord(m);
}

static void script_moved(void *impl, const ct_pos *before, ct_move m)
{
    (void)before;
    (void)m;
    ((script *)impl)->moved_calls++;
}

static void script_free(void *impl)
{
    ((script *)impl)->freed = true;
}

static const game_seat_ops script_ops = {
    .think = script_think, .moved = script_moved, .free = script_free,
};

static game_tick_event tick_until(int64_t now, int limit_ms)
{
    game_tick_event ev;
    for (int i = 0; i < limit_ms; i++) {
        ev = game_tick(&g, now);
        if (ev.kind != GAME_TICK_NONE)
            return ev;
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    return ev;
}

START_TEST(test_scripted_seat_plays_and_resigns)
{
    static const char *const moves[] = {"h9g7", "resign"};
    script sc = {.moves = moves};
    new_game(NULL, NULL);
    sys_player_spec remote;
    ck_assert(sys_player_spec_parse("remote:peer", &remote, NULL, 0));
    game_set_seat(&g, CT_BLACK, game_seat_new(&script_ops, &sc, "peer"), &remote);
    ck_assert(game_human_turn(&g));
    play_ok("h2e2", 0);
    ck_assert(!game_human_turn(&g));
    game_tick_event ev = tick_until(0, 2000);
    ck_assert_int_eq(ev.kind, GAME_TICK_MOVED);
    ck_assert_int_eq(ev.move, mv("h9g7"));
    ck_assert_int_eq(sc.moved_calls, 2); /* told of both moves */
    play_ok("h0g2", 0);
    ev = tick_until(0, 2000);
    ck_assert_int_eq(ev.kind, GAME_TICK_FORFEIT);
    ck_assert_int_eq(ev.side, CT_BLACK);
    ck_assert_int_eq(g.rec.result, CT_RESULT_RED_WINS);
    game_set_seat(&g, CT_BLACK, NULL, NULL);
    ck_assert(sc.freed);
}
END_TEST

START_TEST(test_seat_stop_and_cancel)
{
    static const char *const moves[] = {"wait", "wait"};
    script sc = {.moves = moves};
    game_seat *s = game_seat_new(&script_ops, &sc, "waiter");
    ct_pos pos;
    ct_pos_start(&pos);
    ct_limits lim;
    ct_limits_init(&lim);
    ck_assert(game_seat_start(s, &pos, &lim));
    ck_assert(!game_seat_start(s, &pos, &lim)); /* busy */
    game_seat_result r;
    ck_assert(!game_seat_wait(s, 50, &r)); /* it waits for a stop */
    game_seat_progress p;
    game_seat_progress_get(s, &p);
    ck_assert_int_eq(p.depth, 3);
    ck_assert_int_eq(p.score, 42);
    game_seat_stop(s);
    ck_assert(game_seat_wait(s, 5000, &r));
    ck_assert_int_eq(r.status, GAME_SEAT_MOVE);
    ck_assert(ct_is_legal(&pos, r.move));
    ck_assert(!game_seat_busy(s));
    /* Cancel throws the result away. */
    ck_assert(game_seat_start(s, &pos, &lim));
    game_seat_cancel(s);
    ck_assert(!game_seat_busy(s));
    ck_assert(!game_seat_poll(s, &r));
    game_seat_free(s);
    ck_assert(sc.freed);
}
END_TEST

START_TEST(test_ai_seat_stops_fast)
{
    sys_player_spec spec = {.kind = SYS_PLAYER_AI, .level = 10};
    char err[200];
    game_seat *s = game_seat_open(&spec, NULL, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    ct_pos pos;
    ct_pos_start(&pos);
    ct_limits lim;
    ct_limits_init(&lim);
    lim.infinite = true;
    ck_assert(game_seat_start(s, &pos, &lim));
    game_seat_result r;
    ck_assert(!game_seat_wait(s, 200, &r));
    game_seat_progress p;
    game_seat_progress_get(s, &p);
    ck_assert_int_gt(p.depth, 0); /* progress reaches the owner while it thinks */
    game_seat_stop(s);
    ck_assert(game_seat_wait(s, 1000, &r)); /* the search answers a stop within ~10 ms */
    ck_assert_int_eq(r.status, GAME_SEAT_MOVE);
    ck_assert(ct_is_legal(&pos, r.move));
    game_seat_free(s);
}
END_TEST

START_TEST(test_ai_against_ai_to_the_end)
{
    /* Rook and king against king (spec §6): level 3 on both sides must finish it (seeded,
     * so that the test plays the same game every time). */
    game_setup s;
    game_setup_default(&s);
    snprintf(s.fen, sizeof s.fen, "%s", "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1");
    ck_assert(sys_player_spec_parse("ai:3:1", &s.players[CT_RED], NULL, 0));
    ck_assert(sys_player_spec_parse("ai:3:2", &s.players[CT_BLACK], NULL, 0));
    ck_assert(game_new(&g, &s, 0) == CT_OK);
    char err[200];
    ck_assert_msg(game_open_seats(&g, NULL, err, sizeof err), "%s", err);
    int moves = 0;
    for (int i = 0; i < 200000 && !game_over(&g); i++) {
        game_tick_event ev = game_tick(&g, 0);
        if (ev.kind == GAME_TICK_MOVED)
            moves++;
        struct timespec ts = {0, 500000};
        nanosleep(&ts, NULL);
    }
    ck_assert(game_over(&g));
    ck_assert_int_gt(moves, 2);
    ck_assert_int_eq(moves, game_plies(&g));
    ck_assert_int_eq(sink_calls[GAME_CHANGE_MOVE], moves);
    ck_assert(g.rec.result != CT_RESULT_NONE);
    ck_assert(g.rec.termination != CT_END_NONE);
}
END_TEST

/* The first move of level 1 (which often takes a second-best move) in new games: the same
 * in every game with a seed given, not always the same when each game draws its own. */
static ct_move level1_first_move(const char *player)
{
    game_setup s;
    game_setup_default(&s);
    ck_assert(sys_player_spec_parse(player, &s.players[CT_RED], NULL, 0));
    ck_assert(game_new(&g, &s, 0) == CT_OK);
    char err[200] = "";
    ck_assert_msg(game_open_seats(&g, NULL, err, sizeof err), "%s", err);
    game_tick_event ev = tick_until(0, 20000);
    ck_assert_int_eq(ev.kind, GAME_TICK_MOVED);
    char spec[64];
    sys_player_spec_format(&g.setup.players[CT_RED], spec, sizeof spec);
    ck_assert_str_eq(spec, player); /* the setup keeps no drawn seed: the next game draws */
    game_close_seats(&g);
    return ev.move;
}

START_TEST(test_ai_draws_a_seed_for_each_game)
{
    ct_move seeded = level1_first_move("ai:1:7");
    for (int k = 0; k < 3; k++)
        ck_assert_int_eq(level1_first_move("ai:1:7"), seeded);
    ct_move first = level1_first_move("ai:1");
    bool varied = false;
    for (int k = 0; k < 24 && !varied; k++)
        varied = level1_first_move("ai:1") != first;
    ck_assert_msg(varied, "level 1 opened with the same move in 25 games without a seed");
}
END_TEST

START_TEST(test_pace_holds_the_move)
{
    static const char *const moves[] = {"h9g7"};
    script sc = {.moves = moves};
    new_game(NULL, NULL);
    g.pace_ms = 500;
    game_set_seat(&g, CT_BLACK, game_seat_new(&script_ops, &sc, "peer"), NULL);
    play_ok("h2e2", 1000);
    game_tick(&g, 1000); /* starts the think */
    for (int i = 0; i < 1000 && !game_seat_ready(game_seat_of(&g, CT_BLACK)); i++) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    ck_assert_int_eq(game_tick(&g, 1200).kind, GAME_TICK_NONE); /* too soon */
    ck_assert_int_eq(game_tick(&g, 1499).kind, GAME_TICK_NONE);
    ck_assert_int_eq(game_tick(&g, 1500).kind, GAME_TICK_MOVED);
    /* Paused: no think starts. */
    game_pause(&g, true, 1500);
    play_ok("h0g2", 1600);
    ck_assert_int_eq(game_tick(&g, 1700).kind, GAME_TICK_NONE);
    ck_assert(game_thinking(&g) == NULL);
    game_set_seat(&g, CT_BLACK, NULL, NULL); /* sc lives on this stack: free the seat now */
    ck_assert(sc.freed);
}
END_TEST

START_TEST(test_limits)
{
    ct_limits lim;
    game_seat_limits(&lim, 3, 0, 0, 0, 0);
    ck_assert_int_eq(lim.movetime_ms, 900);
    game_seat_limits(&lim, 10, 0, 0, 0, 3000); /* "/3": two thirds of the per-move limit */
    ck_assert_int_eq(lim.movetime_ms, 2000);
    game_seat_limits(&lim, 5, 60000, 50000, 2000, 0);
    ck_assert_int_eq(lim.movetime_ms, 0);
    ck_assert_int_eq(lim.wtime, 60000);
    ck_assert_int_eq(lim.btime, 50000);
    ck_assert_int_eq(lim.winc, 2000);
}
END_TEST


/* ---------------------------------------------------------------- cờ úp */
static void new_coup(uint64_t seed, const char *black)
{
    game_setup s;
    game_setup_default(&s);
    s.variant = GAME_VARIANT_COUP;
    s.coup_seed = seed;
    if (black)
        ck_assert(sys_player_spec_parse(black, &s.players[CT_BLACK], NULL, 0));
    ck_assert(game_new(&g, &s, 0) == CT_OK);
    ck_assert(game_is_coup(&g));
}

/* No face-down cell of a view names what the piece is. */
static void assert_blind(const ct_coup_pos *v)
{
    for (int sq = 0; sq < CT_BOARD_SIZE; sq++)
        if (ct_coup_is_down(v, (ct_sq)sq) && v->board[sq])
            ck_assert_msg(CT_COUP_TYPE(v->board[sq]) == 0, "identity on square %d", sq);
}

/* The deal comes from the seed; a reveal is reported with the identity the deal put on the
 * square; undo turns it face down again; redo turns it up again. */
START_TEST(test_coup_play_undo_reveal)
{
    new_coup(42, NULL);
    ct_coup_deal d;
    ct_coup_deal_random(&d, 42);
    int h2 = d.type[CT_RED][9], h7 = d.type[CT_BLACK][9]; /* h2 / h7: the 10th dealt squares */
    game_report rep;
    ck_assert_int_eq(game_play(&g, mv("h2h3"), 0, &rep), GAME_OK);
    ck_assert_int_eq(rep.reveal, h2);
    char want[8];
    snprintf(want, sizeof want, "h2h3=%c", "?KABNRCP"[h2]);
    ck_assert_str_eq(rep.text, want);
    ck_assert_int_eq(game_side(&g), CT_BLACK);
    ck_assert_int_eq(game_plies(&g), 1);
    ck_assert_int_eq(game_play(&g, mv("b2b3"), 0, &rep), GAME_ILLEGAL); /* Red's piece */
    ck_assert_int_eq(rep.why, CT_WHY_NOT_YOURS);
    ck_assert_int_eq(game_play(&g, mv("h7h6"), 0, &rep), GAME_OK);
    ck_assert_int_eq(rep.reveal, h7);
    ct_coup_pos v;
    game_coup_view(&g, CT_RED, &v);
    assert_blind(&v);
    ck_assert_int_eq(CT_COUP_TYPE(v.board[CT_SQ(7, 3)]), h2); /* public once revealed */
    ck_assert(!ct_coup_is_down(&v, CT_SQ(7, 3)));
    uint8_t rev[4];
    ck_assert_int_eq(game_coup_reveals(&g, rev, 4), 2);
    ck_assert_int_eq(rev[1], h7);
    ck_assert_int_eq(game_undo(&g, 0), GAME_OK);
    ck_assert_int_eq(game_undo(&g, 0), GAME_OK);
    game_coup_view(&g, CT_RED, &v);
    ck_assert(ct_coup_is_down(&v, CT_SQ(7, 2)));
    ck_assert_int_eq(game_plies(&g), 0);
    ck_assert_int_eq(game_redo(&g, 0), GAME_OK);
    game_coup_view(&g, CT_BLACK, &v);
    ck_assert_int_eq(CT_COUP_TYPE(v.board[CT_SQ(7, 3)]), h2);
    ck_assert(game_back(&g));
    ck_assert(game_forward(&g));
    ck_assert_int_eq(game_plies(&g), 1);
}
END_TEST

/* The clock runs in cờ úp as in cờ tướng: pressed by a move, restored by undo and redo; a
 * flag falls and ends the game. */
START_TEST(test_coup_clock_and_end)
{
    game_setup s;
    game_setup_default(&s);
    s.variant = GAME_VARIANT_COUP;
    ct_coup_deal_standard(&s.coup_deal); /* every piece on its own square */
    s.coup_dealt = true;
    ck_assert(ct_tc_parse("5+0", &s.tc) == CT_OK);
    ck_assert(game_new(&g, &s, 0) == CT_OK);
    play_ok("h2e2", 1000);
    play_ok("h9g7", 3000);
    ck_assert_int_eq(g.clock.remaining[CT_RED], 299000);
    ck_assert_int_eq(g.clock.remaining[CT_BLACK], 298000);
    ck_assert_int_eq(game_undo(&g, 10000), GAME_OK);
    ck_assert_int_eq(g.clock.remaining[CT_BLACK], 300000);
    ck_assert_int_eq(game_redo(&g, 50000), GAME_OK);
    ck_assert_int_eq(g.clock.remaining[CT_BLACK], 298000);
    /* Red lets its 299 s pass: the move is refused and Red loses on time. */
    game_report rep;
    ck_assert_int_eq(game_play(&g, mv("b2d2"), 400000, &rep), GAME_FLAGGED);
    ck_assert(game_over(&g));
    ck_assert_int_eq(g.match.result, CT_RESULT_BLACK_WINS);
    ck_assert_int_eq(g.match.reason, CT_END_TIME);
}
END_TEST

/* The resume snapshot holds the moves and their public reveals and nothing else: no deal, no
 * seed; restored, the game goes on from the same view (the unseen pieces dealt again). */
START_TEST(test_coup_snapshot_restore)
{
    new_coup(7, NULL);
    uint64_t rng = 99;
    for (int i = 0; i < 24 && !game_over(&g); i++) {
        ct_move moves[CT_MAX_MOVES];
        int n = ct_coup_gen_legal(g.coup, moves);
        ck_assert_int_eq(game_play(&g, moves[test_rand(&rng) % (uint64_t)n], 0, NULL), GAME_OK);
    }
    ct_record snap;
    game_snapshot(&g, 0, NULL, &snap);
    ck_assert_ptr_null(ct_record_tag(&snap, "CoupDeal"));
    ck_assert_ptr_null(ct_record_tag(&snap, "CoupSeed"));
    ck_assert_str_eq(ct_record_tag(&snap, "Variant"), "Jieqi");
    ck_assert_ptr_nonnull(ct_record_tag(&snap, "CoupLine"));
    ck_assert_int_eq(ct_record_count_moves(&snap), 0);
    ct_coup_pos before, after;
    game_coup_view(&g, CT_COUP_WATCHER, &before);
    game other;
    game_init(&other);
    char err[200] = "";
    ck_assert_msg(game_restore(&other, &snap, false, 0, err, sizeof err), "%s", err);
    ck_assert(game_is_coup(&other));
    ck_assert_int_eq(game_plies(&other), game_plies(&g));
    game_coup_view(&other, CT_COUP_WATCHER, &after);
    ck_assert(!memcmp(before.board, after.board, sizeof before.board));
    ck_assert(!memcmp(before.pool, after.pool, sizeof before.pool));
    ck_assert(ct_coup_deal_ok(&other.coup_deal));
    /* Its PGN for a player: no deal; after the game for the referee: the deal. */
    char *text;
    size_t len;
    ck_assert_int_eq(game_coup_pgn(&other, false, NULL, &text, &len), CT_OK);
    ck_assert_ptr_null(strstr(text, "CoupDeal"));
    ck_assert_ptr_nonnull(strstr(text, "[Variant \"Jieqi\"]"));
    free(text);
    ck_assert_int_eq(game_coup_pgn(&other, true, NULL, &text, &len), CT_OK);
    ck_assert_ptr_nonnull(strstr(text, "CoupDeal"));
    ck_assert_ptr_null(strstr(text, "CoupSeed")); /* dealt again: no seed says this deal */
    free(text);
    game_free(&other);
}
END_TEST

/* No peeking, end to end: two deals look the same to Red at the start, so the AI seat
 * playing Red makes the same first move whatever the deal. */
START_TEST(test_coup_ai_same_move_any_deal)
{
    ct_move first[3];
    for (int k = 0; k < 3; k++) {
        game_setup s;
        game_setup_default(&s);
        s.variant = GAME_VARIANT_COUP;
        s.coup_seed = 100 + (uint64_t)k * 7919;
        ck_assert(sys_player_spec_parse("ai:3", &s.players[CT_RED], NULL, 0));
        ck_assert(game_new(&g, &s, 0) == CT_OK);
        char err[200] = "";
        ck_assert_msg(game_open_seats(&g, NULL, err, sizeof err), "%s", err);
        game_tick_event ev = tick_until(0, 20000);
        ck_assert_int_eq(ev.kind, GAME_TICK_MOVED);
        first[k] = ev.move;
        game_close_seats(&g);
    }
    ck_assert_int_eq(first[0], first[1]);
    ck_assert_int_eq(first[0], first[2]);
}
END_TEST

/* A finished game written for the referee and read back through the model: the same
 * position for everybody; in review it steps back and forth over its reveals. A record
 * whose reveal contradicts its deal is refused, naming the move, and the game is kept. */
START_TEST(test_coup_open)
{
    new_coup(31, NULL);
    uint64_t rng = 5;
    for (int i = 0; i < 30 && !game_over(&g); i++) {
        ct_move moves[CT_MAX_MOVES];
        int n = ct_coup_gen_legal(g.coup, moves);
        ck_assert_int_eq(game_play(&g, moves[test_rand(&rng) % (uint64_t)n], 0, NULL), GAME_OK);
    }
    game_resign(&g, game_side(&g), 0);
    char *text;
    size_t len;
    ck_assert_int_eq(game_coup_pgn(&g, true, NULL, &text, &len), CT_OK);
    ct_coup_pos a, b;
    game_coup_view(&g, CT_RED, &a);
    game other;
    game_init(&other);
    char err[200] = "";
    ck_assert_msg(game_coup_open(&other, text, len, true, NULL, 1, 0, err, sizeof err), "%s", err);
    game_coup_view(&other, CT_RED, &b);
    ck_assert(!memcmp(a.board, b.board, sizeof a.board));
    ck_assert(!memcmp(&g.coup_deal, &other.coup_deal, sizeof g.coup_deal));
    ck_assert_int_eq(other.rec.result, g.rec.result);
    ck_assert(game_first(&other));
    ck_assert_int_eq(game_plies(&other), 0);
    ck_assert(game_forward(&other));
    ck_assert(game_last(&other));
    ck_assert_int_eq(game_plies(&other), game_plies(&g));
    /* The same record with its first reveal changed to another letter: refused. */
    char *eq = strstr(text, "=");
    ck_assert_ptr_nonnull(eq);
    char *move = eq - 4;
    eq[1] = eq[1] == 'P' ? 'R' : 'P';
    ck_assert(!game_coup_open(&other, text, len, true, NULL, 1, 0, err, sizeof err));
    char want[40];
    snprintf(want, sizeof want, "(%.6s): the deal puts", move);
    ck_assert_msg(strstr(err, want) != NULL, "%s", err);
    ck_assert_int_eq(game_plies(&other), game_plies(&g)); /* kept */
    free(text);
    game_free(&other);
}
END_TEST

/* The record names the players as the game knows them: an AI by its level, a player with a
 * name (the lobby's accounts) by that name -- not "human" for everyone; tags left out on
 * request (the lobby's bookkeeping in a file both sides get). */
START_TEST(test_coup_pgn_names)
{
    new_coup(8, "ai:4");
    snprintf(g.setup.names[CT_RED], sizeof g.setup.names[CT_RED], "%s", "alice");
    ck_assert_int_eq(game_play(&g, mv("h2e2"), 0, NULL), GAME_OK);
    char *text;
    size_t len;
    ck_assert_int_eq(game_coup_pgn(&g, false, NULL, &text, &len), CT_OK);
    ck_assert_msg(strstr(text, "[Red \"alice\"]") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "[Black \"ai-level-4\"]") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "[RedPlayer \"") != NULL, "%s", text);
    free(text);
    static const char *const omit[] = {"RedPlayer", "BlackPlayer", NULL};
    ck_assert_int_eq(game_coup_pgn(&g, false, omit, &text, &len), CT_OK);
    ck_assert_msg(strstr(text, "Player \"") == NULL, "%s", text);
    ck_assert_msg(strstr(text, "[Red \"alice\"]") != NULL, "%s", text);
    free(text);
}
END_TEST

/* Stepping back (a lobby watcher's Left): the view at ply k is exactly what the viewer saw
 * when the game stood at ply k -- a piece revealed or taken face down later is as hidden as
 * it was then -- for each viewer, at every ply of a game with captures of face-down pieces. */
START_TEST(test_coup_view_at)
{
    new_coup(77, NULL);
    game then;
    game_init(&then);
    game_setup s = g.setup;
    ck_assert(game_new(&then, &s, 0) == CT_OK);
    ct_move line[40];
    int n = 0;
    uint64_t rng = 11;
    /* b2b9: the cannon's square takes Black's face-down b9; h7h0 the same for Black. */
    line[n++] = mv("b2b9");
    line[n++] = mv("h7h0");
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(game_play(&g, line[i], 0, NULL), GAME_OK);
    while (n < 40 && !game_over(&g)) {
        ct_move moves[CT_MAX_MOVES];
        int k = ct_coup_gen_legal(g.coup, moves);
        line[n] = moves[test_rand(&rng) % (uint64_t)k];
        ck_assert_int_eq(game_play(&g, line[n++], 0, NULL), GAME_OK);
    }
    ct_coup_pos *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    for (int ply = 0; ply <= n; ply++) {
        for (int viewer = CT_RED; viewer <= CT_COUP_WATCHER; viewer++) {
            game_coup_view_at(&g, viewer, ply, a);
            game_coup_view(&then, viewer, b);
            ck_assert_int_eq(a->ply, ply);
            ck_assert_msg(!memcmp(a->board, b->board, sizeof a->board), "board, ply %d viewer %d", ply, viewer);
            ck_assert_msg(!memcmp(a->pool, b->pool, sizeof a->pool), "pool, ply %d viewer %d", ply, viewer);
            ck_assert_msg(!memcmp(a->taken, b->taken, sizeof a->taken), "taken, ply %d viewer %d", ply, viewer);
            ck_assert_int_eq(a->side, b->side);
            assert_blind(a);
            /* nothing of the later moves is left in the struct either */
            const unsigned char *rest = (const unsigned char *)&a->hist[ply];
            for (size_t i = 0; i < (size_t)(n - ply) * sizeof a->hist[0]; i++)
                ck_assert_msg(rest[i] == 0, "a later move's record, ply %d viewer %d", ply, viewer);
        }
        if (ply < n)
            ck_assert_int_eq(game_play(&then, line[ply], 0, NULL), GAME_OK);
    }
    /* At ply 1 Red knows what it took on b9, Black and a watcher do not. */
    game_coup_view_at(&g, CT_RED, 1, a);
    ck_assert_int_ne(CT_COUP_TYPE(a->taken[CT_BLACK][0]), 0);
    game_coup_view_at(&g, CT_BLACK, 1, a);
    ck_assert_int_eq(CT_COUP_TYPE(a->taken[CT_BLACK][0]), 0);
    ck_assert_int_eq(a->ntaken[CT_RED], 0); /* h7h0 has not happened yet */
    /* Past the end, or negative: now. */
    game_coup_view_at(&g, CT_RED, -1, a);
    game_coup_view(&g, CT_RED, b);
    ck_assert(!memcmp(a->board, b->board, sizeof a->board));
    free(a);
    free(b);
    game_free(&then);
}
END_TEST

/* A game from a cờ úp FEN (play --fen): its start is the FEN's as every player sees it, its
 * face-down pieces dealt from the pool by the seed; it goes through the resume file (written
 * and read as text, as the program does) and through its record and comes back the same; a
 * FEN no cờ úp game can hold is refused. */
START_TEST(test_coup_fen_game)
{
    static const char *fen =
        "x1xxkxxxx/9/1x5x1/x1x1x1x1x/9/4R4/X1X1X1X1X/1X5X1/9/XXXXKXX1X A2B2N2R1C2P5a2b2n2r2c2p5 w - - 0 1";
    game_setup s;
    game_setup_default(&s);
    s.variant = GAME_VARIANT_COUP;
    s.coup_seed = 3;
    snprintf(s.fen, sizeof s.fen, "%s", fen);
    ck_assert(game_new(&g, &s, 0) == CT_OK);
    ct_coup_pos *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    ck_assert_int_eq(ct_coup_fen_read(b, fen, NULL), CT_OK);
    game_coup_view(&g, CT_RED, a);
    ck_assert(!memcmp(a->board, b->board, sizeof a->board));
    ck_assert(!memcmp(a->pool, b->pool, sizeof a->pool));
    ct_coup_deal d;
    ct_coup_fen_deal(b, NULL, 3, &d);
    ck_assert(!memcmp(&d, &g.coup_deal, sizeof d)); /* the seed's deal of the pool */
    uint64_t rng = 5;
    for (int i = 0; i < 16 && !game_over(&g); i++) {
        ct_move moves[CT_MAX_MOVES];
        int n = ct_coup_gen_legal(g.coup, moves);
        ck_assert_int_eq(game_play(&g, moves[test_rand(&rng) % (uint64_t)n], 0, NULL), GAME_OK);
    }
    game_coup_view(&g, CT_COUP_WATCHER, a);
    /* 1. The resume file, as text. */
    ct_record snap;
    game_snapshot(&g, 0, NULL, &snap);
    char *text;
    size_t len;
    ck_assert_int_eq(ct_pgn_write(&snap, CT_NOTATION_ICCS, &text, &len), CT_OK);
    ct_record_free(&snap);
    ck_assert_msg(strstr(text, "[CoupFEN \"") != NULL, "%s", text);
    ct_record *games = NULL;
    int ngames = 0;
    ct_pgn_error pe;
    ck_assert_int_eq(ct_pgn_read(text, len, CT_ENC_UTF8, &games, &ngames, NULL, &pe), CT_OK);
    free(text);
    game other;
    game_init(&other);
    char err[200] = "";
    ck_assert_msg(game_restore(&other, &games[0], false, 0, err, sizeof err), "%s", err);
    free(games);
    ck_assert_int_eq(game_plies(&other), game_plies(&g));
    game_coup_view(&other, CT_COUP_WATCHER, b);
    ck_assert(!memcmp(a->board, b->board, sizeof a->board));
    ck_assert(!memcmp(a->pool, b->pool, sizeof a->pool));
    ck_assert_str_eq(other.setup.fen, fen);
    game_free(&other);
    /* 2. Its record for the referee: [FEN] and the deal, opened again. */
    ck_assert_int_eq(game_coup_pgn(&g, true, NULL, &text, &len), CT_OK);
    ck_assert_msg(strstr(text, "[FEN \"x1xxkxxxx/") != NULL, "%s", text);
    game_init(&other);
    ck_assert_msg(game_coup_open(&other, text, len, true, NULL, 1, 0, err, sizeof err), "%s", err);
    free(text);
    ck_assert(!memcmp(&other.coup_deal, &g.coup_deal, sizeof d));
    game_coup_view(&other, CT_COUP_WATCHER, b);
    ck_assert(!memcmp(a->board, b->board, sizeof a->board));
    game_free(&other);
    /* 3. A face-down piece off its starting squares: refused. */
    game_init(&other);
    snprintf(s.fen, sizeof s.fen, "%s",
             "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/4X4/X1X1X1X1X/1X5X1/9/XXXXKXX1X A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1");
    ck_assert(game_new(&other, &s, 0) == CT_ERR_INVALID);
    game_free(&other);
    free(a);
    free(b);
}
END_TEST

/* The built-in AI seat plays cờ úp off this thread. */
START_TEST(test_coup_ai_seat)
{
    new_coup(3, "ai:1");
    char err[200] = "";
    ck_assert_msg(game_open_seats(&g, NULL, err, sizeof err), "%s", err);
    play_ok("h2e2", 0);
    game_tick_event ev = tick_until(0, 20000);
    ck_assert_int_eq(ev.kind, GAME_TICK_MOVED);
    ck_assert_int_eq(ev.side, CT_BLACK);
    ck_assert_int_eq(game_plies(&g), 2);
    ck_assert(ev.report.status == GAME_OK);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("game");
    TCase *tc = tcase_create("model");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_play_undo_redo_clocks);
    tcase_add_test(tc, test_new_move_replaces_redo_line);
    tcase_add_test(tc, test_per_move_clock_counts_down);
    tcase_add_test(tc, test_time_loss_and_refused_move);
    tcase_add_test(tc, test_results_with_reason);
    tcase_add_test(tc, test_play_reports);
    tcase_add_test(tc, test_full_moves);
    tcase_add_test(tc, test_variations_and_comments);
    tcase_add_test(tc, test_sink_once_per_change);
    tcase_add_test(tc, test_load_replays_match);
    tcase_add_test(tc, test_fill_tags_uses_player_names);
    tcase_add_test(tc, test_player_specs);
    tcase_add_test(tc, test_scripted_seat_plays_and_resigns);
    tcase_add_test(tc, test_seat_stop_and_cancel);
    tcase_add_test(tc, test_ai_seat_stops_fast);
    tcase_add_test(tc, test_ai_against_ai_to_the_end);
    tcase_add_test(tc, test_ai_draws_a_seed_for_each_game);
    tcase_add_test(tc, test_pace_holds_the_move);
    tcase_add_test(tc, test_limits);
    tcase_add_test(tc, test_coup_play_undo_reveal);
    tcase_add_test(tc, test_coup_clock_and_end);
    tcase_add_test(tc, test_coup_snapshot_restore);
    tcase_add_test(tc, test_coup_open);
    tcase_add_test(tc, test_coup_pgn_names);
    tcase_add_test(tc, test_coup_view_at);
    tcase_add_test(tc, test_coup_fen_game);
    tcase_add_test(tc, test_coup_ai_seat);
    tcase_add_test(tc, test_coup_ai_same_move_any_deal);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
