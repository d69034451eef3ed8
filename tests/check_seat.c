/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for what `match` needs of a seat (src/game/seat.c): a seat over a player the caller
 * keeps (the player outlives the seat), limits fixed per seat over the ones a think is
 * given, a wait that leaves the result to poll, the last result kept for its depth, and the
 * node limits drawn for --nodes-jitter. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "game/seat.h"
#include "cotuong/movegen.h"
#include "cotuong/position.h"

static ct_pos pos;

/* The limits the game model gives a level-10 seat without a clock: 2300 ms, deep. */
static void model_limits(ct_limits *lim)
{
    game_seat_limits(lim, 10, 0, 0, 0, 0);
    ck_assert_int_gt(lim->movetime_ms, 0);
}

START_TEST(test_fixed_depth_wins_over_the_given_limits)
{
    char err[256];
    sys_player *p = sys_player_new("ai:10", NULL, err, sizeof err);
    ck_assert_msg(p != NULL, "%s", err);
    game_seat *s = game_seat_of_player(p, false);
    game_seat_fix_limits(s, 2, 0, 0);
    ct_pos_start(&pos);
    ct_limits lim;
    model_limits(&lim);
    ck_assert(game_seat_start(s, &pos, &lim));
    /* The wait does not collect: the result is still there for poll. */
    ck_assert(game_seat_wait_ready(s, 30000));
    ck_assert(game_seat_ready(s));
    game_seat_result res, last;
    ck_assert(game_seat_poll(s, &res));
    ck_assert_int_eq(res.status, GAME_SEAT_MOVE);
    ck_assert(ct_is_legal(&pos, res.move));
    ck_assert_int_eq(res.depth, 2); /* the fixed depth, not 2.3 s of search */
    ck_assert_int_eq(res.player, SYS_PLAYER_MOVE);
    game_seat_last_result(s, &last);
    ck_assert_int_eq(last.move, res.move);
    ck_assert_int_eq(last.depth, res.depth);
    ck_assert_int_eq(last.time_ms, res.time_ms);
    game_seat_free(s);
    /* Not owned: the player is still open and thinks again. */
    ck_assert_str_eq(sys_player_name(p), "cotuong level 10");
    s = game_seat_of_player(p, false);
    game_seat_fix_limits(s, 1, 0, 0);
    ck_assert(game_seat_start(s, &pos, &lim));
    ck_assert(game_seat_wait(s, 30000, &res));
    ck_assert_int_eq(res.depth, 1);
    game_seat_free(s);
    sys_player_free(p);
}
END_TEST

START_TEST(test_fixed_nodes_leave_no_time_limit)
{
    char err[256];
    sys_player *p = sys_player_new("ai:10", NULL, err, sizeof err);
    ck_assert_msg(p != NULL, "%s", err);
    game_seat *s = game_seat_of_player(p, true); /* owned: freed with the seat */
    game_seat_fix_limits(s, 0, 3000, 0);
    ct_pos_start(&pos);
    ct_limits lim;
    model_limits(&lim);
    ck_assert(game_seat_start(s, &pos, &lim));
    game_seat_result res;
    ck_assert(game_seat_wait(s, 30000, &res));
    ck_assert_int_eq(res.status, GAME_SEAT_MOVE);
    /* 3000 nodes end the think, not the 2.3 s the model asked for. */
    game_seat_progress prog;
    game_seat_progress_get(s, &prog);
    ck_assert_uint_gt(prog.nodes, 0);
    ck_assert_uint_le(prog.nodes, 3000 + 3000 / 2);
    game_seat_free(s);
}
END_TEST

/* The node limits of --nodes-jitter: within the spread, spread out, and the same for the
 * same seed. */
START_TEST(test_varied_nodes)
{
    uint64_t a = 42, b = 42, c = 43, lo = UINT64_MAX, hi = 0;
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t x = game_seat_varied_nodes(10000, 20, &a);
        ck_assert_uint_eq(x, game_seat_varied_nodes(10000, 20, &b));
        differ += x != game_seat_varied_nodes(10000, 20, &c);
        ck_assert_uint_ge(x, 8000);
        ck_assert_uint_le(x, 12000);
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
    }
    ck_assert_uint_lt(lo, 8100); /* 1000 draws reach both ends of the spread */
    ck_assert_uint_gt(hi, 11900);
    ck_assert_int_gt(differ, 990);
    ck_assert_uint_eq(game_seat_varied_nodes(10000, 0, &a), 10000);
    ck_assert_uint_eq(game_seat_varied_nodes(1, 50, &a), 1); /* never 0: 0 means no limit */
}
END_TEST

int main(void)
{
    Suite *su = suite_create("seat");
    TCase *tc = tcase_create("seat");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_fixed_depth_wins_over_the_given_limits);
    tcase_add_test(tc, test_fixed_nodes_leave_no_time_limit);
    tcase_add_test(tc, test_varied_nodes);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
