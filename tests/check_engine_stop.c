/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for stopping an external engine mid-think (src/sys/engine_proc.c sys_engine_think,
 * src/game/seat.c): undo, a new game or quitting while a scripted fake engine thinks
 * returns at once and never plays the stale move; "move now" plays the engine's answer to
 * `stop` (UCI) or `?` (xboard); an engine deaf to both is killed after the grace second.
 * The fake engines never answer `go` by themselves. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "game/game.h"
#include "sys/engine_proc.h"
#include "sys/systime.h"
#include "cotuong/movegen.h"

static char dir[64];
static char script[128];

/* A UCI engine (MODE answers: `stop` gets "bestmove h7e7"; deaf: nothing) or an xboard one
 * (xboard: `?` gets "move h7e7"). h7e7 is a legal Black reply to h2e2. */
static const char fake[] =
    "mode=$1\n"
    "while read -r line; do\n"
    "  case $line in\n"
    "    uci) echo 'id name fake'; echo uciok ;;\n"
    "    go*) n=$((n + 1)); [ \"$mode\" = late ] && [ $n -gt 1 ] && echo 'bestmove i9i8' ;;\n"
    "    isready) echo readyok ;;\n"
    "    protover*) echo 'feature myname=\"fake\" variants=\"xiangqi\" done=1' ;;\n"
    "    stop) [ \"$mode\" = answers ] || [ \"$mode\" = late ] && echo 'bestmove h7e7' ;;\n"
    "    '?') [ \"$mode\" = xboard ] && echo 'move h7e7' ;;\n"
    "    quit) exit 0 ;;\n"
    "  esac\n"
    "done\n";

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/check_engine_stop.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(script, sizeof script, "%s/fake.sh", dir);
    FILE *f = fopen(script, "w");
    ck_assert_ptr_nonnull(f);
    fputs(fake, f);
    fclose(f);
}

static void teardown(void)
{
    unlink(script);
    rmdir(dir);
}

/* A game: Red human, Black the fake engine in mode; Red has played h2e2 and Black thinks. */
static void start(game *g, const char *proto, const char *mode)
{
    game_setup s;
    game_setup_default(&s);
    char spec[256], err[300];
    snprintf(spec, sizeof spec, "%s:sh %s %s", proto, script, mode);
    ck_assert_msg(sys_player_spec_parse(spec, &s.players[CT_BLACK], err, sizeof err), "%s", err);
    game_init(g);
    ck_assert_int_eq(game_new(g, &s, sys_now_ms()), CT_OK);
    ck_assert_msg(game_open_seats(g, NULL, err, sizeof err), "%s", err);
    ck_assert_int_eq(game_play(g, ct_move_parse_coord("h2e2"), sys_now_ms(), NULL), GAME_OK);
    game_tick(g, sys_now_ms());
    ck_assert_ptr_nonnull(game_thinking(g));
    struct timespec ts = {0, 200000000}; /* the engine is at its `go` */
    nanosleep(&ts, NULL);
}

/* Ticks for ms and returns the number of plies then (a stale move would show here). */
static int settle(game *g, int ms)
{
    int64_t until = sys_now_ms() + ms;
    while (sys_now_ms() < until) {
        game_tick(g, sys_now_ms());
        struct timespec ts = {0, 20000000};
        nanosleep(&ts, NULL);
    }
    return game_plies(g);
}

START_TEST(test_undo_while_engine_thinks)
{
    game g;
    start(&g, "uci", "answers");
    int64_t t0 = sys_now_ms();
    ck_assert_int_eq(game_undo(&g, sys_now_ms()), GAME_OK);
    int64_t took = sys_now_ms() - t0;
    /* Without a stop, undo waited for the engine's time limit (2.3 s per move at level 10,
     * three times over plus a second: 7.9 s). */
    ck_assert_msg(took < 1500, "undo took %lld ms", (long long)took);
    ck_assert_int_eq(game_plies(&g), 0);
    ck_assert_int_eq(settle(&g, 300), 0); /* the answer to stop was not played */
    ck_assert(game_human_turn(&g));
    /* The engine is still there: the same move again, and it thinks again. */
    ck_assert_int_eq(game_play(&g, ct_move_parse_coord("h2e2"), sys_now_ms(), NULL), GAME_OK);
    game_tick(&g, sys_now_ms());
    ck_assert_ptr_nonnull(game_thinking(&g));
    t0 = sys_now_ms();
    game_free(&g); /* quitting while it thinks */
    took = sys_now_ms() - t0;
    ck_assert_msg(took < 1500, "quitting took %lld ms", (long long)took);
}
END_TEST

START_TEST(test_move_now_uci_and_xboard)
{
    static const char *const protos[][2] = {{"uci", "answers"}, {"xboard", "xboard"}};
    game g;
    start(&g, protos[_i][0], protos[_i][1]);
    int64_t t0 = sys_now_ms();
    game_move_now(&g);
    int plies = 1;
    while (plies == 1 && sys_now_ms() - t0 < 1500)
        plies = settle(&g, 20);
    ck_assert_msg(plies == 2, "%s: no move %lld ms after 'move now'", protos[_i][0],
                  (long long)(sys_now_ms() - t0));
    char mv[6];
    ct_move_coord(g.pos->hist[1].move, mv);
    ck_assert_str_eq(mv, "h7e7");
    game_free(&g);
}
END_TEST

START_TEST(test_deaf_engine_is_killed)
{
    game g;
    start(&g, "uci", "deaf");
    int64_t t0 = sys_now_ms();
    game_new(&g, &g.setup, sys_now_ms()); /* a new game while it thinks */
    int64_t took = sys_now_ms() - t0;
    ck_assert_msg(took >= 900 && took < 3000, "new game took %lld ms (1 s of grace)",
                  (long long)took);
    ck_assert_int_eq(game_plies(&g), 0);
    ck_assert_int_eq(settle(&g, 200), 0);
    game_free(&g);
}
END_TEST

/* An engine out of time has lost that move; its late answer (here: to the stop sent then)
 * must not be taken as its answer to the next question (a match's next game). */
START_TEST(test_late_answer_is_not_the_next_one)
{
    char cmd[200], err[300], detail[160];
    snprintf(cmd, sizeof cmd, "sh %s late", script);
    sys_engine *e = sys_engine_start(SYS_PROTO_UCI, cmd, err, sizeof err);
    ck_assert_msg(e != NULL, "%s", err);
    ct_pos pos;
    ct_pos_start(&pos);
    ct_pos_make(&pos, ct_move_parse_coord("h2e2"));
    ct_limits lim;
    ct_limits_init(&lim);
    lim.movetime_ms = 100;
    ct_move mv;
    ck_assert_int_eq(sys_engine_go(e, &pos, &lim, 300, &mv, NULL, detail, sizeof detail),
                     SYS_ENGINE_TIMEOUT);
    ck_assert_str_eq(detail, "no move within 300 ms");
    ck_assert_int_eq(sys_engine_go(e, &pos, &lim, 3000, &mv, NULL, detail, sizeof detail),
                     SYS_ENGINE_MOVE);
    char text[6];
    ct_move_coord(mv, text);
    ck_assert_str_eq(text, "i9i8"); /* not the late h7e7 */
    sys_engine_free(e);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("engine_stop");
    TCase *tc = tcase_create("engine_stop");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_undo_while_engine_thinks);
    tcase_add_loop_test(tc, test_move_now_uci_and_xboard, 0, 2);
    tcase_add_test(tc, test_deaf_engine_is_killed);
    tcase_add_test(tc, test_late_answer_is_not_the_next_one);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
