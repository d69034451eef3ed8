/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for the opening tags a saved game receives (sys_masters_tag_opening through
 * gamefile_save): real master games of the CCPD archive with the ECCO code their source
 * database gave them, games that must be left alone, and a save without the index. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/gamefile.h"
#include "sys/masters.h"
#include "cotuong/pgn.h"

#define INDEX TEST_DATA_DIR "/../../assets/ccpd-masters.idx"

/* Two master games (first 12 plies, coordinates) and the code the archive's file carries:
 * 飛相局/00000005.pgn [ECCO "A28"] and 仙人指路/00000006.pgn [ECCO "E21"]. */
static const char *const elephant = "g0e2 h7e7 h0g2 h9g7 i0h0 i9h9 b0c2 b9a7 c3c4 h9h5 h2i2 h5h0";
static const char *const pawn = "c3c4 b7c7 h2e2 c9e7 d0e1 g6g5 h0g2 h9g7 i0h0 i9h9 h0h6 b9d8";

static void load_moves(ct_record *r, const char *line)
{
    ct_record_init(r);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", line);
    int node = CT_ROOT;
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        ct_move mv = ct_move_parse_coord(t);
        ck_assert_int_ne(mv, CT_NO_MOVE);
        ck_assert_int_eq(ct_record_add_move(r, node, mv, &node), CT_OK);
    }
}

/* Saves r through gamefile_save, reads it back and returns the tag (static copy). */
static const char *saved_tag(const ct_record *r, const char *name)
{
    static char value[256];
    char dir[] = "/tmp/check_opentags.XXXXXX", path[300], err[512];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/g.pgn", dir);
    ck_assert_int_eq(gamefile_save(path, r, CT_NOTATION_ICCS, err, sizeof err), 0);
    ct_record *games;
    int n;
    ck_assert_int_eq(gamefile_load(path, &games, &n, NULL, err, sizeof err), 0);
    ck_assert_int_eq(n, 1);
    const char *v = ct_record_tag(&games[0], name);
    snprintf(value, sizeof value, "%s", v ? v : "(none)");
    gamefile_free(games, n);
    unlink(path);
    rmdir(dir);
    return value;
}

START_TEST(test_master_games_tagged)
{
    setenv("COTUONG_MASTERS", INDEX, 1);
    ct_record r;
    load_moves(&r, elephant);
    ck_assert_str_eq(saved_tag(&r, "ECCO"), "A28");
    ck_assert_str_eq(saved_tag(&r, "Opening"), "飛相局");
    ck_assert_ptr_null(ct_record_tag(&r, "ECCO")); /* the caller's record is not changed */
    ct_record_free(&r);
    load_moves(&r, pawn);
    ck_assert_str_eq(saved_tag(&r, "ECCO"), "E21");
    ck_assert_str_eq(saved_tag(&r, "Opening"), "仙人指路對卒底炮");
    ct_record_free(&r);
}
END_TEST

START_TEST(test_present_tags_kept)
{
    setenv("COTUONG_MASTERS", INDEX, 1);
    ct_record r;
    load_moves(&r, elephant);
    ck_assert_int_eq(ct_record_set_tag(&r, "ECCO", "E21"), CT_OK);
    /* The code the game carries stays, and the name added is that code's. */
    ck_assert_str_eq(saved_tag(&r, "ECCO"), "E21");
    ck_assert_str_eq(saved_tag(&r, "Opening"), "仙人指路對卒底炮");
    ck_assert_int_eq(ct_record_set_tag(&r, "Opening", "my own name"), CT_OK);
    ck_assert_str_eq(saved_tag(&r, "Opening"), "my own name");
    ct_record_free(&r);
    /* An empty ECCO value counts as absent. */
    load_moves(&r, pawn);
    ck_assert_int_eq(ct_record_set_tag(&r, "ECCO", ""), CT_OK);
    ck_assert_str_eq(saved_tag(&r, "ECCO"), "E21");
    ct_record_free(&r);
}
END_TEST

START_TEST(test_left_alone)
{
    setenv("COTUONG_MASTERS", INDEX, 1);
    ct_record r;
    ct_record_init(&r); /* no moves */
    ck_assert_str_eq(saved_tag(&r, "ECCO"), "(none)");
    ct_record_free(&r);
    ct_record_init(&r); /* another start position */
    ct_fen_error fe;
    ck_assert_int_eq(ct_record_set_start(&r, "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", &fe), CT_OK);
    int child;
    ck_assert_int_eq(ct_record_add_move(&r, CT_ROOT, ct_move_parse_coord("e1e2"), &child), CT_OK);
    ck_assert_str_eq(saved_tag(&r, "ECCO"), "(none)");
    ck_assert_str_eq(saved_tag(&r, "Opening"), "(none)");
    ct_record_free(&r);
    /* Without the index the game is still saved, untagged. */
    setenv("COTUONG_MASTERS", "/nonexistent/ccpd-masters.idx", 1);
    load_moves(&r, elephant);
    ck_assert_str_eq(saved_tag(&r, "ECCO"), "(none)");
    ct_record_free(&r);
}
END_TEST

START_TEST(test_save_many_tagged)
{
    setenv("COTUONG_MASTERS", INDEX, 1);
    ct_record a, b;
    load_moves(&a, elephant);
    load_moves(&b, pawn);
    const ct_record *recs[] = {&a, &b};
    char dir[] = "/tmp/check_opentags.XXXXXX", path[300], err[512];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/two.pgn", dir);
    ck_assert_int_eq(gamefile_save_many(path, recs, 2, CT_NOTATION_ICCS, err, sizeof err), 0);
    ct_record *games;
    int n;
    ck_assert_int_eq(gamefile_load(path, &games, &n, NULL, err, sizeof err), 0);
    ck_assert_int_eq(n, 2);
    ck_assert_str_eq(ct_record_tag(&games[0], "ECCO"), "A28");
    ck_assert_str_eq(ct_record_tag(&games[1], "ECCO"), "E21");
    gamefile_free(games, n);
    unlink(path);
    rmdir(dir);
    ct_record_free(&a);
    ct_record_free(&b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("opentags");
    TCase *tc = tcase_create("save");
    tcase_add_test(tc, test_master_games_tagged);
    tcase_add_test(tc, test_present_tags_kept);
    tcase_add_test(tc, test_left_alone);
    tcase_add_test(tc, test_save_many_tagged);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
