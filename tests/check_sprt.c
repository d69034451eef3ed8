/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — the SPRT of `cotuong match --sprt` when every game went one way (common
 * between unequal cờ úp levels): the spread is taken as if one draw had been played, so a
 * run of wins decides H1 and a run of losses H0 instead of leaving the LLR at 0. Values
 * computed independently from the formula (a short Python script). */
#include <check.h>
#include <stdlib.h>

#include "cli/sprt.h"

START_TEST(test_one_way)
{
    sprt_test t;
    ck_assert(sprt_parse("0,150", &t));
    ck_assert_double_eq_tol(sprt_llr(&t, 16, 0, 0), 93.6472963, 1e-5);
    ck_assert_double_eq_tol(sprt_llr(&t, 2, 0, 0), 2.9163518, 1e-6);
    ck_assert_double_eq_tol(sprt_llr(&t, 0, 0, 5), -17.6220333, 1e-6);
    ck_assert(sprt_llr(&t, 16, 0, 0) >= sprt_upper(&t));
    ck_assert(sprt_llr(&t, 0, 0, 5) <= sprt_lower(&t));
    ck_assert(sprt_parse("0,10", &t));
    ck_assert_double_eq_tol(sprt_llr(&t, 3, 0, 0), 0.4537662, 1e-6);
    /* draws only, and a single game, still say nothing */
    ck_assert(sprt_llr(&t, 0, 9, 0) == 0.0 && sprt_llr(&t, 1, 0, 0) == 0.0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sprt");
    TCase *tc = tcase_create("llr");
    tcase_add_test(tc, test_one_way);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
