/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the evaluation's features of shape and material combination: a double threat,
 * pieces massed on a flank, the central cannon on a horse in the palace heart, no rook
 * against a rook, a cannon on the king's rank behind two screens, a rook's pin, a horse's
 * moves onto squares an enemy pawn guards, the combinations of horses, cannons and rooks,
 * and the checks each side has. Each position was set up by hand from the rules of movement and the features'
 * definitions (eval.h), with Red's sign; each is checked from both sides where the
 * feature has a sign to get wrong, and both evaluation paths must agree on it. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "cotuong/eval.h"
#include "cotuong/position.h"

static ct_pos pos;

static void setup(const char *board, char side)
{
    char fen[128];
    snprintf(fen, sizeof fen, "%s %c - - 0 1", board, side);
    ct_fen_error err;
    ck_assert_msg(ct_fen_read(&pos, fen, &err) == CT_OK, "bad FEN %s", fen);
    /* The search's evaluation must be the features' weighted sum here too. */
    ck_assert_int_eq(ct_eval(&pos), ct_eval_weighted(&pos, ct_eval_default_weights()));
}

static int feature(const char *board, char side, int which)
{
    setup(board, side);
    int f[CT_EVAL_NFEATURES];
    ct_eval_features(&pos, f);
    return f[which];
}

START_TEST(test_double_threat)
{
    /* A black pawn over the river on e3 attacks the red cannon on d3 and the red horse on
     * f3 beside it: two threatened, Red to move. */
    ck_assert_int_eq(feature("3k5/9/9/9/9/9/3CpN3/9/9/4K4", 'w', CT_F_DOUBLE_THREAT), 1);
    /* One of them only. */
    ck_assert_int_eq(feature("3k5/9/9/9/9/9/3Cp4/9/9/4K4", 'w', CT_F_DOUBLE_THREAT), 0);
    /* Only the side to move's pieces count: Black to move has none threatened. */
    ck_assert_int_eq(feature("3k5/9/9/9/9/9/3CpN3/9/9/4K4", 'b', CT_F_DOUBLE_THREAT), 0);
    /* The same for Black: a red pawn on e6 forks the black cannon d6 and horse f6. */
    ck_assert_int_eq(feature("4k4/9/9/3cPn3/9/9/9/9/9/3K5", 'b', CT_F_DOUBLE_THREAT), -1);
}
END_TEST

START_TEST(test_flanks)
{
    /* A red rook on a7 and horse on b7: two over the river on the left flank. */
    ck_assert_int_eq(feature("3k5/9/RN7/9/9/9/9/9/9/4K4", 'w', CT_F_FLANK2), 1);
    ck_assert_int_eq(feature("3k5/9/RN7/9/9/9/9/9/9/4K4", 'w', CT_F_FLANK3), 0);
    /* A cannon on c5 makes three. */
    ck_assert_int_eq(feature("3k5/9/RN7/9/2C6/9/9/9/9/4K4", 'w', CT_F_FLANK3), 1);
    /* On the e file it is on neither flank; on c4 it has not crossed the river. */
    ck_assert_int_eq(feature("3k5/9/RN7/9/4C4/9/9/9/9/4K4", 'w', CT_F_FLANK3), 0);
    ck_assert_int_eq(feature("3k5/9/RN7/9/9/2C6/9/9/9/4K4", 'w', CT_F_FLANK3), 0);
    /* Black's rook h2 and horse i2 on its right-hand files: Black's sign. */
    ck_assert_int_eq(feature("3k5/9/9/9/9/9/9/7rn/9/4K4", 'w', CT_F_FLANK2), -1);
}
END_TEST

START_TEST(test_cannon_pins_horse)
{
    /* The red cannon on e2 behind two screens (a black pawn e6, the black horse on its
     * palace centre e8) from the black king on e9. */
    ck_assert_int_eq(feature("4k4/4n4/9/4p4/9/9/9/4C4/9/3K5", 'w', CT_F_CANNON_PIN_HORSE), 1);
    /* An advisor on e8 instead of the horse. */
    ck_assert_int_eq(feature("4k4/4a4/9/4p4/9/9/9/4C4/9/3K5", 'w', CT_F_CANNON_PIN_HORSE), 0);
    /* Three screens (a black elephant on e7 too). */
    ck_assert_int_eq(feature("4k4/4n4/4b4/4p4/9/9/9/4C4/9/3K5", 'w', CT_F_CANNON_PIN_HORSE), 0);
    /* Black's cannon on e7 over two screens at the red horse on e1, the red king on e0. */
    ck_assert_int_eq(feature("3k5/9/4c4/9/9/9/4P4/9/4N4/4K4", 'w', CT_F_CANNON_PIN_HORSE), -1);
}
END_TEST

START_TEST(test_rookless)
{
    /* Red has no rook, Black has one (a1). */
    ck_assert_int_eq(feature("3k5/9/9/9/9/9/9/9/r8/4K4", 'w', CT_F_ROOKLESS), 1);
    ck_assert_int_eq(feature("3k5/9/9/9/9/9/9/9/R8/4K4", 'w', CT_F_ROOKLESS), -1);
    ck_assert_int_eq(feature("3k5/9/9/9/9/9/9/9/r7R/4K4", 'w', CT_F_ROOKLESS), 0);
    ck_assert_int_eq(feature("3k5/9/9/9/9/9/9/9/n8/4K4", 'w', CT_F_ROOKLESS), 0);
}
END_TEST

START_TEST(test_cannon_king_rank)
{
    /* The red cannon on a8, two red horses b8 c8, the black king on d8. */
    ck_assert_int_eq(feature("9/CNNk5/9/9/9/9/9/9/9/4K4", 'w', CT_F_CANNON_KING_RANK2), 1);
    /* Three screens (the king on e8). */
    ck_assert_int_eq(feature("9/CPPP1k3/9/9/9/9/9/9/9/4K4", 'w', CT_F_CANNON_KING_RANK2), 0);
    /* On the king's file it is CT_F_CANNON_KING_FILE2's, not this. */
    ck_assert_int_eq(feature("4k4/4n4/9/4p4/9/9/9/4C4/9/3K5", 'w', CT_F_CANNON_KING_RANK2), 0);
    /* A black cannon on i1 over two red horses at the red king on f1. */
    ck_assert_int_eq(feature("4k4/9/9/9/9/9/9/9/5KNNc/9", 'w', CT_F_CANNON_KING_RANK2), -1);
}
END_TEST

START_TEST(test_rook_pin)
{
    /* The red rook on e3, a black advisor on e8 between it and the black king on e9. */
    ck_assert_int_eq(feature("4k4/4a4/9/9/9/9/4R4/9/9/3K5", 'w', CT_F_ROOK_PIN), 1);
    /* A red piece between is no pin (it would uncover a check). */
    ck_assert_int_eq(feature("4k4/4N4/9/9/9/9/4R4/9/9/3K5", 'w', CT_F_ROOK_PIN), 0);
    /* Two pieces between (a black elephant on e7 too). */
    ck_assert_int_eq(feature("4k4/4a4/4b4/9/9/9/4R4/9/9/3K5", 'w', CT_F_ROOK_PIN), 0);
    /* Along a rank: the black rook on a1, a red horse on d1, the red king on f1. */
    ck_assert_int_eq(feature("4k4/9/9/9/9/9/9/9/r2N1K3/9", 'w', CT_F_ROOK_PIN), -1);
}
END_TEST

START_TEST(test_horse_pawn_guarded)
{
    /* The red horse on e6 can go to c5 (leg d6 free); the black pawn on c6, short of the
     * river, guards c5 (it moves down the board). */
    ck_assert_int_eq(feature("3k5/9/9/2p1N4/9/9/9/9/9/4K4", 'w', CT_F_HORSE_PAWN_GUARDED), 1);
    /* A second on g6 guards g5 too. */
    ck_assert_int_eq(feature("3k5/9/9/2p1N1p2/9/9/9/9/9/4K4", 'w', CT_F_HORSE_PAWN_GUARDED), 2);
    /* Pieces on the legs d6 and f6 take those squares from the horse. */
    ck_assert_int_eq(feature("3k5/9/9/2pPNPp2/9/9/9/9/9/4K4", 'w', CT_F_HORSE_PAWN_GUARDED), 0);
    /* A black pawn on a6 guards a5, which the horse cannot reach. */
    ck_assert_int_eq(feature("3k5/9/9/p3N4/9/9/9/9/9/4K4", 'w', CT_F_HORSE_PAWN_GUARDED), 0);
    /* Black's horse on e5 and Red's pawn on c3 guarding c4 (leg d5 free). */
    ck_assert_int_eq(feature("3k5/9/9/9/4n4/9/2P6/9/9/4K4", 'w', CT_F_HORSE_PAWN_GUARDED), -1);
}
END_TEST

START_TEST(test_material_combinations)
{
    /* Red: a horse and a cannon; Black: a horse. */
    const char *hc = "3k5/9/9/9/9/9/9/9/1NC4n1/4K4";
    ck_assert_int_eq(feature(hc, 'w', CT_F_HORSE_CANNON), 1);
    ck_assert_int_eq(feature(hc, 'w', CT_F_TWO_CANNONS), 0);
    ck_assert_int_eq(feature(hc, 'w', CT_F_CANNONLESS), -1); /* Black has none against one */
    ck_assert_int_eq(feature(hc, 'w', CT_F_MINOR_UP_NO_ROOKS), 1);
    /* A rook on the board (Black's) ends the last. */
    ck_assert_int_eq(feature("3k5/9/9/9/9/9/9/9/1NC4nr/4K4", 'w', CT_F_MINOR_UP_NO_ROOKS), 0);
    /* Black: two cannons and a horse; Red: two horses. */
    const char *cc = "3k5/9/9/9/9/9/9/9/1NN2ccn1/4K4";
    ck_assert_int_eq(feature(cc, 'w', CT_F_HORSE_CANNON), -1);
    ck_assert_int_eq(feature(cc, 'w', CT_F_TWO_CANNONS), -1);
    ck_assert_int_eq(feature(cc, 'w', CT_F_CANNONLESS), 1);
    ck_assert_int_eq(feature(cc, 'w', CT_F_MINOR_UP_NO_ROOKS), -1);
}
END_TEST

START_TEST(test_checks)
{
    /* The red horse on b6 checks the black king on e9 from c8 or from d7 (legs c6 and b7
     * free; from both the leg towards the king, d8, is free). */
    ck_assert_int_eq(feature("4k4/9/9/1N7/9/9/9/9/9/3K5", 'w', CT_F_CHECKS_TO_MOVE), 2);
    /* A black horse on d8 stands on the leg of both checks. */
    ck_assert_int_eq(feature("4k4/3n5/9/1N7/9/9/9/9/9/3K5", 'w', CT_F_CHECKS_TO_MOVE), 0);
    /* The red rook on a5 checks the king on d9 from a9 (its rank) and from d5 (its file). */
    const char *rook = "3k5/9/9/9/R8/9/9/9/9/4K4";
    ck_assert_int_eq(feature(rook, 'w', CT_F_CHECKS_TO_MOVE), 2);
    /* With Black to move they are the checks waiting, still Red's. */
    ck_assert_int_eq(feature(rook, 'b', CT_F_CHECKS_WAITING), 2);
    ck_assert_int_eq(feature(rook, 'b', CT_F_CHECKS_TO_MOVE), 0);
    /* A cannon on a5 needs a screen: with a black advisor on e8 it checks the king on e9
     * from e5. */
    ck_assert_int_eq(feature("4k4/4a4/9/9/C8/9/9/9/9/3K5", 'w', CT_F_CHECKS_TO_MOVE), 1);
    ck_assert_int_eq(feature("4k4/9/9/9/C8/9/9/9/9/3K5", 'w', CT_F_CHECKS_TO_MOVE), 0);
    /* A red pawn on d7 steps to d8, in front of the king on d9. */
    ck_assert_int_eq(feature("3k5/9/3P5/9/9/9/9/9/9/4K4", 'w', CT_F_CHECKS_TO_MOVE), 1);
    /* Black's rook on i4 checks the red king on e0 from i0 and from e4. */
    ck_assert_int_eq(feature("3k5/9/9/9/9/8r/9/9/9/4K4", 'b', CT_F_CHECKS_TO_MOVE), -2);
    /* A cannon onto the king's rank behind the screen there, each way: the black elephant
     * on c9 (or g9) screens the king on e9 and the red cannon on b5 (or h5) goes to b9
     * (or h9). It crosses the king's file at e5, where a cannon cannot check. */
    ck_assert_int_eq(feature("2b1k4/9/9/9/1C7/9/9/9/9/3K5", 'w', CT_F_CHECKS_TO_MOVE), 1);
    ck_assert_int_eq(feature("4k1b2/9/9/9/7C1/9/9/9/9/3K5", 'w', CT_F_CHECKS_TO_MOVE), 1);
    /* And behind the screen on the king's file: the elephant on e7, the cannon on f0 to e0. */
    ck_assert_int_eq(feature("4k4/9/4b4/9/9/9/9/9/9/3K1C3", 'w', CT_F_CHECKS_TO_MOVE), 1);
    /* A rook checking already may close in: from e0 onto any of e1..e8. */
    ck_assert_int_eq(feature("4k4/9/9/9/9/9/9/9/9/4RK3", 'b', CT_F_CHECKS_WAITING), 8);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("eval_shape");
    TCase *tc = tcase_create("eval_shape");
    tcase_add_test(tc, test_double_threat);
    tcase_add_test(tc, test_flanks);
    tcase_add_test(tc, test_cannon_pins_horse);
    tcase_add_test(tc, test_rookless);
    tcase_add_test(tc, test_cannon_king_rank);
    tcase_add_test(tc, test_rook_pin);
    tcase_add_test(tc, test_horse_pawn_guarded);
    tcase_add_test(tc, test_material_combinations);
    tcase_add_test(tc, test_checks);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
