/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the review's win chance (ui_review_win_permille): even at 0, Red's share and
 * Black's add up to the whole, it grows with the score (a pawn is a small edge, not a win),
 * and a mate is all or nothing. */
#include <check.h>
#include <stdlib.h>

#include "cotuong/search.h"
#include "ui/review_view.h"

START_TEST(test_even_and_symmetric)
{
    ck_assert_int_eq(ui_review_win_permille(0), 500);
    for (int cp = 1; cp <= 3000; cp += 37)
        ck_assert_int_eq(ui_review_win_permille(cp) + ui_review_win_permille(-cp), 1000);
}
END_TEST

START_TEST(test_monotonic)
{
    int last = ui_review_win_permille(-5000);
    for (int cp = -5000; cp <= 5000; cp += 10) {
        int p = ui_review_win_permille(cp);
        ck_assert_int_ge(p, last);
        last = p;
    }
    ck_assert_int_lt(ui_review_win_permille(100), 700);
    ck_assert_int_gt(ui_review_win_permille(100), 500);
}
END_TEST

START_TEST(test_mates)
{
    ck_assert_int_eq(ui_review_win_permille(CT_SCORE_MATE - 3), 1000);
    ck_assert_int_eq(ui_review_win_permille(-(CT_SCORE_MATE - 8)), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("evalbar");
    TCase *tc = tcase_create("evalbar");
    tcase_add_test(tc, test_even_and_symmetric);
    tcase_add_test(tc, test_monotonic);
    tcase_add_test(tc, test_mates);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
