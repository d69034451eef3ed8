/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for the review model (src/game/review.c) over tests/data/review/games.pgn: three
 * games in three notations, with variations (one nested) and comments. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game/review.h"
#include "cotuong/movegen.h"
#include "cotuong/pgn.h"

#define GAMES TEST_DATA_DIR "/review/games.pgn"

static review_state rs;

static const char *move_at(int node)
{
    static char buf[8];
    ct_move_coord(ct_record_move(&rs.games[rs.game], node), buf);
    return buf;
}

static const char *here(void)
{
    return rs.node == CT_ROOT ? "root" : move_at(rs.node);
}

static void fen_here(char *fen, size_t size)
{
    ct_fen_write(rs.pos, fen, size);
}

static void setup(void)
{
    char err[512];
    memset(&rs, 0, sizeof rs);
    ck_assert_msg(review_open(&rs, GAMES, err, sizeof err) == 0, "%s", err);
}

static void teardown(void)
{
    review_close(&rs);
}

START_TEST(test_games_and_main_line)
{
    ck_assert_int_eq(rs.ngames, 3);
    ck_assert_str_eq(ct_record_tag(&rs.games[0], "Red"), "Lý Lai Quần");
    ck_assert_str_eq(here(), "root");
    ck_assert(!review_back(&rs));
    ck_assert_str_eq(ct_record_comment(&rs.games[0], CT_ROOT),
                     "The round-trip game of the XQF 1.0 sample.");
    ck_assert(review_forward(&rs));
    ck_assert_str_eq(here(), "c3c4");
    ck_assert_str_eq(ct_record_comment(&rs.games[0], rs.node), "Tiên nhân chỉ lộ");
    ck_assert(review_last(&rs));
    ck_assert_str_eq(here(), "i9h9");
    ck_assert_int_eq(ct_record_depth(&rs.games[0], rs.node), 16);
    /* The end of the main line is the final position of spec §4.5. */
    char fen[128];
    fen_here(fen, sizeof fen);
    ck_assert_str_eq(fen, "2bakabr1/9/n5nc1/p1p1p1p1p/7r1/2P3P2/P3P3P/C1N1B1N2/9/1R1AKAB1R w - - 2 9");
    ck_assert(!review_forward(&rs));
    /* Back steps unmake to the same positions as a replay. */
    ck_assert(review_back(&rs));
    ck_assert(review_back(&rs));
    ck_assert_str_eq(here(), "c7h7");
    ck_assert(review_first(&rs));
    fen_here(fen, sizeof fen);
    ck_assert_str_eq(fen, CT_START_FEN);
}
END_TEST

START_TEST(test_variations)
{
    /* After 2. G3-G4 the main move is B7-C7; the alternative is 2... B7-E7. */
    for (int i = 0; i < 3; i++)
        review_forward(&rs);
    ck_assert_str_eq(here(), "g3g4");
    ck_assert_int_eq(ct_record_child_count(&rs.games[0], rs.node), 2);
    ck_assert(review_enter_variation(&rs, 1));
    ck_assert_str_eq(here(), "b7e7");
    ck_assert_str_eq(ct_record_comment(&rs.games[0], rs.node), "a central cannon instead");
    ck_assert_int_eq(review_depth(&rs, rs.node), 1);
    ck_assert(!ct_record_on_main_line(&rs.games[0], rs.node));
    /* Inside it, 3. B0-C2 with the nested alternative 3. H0-G2. */
    ck_assert(review_forward(&rs));
    ck_assert_str_eq(here(), "b0c2");
    ck_assert(review_next_variation(&rs));
    ck_assert_str_eq(here(), "h0g2");
    ck_assert_int_eq(review_depth(&rs, rs.node), 2);
    ck_assert(review_forward(&rs));
    ck_assert_str_eq(here(), "b9c7");
    ck_assert(!review_forward(&rs));
    /* Leave the nested variation: back to the move it replaces (b0c2). */
    ck_assert(review_leave_variation(&rs));
    ck_assert_str_eq(here(), "b0c2");
    ck_assert(review_prev_variation(&rs) == false);
    /* Leave again: back on the main line at b7c7. */
    ck_assert(review_leave_variation(&rs));
    ck_assert_str_eq(here(), "b7c7");
    ck_assert_int_eq(review_depth(&rs, rs.node), 0);
    ck_assert(!review_leave_variation(&rs));
    /* The line shown for a variation node runs root..node..its own continuation. */
    review_goto(&rs, ct_record_child(&rs.games[0], ct_record_parent(&rs.games[0], rs.node), 1));
    int line[64], cur;
    int n = review_line(&rs, line, 64, &cur);
    ck_assert_int_eq(cur, 3);
    ck_assert_int_eq(n, 6); /* c3c4 h9g7 g3g4 b7e7 b0c2 b9c7 */
    ck_assert_str_eq(move_at(line[5]), "b9c7");
}
END_TEST

START_TEST(test_other_games)
{
    ck_assert(review_select_game(&rs, 1));
    ck_assert_str_eq(ct_record_tag(&rs.games[1], "Event"), "Review test 2");
    review_last(&rs);
    ck_assert_int_eq(ct_record_depth(&rs.games[1], rs.node), 6);
    /* WXF 1. H8+7 H2+3 2. P7+1 H8+9 3. H7+6 C8.5 = UCCI's b0c2 b9c7 c3c4 h9i7 c2d4 h7e7. */
    ck_assert_str_eq(here(), "h7e7");
    ck_assert(review_select_game(&rs, 2));
    ck_assert_str_eq(here(), "root");
    review_last(&rs);
    ck_assert_str_eq(here(), "d9e8");
    ck_assert_str_eq(ct_record_comment(&rs.games[2], rs.node), "Black defends");
    ck_assert(!review_select_game(&rs, 3));
    ck_assert(!review_select_game(&rs, -1));
}
END_TEST

START_TEST(test_play_on_comment_save)
{
    /* Take over after 1. C3-C4 H9-G7 and play 2. H2-E2: a new variation to 2. G3-G4. */
    review_forward(&rs);
    review_forward(&rs);
    int before = ct_record_count_moves(&rs.games[0]);
    ck_assert_int_eq(review_play(&rs, ct_move_parse_coord("h2e2")), CT_OK);
    ck_assert(rs.modified);
    ck_assert_int_eq(review_depth(&rs, rs.node), 1);
    ck_assert_int_eq(review_play(&rs, ct_move_parse_coord("b7e7")), CT_OK);
    ck_assert_int_eq(review_play(&rs, ct_move_parse_coord("a0a9")), CT_ERR_ILLEGAL);
    ck_assert_int_eq(ct_record_count_moves(&rs.games[0]), before + 2);
    ck_assert_int_eq(review_set_comment(&rs, "both cannons central"), CT_OK);
    review_set_nag(&rs, 5);
    /* Playing the existing main move just follows it. */
    review_first(&rs);
    ck_assert_int_eq(review_play(&rs, ct_move_parse_coord("c3c4")), CT_OK);
    ck_assert_int_eq(ct_record_count_moves(&rs.games[0]), before + 2);
    /* Save all three games, read them back: the new line and comment are there. */
    char path[] = "/tmp/check_review.XXXXXX", err[512];
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_msg(review_save(&rs, path, CT_NOTATION_ICCS, err, sizeof err) == 0, "%s", err);
    ck_assert(!rs.modified);
    review_state back;
    memset(&back, 0, sizeof back);
    ck_assert_msg(review_open(&back, path, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(back.ngames, 3);
    ck_assert_int_eq(ct_record_count_moves(&back.games[0]), before + 2);
    review_forward(&back);
    review_forward(&back);
    ck_assert(review_enter_variation(&back, 1));
    ck_assert(review_forward(&back));
    ck_assert_str_eq(ct_record_comment(&back.games[0], back.node), "both cannons central");
    ck_assert_int_eq(ct_record_nag(&back.games[0], back.node), 5);
    ck_assert_str_eq(ct_record_tag(&back.games[2], "Event"), "Review test 3");
    review_close(&back);
    unlink(path);
}
END_TEST

START_TEST(test_delete_and_promote)
{
    for (int i = 0; i < 3; i++)
        review_forward(&rs);
    review_enter_variation(&rs, 1); /* 2... B7-E7 */
    review_promote(&rs);
    ck_assert(ct_record_on_main_line(&rs.games[0], rs.node));
    ck_assert(review_delete(&rs));
    ck_assert_str_eq(here(), "g3g4");
    ck_assert_int_eq(ct_record_child_count(&rs.games[0], rs.node), 1);
    ck_assert(review_forward(&rs));
    ck_assert_str_eq(here(), "b7c7");
    review_first(&rs);
    ck_assert(!review_delete(&rs));
}
END_TEST

START_TEST(test_bad_files_leave_review_untouched)
{
    static const char *const bad[][2] = {
        {"/truncated.pgn", "truncated.pgn"},
        {"/illegal.pgn", "illegal.pgn"},
        {"/binary.pgn", "binary data"},
        {"/truncated.xqf", "truncated.xqf: byte"},
        {"/missing.pgn", "No such file"},
    };
    review_forward(&rs);
    int node = rs.node;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char path[512], err[512] = "";
        snprintf(path, sizeof path, "%s/review%s", TEST_DATA_DIR, bad[i][0]);
        ck_assert_int_eq(review_open(&rs, path, err, sizeof err), -1);
        ck_assert_msg(strstr(err, bad[i][1]) != NULL, "%s: %s", bad[i][0], err);
        ck_assert_int_eq(rs.ngames, 3);
        ck_assert_int_eq(rs.node, node);
        ck_assert_str_eq(rs.path, GAMES);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("review");
    TCase *tc = tcase_create("review");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_games_and_main_line);
    tcase_add_test(tc, test_variations);
    tcase_add_test(tc, test_other_games);
    tcase_add_test(tc, test_play_on_comment_save);
    tcase_add_test(tc, test_delete_and_promote);
    tcase_add_test(tc, test_bad_files_leave_review_untouched);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
