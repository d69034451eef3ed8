/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for the trainer: the exercise set's reader (src/core/exercise.c) on a good, a damaged
 * and a truncated image, the puzzle of the day (pinned against an independent computation
 * of the day number and the hash), the judge through an attempt (src/game/trainer.c) with
 * moves whose verdicts fairy-stockfish gave, and the progress file (src/sys/exercises.c). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game/trainer.h"
#include "sys/exercises.h"
#include "sys/readall.h"
#include "sys/systime.h"
#include "cotuong/movegen.h"

#define SET_PATH TEST_DATA_DIR "/train/exercises.txt"

static char *load_image(size_t *len)
{
    char *b = readall_path(SET_PATH, READALL_MAX_BYTES, len);
    ck_assert_ptr_nonnull(b);
    return b;
}

START_TEST(test_read_set)
{
    ct_exset set;
    char err[4300];
    ck_assert_int_eq(sys_exercises_load(SET_PATH, &set, err, sizeof err), 0);
    ck_assert_int_eq(set.n, 3);
    const ct_exercise *x1 = &set.ex[ct_exset_find(&set, "x1")];
    ck_assert_int_eq(x1->kind, CT_EX_TACTIC);
    ck_assert_int_eq(x1->goal, CT_GOAL_MATE);
    ck_assert_int_eq(x1->moves, 4);
    ck_assert_int_eq(x1->nsolution, 7);
    ck_assert_int_eq(x1->solution[0], ct_move_parse_coord("e4d4"));
    ck_assert_int_eq(set.ex[2].goal, CT_GOAL_WIN);
    ck_assert_int_eq(ct_exset_find(&set, "nope"), -1);
    /* What the writer gives back is what was read. */
    char line[4096];
    ct_exercise_format(x1, line, sizeof line);
    ck_assert(strncmp(line, "x1\ttactic\tmate\t4\t2\t32\t3\t3N1ab2/", 31) == 0);
    ct_exset_free(&set);
}
END_TEST

START_TEST(test_refuse_damage)
{
    size_t len;
    char *b = load_image(&len);
    ct_exset set;
    ck_assert_int_eq(ct_exset_read(b, len, &set), CT_OK);
    ct_exset_free(&set);
    ck_assert_int_eq(ct_exset_read(b, len - 1, &set), CT_ERR_INVALID); /* truncated */
    ck_assert_int_eq(ct_exset_read(b, 10, &set), CT_ERR_INVALID);
    ck_assert_int_eq(ct_exset_read(NULL, 0, &set), CT_ERR_INVALID);
    for (size_t i = 0; i < len; i += 7) { /* any byte changed: refused, never read wrong */
        char *c = malloc(len);
        memcpy(c, b, len);
        c[i] ^= 0x20;
        ck_assert_int_eq(ct_exset_read(c, len, &set), CT_ERR_INVALID);
        free(c);
    }
    free(b);
}
END_TEST

START_TEST(test_of_day)
{
    /* Values from a separate computation (Python's datetime for the day number, the
     * splitmix64 finaliser written out again). */
    ck_assert_int_eq(ct_ex_of_day(1000, 1970, 1, 1), 535);
    ck_assert_int_eq(ct_ex_of_day(1000, 2000, 2, 29), 366);
    ck_assert_int_eq(ct_ex_of_day(1000, 2026, 12, 1), 621);
    ck_assert_int_eq(ct_ex_of_day(1000, 2026, 12, 2), 140);
    ck_assert_int_eq(ct_ex_of_day(3, 2026, 12, 1), 0);
    ck_assert_int_eq(ct_ex_of_day(0, 2026, 12, 1), -1);
    ct_exset set;
    char err[4300];
    ck_assert_int_eq(sys_exercises_load(SET_PATH, &set, err, sizeof err), 0);
    ck_assert_int_eq(sys_train_of_day(&set, 20261201), 0);
    ck_assert_int_eq(sys_train_of_day(&set, 19700101), 1);
    ct_exset_free(&set);
}
END_TEST

START_TEST(test_difficulty)
{
    ck_assert_int_eq(ct_ex_difficulty(CT_GOAL_MATE, 1, 5), 1);
    ck_assert_int_eq(ct_ex_difficulty(CT_GOAL_MATE, 3, 1), 3);
    ck_assert_int_eq(ct_ex_difficulty(CT_GOAL_MATE, 12, 1), 5);
    ck_assert_int_eq(ct_ex_difficulty(CT_GOAL_WIN, 3, 9), 2);
}
END_TEST

/* x1 (mate in 4; fairy-stockfish writes ranks 1-10, so its e5a5 is our e4a4): fairy-stockfish
 * (depth 16, MultiPV) finds e4a4 mating in 2 — not the
 * stored first move e4d4 — and after i3i4 no mate (Black -1004 at depth 14). */
START_TEST(test_alternative_and_refusal)
{
    ct_exset set;
    char err[4300];
    ck_assert_int_eq(sys_exercises_load(SET_PATH, &set, err, sizeof err), 0);
    game_trainer t;
    ck_assert(game_trainer_start(&t, &set.ex[ct_exset_find(&set, "x1")]));
    ct_move reply;
    ck_assert_int_eq(game_trainer_move(&t, ct_move_parse_coord("i3i4"), &reply), TRAINER_REFUSED);
    ck_assert(t.refused);
    ck_assert_int_eq(t.nline, 0); /* taken back */
    ck_assert_int_eq(game_trainer_move(&t, ct_move_parse_coord("e0e1"), &reply), TRAINER_ILLEGAL);
    ck_assert_int_eq(t.why, CT_WHY_NO_PIECE); /* the referee's reason, for the UI */
    ck_assert_int_eq(game_trainer_move(&t, ct_move_parse_coord("e4a4"), &reply), TRAINER_ACCEPTED);
    ck_assert_int_ne(reply, CT_NO_MOVE);
    ck_assert_int_eq(game_trainer_left(&t), 3);
    /* After g1f3 (fairy-stockfish: a4a7 mates at once, e1f2 mates in 2). */
    if (reply == ct_move_parse_coord("g1f3")) {
        ck_assert_int_eq(game_trainer_move(&t, ct_move_parse_coord("e1f2"), &reply), TRAINER_ACCEPTED);
        ck_assert_int_eq(game_trainer_left(&t), 2);
    }
    /* The hints lead to the mate: first the piece, then the move. */
    for (int guard = 0; guard < 6 && t.state == TRAINER_SOLVING; guard++) {
        ct_move h = game_trainer_hint(&t);
        ck_assert_int_eq(t.hint_level, 1);
        ck_assert_int_eq(game_trainer_hint(&t), h);
        ck_assert_int_eq(t.hint_level, 2);
        game_trainer_result r = game_trainer_move(&t, h, &reply);
        ck_assert(r == TRAINER_ACCEPTED || r == TRAINER_DONE);
    }
    ck_assert_int_eq(t.state, TRAINER_SOLVED);
    ck_assert(!ct_has_legal_move(&t.pos));
    ck_assert_int_eq(game_trainer_move(&t, ct_move_parse_coord("a0a1"), &reply), TRAINER_OVER);
    game_trainer_retry(&t);
    ck_assert_int_eq(t.nline, 0);
    ck_assert(!t.refused && !t.hinted);
    game_trainer_free(&t);

    /* x2 (mate in 1): fairy-stockfish: e3d3 (our e2d2) mates, c1b3 (c0b2) only mates in 2. */
    ck_assert(game_trainer_start(&t, &set.ex[ct_exset_find(&set, "x2")]));
    ck_assert_int_eq(game_trainer_move(&t, ct_move_parse_coord("c0b2"), &reply), TRAINER_REFUSED);
    ck_assert_int_eq(game_trainer_move(&t, ct_move_parse_coord("e2d2"), &reply), TRAINER_DONE);
    game_trainer_free(&t);
    ct_exset_free(&set);
}
END_TEST

/* The judge off the caller's thread: a submitted move is PENDING, its verdict comes once
 * through poll, the same as game_trainer_move gives (x2: c0b2 refused, e2d2 mates); a
 * verdict still being reached when the player takes back, retries or leaves is dropped, and
 * the attempt stays as it was (x3 with a budget that would take minutes). */
START_TEST(test_judge_in_background)
{
    ct_exset set;
    char err[4300];
    ck_assert_int_eq(sys_exercises_load(SET_PATH, &set, err, sizeof err), 0);
    game_trainer t;
    game_trainer_result r;
    ct_move mv, reply;
    ck_assert(game_trainer_start(&t, &set.ex[ct_exset_find(&set, "x2")]));
    ck_assert_int_eq(game_trainer_submit(&t, ct_move_parse_coord("c0b2")), TRAINER_PENDING);
    ck_assert(game_trainer_busy(&t));
    ck_assert_int_eq(game_trainer_submit(&t, ct_move_parse_coord("e2d2")), TRAINER_BUSY);
    int64_t t0 = sys_now_ms();
    while (!game_trainer_poll(&t, &r, &mv, &reply) && sys_now_ms() - t0 < 60000)
        usleep(1000);
    ck_assert_int_eq(r, TRAINER_REFUSED);
    ck_assert_int_eq(mv, ct_move_parse_coord("c0b2"));
    ck_assert(!game_trainer_busy(&t));
    ck_assert(!game_trainer_poll(&t, &r, &mv, &reply)); /* once */
    ck_assert_int_eq(t.nline, 0);
    ck_assert_int_eq(game_trainer_submit(&t, ct_move_parse_coord("e0e1")), TRAINER_ILLEGAL);
    ck_assert_int_eq(game_trainer_submit(&t, ct_move_parse_coord("e2d2")), TRAINER_PENDING);
    while (!game_trainer_poll(&t, &r, &mv, &reply) && sys_now_ms() - t0 < 60000)
        usleep(1000);
    ck_assert_int_eq(r, TRAINER_DONE);
    ck_assert_int_eq(t.state, TRAINER_SOLVED);
    game_trainer_free(&t);

    /* Off the stored line (x1's alternative e4a4), a hint is searched for the same way. */
    ck_assert(game_trainer_start(&t, &set.ex[ct_exset_find(&set, "x1")]));
    ck_assert_int_eq(game_trainer_move(&t, ct_move_parse_coord("e4a4"), &reply), TRAINER_ACCEPTED);
    ck_assert_int_eq(game_trainer_hint_submit(&t), TRAINER_PENDING);
    ck_assert_int_eq(game_trainer_submit(&t, ct_move_parse_coord("e1f2")), TRAINER_BUSY);
    while (!game_trainer_poll(&t, &r, &mv, &reply) && sys_now_ms() - t0 < 60000)
        usleep(1000);
    ck_assert_int_eq(r, TRAINER_HINT);
    ck_assert(ct_is_legal(&t.pos, t.hint));
    ck_assert_int_eq(t.hint_level, 1);
    ck_assert_int_eq(game_trainer_hint_submit(&t), TRAINER_HINT); /* the same, known now */
    ck_assert_int_eq(t.hint_level, 2);
    game_trainer_free(&t);

    ck_assert(game_trainer_start(&t, &set.ex[ct_exset_find(&set, "x3")]));
    t.nodes = 4000000000u;
    uint64_t start = t.pos.key;
    /* Taken back (Esc) while the judge thinks. */
    ck_assert_int_eq(game_trainer_submit(&t, ct_move_parse_coord("f8f0")), TRAINER_PENDING);
    usleep(50000);
    ck_assert(game_trainer_busy(&t));
    t0 = sys_now_ms();
    game_trainer_cancel(&t);
    ck_assert(!game_trainer_busy(&t));
    ck_assert(!game_trainer_poll(&t, &r, &mv, &reply));
    ck_assert(t.pos.key == start && t.nline == 0 && t.made == 0 && !t.refused);
    /* Retried, then left, while it thinks: each stops the search at once. */
    ck_assert_int_eq(game_trainer_submit(&t, ct_move_parse_coord("f8f0")), TRAINER_PENDING);
    usleep(50000);
    game_trainer_retry(&t);
    ck_assert(!game_trainer_poll(&t, &r, &mv, &reply));
    ck_assert(t.pos.key == start && t.nline == 0);
    ck_assert_int_eq(game_trainer_hint_submit(&t), TRAINER_HINT); /* the solution's f8f0 */
    ck_assert_int_eq(t.hint, ct_move_parse_coord("f8f0"));
    ck_assert_int_eq(game_trainer_submit(&t, ct_move_parse_coord("f8f0")), TRAINER_PENDING);
    usleep(50000);
    game_trainer_free(&t);
    ck_assert_msg(sys_now_ms() - t0 < 10000, "stopping the judge took %lld ms",
                  (long long)(sys_now_ms() - t0));
    ct_exset_free(&set);
}
END_TEST

START_TEST(test_progress_file)
{
    char dir[] = "/tmp/check_train.XXXXXX", path[300], err[4300];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/state/train", dir);
    sys_train_progress p;
    ck_assert_int_eq(sys_train_progress_load(&p, path, err, sizeof err), 0); /* none yet */
    ck_assert_int_eq(p.n, 0);
    ck_assert_int_eq(sys_train_progress_record(&p, "x1", true, true, 20261201, err, sizeof err), 0);
    ck_assert_int_eq(sys_train_progress_record(&p, "x2", true, true, 20261201, err, sizeof err), 0);
    ck_assert_int_eq(sys_train_progress_record(&p, "x2", false, false, 20261202, err, sizeof err), 0);
    ck_assert_int_eq(sys_train_progress_record(&p, "x1", true, true, 20261203, err, sizeof err), 0);
    sys_train_progress_free(&p);
    ck_assert_int_eq(sys_train_progress_load(&p, path, err, sizeof err), 0);
    ck_assert_int_eq(p.streak, 1);
    ck_assert_int_eq(p.best_streak, 2);
    const sys_ex_progress *x1 = sys_train_progress_get(&p, "x1"), *x2 = sys_train_progress_get(&p, "x2");
    ck_assert(x1 && x2);
    ck_assert_int_eq(x1->solved, 2);
    ck_assert_int_eq(x1->last_day, 20261203);
    ck_assert_int_eq(x2->solved, 1);
    ck_assert_int_eq(x2->failed, 1);
    sys_train_progress_free(&p);
    /* A damaged line is skipped, the rest is kept. */
    FILE *f = fopen(path, "a");
    fputs("ex BAD-ID 1 2 3\nex x9 -4 0 0\ngarbage\nex x3 0 7 20261204\n", f);
    fclose(f);
    ck_assert_int_eq(sys_train_progress_load(&p, path, err, sizeof err), 0);
    ck_assert_int_eq(p.n, 3);
    ck_assert_int_eq(sys_train_progress_get(&p, "x3")->failed, 7);
    ck_assert_ptr_null(sys_train_progress_get(&p, "x9"));
    sys_train_progress_free(&p);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("train");
    TCase *tc = tcase_create("train");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_read_set);
    tcase_add_test(tc, test_refuse_damage);
    tcase_add_test(tc, test_of_day);
    tcase_add_test(tc, test_difficulty);
    tcase_add_test(tc, test_alternative_and_refusal);
    tcase_add_test(tc, test_judge_in_background);
    tcase_add_test(tc, test_progress_file);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
