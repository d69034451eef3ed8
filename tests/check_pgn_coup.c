/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — the cờ tướng PGN reader and cờ úp records (pgn.h CT_PGN_COUP_MESSAGE):
 * a [Variant "Jieqi"] record, or one without the tag whose moves say what they turned up
 * ("h2e2=C", the coup_pgn.h movetext; "+h2e2=C" as the spec's Python project writes it),
 * is refused as a cờ úp game rather than as "not a Chinese move". Records written here by
 * hand from the spec's formats. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/pgn.h"

static ct_status read_text(const char *text, ct_pgn_error *e)
{
    ct_record *games = NULL;
    int n = 0;
    memset(e, 0, sizeof *e);
    ct_status st = ct_pgn_read(text, strlen(text), CT_ENC_UTF8, &games, &n, NULL, e);
    if (st == CT_OK)
        ct_pgn_free_games(games, n);
    return st;
}

START_TEST(test_variant_tag)
{
    ct_pgn_error e;
    const char *t = "[Game \"Chinese Chess\"]\n[Variant \"Jieqi\"]\n[Result \"*\"]\n\n"
                    "1. h2e2=C h9g7=N 2. h0g2=R *\n";
    ck_assert_int_eq(read_text(t, &e), CT_ERR_UNSUPPORTED);
    ck_assert_str_eq(e.message, CT_PGN_COUP_MESSAGE);
    ck_assert_str_eq(e.token, "Jieqi");
    ck_assert_int_eq(e.line, 2);
    /* the tag's case does not matter */
    t = "[Variant \"jieqi\"]\n\n1. h2e2 *\n";
    ck_assert_int_eq(read_text(t, &e), CT_ERR_UNSUPPORTED);
    ck_assert_str_eq(e.message, CT_PGN_COUP_MESSAGE);
}
END_TEST

/* The resume file of a cờ úp game: the tag, no movetext (its moves are in a tag of its
 * own, read by the game model): it reads, the Variant tag kept. */
START_TEST(test_variant_without_moves)
{
    ct_record *games = NULL;
    int n = 0;
    ct_pgn_error e;
    const char *t = "[Variant \"Jieqi\"]\n[CoupLine \"h2e2=C h9g7=N\"]\n\n*\n";
    ck_assert_int_eq(ct_pgn_read(t, strlen(t), CT_ENC_UTF8, &games, &n, NULL, &e), CT_OK);
    ck_assert_int_eq(n, 1);
    ck_assert_str_eq(ct_record_tag(&games[0], "Variant"), "Jieqi");
    ct_pgn_free_games(games, n);
}
END_TEST

START_TEST(test_reveal_moves)
{
    ct_pgn_error e;
    ck_assert_int_eq(read_text("[Event \"x\"]\n\n1. h2e2=C h9g7 *\n", &e), CT_ERR_UNSUPPORTED);
    ck_assert_str_eq(e.message, CT_PGN_COUP_MESSAGE);
    ck_assert_str_eq(e.token, "h2e2=C");
    ck_assert_int_eq(read_text("1. +h2e2=C +h9g7=n *\n", &e), CT_ERR_UNSUPPORTED);
    ck_assert_str_eq(e.message, CT_PGN_COUP_MESSAGE);
}
END_TEST

START_TEST(test_standard_unchanged)
{
    ct_pgn_error e;
    /* a cờ tướng game reads; a bad move is still called what it is */
    ck_assert_int_eq(read_text("[Format \"ICCS\"]\n\n1. H2-E2 H9-G7 *\n", &e), CT_OK);
    ck_assert_int_eq(read_text("[Variant \"Xiangqi\"]\n\n1. h2e2 h9g7 *\n", &e), CT_OK);
    ck_assert_int_ne(read_text("1. h2e2=Q *\n", &e), CT_OK);
    ck_assert_str_ne(e.message, CT_PGN_COUP_MESSAGE);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("pgn_coup");
    TCase *tc = tcase_create("read");
    tcase_add_test(tc, test_variant_tag);
    tcase_add_test(tc, test_variant_without_moves);
    tcase_add_test(tc, test_reveal_moves);
    tcase_add_test(tc, test_standard_unchanged);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
