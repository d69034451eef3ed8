/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for review on the game model (src/game/game.c with review set: new moves branch)
 * over tests/data/review/games.pgn: three games in three notations, with variations (one
 * nested) and comments, read by sys/gamefile.c and saved back. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game/game.h"
#include "sys/gamefile.h"
#include "cotuong/movegen.h"
#include "cotuong/pgn.h"

#define GAMES TEST_DATA_DIR "/review/games.pgn"

/* The file's games; games[cur] lives in g while it is shown (as the review mode does). */
static ct_record *games;
static int ngames, shown;
static game g;

static const char *move_at(int node)
{
    static char buf[8];
    ct_move_coord(ct_record_move(&g.rec, node), buf);
    return buf;
}

static const char *here(void)
{
    return g.node == CT_ROOT ? "root" : move_at(g.node);
}

static void fen_here(char *fen, size_t size)
{
    ct_fen_write(g.pos, fen, size);
}

static void show(int i)
{
    game_setup s;
    game_setup_default(&s);
    g.review = true;
    game_load(&g, &games[i], CT_ROOT, &s, 0);
    shown = i;
}

static bool select_game(int i)
{
    if (i < 0 || i >= ngames || i == shown)
        return false;
    games[shown] = g.rec;
    ct_record_init(&g.rec);
    show(i);
    return true;
}

static ct_status play(const char *coord)
{
    return game_play(&g, ct_move_parse_coord(coord), 0, NULL) == GAME_OK ? CT_OK : CT_ERR_ILLEGAL;
}

static void setup(void)
{
    char err[512];
    game_init(&g);
    ck_assert_msg(gamefile_load(GAMES, &games, &ngames, NULL, err, sizeof err) == 0, "%s", err);
    show(0);
}

static void teardown(void)
{
    game_free(&g);
    gamefile_free(games, ngames);
}

START_TEST(test_games_and_main_line)
{
    ck_assert_int_eq(ngames, 3);
    ck_assert_str_eq(ct_record_tag(&g.rec, "Red"), "Lý Lai Quần");
    ck_assert_str_eq(here(), "root");
    ck_assert(!game_back(&g));
    ck_assert_str_eq(ct_record_comment(&g.rec, CT_ROOT),
                     "The round-trip game of the XQF 1.0 sample.");
    ck_assert(game_forward(&g));
    ck_assert_str_eq(here(), "c3c4");
    ck_assert_str_eq(ct_record_comment(&g.rec, g.node), "Tiên nhân chỉ lộ");
    ck_assert(game_last(&g));
    ck_assert_str_eq(here(), "i9h9");
    ck_assert_int_eq(ct_record_depth(&g.rec, g.node), 16);
    /* The end of the main line is the final position of spec §4.5. */
    char fen[128];
    fen_here(fen, sizeof fen);
    ck_assert_str_eq(fen, "2bakabr1/9/n5nc1/p1p1p1p1p/7r1/2P3P2/P3P3P/C1N1B1N2/9/1R1AKAB1R w - - 2 9");
    ck_assert(!game_forward(&g));
    /* Back steps unmake to the same positions as a replay. */
    ck_assert(game_back(&g));
    ck_assert(game_back(&g));
    ck_assert_str_eq(here(), "c7h7");
    ck_assert(game_first(&g));
    fen_here(fen, sizeof fen);
    ck_assert_str_eq(fen, CT_START_FEN);
}
END_TEST

START_TEST(test_variations)
{
    /* After 2. G3-G4 the main move is B7-C7; the alternative is 2... B7-E7. */
    for (int i = 0; i < 3; i++)
        game_forward(&g);
    ck_assert_str_eq(here(), "g3g4");
    ck_assert_int_eq(ct_record_child_count(&g.rec, g.node), 2);
    ck_assert(game_enter_variation(&g, 1));
    ck_assert_str_eq(here(), "b7e7");
    ck_assert_str_eq(ct_record_comment(&g.rec, g.node), "a central cannon instead");
    ck_assert_int_eq(game_variation_depth(&g, g.node), 1);
    ck_assert(!ct_record_on_main_line(&g.rec, g.node));
    /* Inside it, 3. B0-C2 with the nested alternative 3. H0-G2. */
    ck_assert(game_forward(&g));
    ck_assert_str_eq(here(), "b0c2");
    ck_assert(game_next_variation(&g));
    ck_assert_str_eq(here(), "h0g2");
    ck_assert_int_eq(game_variation_depth(&g, g.node), 2);
    ck_assert(game_forward(&g));
    ck_assert_str_eq(here(), "b9c7");
    ck_assert(!game_forward(&g));
    /* Leave the nested variation: back to the move it replaces (b0c2). */
    ck_assert(game_leave_variation(&g));
    ck_assert_str_eq(here(), "b0c2");
    ck_assert(game_prev_variation(&g) == false);
    /* Leave again: back on the main line at b7c7. */
    ck_assert(game_leave_variation(&g));
    ck_assert_str_eq(here(), "b7c7");
    ck_assert_int_eq(game_variation_depth(&g, g.node), 0);
    ck_assert(!game_leave_variation(&g));
    /* The line shown for a variation node runs root..node..its own continuation. */
    game_goto(&g, ct_record_child(&g.rec, ct_record_parent(&g.rec, g.node), 1));
    int line[64], cur;
    int n = game_line(&g, line, 64, &cur);
    ck_assert_int_eq(cur, 3);
    ck_assert_int_eq(n, 6); /* c3c4 h9g7 g3g4 b7e7 b0c2 b9c7 */
    ck_assert_str_eq(move_at(line[5]), "b9c7");
}
END_TEST

START_TEST(test_other_games)
{
    ck_assert(select_game(1));
    ck_assert_str_eq(ct_record_tag(&g.rec, "Event"), "Review test 2");
    game_last(&g);
    ck_assert_int_eq(ct_record_depth(&g.rec, g.node), 6);
    /* WXF 1. H8+7 H2+3 2. P7+1 H8+9 3. H7+6 C8.5 = UCCI's b0c2 b9c7 c3c4 h9i7 c2d4 h7e7. */
    ck_assert_str_eq(here(), "h7e7");
    ck_assert(select_game(2));
    ck_assert_str_eq(here(), "root");
    game_last(&g);
    ck_assert_str_eq(here(), "d9e8");
    ck_assert_str_eq(ct_record_comment(&g.rec, g.node), "Black defends");
    ck_assert(!select_game(3));
    ck_assert(!select_game(-1));
}
END_TEST

START_TEST(test_play_on_comment_save)
{
    /* Take over after 1. C3-C4 H9-G7 and play 2. H2-E2: a new variation to 2. G3-G4. */
    game_forward(&g);
    game_forward(&g);
    int before = ct_record_count_moves(&g.rec);
    ck_assert_int_eq(play("h2e2"), CT_OK);
    ck_assert(g.modified);
    ck_assert_int_eq(game_variation_depth(&g, g.node), 1);
    ck_assert_int_eq(play("b7e7"), CT_OK);
    ck_assert_int_eq(play("a0a9"), CT_ERR_ILLEGAL);
    ck_assert_int_eq(ct_record_count_moves(&g.rec), before + 2);
    ck_assert_int_eq(game_set_comment(&g, g.node, "both cannons central"), CT_OK);
    game_set_nag(&g, g.node, 5);
    /* Playing the existing main move just follows it. */
    game_first(&g);
    ck_assert_int_eq(play("c3c4"), CT_OK);
    ck_assert_int_eq(ct_record_count_moves(&g.rec), before + 2);
    /* Save all three games, read them back: the new line and comment are there. */
    char path[] = "/tmp/check_review.XXXXXX", err[512];
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    games[shown] = g.rec; /* the shown game with its changes, as the file's list has it */
    const ct_record *all[3] = {&games[0], &games[1], &games[2]};
    ck_assert_msg(gamefile_save_many(path, all, 3, CT_NOTATION_ICCS, err, sizeof err) == 0, "%s", err);
    ct_record_init(&g.rec);
    show(0);
    ct_record *back;
    int nback;
    ck_assert_msg(gamefile_load(path, &back, &nback, NULL, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(nback, 3);
    ck_assert_int_eq(ct_record_count_moves(&back[0]), before + 2);
    ck_assert_int_eq(ct_record_count_moves(&g.rec), before + 2);
    game_forward(&g);
    game_forward(&g);
    ck_assert(game_enter_variation(&g, 1));
    ck_assert(game_forward(&g));
    ck_assert_str_eq(ct_record_comment(&g.rec, g.node), "both cannons central");
    ck_assert_int_eq(ct_record_nag(&g.rec, g.node), 5);
    ck_assert_str_eq(ct_record_tag(&back[2], "Event"), "Review test 3");
    gamefile_free(back, nback);
    unlink(path);
}
END_TEST

START_TEST(test_delete_and_promote)
{
    for (int i = 0; i < 3; i++)
        game_forward(&g);
    game_enter_variation(&g, 1); /* 2... B7-E7 */
    game_promote(&g, g.node);
    ck_assert(ct_record_on_main_line(&g.rec, g.node));
    ck_assert(game_delete(&g, g.node));
    ck_assert_str_eq(here(), "g3g4");
    ck_assert_int_eq(ct_record_child_count(&g.rec, g.node), 1);
    ck_assert(game_forward(&g));
    ck_assert_str_eq(here(), "b7c7");
    game_first(&g);
    ck_assert(!game_delete(&g, g.node));
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
    game_forward(&g);
    int node = g.node;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char path[512], err[512] = "";
        ct_record *other = NULL;
        int nother = 0;
        snprintf(path, sizeof path, "%s/review%s", TEST_DATA_DIR, bad[i][0]);
        ck_assert_int_eq(gamefile_load(path, &other, &nother, NULL, err, sizeof err), -1);
        ck_assert_msg(strstr(err, bad[i][1]) != NULL, "%s: %s", bad[i][0], err);
        ck_assert_int_eq(ngames, 3);
        ck_assert_int_eq(g.node, node);
    }
}
END_TEST

/* A file with recoverable damage of our own making reads, and says what was repaired and
 * where, in file order: unescaped quotes in a tag (line 1), an OSC sequence in a tag
 * (line 2), no result (game 1, line 5), an ESC [2J in a comment (game 2, line 10), then
 * ten more games with a BEL in a comment, past the list's room. A clean file says nothing. */
START_TEST(test_warnings_of_a_repaired_file)
{
    char dir[] = "/tmp/check_review_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[600];
    snprintf(path, sizeof path, "%s/hostile.pgn", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("[Event \"Club \"Dragon\" cup\"]\n[Red \"Evil\033]0;pwned\007 name\"]\n[Black \"B\"]\n\n"
          "1. C2.5 H8+7 2. H2+3 R9.8\n\n"
          "[Event \"two\"]\n[Result \"*\"]\n\n1. C2.5 {a \033[2Jcomment} C8.5 *\n", f);
    for (int i = 0; i < 10; i++)
        fprintf(f, "\n[Event \"bell %d\"]\n[Result \"*\"]\n\n1. C2.5 {ring\007} *\n", i);
    fclose(f);
    ct_record *recs = NULL;
    int n = 0;
    char err[512] = "";
    gamefile_warnings w;
    memset(&w, 0x55, sizeof w); /* everything in it is written */
    ck_assert_msg(gamefile_load(path, &recs, &n, &w, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(n, 12);
    ck_assert_int_eq(w.count, 14);
    ck_assert_int_eq(w.n, GAMEFILE_MAX_WARNINGS);
    static const int want[][3] = {
        {CT_PGN_WARN_QUOTE_IN_TAG, 1, 1}, {CT_PGN_WARN_CONTROL, 1, 2},
        {CT_PGN_WARN_NO_RESULT, 1, 5},    {CT_PGN_WARN_CONTROL, 2, 10},
        {CT_PGN_WARN_CONTROL, 3, 15},     {CT_PGN_WARN_CONTROL, 4, 20},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        ck_assert_int_eq(w.at[k].kind, want[k][0]);
        ck_assert_int_eq(w.at[k].game, want[k][1]);
        ck_assert_int_eq(w.at[k].line, want[k][2]);
    }
    gamefile_free(recs, n);
    /* Each kind has words of its own, without the reader's long English form. */
    for (int k = 0; k < CT_PGN_WARN_COUNT; k++) {
        const char *t = gamefile_warning_text(k);
        ck_assert(t && *t);
        ck_assert_str_ne(t, ct_pgn_warning_text(k));
        for (int j = 0; j < k; j++)
            ck_assert_str_ne(t, gamefile_warning_text(j));
    }
    /* A clean file: no warning, and the old ones are not left over. */
    ck_assert_msg(gamefile_load(GAMES, &recs, &n, &w, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(w.count, 0);
    ck_assert_int_eq(w.n, 0);
    gamefile_free(recs, n);
    unlink(path);
    rmdir(dir);
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
    tcase_add_test(tc, test_warnings_of_a_repaired_file);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
