/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the tapered piece-square tables: the game phase counts rooks twice and horses
 * and cannons once, stays within 0..CT_EVAL_PHASE_MAX, and blends the opening table
 * (counting fully at the start) with the endgame table (counting fully with no rook, horse
 * or cannon left) linearly, in the evaluation as in ct_eval_pst. */
#include <check.h>
#include <stdlib.h>

#include "cotuong/eval.h"
#include "cotuong/position.h"

static ct_pos pos;

static void load(const char *fen)
{
    ck_assert_int_eq(ct_fen_read(&pos, fen, NULL), CT_OK);
}

START_TEST(test_phase_counts)
{
    ct_pos_start(&pos);
    ck_assert_int_eq(ct_eval_phase(&pos), CT_EVAL_PHASE_MAX);
    /* The start without Red's a-file rook: 16 - 2. */
    load("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1");
    ck_assert_int_eq(ct_eval_phase(&pos), CT_EVAL_PHASE_MAX - 2);
    /* ... and without Black's b-file horse and h-file cannon: 14 - 1 - 1. */
    load("r1bakabnr/9/1c7/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1");
    ck_assert_int_eq(ct_eval_phase(&pos), CT_EVAL_PHASE_MAX - 4);
    /* Kings, advisors, elephants and pawns count nothing. */
    load("2bakab2/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/2BAKAB2 w - - 0 1");
    ck_assert_int_eq(ct_eval_phase(&pos), 0);
    /* One rook, one horse, one cannon: 2 + 1 + 1. */
    load("3ak4/9/9/9/9/9/9/4C4/9/RN2K4 w - - 0 1");
    ck_assert_int_eq(ct_eval_phase(&pos), 4);
}
END_TEST

START_TEST(test_pst_blend)
{
    int differ = 0;
    /* A square off the board has no entry (the padded layout has squares of file -3). */
    ck_assert_int_eq(ct_eval_pst(CT_ROOK, CT_SQ(-3, 0), 8), 0);
    for (int type = CT_KING; type <= CT_PAWN; type++)
        for (int sq = CT_SQ(0, 0); sq <= CT_SQ(8, 9); sq++) {
            if (!ct_sq_on_board(sq))
                continue;
            int opening = ct_eval_pst(type, sq, CT_EVAL_PHASE_MAX);
            int endgame = ct_eval_pst(type, sq, 0);
            differ += opening != endgame;
            /* Phases out of range are clamped to the nearer end. */
            ck_assert_int_eq(ct_eval_pst(type, sq, CT_EVAL_PHASE_MAX + 7), opening);
            ck_assert_int_eq(ct_eval_pst(type, sq, -3), endgame);
            /* In between, the entry lies between the two tables' and moves one way. */
            int lo = opening < endgame ? opening : endgame;
            int hi = opening < endgame ? endgame : opening;
            int last = endgame;
            for (int phase = 1; phase < CT_EVAL_PHASE_MAX; phase++) {
                int v = ct_eval_pst(type, sq, phase);
                ck_assert_int_ge(v, lo);
                ck_assert_int_le(v, hi);
                ck_assert(opening >= endgame ? v >= last : v <= last);
                last = v;
            }
        }
    /* Two tables, not one table twice. */
    ck_assert_int_gt(differ, 50);
}
END_TEST

START_TEST(test_eval_uses_phase)
{
    /* A lone rook of Red's on a0 (phase 2) against a bare king: the rook's feature is its
     * opening entry times 2 plus its endgame entry times 14, exactly (no rounding inside
     * the evaluation: the divisor carries CT_EVAL_PHASE_MAX). */
    load("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    int f[CT_EVAL_NFEATURES];
    ct_eval_features(&pos, f);
    int a0 = CT_SQ(0, 0);
    ck_assert_int_eq(f[CT_F_PST_ROOK], ct_eval_pst(CT_ROOK, a0, CT_EVAL_PHASE_MAX) * 2 +
                                           ct_eval_pst(CT_ROOK, a0, 0) * (CT_EVAL_PHASE_MAX - 2));
    ck_assert_int_eq(ct_eval_divisor(CT_F_PST_ROOK), 100 * CT_EVAL_PHASE_MAX);
    /* Kings alone (phase 0): the endgame table only. */
    load("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    ct_eval_features(&pos, f);
    ck_assert_int_eq(f[CT_F_PST_KING],
                     (ct_eval_pst(CT_KING, CT_SQ(4, 0), 0) - ct_eval_pst(CT_KING, CT_SQ(3, 0), 0)) *
                         CT_EVAL_PHASE_MAX);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("eval_phase");
    TCase *tc = tcase_create("eval_phase");
    tcase_add_test(tc, test_phase_counts);
    tcase_add_test(tc, test_pst_blend);
    tcase_add_test(tc, test_eval_uses_phase);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
