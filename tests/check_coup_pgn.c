/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — cờ úp records (coup_pgn.h): move and deal texts, a record written and read
 * back (with the deal for the referee, without it for a player), hand-written records worked
 * out from the spec's set-up, and records whose reveals contradict their deal refused with
 * the move named. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "cotuong/coup_pgn.h"

static const char *std_deal = "RNBAABNRCCPPPPP/rnbaabnrccppppp";

/* A game from a FEN position: Red's rook already up on e4 and h0 empty (Red's pool R1, 14
 * face down), Black missing b9 but its pool whole (one piece taken face down before: out of
 * play). The deal comes from the pools by seed; the referee's start gives each face-down
 * piece an identity from its own pool; a deal outside the pool is refused. */
static const char *fen_start =
    "x1xxkxxxx/9/1x5x1/x1x1x1x1x/9/4R4/X1X1X1X1X/1X5X1/9/XXXXKXX1X A2B2N2R1C2P5a2b2n2r2c2p5 w - - 0 1";

START_TEST(test_fen_deal)
{
    ct_coup_pos *start = malloc(sizeof *start), *full = malloc(sizeof *full);
    ck_assert_int_eq(ct_coup_fen_read(start, fen_start, NULL), CT_OK);
    ct_coup_deal d, again;
    bool differs = false;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        ct_coup_fen_deal(start, NULL, seed, &d);
        ck_assert(ct_coup_deal_ok(&d));
        ct_coup_fen_deal(start, NULL, seed, &again);
        ck_assert(!memcmp(&d, &again, sizeof d)); /* the seed decides */
        ct_coup_fen_deal(start, NULL, seed + 100, &again);
        differs |= memcmp(&d, &again, sizeof d) != 0;
        ck_assert_int_eq(ct_coup_start_from(full, start, &d), CT_OK);
        int got[2][CT_PIECE_TYPES] = {{0}};
        for (int sq = 0; sq < CT_BOARD_SIZE; sq++)
            if (ct_coup_side_at(full, (ct_sq)sq) >= 0 && ct_coup_is_down(full, (ct_sq)sq)) {
                int t = CT_COUP_TYPE(full->board[sq]);
                ck_assert(t > CT_KING);
                got[ct_coup_side_at(full, (ct_sq)sq)][t]++;
            }
        for (int sd = 0; sd < 2; sd++)
            for (int t = CT_ADVISOR; t < CT_PIECE_TYPES; t++)
                ck_assert_int_le(got[sd][t], start->pool[sd][t]);
        ck_assert_int_le(got[CT_RED][CT_ROOK], 1); /* the other rook is up on e4 */
        ck_assert(ct_coup_pos_ok(full));
    }
    ck_assert(differs);
    /* The standard deal puts rooks on a0 and i0, both face down here: Red has one rook left. */
    ct_coup_deal_standard(&d);
    ck_assert_int_eq(ct_coup_start_from(full, start, &d), CT_ERR_INVALID);
    free(start);
    free(full);
}
END_TEST

/* Such a game as a record: [SetUp] and [FEN] written, read back as the start; a reveal the
 * pool cannot give refused with the move named; a bad FEN refuses the record. */
START_TEST(test_fen_record)
{
    char text[1200];
    snprintf(text, sizeof text,
             "[Game \"Chinese Chess\"]\n[Variant \"Jieqi\"]\n[FEN \"%s\"]\n\n1. h2e2=R b7e7=C *\n", fen_start);
    ct_record rec;
    uint8_t rev[CT_MAX_HISTORY];
    ct_coup_deal deal;
    bool dealt;
    ct_coup_line_error le;
    ck_assert_int_eq(ct_coup_pgn_read(text, strlen(text), 5, &rec, rev, &deal, &dealt, &le), CT_OK);
    ck_assert_str_eq(ct_record_tag(&rec, CT_COUP_FEN_TAG), fen_start);
    ck_assert(!dealt);
    ck_assert_int_eq(deal.type[CT_RED][9], CT_ROOK); /* h2: what the line showed */
    char *out;
    size_t len;
    ck_assert_int_eq(ct_coup_pgn_write(&rec, rev, &out, &len), CT_OK);
    ck_assert_msg(strstr(out, "[SetUp \"1\"]\n[FEN \"") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "CoupFEN") == NULL, "%s", out);
    ck_assert_msg(strstr(out, "1. h2e2=R b7e7=C") != NULL, "%s", out);
    free(out);
    ct_record_free(&rec);
    /* A second rook turned up: Red's pool held one. */
    snprintf(text, sizeof text,
             "[Variant \"Jieqi\"]\n[FEN \"%s\"]\n\n1. h2e2=R b7e7=C 2. b2b1=R *\n", fen_start);
    ck_assert_int_ne(ct_coup_pgn_read(text, strlen(text), 5, &rec, rev, &deal, &dealt, &le), CT_OK);
    ck_assert_msg(strstr(le.message, "move 3 (b2b1=R)") != NULL, "%s", le.message);
    ct_record_free(&rec);
    /* A face-down piece off its starting squares. */
    snprintf(text, sizeof text, "[Variant \"Jieqi\"]\n[FEN \"%s\"]\n\n*\n",
             "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/4X4/X1X1X1X1X/1X5X1/9/XXXXKXX1X A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1");
    ck_assert_int_ne(ct_coup_pgn_read(text, strlen(text), 5, &rec, rev, &deal, &dealt, &le), CT_OK);
    ck_assert_msg(strstr(le.message, "the FEN tag: a face-down Red piece on e4") != NULL, "%s", le.message);
    ct_record_free(&rec);
}
END_TEST

START_TEST(test_texts)
{
    char t[CT_COUP_MOVE_TEXT];
    ct_move mv;
    int r;
    ck_assert_int_eq(ct_coup_move_read("h2e2=R", &mv, &r), CT_OK);
    ck_assert_int_eq(mv, CT_MOVE(CT_SQ(7, 2), CT_SQ(4, 2)));
    ck_assert_int_eq(r, CT_ROOK);
    ct_coup_move_text(mv, CT_CANNON, t);
    ck_assert_str_eq(t, "h2e2=C");
    ct_coup_move_text(mv, 0, t);
    ck_assert_str_eq(t, "h2e2");
    ck_assert_int_eq(ct_coup_move_read("h2e2=K", &mv, &r), CT_ERR_SYNTAX);
    ck_assert_int_eq(ct_coup_move_read("h2e2=", &mv, &r), CT_ERR_SYNTAX);
    ck_assert_int_eq(ct_coup_move_read("j2e2", &mv, &r), CT_ERR_SYNTAX);
    ct_coup_deal d, s;
    ck_assert_int_eq(ct_coup_deal_read(std_deal, &d), CT_OK);
    ct_coup_deal_standard(&s);
    ck_assert(!memcmp(&d, &s, sizeof d));
    char buf[40];
    ct_coup_deal_text(&d, buf, sizeof buf);
    ck_assert_str_eq(buf, std_deal);
    /* Three red rooks: not the set. A black letter on Red's side: not a deal. */
    ck_assert_int_eq(ct_coup_deal_read("RRBAABNRCCPPPPP/rnbaabnrccppppp", &d), CT_ERR_INVALID);
    ck_assert_int_eq(ct_coup_deal_read("rNBAABNRCCPPPPP/rnbaabnrccppppp", &d), CT_ERR_SYNTAX);
}
END_TEST

/* Moves of a view in the players' notations, worked out by hand from the set-up: a
 * face-down piece is named by the piece of its square; files from the mover's right. */
static const struct {
    const char *move;
    ct_notation notation;
    const char *text;
} named[] = {
    {"h2e2", CT_NOTATION_VI_LONG, "Pháo 2 bình 5"},
    {"h2e2", CT_NOTATION_WXF, "C2.5"},
    {"b0c2", CT_NOTATION_WXF, "H8+7"},
    {"a3a4", CT_NOTATION_VI_LONG, "Tốt 9 tiến 1"},
    {"i0i1", CT_NOTATION_VI_LONG, "Xe 1 tiến 1"},
    {"d0e1", CT_NOTATION_VI_LONG, "Sĩ 6 tiến 5"},
};

START_TEST(test_named)
{
    ct_coup_pos v;
    ct_coup_start(&v, NULL);
    ct_move_desc d;
    ct_move mv = ct_move_parse_coord(named[_i].move);
    ck_assert_int_eq(ct_coup_move_describe(&v, mv, &d), CT_OK);
    char buf[CT_MOVE_TEXT_MAX];
    ct_move_desc_render(&d, named[_i].notation, buf, sizeof buf);
    ck_assert_str_eq(buf, named[_i].text);
    ct_move back;
    ck_assert_int_eq(ct_coup_move_parse(&v, named[_i].text, &back), CT_OK);
    ck_assert_int_eq(back, mv);
}
END_TEST

/* Black's files count from Black's right; a face-down piece and a revealed rook that both
 * move as rooks on one file are "front" and "rear". */
START_TEST(test_named_black_and_tandem)
{
    ct_coup_pos v;
    ct_coup_start(&v, NULL);
    ck_assert_int_eq(ct_coup_make(&v, ct_move_parse_coord("h2e2"), CT_CANNON), CT_CANNON);
    ct_move_desc d;
    char buf[CT_MOVE_TEXT_MAX];
    ck_assert_int_eq(ct_coup_move_describe(&v, ct_move_parse_coord("h9g7"), &d), CT_OK);
    ct_move_desc_render(&d, CT_NOTATION_VI_LONG, buf, sizeof buf);
    ck_assert_str_eq(buf, "Mã 8 tiến 7");
    /* Red's piece on b2 (a cannon's square) goes to a2 and turns out a rook: it stands in
     * front of the face-down piece on a0, which moves as a rook too. */
    ck_assert_int_ge(ct_coup_make(&v, ct_move_parse_coord("h9g7"), CT_HORSE), 0);
    ck_assert_int_eq(ct_coup_make(&v, ct_move_parse_coord("b2a2"), CT_ROOK), CT_ROOK);
    ck_assert_int_ge(ct_coup_make(&v, ct_move_parse_coord("g7h9"), 0), 0);
    ck_assert_int_eq(ct_coup_move_describe(&v, ct_move_parse_coord("a2b2"), &d), CT_OK);
    ct_move_desc_render(&d, CT_NOTATION_VI_LONG, buf, sizeof buf);
    ck_assert_str_eq(buf, "Xe trước bình 8");
    ck_assert_int_eq(ct_coup_move_describe(&v, ct_move_parse_coord("a0a1"), &d), CT_OK);
    ct_move_desc_render(&d, CT_NOTATION_VI_LONG, buf, sizeof buf);
    ck_assert_str_eq(buf, "Xe sau tiến 1");
    ct_move mv;
    ck_assert_int_eq(ct_coup_move_parse(&v, "Xe sau tiến 1", &mv), CT_OK);
    ck_assert_int_eq(mv, ct_move_parse_coord("a0a1"));
    ck_assert_int_eq(ct_coup_move_parse(&v, "H2-E2", &mv), CT_OK); /* coordinates: any piece */
    ck_assert_int_eq(ct_coup_move_parse(&v, "xyz", &mv), CT_ERR_NOT_FOUND);
}
END_TEST

/* A deal completed keeps what was known and makes each side the set again. */
START_TEST(test_complete)
{
    ct_coup_deal d;
    memset(&d, 0, sizeof d);
    d.type[CT_RED][0] = CT_PAWN;
    d.type[CT_BLACK][14] = CT_ROOK;
    ct_coup_deal_complete(&d, 7);
    ck_assert(ct_coup_deal_ok(&d));
    ck_assert_int_eq(d.type[CT_RED][0], CT_PAWN);
    ck_assert_int_eq(d.type[CT_BLACK][14], CT_ROOK);
}
END_TEST

static ct_status read_text(const char *text, ct_record *rec, uint8_t *rev, ct_coup_deal *deal,
                           bool *dealt, ct_coup_line_error *err)
{
    return ct_coup_pgn_read(text, strlen(text), 1, rec, rev, deal, dealt, err);
}

/* Worked out by hand from the set-up: with every piece dealt to its own square the game
 * moves as cờ tướng does; each first move of a piece names what it was. */
START_TEST(test_hand_written)
{
    const char *text = "[Event \"hand\"]\n[Variant \"Jieqi\"]\n"
                       "[CoupDeal \"RNBAABNRCCPPPPP/rnbaabnrccppppp\"]\n[Result \"*\"]\n\n"
                       "1. h2e2=C {central cannon} h9g7=N 2. h0g2=N i9h9=R 3. i0h0=R *\n";
    ct_record rec;
    uint8_t rev[CT_MAX_HISTORY];
    ct_coup_deal deal, s;
    bool dealt;
    ct_coup_line_error err;
    ck_assert_int_eq(read_text(text, &rec, rev, &deal, &dealt, &err), CT_OK);
    ck_assert(dealt);
    ct_coup_deal_standard(&s);
    ck_assert(!memcmp(&deal, &s, sizeof s));
    ct_move line[8];
    ck_assert_int_eq(ct_record_main_line(&rec, line, 8), 5);
    ck_assert_int_eq(line[4], CT_MOVE(CT_SQ(8, 0), CT_SQ(7, 0)));
    ck_assert_int_eq(rev[0], CT_CANNON);
    ck_assert_int_eq(rev[3], CT_ROOK);
    ck_assert_str_eq(ct_record_comment(&rec, ct_record_first_child(&rec, CT_ROOT)), "central cannon");
    ck_assert_str_eq(ct_record_tag(&rec, "Event"), "hand");
    ct_record_free(&rec);

    /* No deal (a player's file): the reveals say all; the deal is completed from them. */
    const char *player = "[Variant \"Jieqi\"]\n\n1. h2h3=R h7h6=P 2. b2b3=R *\n";
    ck_assert_int_eq(read_text(player, &rec, rev, &deal, &dealt, &err), CT_OK);
    ck_assert(!dealt);
    ck_assert(ct_coup_deal_ok(&deal));
    ck_assert_int_eq(deal.type[CT_RED][9], CT_ROOK); /* h2 is Red's 10th dealt square */
    ck_assert_int_eq(deal.type[CT_RED][8], CT_ROOK); /* b2 the 9th */
    ck_assert_int_eq(deal.type[CT_BLACK][9], CT_PAWN);
    ct_record_free(&rec);
}
END_TEST

/* Records that must be refused, with the move named. */
static const struct {
    const char *text;
    ct_coup_line_problem code;
    const char *message;
} bad[] = {
    {"[Variant \"Jieqi\"]\n[CoupDeal \"RNBAABNRCCPPPPP/rnbaabnrccppppp\"]\n\n1. h2e2=C h9g7=N 2. h0g2=R *",
     CT_COUP_LINE_CONTRADICTS, "move 3 (h0g2=R): the deal puts N there"},
    {"[Variant \"Jieqi\"]\n[CoupSeed \"5\"]\n[CoupDeal \"RNBAABNRCCPPPPP/rnbaabnrccppppp\"]\n\n1. h2e2 *",
     CT_COUP_LINE_VARIANT, "the CoupDeal tag is not the deal of the CoupSeed tag"},
    {"[Variant \"Jieqi\"]\n\n1. h2h3=R h7h6=R 2. b2b3=R b7b6=R 3. a0a1=R *",
     CT_COUP_LINE_IMPOSSIBLE, "move 5 (a0a1=R): no piece of that kind is still hidden"},
    {"[Variant \"Jieqi\"]\n\n1. h2h3 *", CT_COUP_LINE_MISSING,
     "move 1 (h2h3): it turns a face-down piece up and does not say what it was"},
    {"[Variant \"Jieqi\"]\n\n1. h2h3=C h7h6=C 2. h3h4=C *", CT_COUP_LINE_NOT_DOWN,
     "move 3 (h3h4=C): it says a reveal but moves a piece already face up"},
    {"[Variant \"Jieqi\"]\n\n1. h2h8=C *", CT_COUP_LINE_ILLEGAL,
     "move 1 (h2h8=C): the move is not legal there"},
    {"[Event \"x\"]\n\n1. h2e2 *", CT_COUP_LINE_VARIANT, "not a cờ úp record: no [Variant \"Jieqi\"] tag"},
};

START_TEST(test_refused)
{
    ct_record rec;
    uint8_t rev[CT_MAX_HISTORY];
    ct_coup_deal deal;
    bool dealt;
    ct_coup_line_error err;
    ck_assert_int_ne(read_text(bad[_i].text, &rec, rev, &deal, &dealt, &err), CT_OK);
    ck_assert_int_eq(err.code, bad[_i].code);
    ck_assert_str_eq(err.message, bad[_i].message);
    ck_assert_int_eq(ct_record_count_moves(&rec), 0);
    ct_record_free(&rec);
}
END_TEST

/* A whole random game by the referee, written and read back: for the referee (the deal in
 * the tags) and for a player (no deal: the reveals alone). */
START_TEST(test_round_trip)
{
    uint64_t rng = 0x1234 + (uint64_t)_i;
    ct_coup_deal deal;
    ct_coup_deal_random(&deal, 1000 + (uint64_t)_i);
    ct_coup_pos *pos = malloc(sizeof *pos);
    ct_coup_start(pos, &deal);
    ct_record rec;
    ct_record_init(&rec);
    uint8_t rev[CT_MAX_HISTORY] = {0};
    int node = CT_ROOT, n = 0;
    ct_move moves[CT_MAX_MOVES];
    while (n < 150) {
        int k = ct_coup_gen_legal(pos, moves);
        if (k == 0)
            break;
        ct_move mv = moves[test_rand(&rng) % (uint64_t)k];
        int r = ct_coup_make(pos, mv, 0);
        ck_assert_int_ge(r, 0);
        rev[n++] = (uint8_t)r;
        ct_record_add_move_unchecked(&rec, node, mv, &node);
        if (n == 3)
            ct_record_set_comment(&rec, node, "a \"quoted\" word");
    }
    ct_record_set_tag(&rec, "Red", "Ann \"A\"");
    char dtext[40];
    ct_coup_deal_text(&deal, dtext, sizeof dtext);
    for (int who = 0; who < 2; who++) {
        ct_record out;
        ct_record_copy(&out, &rec);
        if (who == 0)
            ct_record_set_tag(&out, "CoupDeal", dtext);
        char *text;
        size_t len;
        ck_assert_int_eq(ct_coup_pgn_write(&out, rev, &text, &len), CT_OK);
        ck_assert(strstr(text, "[Variant \"Jieqi\"]"));
        ck_assert(who == 0 || !strstr(text, "CoupDeal"));
        ct_record back;
        uint8_t rev2[CT_MAX_HISTORY];
        ct_coup_deal d2;
        bool dealt;
        ct_coup_line_error err;
        ck_assert_msg(ct_coup_pgn_read(text, len, 99, &back, rev2, &d2, &dealt, &err) == CT_OK,
                      "%s", err.message);
        ck_assert(ct_record_equal(&back, &out));
        ck_assert(!memcmp(rev, rev2, (size_t)n));
        ck_assert(dealt == (who == 0));
        ck_assert(ct_coup_deal_ok(&d2));
        if (who == 0)
            ck_assert(!memcmp(&d2, &deal, sizeof deal));
        free(text);
        ct_record_free(&back);
        ct_record_free(&out);
    }
    ct_record_free(&rec);
    free(pos);
}
END_TEST

/* Any bytes: the reader answers (a record or a refusal) and never reads out of bounds; a
 * record it accepts satisfies the rules (its reveals replay against its deal). */
START_TEST(test_mutations)
{
    const char *base = "[Variant \"Jieqi\"]\n[CoupDeal \"RNBAABNRCCPPPPP/rnbaabnrccppppp\"]\n\n"
                       "1. h2e2=C {a (b) c} h9g7=N $1 2. h0g2=N ( 2. b0c2 ) i9h9=R 3. i0h0=R 1-0\n";
    size_t len = strlen(base);
    char *buf = malloc(len);
    uint64_t rng = 77 + (uint64_t)_i;
    for (int round = 0; round < 400; round++) {
        memcpy(buf, base, len);
        size_t cut = len - test_rand(&rng) % 8;
        for (int k = 0; k < 1 + round % 4; k++)
            buf[test_rand(&rng) % len] = (char)(test_rand(&rng) % 256);
        ct_record rec;
        uint8_t rev[CT_MAX_HISTORY];
        ct_coup_deal deal;
        bool dealt;
        ct_coup_line_error err;
        if (ct_coup_pgn_read(buf, cut, 5, &rec, rev, &deal, &dealt, &err) == CT_OK) {
            ck_assert(ct_coup_deal_ok(&deal));
            ct_move line[CT_MAX_HISTORY];
            int n = ct_record_main_line(&rec, line, CT_MAX_HISTORY);
            ck_assert_int_eq(ct_coup_line_check(&deal, line, rev, n, NULL, NULL), CT_OK);
        }
        ct_record_free(&rec);
    }
    free(buf);
}
END_TEST

static Suite *coup_pgn_suite(void)
{
    Suite *s = suite_create("coup_pgn");
    TCase *tc = tcase_create("records");
    tcase_add_test(tc, test_texts);
    tcase_add_test(tc, test_fen_deal);
    tcase_add_test(tc, test_fen_record);
    tcase_add_test(tc, test_complete);
    tcase_add_loop_test(tc, test_named, 0, (int)(sizeof named / sizeof named[0]));
    tcase_add_test(tc, test_named_black_and_tandem);
    tcase_add_test(tc, test_hand_written);
    tcase_add_loop_test(tc, test_refused, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_loop_test(tc, test_round_trip, 0, 6);
    tcase_add_loop_test(tc, test_mutations, 0, 4);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(coup_pgn_suite());
}
