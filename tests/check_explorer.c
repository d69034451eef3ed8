/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — tests of the master-games index (explorer.h): an index built from the
 * hand-written games of tests/data/masters against counts this test computes itself by
 * replaying every game and comparing FEN text, plus fixed vectors worked out by hand,
 * reproducibility, and damaged images (refused, or read without a crash). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/book.h"
#include "cotuong/ecco.h"
#include "cotuong/explorer.h"
#include "cotuong/movegen.h"
#include "cotuong/pgn.h"

#define MAXG 32

static ct_record *recs;
static int nrec;
static ct_move moves[MAXG][512];
static ct_explorer_input in[MAXG];
static ct_pos scratch, query;

static void load(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/masters/games.pgn", TEST_DATA_DIR);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char buf[1 << 16];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    ct_pgn_error err;
    ck_assert_int_eq(ct_pgn_read(buf, len, CT_ENC_UTF8, &recs, &nrec, NULL, &err), CT_OK);
    ck_assert_int_eq(nrec, 8);
    for (int i = 0; i < nrec; i++) {
        in[i].nmoves = ct_record_main_line(&recs[i], moves[i], 512);
        in[i].moves = moves[i];
        in[i].result = recs[i].result;
        in[i].ecco = ct_ecco_parse(ct_record_tag(&recs[i], "ECCO"));
        in[i].red = ct_record_tag(&recs[i], "Red");
        in[i].black = ct_record_tag(&recs[i], "Black");
        in[i].event = ct_record_tag(&recs[i], "Event");
        in[i].year = 1990 + i;
    }
}

static void unload(void)
{
    ct_pgn_free_games(recs, nrec);
}

/* Board and side of a position as FEN text (fields 1 and 2): an identity that shares no
 * code with the index's keys. */
static void board_text(const ct_pos *pos, char *out, size_t size)
{
    char fen[128];
    ct_fen_write(pos, fen, sizeof fen);
    char *sp = strchr(fen, ' ');
    sp = strchr(sp + 1, ' ');
    *sp = 0;
    snprintf(out, size, "%s", fen);
}

typedef struct {
    ct_move move;
    unsigned games, red, draw, black;
} count;

/* The moves played at the position `want` in the first CT_EXPLORER_PLIES plies of the unique
 * games (a game counts once per position, with the move it played there first). */
static int expected(const char *want, count *out)
{
    int n = 0;
    for (int g = 0; g < nrec; g++) {
        bool dup = false;
        for (int h = 0; h < g && !dup; h++)
            dup = in[h].nmoves == in[g].nmoves &&
                  !memcmp(moves[h], moves[g], sizeof(ct_move) * (size_t)in[g].nmoves);
        if (dup)
            continue;
        ct_pos_start(&scratch);
        for (int p = 0; p < in[g].nmoves && p < CT_EXPLORER_PLIES; p++) {
            char b[128];
            board_text(&scratch, b, sizeof b);
            if (!strcmp(b, want)) {
                int k = 0;
                while (k < n && out[k].move != moves[g][p])
                    k++;
                if (k == n)
                    out[n++] = (count){moves[g][p], 0, 0, 0, 0};
                out[k].games++;
                out[k].red += in[g].result == CT_RESULT_RED_WINS;
                out[k].draw += in[g].result == CT_RESULT_DRAW;
                out[k].black += in[g].result == CT_RESULT_BLACK_WINS;
                break;
            }
            ct_pos_make(&scratch, moves[g][p]);
        }
    }
    return n;
}

static ct_explorer *build(uint8_t **img, size_t *len)
{
    int unique;
    ck_assert_int_eq(ct_explorer_build(in, nrec, img, len, &unique), CT_OK);
    ck_assert_int_eq(unique, 7); /* games 1 and 2 have the same moves */
    ct_explorer *x;
    ck_assert_int_eq(ct_explorer_open(*img, *len, &x), CT_OK);
    return x;
}

static void check_position(const ct_explorer *x, const ct_pos *pos)
{
    char b[128];
    board_text(pos, b, sizeof b);
    count want[CT_MAX_MOVES];
    int nw = expected(b, want);
    ct_explorer_move got[CT_MAX_MOVES];
    int ng = ct_explorer_lookup(x, pos, got, CT_MAX_MOVES);
    ck_assert_msg(ng == nw, "%s: %d moves, expected %d", b, ng, nw);
    for (int i = 0; i < ng; i++) {
        if (i > 0)
            ck_assert(got[i - 1].games > got[i].games ||
                      (got[i - 1].games == got[i].games && got[i - 1].move < got[i].move));
        int k = 0;
        while (k < nw && want[k].move != got[i].move)
            k++;
        ck_assert_msg(k < nw, "%s: unexpected move", b);
        ck_assert_uint_eq(got[i].games, want[k].games);
        ck_assert_uint_eq(got[i].red, want[k].red);
        ck_assert_uint_eq(got[i].draw, want[k].draw);
        ck_assert_uint_eq(got[i].black, want[k].black);
    }
}

START_TEST(test_counts_match_replay)
{
    load();
    uint8_t *img;
    size_t len;
    ct_explorer *x = build(&img, &len);
    /* Every position of every game, a few plies past the index's horizon included. */
    int checked = 0;
    for (int g = 0; g < nrec; g++) {
        ct_pos_start(&query);
        for (int p = 0; p <= in[g].nmoves && p < CT_EXPLORER_PLIES + 4; p++) {
            check_position(x, &query);
            checked++;
            if (p < in[g].nmoves)
                ct_pos_make(&query, moves[g][p]);
        }
    }
    ck_assert_int_gt(checked, 60);
    /* A position no game reached. */
    ck_assert_int_eq(ct_fen_read(&query, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", NULL), CT_OK);
    ct_explorer_move mv[8];
    ck_assert_int_eq(ct_explorer_lookup(x, &query, mv, 8), 0);
    ct_explorer_free(x);
    free(img);
    unload();
}
END_TEST

/* Figures worked out by hand from games.pgn. */
START_TEST(test_hand_vectors)
{
    load();
    uint8_t *img;
    size_t len;
    ct_explorer *x = build(&img, &len);
    ck_assert_int_eq(ct_explorer_games(x), 7);
    ct_explorer_move mv[16];
    ct_pos_start(&query);
    /* h2e2: games 1 (1-0), 3 (0-1), 5 (draw), 8 (0-1); then c3c4, g0e2, h0g2 once each;
     * game 7 comes back to the start at ply 4 but counts once. */
    ck_assert_int_eq(ct_explorer_lookup(x, &query, mv, 16), 4);
    ck_assert_uint_eq(mv[0].move, ct_move_parse_coord("h2e2"));
    ck_assert_uint_eq(mv[0].games, 4);
    ck_assert_uint_eq(mv[0].red, 1);
    ck_assert_uint_eq(mv[0].draw, 1);
    ck_assert_uint_eq(mv[0].black, 2);
    /* one game each, in move-value order (the to-square counts most) */
    ck_assert_uint_eq(mv[1].move, ct_move_parse_coord("g0e2"));
    ck_assert_uint_eq(mv[1].games, 1);
    ck_assert_uint_eq(mv[1].red + mv[1].draw + mv[1].black, 0); /* unfinished */
    ck_assert_uint_eq(mv[2].move, ct_move_parse_coord("h0g2"));
    ck_assert_uint_eq(mv[2].black, 1);
    ck_assert_uint_eq(mv[3].move, ct_move_parse_coord("c3c4"));
    ck_assert_uint_eq(mv[3].draw, 1);
    /* Example of h2e2: Alpha (4 games) - Beta (3 games), the best-known pairing. */
    ct_explorer_game_info gi;
    ck_assert_int_eq(ct_explorer_game(x, mv[0].example, &gi), CT_OK);
    ck_assert_str_eq(gi.red, "Alpha");
    ck_assert_str_eq(gi.black, "Beta");
    ck_assert_str_eq(gi.event, "Test Cup 1");
    ck_assert_int_eq(gi.year, 1990);
    ck_assert_int_eq(ct_explorer_game(x, 7, &gi), CT_ERR_INVALID);
    /* Transposition: games 1, 3 and 8 meet after six plies; 3 and 8 went on with c3c4. */
    const char *line[] = {"h2e2", "b9c7", "h0g2", "h9g7", "i0h0", "i9h9"};
    for (int i = 0; i < 6; i++)
        ct_pos_make(&query, ct_move_parse_coord(line[i]));
    ck_assert_int_eq(ct_explorer_lookup(x, &query, mv, 16), 1);
    ck_assert_uint_eq(mv[0].move, ct_move_parse_coord("c3c4"));
    ck_assert_uint_eq(mv[0].games, 2);
    ck_assert_uint_eq(mv[0].black, 2);
    ct_explorer_free(x);
    free(img);
    unload();
}
END_TEST

START_TEST(test_reproducible)
{
    load();
    uint8_t *a, *b;
    size_t la, lb;
    int u;
    ck_assert_int_eq(ct_explorer_build(in, nrec, &a, &la, &u), CT_OK);
    ck_assert_int_eq(ct_explorer_build(in, nrec, &b, &lb, &u), CT_OK);
    ck_assert_uint_eq(la, lb);
    ck_assert(!memcmp(a, b, la));
    free(a);
    free(b);
    unload();
}
END_TEST

static uint64_t fnv(const uint8_t *p, size_t n)
{
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ULL;
    }
    return h;
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* A damaged image: any changed byte is refused by the checksum; with the checksum made to
 * match, the structure checks refuse it or it reads without a crash (ASan in
 * make check-sanitize); every shorter length is refused. */
START_TEST(test_damaged)
{
    load();
    uint8_t *img;
    size_t len;
    ct_explorer *x = build(&img, &len);
    ct_explorer_free(x);
    uint8_t *bad = malloc(len);
    for (size_t cut = 0; cut < len; cut += 1 + cut / 8)
        ck_assert_int_eq(ct_explorer_open(img, cut, &x), CT_ERR_INVALID);
    int opened = 0, refused = 0;
    for (size_t i = 0; i < len; i++) {
        memcpy(bad, img, len);
        bad[i] ^= 0x5a;
        if (i < 32 || i >= 48) {
            ck_assert_int_eq(ct_explorer_open(bad, len, &x), CT_ERR_INVALID);
        }
        put64(bad + 40, fnv(bad + 64, len - 64));
        if (ct_explorer_open(bad, len, &x) != CT_OK) {
            refused++;
            continue;
        }
        opened++;
        for (int g = 0; g < nrec; g++) {
            ct_pos_start(&query);
            for (int p = 0; p < in[g].nmoves && p < CT_EXPLORER_PLIES; p++) {
                ct_explorer_move mv[CT_MAX_MOVES];
                int n = ct_explorer_lookup(x, &query, mv, CT_MAX_MOVES);
                for (int k = 0; k < n; k++) {
                    ct_explorer_game_info gi;
                    ck_assert(ct_is_legal(&query, mv[k].move));
                    ck_assert_int_eq(ct_explorer_game(x, mv[k].example, &gi), CT_OK);
                    ck_assert(strlen(gi.red) < len);
                }
                (void)ct_ecco_classify(x, moves[g], p + 1);
                ct_pos_make(&query, moves[g][p]);
            }
        }
        ct_explorer_free(x);
    }
    ck_assert_int_gt(refused, 0);
    ck_assert_int_gt(opened, 0); /* some bytes (names, move bytes) are not structural */
    free(bad);
    free(img);
    unload();
}
END_TEST

static int classify(const ct_explorer *x, const char *const *line, int n)
{
    ct_move mv[32];
    for (int i = 0; i < n; i++)
        mv[i] = ct_move_parse_coord(line[i]);
    return ct_ecco_classify(x, mv, n);
}

static int so_far(const ct_explorer *x, const char *const *line, int n, int *lo, int *hi)
{
    ct_move mv[32];
    for (int i = 0; i < n; i++)
        mv[i] = ct_move_parse_coord(line[i]);
    return ct_ecco_classify_so_far(x, mv, n, lo, hi);
}

#define ECCO(s) ct_ecco_parse(s)

/* The classifier's tree, worked out by hand from the six coded games of games.pgn (each
 * side's moves; game 4 opens on file c, so it is read mirrored: Red g3g4 b2e2, Black h9g7
 * b9c7). Splitting by entropy, the root's best question leaves {1, 5, 8} (C00, C00, C84)
 * against {3, 4, 7}: 3 ln 3 - 2 ln 2 + 3 ln 3 = 5.21 nats, less than any other split, and
 * Black's second move being i9h9 is the smallest question that makes it. Then:
 *   Black's 2nd move i9h9? yes: Red's 4th move c3c4? yes C84, no C00
 *                          no:  Red's 1st move h2e2? yes C01,
 *                                                    no: Red's 1st move h0g2? yes A40, no E00
 * (h2e2 sorts before h0g2 and g3g4 because its to-square e2 comes first). */
START_TEST(test_ecco_classify)
{
    load();
    uint8_t *img;
    size_t len;
    ct_explorer *x = build(&img, &len);
    ck_assert_uint_eq(img[48], 9); /* nodes: the 4 questions and 5 leaves above */
    /* Every coded game gets its own code. */
    ck_assert_int_eq(ct_ecco_classify(x, in[0].moves, in[0].nmoves), ECCO("C00"));
    ck_assert_int_eq(ct_ecco_classify(x, in[2].moves, in[2].nmoves), ECCO("C01"));
    ck_assert_int_eq(ct_ecco_classify(x, in[3].moves, in[3].nmoves), ECCO("E00"));
    ck_assert_int_eq(ct_ecco_classify(x, in[4].moves, in[4].nmoves), ECCO("C00"));
    ck_assert_int_eq(ct_ecco_classify(x, in[6].moves, in[6].nmoves), ECCO("A40"));
    ck_assert_int_eq(ct_ecco_classify(x, in[7].moves, in[7].nmoves), ECCO("C84"));
    /* Games the index does not have, as whole games. */
    const char *five[] = {"h2e2", "h9g7", "h0g2", "i9h9", "b0c2"};
    ck_assert_int_eq(classify(x, five, 5), ECCO("C00"));       /* no 4th Red move */
    const char *b9c7[] = {"h2e2", "b9c7"};
    ck_assert_int_eq(classify(x, b9c7, 2), ECCO("C01"));       /* no 2nd Black move */
    const char *g0e2[] = {"g0e2", "g9e7"};
    ck_assert_int_eq(classify(x, g0e2, 2), ECCO("E00"));
    ck_assert_int_eq(classify(x, g0e2, 0), ECCO("E00"));       /* the empty game */
    const char *illegal[] = {"h2e2", "a0a9", "h9g7", "h0g2", "i9h9"};
    ck_assert_int_eq(classify(x, illegal, 5), ECCO("C01"));    /* it ends at a0a9 */
    /* Game 3 mirrored (files a..i swapped) reads as game 3. */
    const char *mirrored[] = {"b2e2", "h9g7", "b0c2", "b9c7", "a0b0", "a9b9", "g3g4"};
    ck_assert_int_eq(classify(x, mirrored, 7), ECCO("C01"));
    /* A game that may go on: every leaf a way of going on reaches. */
    int lo, hi;
    ck_assert_int_eq(so_far(x, g0e2, 0, &lo, &hi), CT_ECCO_NONE); /* all five leaves */
    ck_assert_int_eq(lo, ECCO("A40"));
    ck_assert_int_eq(hi, ECCO("E00"));
    const char *one[] = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4"};
    ck_assert_int_eq(so_far(x, one, 1, &lo, &hi), CT_ECCO_NONE); /* C84, C00 or C01 */
    ck_assert_int_eq(lo, ECCO("C00"));
    ck_assert_int_eq(hi, ECCO("C84"));
    ck_assert_int_eq(so_far(x, one, 6, &lo, &hi), CT_ECCO_NONE); /* Red's 4th move to come */
    ck_assert_int_eq(lo, ECCO("C00"));
    ck_assert_int_eq(hi, ECCO("C84"));
    ck_assert_int_eq(so_far(x, one, 7, &lo, &hi), ECCO("C84"));  /* settled */
    ck_assert_int_eq(lo, hi);
    const char *horse[] = {"h0g2"};
    ck_assert_int_eq(so_far(x, horse, 1, &lo, &hi), CT_ECCO_NONE); /* C84, C00 or A40 */
    ck_assert_int_eq(lo, ECCO("A40"));
    ck_assert_int_eq(hi, ECCO("C84"));
    ct_explorer_free(x);
    free(img);
    /* An index whose games have no code classifies nothing. */
    int unique;
    ck_assert_int_eq(ct_explorer_build(&in[5], 1, &img, &len, &unique), CT_OK);
    ck_assert_int_eq(img[48], 0);
    ck_assert_int_eq(ct_explorer_open(img, len, &x), CT_OK);
    ck_assert_int_eq(ct_ecco_classify(x, in[5].moves, in[5].nmoves), CT_ECCO_NONE);
    ck_assert_int_eq(ct_ecco_classify_so_far(x, in[5].moves, in[5].nmoves, &lo, &hi),
                     CT_ECCO_NONE);
    ck_assert_int_eq(lo, CT_ECCO_NONE);
    ck_assert_int_eq(hi, CT_ECCO_NONE);
    ct_explorer_free(x);
    free(img);
    unload();
}
END_TEST

/* Group names of code ranges: the narrowest group holding the whole range. */
START_TEST(test_ecco_range_name)
{
    ck_assert_str_eq(ct_ecco_range_name(ECCO("C30"), ECCO("C39"), CT_ECCO_ZH), "中炮過河車互進七兵對屏風馬");
    ck_assert_str_eq(ct_ecco_range_name(ECCO("C00"), ECCO("C84"), CT_ECCO_EN),
                     "Central Cannon vs Screen Horses");
    ck_assert_str_eq(ct_ecco_range_name(ECCO("B05"), ECCO("D51"), CT_ECCO_VI), "Pháo đầu");
    ck_assert_str_eq(ct_ecco_range_name(ECCO("A40"), ECCO("C84"), CT_ECCO_EN), "");
    ck_assert_str_eq(ct_ecco_range_name(CT_ECCO_NONE, CT_ECCO_NONE, CT_ECCO_EN), "");
    ck_assert_str_eq(ct_ecco_range_name(ECCO("C39"), ECCO("C30"), CT_ECCO_EN), "");
    /* a single code: its own group, as ct_ecco_name */
    ck_assert_str_eq(ct_ecco_range_name(ECCO("E12"), ECCO("E12"), CT_ECCO_ZH), ct_ecco_name(ECCO("E12"), CT_ECCO_ZH));
}
END_TEST

/* The master book over the shipped index: every move it offers obeys the level's rules,
 * checked against the explorer's own counts; rare positions are left to the search. */
START_TEST(test_master_book)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/../../assets/ccpd-masters.idx", TEST_DATA_DIR);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    size_t len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *bytes = malloc(len);
    ck_assert_uint_eq(fread(bytes, 1, len, f), len);
    fclose(f);
    ct_explorer *x;
    ck_assert_int_eq(ct_explorer_open(bytes, len, &x), CT_OK);
    uint8_t *copy = malloc(len);
    memcpy(copy, bytes, len);
    ct_book *book = ct_book_new_masters(copy, len);
    ck_assert_ptr_nonnull(book);
    ck_assert(ct_book_is_masters(book));

    const char *line[] = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4", "g6g5"};
    ct_pos_start(&query);
    for (int ply = 0; ply <= 8; ply++) {
        ct_explorer_move m[CT_MAX_MOVES];
        int n = ct_explorer_lookup(x, &query, m, CT_MAX_MOVES);
        unsigned total = 0;
        for (int i = 0; i < n; i++)
            total += m[i].games;
        ct_move bm[CT_MAX_MOVES];
        int w[CT_MAX_MOVES];
        int top = ct_book_moves_level(book, &query, 10, bm, w, CT_MAX_MOVES);
        int low = ct_book_moves_level(book, &query, 5, bm + 64, w + 64, 64);
        ck_assert_int_ge(low, top); /* more variety below level 8 */
        if (total < 30)
            ck_assert_int_eq(top, 0);
        for (int k = 0; k < top; k++) {
            int i = 0;
            while (i < n && m[i].move != bm[k])
                i++;
            ck_assert_int_lt(i, n);
            ck_assert_uint_ge(m[i].games, 8);
            ck_assert_uint_ge(m[i].games * 20, total);
            ck_assert_int_gt(w[k], 0);
        }
        if (ply == 0) {
            /* h2e2, c3c4 and g0e2 are each over 1/20 of the games; b0c2 (1005) is not. */
            ck_assert_int_ge(top, 1);
            for (int k = 0; k < top; k++)
                ck_assert(bm[k] != ct_move_parse_coord("b0c2"));
        }
        ct_move pick = ct_book_pick_level(book, &query, 12345, 10);
        ck_assert(top == 0 ? pick == CT_NO_MOVE : ct_is_legal(&query, pick));
        if (ply < 8)
            ct_pos_make(&query, ct_move_parse_coord(line[ply]));
    }
    /* A position no master reached: no book move at any level. */
    ck_assert_int_eq(ct_fen_read(&query, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", NULL), CT_OK);
    ck_assert_uint_eq(ct_book_pick_level(book, &query, 1, 10), CT_NO_MOVE);
    ck_assert_uint_eq(ct_book_pick_level(book, &query, 1, 4), CT_NO_MOVE);
    /* A damaged image is refused (and freed by the book). */
    uint8_t *bad = malloc(100);
    memset(bad, 0, 100);
    ck_assert_ptr_null(ct_book_new_masters(bad, 100));
    ct_book_free(book);
    ct_explorer_free(x);
    free(bytes);
}
END_TEST

START_TEST(test_ecco_codes)
{
    ck_assert_int_eq(ct_ecco_parse("A00"), 0);
    ck_assert_int_eq(ct_ecco_parse("C45"), 245);
    ck_assert_int_eq(ct_ecco_parse("E99"), 499);
    ck_assert_int_eq(ct_ecco_parse("F00"), CT_ECCO_NONE);
    ck_assert_int_eq(ct_ecco_parse("C4"), CT_ECCO_NONE);
    ck_assert_int_eq(ct_ecco_parse("C456"), CT_ECCO_NONE);
    ck_assert_int_eq(ct_ecco_parse(NULL), CT_ECCO_NONE);
    /* Names: the example, and B52 as the archive's opening files name it. */
    ck_assert_str_eq(ct_ecco_name(ct_ecco_parse("C00"), CT_ECCO_ZH), "中炮對屏風馬");
    ck_assert_str_eq(ct_ecco_name(ct_ecco_parse("C00"), CT_ECCO_VI), "Pháo đầu đối bình phong mã");
    ck_assert_str_eq(ct_ecco_name(ct_ecco_parse("C00"), CT_ECCO_EN), "Central Cannon vs Screen Horses");
    ck_assert_str_eq(ct_ecco_name(ct_ecco_parse("B52"), CT_ECCO_ZH), "五七炮對反宮馬");
    ck_assert_str_eq(ct_ecco_name(CT_ECCO_NONE, CT_ECCO_EN), "");
    for (int c = 0; c < 500; c++)
        ck_assert(*ct_ecco_name(c, CT_ECCO_ZH) && *ct_ecco_name(c, CT_ECCO_VI) &&
                  *ct_ecco_name(c, CT_ECCO_EN));
    char b[4];
    ct_ecco_format(245, b);
    ck_assert_str_eq(b, "C45");
    ct_ecco_format(-1, b);
    ck_assert_str_eq(b, "");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("explorer");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_counts_match_replay);
    tcase_add_test(tc, test_hand_vectors);
    tcase_add_test(tc, test_reproducible);
    tcase_add_test(tc, test_damaged);
    tcase_add_test(tc, test_ecco_classify);
    tcase_add_test(tc, test_ecco_range_name);
    tcase_add_test(tc, test_master_book);
    tcase_add_test(tc, test_ecco_codes);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
