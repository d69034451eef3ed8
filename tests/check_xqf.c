/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — tests of XQF import. The files are built here byte by byte from the layout in
 * spec §5.2 (header, piece squares, GBK strings, move records), and for versions >= 11 by an
 * encoder that inverts the spec's decoding formulas; none comes from our own writer. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/movegen.h"
#include "cotuong/xqf.h"

static ct_pos scratch;

/* One move record as the file lists them, in pre-order; squares are "c3"-style names. */
typedef struct {
    const char *from, *to; /* NULL for the dummy root record */
    bool child, sibling;
    const char *comment;   /* GBK bytes or NULL */
} xrec;

typedef struct {
    int version;
    uint8_t keys[16];      /* header bytes 0..15 used as keys (3 and 8..15 matter) */
    int result;
    const char *title;     /* GBK */
    const char *red;       /* GBK */
    int comment_len_delta; /* added to one comment length to damage it */
} xopts;

/* Squares in the spec order: R H E A K A E H R C C P P P P P, Red then Black. */
static const char *const start_squares[32] = {
    "i0", "h0", "g0", "f0", "e0", "d0", "c0", "b0", "a0", "h2", "b2",
    "i3", "g3", "e3", "c3", "a3",
    "a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9", "b7", "h7",
    "a6", "c6", "e6", "g6", "i6",
};

static uint8_t xsq(const char *name)
{
    return (uint8_t)((name[0] - 'a') * 10 + (name[1] - '0'));
}

static int f_key(int k)
{
    return (54 * k * k + 221) & 255;
}

/* Builds an XQF file into out; returns its size. */
static size_t build(uint8_t *out, size_t cap, const xopts *o, const xrec *recs, int n)
{
    memset(out, 0, cap);
    out[0] = 'X';
    out[1] = 'Q';
    out[2] = (uint8_t)o->version;
    bool obf = o->version >= 11;
    int o1 = 0, o2 = 0, o3 = 0, coff = 0;
    uint8_t key[32] = {0};
    if (obf) {
        for (int i = 3; i < 16; i++)
            out[i] = o->keys[i];
        o1 = (f_key(out[13]) * out[13]) & 255;
        o2 = (f_key(out[14]) * o1) & 255;
        o3 = (f_key(out[15]) * o2) & 255;
        coff = (out[12] * 256 + out[13]) % 32000 + 767;
        static const char mask[] = "[(C) Copyright Mr. Dong Shiwei.]";
        for (int i = 0; i < 32; i++)
            key[i] = (uint8_t)((out[8 + i % 4] | (out[12 + i % 4] & out[3])) & (uint8_t)mask[i]);
    }
    for (int i = 0; i < 32; i++) {
        uint8_t s = start_squares[i] ? xsq(start_squares[i]) : 0xFF;
        if (!obf)
            out[0x10 + i] = s;
        else if (o->version >= 12)
            /* the reader puts byte i into slot (o1 + 1 + i) % 32 */
            out[0x10 + ((i - o1 - 1) % 32 + 64) % 32] = (uint8_t)(s + o1);
        else
            out[0x10 + i] = (uint8_t)(s + o1);
    }
    out[0x33] = (uint8_t)o->result;
    if (o->title) {
        out[0x50] = (uint8_t)strlen(o->title);
        memcpy(out + 0x51, o->title, strlen(o->title));
    }
    if (o->red) {
        out[0x130] = (uint8_t)strlen(o->red);
        memcpy(out + 0x131, o->red, strlen(o->red));
    }
    size_t p = 1024;
    for (int i = 0; i < n; i++) {
        const xrec *r = &recs[i];
        uint8_t from = r->from ? xsq(r->from) : 0, to = r->to ? xsq(r->to) : 0;
        out[p++] = (uint8_t)(from + 24 + o2);
        out[p++] = (uint8_t)(to + 32 + o3);
        if (obf)
            out[p++] = (uint8_t)((r->child ? 0x80 : 0) | (r->sibling ? 0x40 : 0) |
                                 (r->comment ? 0x20 : 0));
        else
            out[p++] = (uint8_t)((r->child ? 0xF0 : 0) | (r->sibling ? 0x0F : 0));
        out[p++] = 0;
        if (!obf || r->comment) {
            int len = r->comment ? (int)strlen(r->comment) : 0;
            int stored = len + coff + (r->comment ? o->comment_len_delta : 0);
            for (int b = 0; b < 4; b++)
                out[p++] = (uint8_t)(stored >> (8 * b));
            memcpy(out + p, r->comment ? r->comment : "", (size_t)len);
            p += (size_t)len;
        }
        ck_assert(p < cap);
    }
    if (obf)
        for (size_t i = 1024; i < p; i++)
            out[i] = (uint8_t)(out[i] + key[(i - 1024) % 32]);
    return p;
}

/* Spec §4.5 game as a chain of records; a GBK comment on move 13 ("好棋"). */
static const xrec game45[] = {
    {NULL, NULL, true, false, "\xd6\xd0\xc5\xda"}, /* 中炮 */
    {"c3", "c4", true, false, NULL}, {"h9", "g7", true, false, NULL},
    {"g3", "g4", true, false, NULL}, {"b7", "c7", true, false, NULL},
    {"c0", "e2", true, false, NULL}, {"b9", "a7", true, false, NULL},
    {"b0", "c2", true, false, NULL}, {"a9", "b9", true, false, NULL},
    {"a0", "b0", true, false, NULL}, {"b9", "b5", true, false, NULL},
    {"b2", "a2", true, false, NULL}, {"b5", "h5", true, false, NULL},
    {"h2", "h7", true, false, "\xba\xc3\xc6\xe5"}, /* 好棋 */
    {"c7", "h7", true, false, NULL},
    {"h0", "g2", true, false, NULL}, {"i9", "h9", false, false, NULL},
};
#define N45 ((int)(sizeof game45 / sizeof game45[0]))
static const char final45[] =
    "2bakabr1/9/n5nc1/p1p1p1p1p/7r1/2P3P2/P3P3P/C1N1B1N2/9/1R1AKAB1R w - - 2 9";

/* A tree: 1. c3c4 h9g7 (1... b9c7 2. c0e2) 2. g3g4 ; h9g7 has a sibling. */
static const xrec tree[] = {
    {NULL, NULL, true, false, NULL},
    {"c3", "c4", true, false, NULL},
    {"h9", "g7", true, true, "\xc2\xed"}, /* 马 */
    {"g3", "g4", false, false, NULL},
    {"b9", "c7", true, false, NULL},
    {"c0", "e2", false, false, NULL},
};
#define NTREE ((int)(sizeof tree / sizeof tree[0]))

static const xopts opt_v10 = {0x0A, {0}, 1, "\xba\xec\xba\xda", "\xba\xec", 0};
static const xopts opt_v11 = {
    11, {0, 0, 0, 0x5A, 0, 0, 0, 0, 0x13, 0x77, 0xC4, 0x2E, 0x91, 0x35, 0xE8, 0x6B}, 2, NULL, NULL, 0};
static const xopts opt_v12 = {
    12, {0, 0, 0, 0xFF, 0, 0, 0, 0, 0xA1, 0x0C, 0x7E, 0xD3, 0x48, 0xB6, 0x29, 0x9F}, 3, NULL, NULL, 0};
static const xopts opt_v18 = {
    18, {0, 0, 0, 0x81, 0, 0, 0, 0, 0xFE, 0xEF, 0x01, 0x10, 0x07, 0xF3, 0x88, 0x42}, 0, NULL, NULL, 0};

static uint8_t filebuf[16384];

static void read_ok(const uint8_t *b, size_t n, ct_record *r)
{
    ct_xqf_error err;
    ct_status st = ct_xqf_read(b, n, r, &err);
    ck_assert_msg(st == CT_OK, "status %d at byte %zu record %d: %s", st, err.offset, err.ply,
                  err.message);
}

static void assert_final(const ct_record *r, const char *fen)
{
    char buf[128];
    ck_assert_int_eq(ct_record_position(r, ct_record_main_end(r), &scratch), CT_OK);
    ct_fen_write(&scratch, buf, sizeof buf);
    ck_assert_str_eq(buf, fen);
}

static const xopts *const all_opts[] = {&opt_v10, &opt_v11, &opt_v12, &opt_v18};

START_TEST(test_game45)
{
    const xopts *o = all_opts[_i];
    size_t n = build(filebuf, sizeof filebuf, o, game45, N45);
    ct_record r;
    read_ok(filebuf, n, &r);
    ck_assert_int_eq(ct_record_main_line(&r, NULL, 0), 16);
    ck_assert_int_eq(ct_record_count_moves(&r), 16);
    assert_final(&r, final45);
    ck_assert(!r.has_fen); /* the standard start */
    ck_assert_str_eq(ct_record_comment(&r, CT_ROOT), "中炮");
    int nodes[20];
    ct_record_main_line_nodes(&r, nodes, 20);
    ck_assert_str_eq(ct_record_comment(&r, nodes[12]), "好棋");
    ck_assert_ptr_null(ct_record_comment(&r, nodes[11]));
    static const ct_result results[] = {CT_RESULT_NONE, CT_RESULT_RED_WINS,
                                        CT_RESULT_BLACK_WINS, CT_RESULT_DRAW};
    ck_assert_int_eq(r.result, results[o->result]);
    if (o->title) {
        ck_assert_str_eq(ct_record_tag(&r, "Title"), "红黑");
        ck_assert_str_eq(ct_record_tag(&r, "Red"), "红");
    }
    ct_record_free(&r);
}
END_TEST

START_TEST(test_tree)
{
    size_t n = build(filebuf, sizeof filebuf, all_opts[_i], tree, NTREE);
    ct_record r;
    read_ok(filebuf, n, &r);
    ck_assert_int_eq(ct_record_count_moves(&r), 5);
    int c3c4 = ct_record_first_child(&r, CT_ROOT);
    ck_assert_int_eq(ct_record_move(&r, c3c4), ct_move_parse_coord("c3c4"));
    ck_assert_int_eq(ct_record_child_count(&r, c3c4), 2);
    int h9g7 = ct_record_child(&r, c3c4, 0), b9c7 = ct_record_child(&r, c3c4, 1);
    ck_assert_int_eq(ct_record_move(&r, h9g7), ct_move_parse_coord("h9g7"));
    ck_assert_int_eq(ct_record_move(&r, b9c7), ct_move_parse_coord("b9c7"));
    ck_assert_str_eq(ct_record_comment(&r, h9g7), "马");
    ck_assert_int_eq(ct_record_move(&r, ct_record_first_child(&r, h9g7)),
                     ct_move_parse_coord("g3g4"));
    ck_assert_int_eq(ct_record_move(&r, ct_record_first_child(&r, b9c7)),
                     ct_move_parse_coord("c0e2"));
    ck_assert_int_eq(ct_record_child_count(&r, b9c7), 1);
    ct_record_free(&r);
}
END_TEST

/* Black moves first: the side to move comes from the first move's piece. */
START_TEST(test_black_first)
{
    static const xrec recs[] = {
        {NULL, NULL, true, false, NULL},
        {"h9", "g7", true, false, NULL},
        {"h2", "e2", false, false, NULL},
    };
    size_t n = build(filebuf, sizeof filebuf, all_opts[_i], recs, 3);
    ct_record r;
    read_ok(filebuf, n, &r);
    ck_assert(r.has_fen);
    ck_assert_str_eq(r.start_fen,
                     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    ck_assert_int_eq(ct_record_main_line(&r, NULL, 0), 2);
    ct_record_free(&r);
}
END_TEST

/* Every truncation of a valid file is refused cleanly, with a message. */
START_TEST(test_truncated)
{
    size_t n = build(filebuf, sizeof filebuf, all_opts[_i], game45, N45);
    for (size_t k = 0; k < n; k++) {
        uint8_t *copy = malloc(k ? k : 1);
        memcpy(copy, filebuf, k);
        ct_record r;
        ct_xqf_error err;
        ct_status st = ct_xqf_read(copy, k, &r, &err);
        ck_assert_msg(st != CT_OK, "truncated at %zu but accepted", k);
        ck_assert(err.message[0] != '\0');
        ct_record_free(&r);
        free(copy);
    }
}
END_TEST

/* Every single-byte change of the move area: no crash, no leak (either result). */
START_TEST(test_flipped_bytes)
{
    size_t n = build(filebuf, sizeof filebuf, all_opts[_i], tree, NTREE);
    for (size_t k = 1024; k < n; k++)
        for (int bit = 0; bit < 8; bit++) {
            filebuf[k] ^= (uint8_t)(1 << bit);
            ct_record r;
            ct_xqf_error err;
            if (ct_xqf_read(filebuf, n, &r, &err) != CT_OK)
                ck_assert(err.message[0] != '\0');
            ct_record_free(&r);
            filebuf[k] ^= (uint8_t)(1 << bit);
        }
}
END_TEST

START_TEST(test_damaged)
{
    ct_record r;
    ct_xqf_error err;
    size_t n;
    /* not XQF */
    ck_assert_int_eq(ct_xqf_read("XY", 2, &r, &err), CT_ERR_SYNTAX);
    ct_record_free(&r);
    ck_assert(!ct_xqf_detect("X", 1));
    /* unknown version */
    n = build(filebuf, sizeof filebuf, &opt_v10, game45, N45);
    filebuf[2] = 0;
    ck_assert_int_eq(ct_xqf_read(filebuf, n, &r, &err), CT_ERR_UNSUPPORTED);
    ct_record_free(&r);
    /* a square off the board in a move record */
    n = build(filebuf, sizeof filebuf, &opt_v10, game45, N45);
    filebuf[1024 + 12] = 24 + 95; /* record 1 follows the root (4 + 4 + "中炮") */
    ck_assert_int_eq(ct_xqf_read(filebuf, n, &r, &err), CT_ERR_SYNTAX);
    ck_assert_int_eq(err.ply, 1);
    ct_record_free(&r);
    /* an illegal move: record 2 is a Black rook jumping its own pawn (i9i3) */
    static const xrec bad_move[] = {
        {NULL, NULL, true, false, NULL},
        {"h2", "e2", true, false, NULL},
        {"i9", "i3", false, false, NULL},
    };
    n = build(filebuf, sizeof filebuf, &opt_v12, bad_move, 3);
    ck_assert_int_eq(ct_xqf_read(filebuf, n, &r, &err), CT_ERR_ILLEGAL);
    ck_assert_int_eq(err.ply, 2);
    ct_record_free(&r);
    /* a comment length running past the end */
    xopts o = opt_v11;
    o.comment_len_delta = 5000;
    n = build(filebuf, sizeof filebuf, &o, game45, N45);
    ck_assert_int_eq(ct_xqf_read(filebuf, n, &r, &err), CT_ERR_SYNTAX);
    ct_record_free(&r);
    o.comment_len_delta = -1000000;
    n = build(filebuf, sizeof filebuf, &o, game45, N45);
    ck_assert_int_eq(ct_xqf_read(filebuf, n, &r, &err), CT_ERR_SYNTAX);
    ct_record_free(&r);
    /* two pieces on one square */
    n = build(filebuf, sizeof filebuf, &opt_v10, game45, N45);
    filebuf[0x10 + 1] = filebuf[0x10];
    ck_assert_int_eq(ct_xqf_read(filebuf, n, &r, &err), CT_ERR_INVALID);
    ct_record_free(&r);
    /* no kings: an impossible position */
    n = build(filebuf, sizeof filebuf, &opt_v10, game45, 1);
    filebuf[0x10 + 4] = 0xFF;
    ck_assert_int_eq(ct_xqf_read(filebuf, n, &r, &err), CT_ERR_INVALID);
    ct_record_free(&r);
}
END_TEST

static Suite *xqf_suite(void)
{
    Suite *s = suite_create("xqf");
    TCase *tc = tcase_create("read");
    tcase_set_timeout(tc, 120);
    int nopts = (int)(sizeof all_opts / sizeof all_opts[0]);
    tcase_add_loop_test(tc, test_game45, 0, nopts);
    tcase_add_loop_test(tc, test_tree, 0, nopts);
    tcase_add_loop_test(tc, test_black_first, 0, nopts);
    tcase_add_loop_test(tc, test_truncated, 0, nopts);
    tcase_add_loop_test(tc, test_flipped_bytes, 0, nopts);
    tcase_add_test(tc, test_damaged);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(xqf_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
