/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — FEN (spec §2): the DECISIONs on letters and side, round trips of the spec's
 * positions, and a table of rejected FENs with the field each error must name. */
#include <string.h>

#include "testlib.h"

static ct_pos pos;

/* Written exactly as read: the spec's positions in their six-field N/B/w/b form. */
static const char *const round_trip[] = {
    CT_START_FEN,
    "r3k4/9/1c7/9/4N4/p8/9/9/9/3AK4 w - - 0 1",
    "1r3k3/9/1n2c4/9/4p4/9/4P4/1C2C4/9/1N2K4 w - - 0 1",
    "4k4/9/9/9/4p4/2p3P2/9/9/6p2/3K4p b - - 0 1",
    "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "2bakabr1/9/n5nc1/p1p1p1p1p/7r1/2P3P2/P3P3P/C1N1B1N2/9/1R1AKAB1R w - - 2 9",
};

START_TEST(test_round_trip)
{
    char out[128];
    ck_assert(ct_fen_read(&pos, round_trip[_i], NULL) == CT_OK);
    ct_fen_write(&pos, out, sizeof out);
    ck_assert_str_eq(out, round_trip[_i]);
    ck_assert(ct_pos_ok(&pos));
}
END_TEST

/* Other spellings read as the same position (spec §2 DECISIONs). */
static const struct {
    const char *in, *out;
} variants[] = {
    /* WXF letters H and E, Sjaak's "rheakaehr" */
    {"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1", CT_START_FEN},
    /* 'r' for Red */
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1", CT_START_FEN},
    /* two fields */
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", CT_START_FEN},
    /* four fields, Sjaak II style: side, half-move clock, move number */
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b 1 1",
     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"},
    /* four fields with the two placeholders */
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - -", CT_START_FEN},
    /* move number 0 is read as 1; extra blanks are fine */
    {"  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR   w - - 0 0 ", CT_START_FEN},
};

START_TEST(test_variants)
{
    char out[128];
    ct_fen_error err;
    ck_assert_msg(ct_fen_read(&pos, variants[_i].in, &err) == CT_OK, "%s", err.message);
    ct_fen_write(&pos, out, sizeof out);
    ck_assert_str_eq(out, variants[_i].out);
}
END_TEST

/* Rejected FENs, the field the error must name (0 = the string as a whole), a word the
 * message must contain and the problem's code. */
static const struct {
    const char *fen;
    int field;
    const char *word;
    ct_fen_problem code;
} rejected[] = {
    {"", 0, "empty", CT_FEN_EMPTY},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", 0, "fields", CT_FEN_FIELD_COUNT},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0", 0, "fields", CT_FEN_FIELD_COUNT},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 x", 0, "fields", CT_FEN_TOO_MANY_FIELDS},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w - - 0 1", 1, "ranks", CT_FEN_RANK_COUNT},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w - - 0 1", 1, "10 ranks", CT_FEN_TOO_MANY_RANKS},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C2/9/RNBAKABNR w - - 0 1", 1, "rank 2", CT_FEN_RANK_LONG},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C/9/RNBAKABNR w - - 0 1", 1, "rank 2", CT_FEN_RANK_POINTS},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5X1/9/RNBAKABNR w - - 0 1", 1, "'X'", CT_FEN_LETTER},
    {"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 1, "no Black king", CT_FEN_NO_KING},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w - - 0 1", 1, "king", CT_FEN_TOO_MANY},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1", 1, "no Red king", CT_FEN_NO_KING},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/KNBA1ABNR w - - 0 1", 1, "a0", CT_FEN_PLACEMENT},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/A8/RNB1KABNR w - - 0 1", 1, "a1", CT_FEN_PLACEMENT},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/B8/9/P1P1P1P1P/1C5C1/9/RN1AKABNR w - - 0 1", 1, "a5", CT_FEN_PLACEMENT},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1PPP1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 1, "d3", CT_FEN_PLACEMENT},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/PC5C1/9/RNBAKABNR w - - 0 1", 1, "a2", CT_FEN_PLACEMENT},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/P8/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 1, "pawns", CT_FEN_TOO_MANY},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/R8/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 1, "rooks", CT_FEN_TOO_MANY},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1", 2, "side", CT_FEN_SIDE},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR white - - 0 1", 2, "side", CT_FEN_SIDE},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1", 3, "'-'", CT_FEN_PLACEHOLDER},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - e3 0 1", 4, "'-'", CT_FEN_PLACEHOLDER},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -1 1", 5, "clock", CT_FEN_HALFMOVE},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 x", 6, "number", CT_FEN_FULLMOVE},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w x 1", 3, "clock", CT_FEN_HALFMOVE},
    /* kings facing on an open file: the side not to move is "in check" */
    {"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 2, "in check", CT_FEN_IN_CHECK},
    /* Black to move while Red's king is attacked by a black rook */
    {"4k4/9/9/9/9/9/9/9/9/r2K5 b - - 0 1", 2, "in check", CT_FEN_IN_CHECK},
};

START_TEST(test_rejected)
{
    ct_fen_error err = {.field = -1};
    ct_pos_start(&pos);
    uint64_t key = pos.key;
    ct_status st = ct_fen_read(&pos, rejected[_i].fen, &err);
    ck_assert_msg(st != CT_OK, "accepted: %s", rejected[_i].fen);
    ck_assert_msg(err.field == rejected[_i].field, "%s: field %d (%s), expected %d",
                  rejected[_i].fen, err.field, err.message, rejected[_i].field);
    ck_assert_msg(strstr(err.message, rejected[_i].word) != NULL, "message '%s' lacks '%s'",
                  err.message, rejected[_i].word);
    ck_assert_msg(err.code == rejected[_i].code, "%s: code %d, expected %d", rejected[_i].fen,
                  err.code, rejected[_i].code);
    /* a rejected FEN leaves the position as it was */
    ck_assert(pos.key == key && ct_pos_ok(&pos));
}
END_TEST

/* The parameters of a code, for a caller that words the problem itself: the English
 * message stays as the command line has always printed it. */
START_TEST(test_problem_parameters)
{
    ct_fen_error err;
    ck_assert(ct_fen_read(&pos, "3k5/9/9/9/6B2/9/9/9/9/4K4 w - - 0 1", &err) != CT_OK);
    ck_assert_int_eq(err.code, CT_FEN_PLACEMENT);
    ck_assert_int_eq(err.side, CT_RED);
    ck_assert_int_eq(err.type, CT_ELEPHANT);
    ck_assert_int_eq(err.file, 6);
    ck_assert_int_eq(err.rank, 5);
    ck_assert_str_eq(err.message, "Red elephant cannot stand on g5");
    ck_assert(ct_fen_read(&pos, "4k4/9/9/9/9/9/9/9/4K4/3K5 w - - 0 1", &err) != CT_OK);
    ck_assert_int_eq(err.code, CT_FEN_TOO_MANY);
    ck_assert_int_eq(err.side, CT_RED);
    ck_assert_int_eq(err.type, CT_KING);
    ck_assert_str_eq(err.message, "too many Red kings");
    ck_assert(ct_fen_read(&pos, "rnba1abnr/9/9/9/9/9/9/9/9/4K4 w", &err) != CT_OK);
    ck_assert_int_eq(err.code, CT_FEN_NO_KING);
    ck_assert_int_eq(err.side, CT_BLACK);
    ck_assert(ct_fen_read(&pos, "4k4/9/9/9/9/9/9/9/9/4K4 w", &err) != CT_OK);
    ck_assert_int_eq(err.code, CT_FEN_IN_CHECK);
    ck_assert_int_eq(err.side, CT_BLACK);
    ck_assert_str_eq(err.message, "the side not to move (Black) is in check");
    ck_assert(ct_fen_read(&pos, "4k4/9/9/9/9/9/9/1C5X1/9/4K4 w", &err) != CT_OK);
    ck_assert_int_eq(err.code, CT_FEN_LETTER);
    ck_assert_int_eq(err.letter, 'X');
    ck_assert_int_eq(err.rank, 2);
    ck_assert(ct_fen_read(&pos, "4k4/9/9/9/9/9/9/1C5C/9/4K4 w", &err) != CT_OK);
    ck_assert_int_eq(err.code, CT_FEN_RANK_POINTS);
    ck_assert_int_eq(err.rank, 2);
    ck_assert_int_eq(err.count, 8);
    ck_assert_str_eq(err.message, "rank 2 has 8 points, not 9");
    ck_assert(ct_fen_read(&pos, "4k4/9/9/9/9/9/9/9/4K4 w", &err) != CT_OK);
    ck_assert_int_eq(err.code, CT_FEN_RANK_COUNT);
    ck_assert_int_eq(err.count, 9);
    ck_assert(ct_fen_read(&pos, "3k5/9/9/9/9/9/9/9/9/4K4 w - -", &err) == CT_OK);
    ck_assert_int_eq(err.code, CT_FEN_OK);
}
END_TEST

START_TEST(test_write_small_buffer)
{
    char out[10];
    ct_pos_start(&pos);
    int n = ct_fen_write(&pos, out, sizeof out);
    ck_assert_int_eq(n, (int)strlen(CT_START_FEN));
    ck_assert_int_eq((int)strlen(out), 9);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fen");
    TCase *tc = tcase_create("fen");
    tcase_add_loop_test(tc, test_round_trip, 0, (int)(sizeof round_trip / sizeof *round_trip));
    tcase_add_loop_test(tc, test_variants, 0, (int)(sizeof variants / sizeof *variants));
    tcase_add_loop_test(tc, test_rejected, 0, (int)(sizeof rejected / sizeof *rejected));
    tcase_add_test(tc, test_problem_parameters);
    tcase_add_test(tc, test_write_small_buffer);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
