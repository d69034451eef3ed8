/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — the pure clock: time-control syntax, charging moves, increments,
 * per-move limits, loss on time, pause and undo. Times are made up (the caller's
 * monotonic milliseconds), so every figure below follows from the arithmetic alone. */
#include <check.h>
#include <string.h>

#include "cotuong/clock.h"
#include "testlib.h"

static ct_clock clk;

static const struct {
    const char *text;
    int64_t base, inc, per_move;
    const char *canonical;
} good[] = {
    {"15+10", 15 * 60000, 10000, 0, "15+10"},
    {"15", 15 * 60000, 0, 0, "15"},
    {"0.5+2", 30000, 2000, 0, "0.5+2"},
    {"15+10/60", 15 * 60000, 10000, 60000, "15+10/60"},
    {"/30", 0, 0, 30000, "/30"},
    {"3+0", 3 * 60000, 0, 0, "3"},
    {"1+1.5", 60000, 1500, 0, "1+1.5"},
    {"none", 0, 0, 0, "none"},
    {"-", 0, 0, 0, "none"},
    {"0", 0, 0, 0, "none"},
};

static const char *const bad[] = {
    "", "+10", "15+", "abc", "15+10/", "15 + 10", "15+10x", "-5", "/0", "1234567", "15++1",
};

START_TEST(test_parse_good)
{
    ct_time_control tc = {1, 1, 1};
    ck_assert_int_eq(ct_tc_parse(good[_i].text, &tc), CT_OK);
    ck_assert(tc.base_ms == good[_i].base);
    ck_assert(tc.increment_ms == good[_i].inc);
    ck_assert(tc.per_move_ms == good[_i].per_move);
    char buf[32];
    int n = ct_tc_format(&tc, buf, sizeof buf);
    ck_assert_str_eq(buf, good[_i].canonical);
    ck_assert_int_eq(n, (int)strlen(buf));
}
END_TEST

START_TEST(test_parse_bad)
{
    ct_time_control tc = {7, 8, 9};
    ck_assert_int_eq(ct_tc_parse(bad[_i], &tc), CT_ERR_SYNTAX);
    ck_assert(tc.base_ms == 7 && tc.increment_ms == 8 && tc.per_move_ms == 9);
}
END_TEST

/* 15+10: Red thinks 20 s, Black 5 s, Red 70 s. */
START_TEST(test_increment)
{
    ct_time_control tc;
    ck_assert_int_eq(ct_tc_parse("15+10", &tc), CT_OK);
    ct_clock_init(&clk, &tc, CT_RED);
    ck_assert(ct_clock_remaining(&clk, CT_RED, 0) == 900000);
    ct_clock_start(&clk, 1000);
    ck_assert(ct_clock_remaining(&clk, CT_RED, 21000) == 880000);
    ck_assert(ct_clock_remaining(&clk, CT_BLACK, 21000) == 900000);
    ck_assert_int_eq(ct_clock_press(&clk, 21000), CT_OK); /* 900 - 20 + 10 */
    ck_assert(ct_clock_remaining(&clk, CT_RED, 21000) == 890000);
    ck_assert_int_eq(clk.side, CT_BLACK);
    ck_assert_int_eq(ct_clock_press(&clk, 26000), CT_OK); /* 900 - 5 + 10 */
    ck_assert(ct_clock_remaining(&clk, CT_BLACK, 26000) == 905000);
    ck_assert(ct_clock_remaining(&clk, CT_RED, 96000) == 820000);
    ck_assert_int_eq(ct_clock_press(&clk, 96000), CT_OK);
    ck_assert(ct_clock_remaining(&clk, CT_RED, 96000) == 830000);
    ck_assert_int_eq(ct_clock_check_flag(&clk, 96000), -1);
    ck_assert(ct_clock_ms_to_flag(&clk, 96000) == 905000);
}
END_TEST

/* Undo gives both sides back the times they had before the move taken back. */
START_TEST(test_undo)
{
    ct_time_control tc;
    ck_assert_int_eq(ct_tc_parse("5+3", &tc), CT_OK);
    ct_clock_init(&clk, &tc, CT_RED);
    ct_clock_start(&clk, 0);
    ck_assert_int_eq(ct_clock_press(&clk, 10000), CT_OK); /* Red 300-10+3 = 293 */
    ck_assert_int_eq(ct_clock_press(&clk, 40000), CT_OK); /* Black 300-30+3 = 273 */
    ck_assert(ct_clock_remaining(&clk, CT_RED, 40000) == 293000);
    ck_assert(ct_clock_remaining(&clk, CT_BLACK, 40000) == 273000);
    /* Red thinks 7 s, then Black's move is taken back: Black to move with 300 s, Red 293. */
    ck_assert_int_eq(ct_clock_undo(&clk, 47000), CT_OK);
    ck_assert_int_eq(clk.side, CT_BLACK);
    ck_assert(ct_clock_remaining(&clk, CT_BLACK, 47000) == 300000);
    ck_assert(ct_clock_remaining(&clk, CT_RED, 47000) == 293000);
    ck_assert(ct_clock_remaining(&clk, CT_BLACK, 50000) == 297000);
    ck_assert_int_eq(ct_clock_undo(&clk, 50000), CT_OK);
    ck_assert_int_eq(clk.side, CT_RED);
    ck_assert(ct_clock_remaining(&clk, CT_RED, 50000) == 300000);
    ck_assert(ct_clock_remaining(&clk, CT_BLACK, 50000) == 300000);
    ck_assert_int_eq(ct_clock_undo(&clk, 50000), CT_ERR_INVALID);
}
END_TEST

/* Loss on time: main time at zero, and the per-move limit. */
START_TEST(test_flag)
{
    ct_time_control tc;
    ck_assert_int_eq(ct_tc_parse("1", &tc), CT_OK);
    ct_clock_init(&clk, &tc, CT_RED);
    ct_clock_start(&clk, 0);
    ck_assert_int_eq(ct_clock_check_flag(&clk, 59999), -1);
    ck_assert(ct_clock_ms_to_flag(&clk, 59999) == 1);
    ck_assert_int_eq(ct_clock_check_flag(&clk, 60000), CT_RED);
    ck_assert_int_eq(clk.flagged, CT_RED);
    ck_assert_int_eq(clk.running, 0);
    ck_assert_int_eq(ct_clock_press(&clk, 60001), CT_ERR_INVALID);
    /* Taking back clears the flag. */
    ck_assert_int_eq(ct_clock_undo(&clk, 70000), CT_ERR_INVALID); /* no press to undo */
}
END_TEST

START_TEST(test_flag_exact)
{
    /* A move pressed after the flag fell is refused even without a check in between. */
    ct_time_control tc;
    ck_assert_int_eq(ct_tc_parse("1", &tc), CT_OK);
    ct_clock_init(&clk, &tc, CT_RED);
    ct_clock_start(&clk, 0);
    ck_assert_int_eq(ct_clock_press(&clk, 30000), CT_OK);  /* Red 30 s left */
    ck_assert_int_eq(ct_clock_press(&clk, 89999), CT_OK);  /* Black used 59.999 s */
    ck_assert(ct_clock_remaining(&clk, CT_BLACK, 89999) == 1);
    ck_assert_int_eq(ct_clock_press(&clk, 120000), CT_ERR_INVALID); /* Red used 30.001 s */
    ck_assert_int_eq(clk.flagged, CT_RED);
    /* Taking back Black's move clears the flag: Black to move again with its 60 s. */
    ck_assert_int_eq(ct_clock_undo(&clk, 130000), CT_OK);
    ck_assert_int_eq(clk.flagged, -1);
    ck_assert_int_eq(clk.side, CT_BLACK);
    ck_assert(ct_clock_remaining(&clk, CT_BLACK, 130000) == 60000);
    ck_assert(ct_clock_remaining(&clk, CT_RED, 130000) == 30000);
}
END_TEST

START_TEST(test_per_move)
{
    ct_time_control tc;
    ck_assert_int_eq(ct_tc_parse("/30", &tc), CT_OK);
    ct_clock_init(&clk, &tc, CT_RED);
    ct_clock_start(&clk, 0);
    ck_assert(ct_clock_move_remaining(&clk, 10000) == 20000);
    ck_assert_int_eq(ct_clock_press(&clk, 30000), CT_OK); /* exactly 30 s is allowed */
    ck_assert(ct_clock_ms_to_flag(&clk, 30000) == 30001);
    ck_assert_int_eq(ct_clock_check_flag(&clk, 60000), -1);
    ck_assert_int_eq(ct_clock_check_flag(&clk, 60001), CT_BLACK);

    /* With a main clock too, whichever runs out first. */
    ck_assert_int_eq(ct_tc_parse("1+0/45", &tc), CT_OK);
    ct_clock_init(&clk, &tc, CT_RED);
    ct_clock_start(&clk, 0);
    ck_assert_int_eq(ct_clock_press(&clk, 40000), CT_OK);  /* Red 20 s left */
    ck_assert_int_eq(ct_clock_press(&clk, 41000), CT_OK);
    ck_assert(ct_clock_ms_to_flag(&clk, 41000) == 20000);
    ck_assert_int_eq(ct_clock_check_flag(&clk, 61000), CT_RED);
}
END_TEST

/* Pausing stops the time; untimed clocks never flag. */
START_TEST(test_pause_untimed)
{
    ct_time_control tc;
    ck_assert_int_eq(ct_tc_parse("2", &tc), CT_OK);
    ct_clock_init(&clk, &tc, CT_BLACK);
    ct_clock_start(&clk, 1000);
    ct_clock_pause(&clk, 11000);
    ck_assert(ct_clock_remaining(&clk, CT_BLACK, 500000) == 110000);
    ck_assert(ct_clock_ms_to_flag(&clk, 500000) == -1);
    ct_clock_start(&clk, 600000);
    ck_assert(ct_clock_remaining(&clk, CT_BLACK, 605000) == 105000);
    ck_assert_int_eq(ct_clock_press(&clk, 605000), CT_OK);
    ck_assert(ct_clock_remaining(&clk, CT_BLACK, 605000) == 105000);

    ck_assert_int_eq(ct_tc_parse("none", &tc), CT_OK);
    ct_clock_init(&clk, &tc, CT_RED);
    ct_clock_start(&clk, 0);
    ck_assert_int_eq(ct_clock_check_flag(&clk, 1000000000), -1);
    ck_assert_int_eq(ct_clock_press(&clk, 1000000000), CT_OK);
    ck_assert(ct_clock_ms_to_flag(&clk, 1000000000) == -1);
    ck_assert(ct_clock_move_remaining(&clk, 0) == 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("clock");
    TCase *tc = tcase_create("clock");
    tcase_add_loop_test(tc, test_parse_good, 0, (int)(sizeof good / sizeof *good));
    tcase_add_loop_test(tc, test_parse_bad, 0, (int)(sizeof bad / sizeof *bad));
    tcase_add_test(tc, test_increment);
    tcase_add_test(tc, test_undo);
    tcase_add_test(tc, test_flag);
    tcase_add_test(tc, test_flag_exact);
    tcase_add_test(tc, test_per_move);
    tcase_add_test(tc, test_pause_untimed);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
