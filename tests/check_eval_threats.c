/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the evaluation's threat feature (CT_F_THREATENED): the side to move's horses,
 * rooks and cannons attacked by a cheaper enemy piece, or attacked and not defended,
 * counted with Red's sign. Each position was set up by hand from the rules of movement
 * (a horse's leg, an elephant's eye and its own half, the palace of the advisor and the
 * king, a pawn's sideways step once over the river, a cannon's screen), not from the
 * engine's own output. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "cotuong/eval.h"
#include "cotuong/position.h"

static int threatened(const char *board, char side)
{
    char fen[128];
    snprintf(fen, sizeof fen, "%s %c - - 0 1", board, side);
    ct_pos pos;
    ct_fen_error err;
    ck_assert_msg(ct_fen_read(&pos, fen, &err) == CT_OK, "bad FEN %s", fen);
    int f[CT_EVAL_NFEATURES];
    ct_eval_features(&pos, f);
    return f[CT_F_THREATENED];
}

START_TEST(test_cheaper_attacker)
{
    /* The black horse on e4 attacks the red rook on d2 over a free leg (e3). */
    ck_assert_int_eq(threatened("5k3/9/9/9/9/4n4/9/3R5/9/4K4", 'w'), 1);
    /* Black to move: its horse is attacked by nothing. */
    ck_assert_int_eq(threatened("5k3/9/9/9/9/4n4/9/3R5/9/4K4", 'b'), 0);
    /* A red pawn on e3 blocks the leg, and it attacks the horse (a cheaper piece). */
    ck_assert_int_eq(threatened("5k3/9/9/9/9/4n4/4P4/3R5/9/4K4", 'w'), 0);
    ck_assert_int_eq(threatened("5k3/9/9/9/9/4n4/4P4/3R5/9/4K4", 'b'), -1);
}
END_TEST

START_TEST(test_equal_attacker_and_defence)
{
    /* Rook against rook on the d file: each attacked by an equal piece, undefended. */
    ck_assert_int_eq(threatened("5k3/9/9/3r5/9/9/9/3R5/9/4K4", 'w'), 1);
    ck_assert_int_eq(threatened("5k3/9/9/3r5/9/9/9/3R5/9/4K4", 'b'), -1);
    /* A red rook on a2 defends d2 along the rank: Red's rook is no longer threatened;
     * Black's still is. */
    ck_assert_int_eq(threatened("5k3/9/9/3r5/9/9/9/R2R5/9/4K4", 'w'), 0);
    ck_assert_int_eq(threatened("5k3/9/9/3r5/9/9/9/R2R5/9/4K4", 'b'), -1);
}
END_TEST

START_TEST(test_pawn_sideways_only_over_the_river)
{
    /* A black pawn on e3 has crossed: it attacks the red cannon beside it on d3. */
    ck_assert_int_eq(threatened("3k5/9/9/9/9/9/3Cp4/9/9/4K4", 'w'), 1);
    /* On e5 it has not: it attacks e4 only. */
    ck_assert_int_eq(threatened("3k5/9/9/9/3Cp4/9/9/9/9/4K4", 'w'), 0);
}
END_TEST

START_TEST(test_elephant_eye_and_river)
{
    /* The black elephant on c9 attacks e7 over an empty eye (d8). */
    ck_assert_int_eq(threatened("2b2k3/9/4R4/9/9/9/9/9/9/3K5", 'w'), 1);
    /* A piece on the eye stops it (the red pawn on d8 is no horse, rook or cannon). */
    ck_assert_int_eq(threatened("2b2k3/3P5/4R4/9/9/9/9/9/9/3K5", 'w'), 0);
    /* From c5 it never crosses the river to e3. */
    ck_assert_int_eq(threatened("5k3/9/9/9/2b6/9/4R4/9/9/3K5", 'w'), 0);
}
END_TEST

START_TEST(test_palace_pieces)
{
    /* The black advisor on d7 attacks e8 inside its palace, not c6 outside it. */
    ck_assert_int_eq(threatened("3k5/4N4/3a5/9/9/9/9/9/9/4K4", 'w'), 1);
    ck_assert_int_eq(threatened("3k5/9/3a5/2N6/9/9/9/9/9/4K4", 'w'), 0);
    /* The black king on d9 attacks a horse beside it on e9 (undefended), not one on c9
     * outside the palace. */
    ck_assert_int_eq(threatened("3kN4/9/9/9/9/9/9/9/9/4K4", 'w'), 1);
    ck_assert_int_eq(threatened("2Nk5/9/9/9/9/9/9/9/9/4K4", 'w'), 0);
}
END_TEST

START_TEST(test_cannon_needs_one_screen)
{
    /* The black cannon on a7 attacks the red horse on a2 over one screen (a red pawn on
     * a3): a dearer attacker, so the horse is threatened because nothing defends it. */
    ck_assert_int_eq(threatened("3k5/9/c8/9/9/9/P8/N8/9/4K4", 'w'), 1);
    /* No screen: the cannon does not attack it. */
    ck_assert_int_eq(threatened("3k5/9/c8/9/9/9/9/N8/9/4K4", 'w'), 0);
    /* Two screens: neither. */
    ck_assert_int_eq(threatened("3k5/9/c8/9/P8/9/P8/N8/9/4K4", 'w'), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("eval_threats");
    TCase *tc = tcase_create("eval_threats");
    tcase_add_test(tc, test_cheaper_attacker);
    tcase_add_test(tc, test_equal_attacker_and_defence);
    tcase_add_test(tc, test_pawn_sideways_only_over_the_river);
    tcase_add_test(tc, test_elephant_eye_and_river);
    tcase_add_test(tc, test_palace_pieces);
    tcase_add_test(tc, test_cannon_needs_one_screen);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
