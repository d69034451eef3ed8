/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — tests of the game record (record.h) and of PGN reading and writing (pgn.h).
 * Vectors: the spec §4.5 round-trip game (moves in coordinates, ICCS, WXF, Chinese and
 * Vietnamese, and its final FEN), hand-written PGN files in tests/data/pgn (GBK and Big5
 * copies made with iconv from the UTF-8 sources beside them), and malformed inputs. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/movegen.h"
#include "cotuong/pgn.h"

static ct_pos scratch; /* large: kept off the stack */

/* Spec §4.5: the moves in coordinates and the final position. */
static const char *const game45_coord[] = {
    "c3c4", "h9g7", "g3g4", "b7c7", "c0e2", "b9a7", "b0c2", "a9b9",
    "a0b0", "b9b5", "b2a2", "b5h5", "h2h7", "c7h7", "h0g2", "i9h9",
};
static const char game45_final[] =
    "2bakabr1/9/n5nc1/p1p1p1p1p/7r1/2P3P2/P3P3P/C1N1B1N2/9/1R1AKAB1R w - - 2 9";

static char *read_file(const char *name, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/pgn/%s", TEST_DATA_DIR, name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* Reads a data file that must parse; returns the games. */
static ct_record *read_games(const char *name, ct_encoding enc, int *n, ct_encoding *used)
{
    size_t len;
    char *buf = read_file(name, &len);
    ct_record *games = NULL;
    ct_pgn_error err;
    ct_status st = ct_pgn_read(buf, len, enc, &games, n, used, &err);
    free(buf);
    ck_assert_msg(st == CT_OK, "%s: status %d: game %d move %d token '%s' line %d: %s", name, st,
                  err.game, err.move_number, err.token, err.line, err.message);
    return games;
}

static void assert_final_fen(const ct_record *r, const char *fen)
{
    char buf[128];
    ck_assert_int_eq(ct_record_position(r, ct_record_main_end(r), &scratch), CT_OK);
    ct_fen_write(&scratch, buf, sizeof buf);
    ck_assert_str_eq(buf, fen);
}

static void assert_game45(const ct_record *r)
{
    ct_move line[64];
    int n = ct_record_main_line(r, line, 64);
    ck_assert_int_eq(n, 16);
    for (int i = 0; i < 16; i++) {
        char c[5];
        ct_move_coord(line[i], c);
        ck_assert_str_eq(c, game45_coord[i]);
    }
    assert_final_fen(r, game45_final);
}

static void assert_round_trip(const ct_record *r, ct_notation n)
{
    char *text = NULL;
    size_t len = 0;
    ck_assert_int_eq(ct_pgn_write(r, n, &text, &len), CT_OK);
    ct_record *back = NULL;
    int nb = 0;
    ct_pgn_error err;
    ct_status st = ct_pgn_read(text, len, CT_ENC_AUTO, &back, &nb, NULL, &err);
    ck_assert_msg(st == CT_OK, "re-reading %s output failed at '%s': %s\n%s",
                  ct_notation_name(n), err.token, err.message, text);
    ck_assert_int_eq(nb, 1);
    ck_assert_msg(ct_record_equal(r, &back[0]), "round trip through %s changed the record:\n%s",
                  ct_notation_name(n), text);
    /* Writing again gives the same text. */
    char *text2 = NULL;
    ck_assert_int_eq(ct_pgn_write(&back[0], n, &text2, NULL), CT_OK);
    ck_assert_str_eq(text, text2);
    free(text2);
    ct_pgn_free_games(back, nb);
    free(text);
}

/* ------------------------------------------------------------------ record API */

static ct_move mv(const char *s)
{
    ct_move m = ct_move_parse_coord(s);
    ck_assert_msg(m != CT_NO_MOVE, "bad test move %s", s);
    return m;
}

START_TEST(test_record_tree)
{
    ct_record r;
    ct_record_init(&r);
    int a, b, c, d, v;
    ck_assert_int_eq(ct_record_add_move(&r, CT_ROOT, mv("h2e2"), &a), CT_OK);
    ck_assert_int_eq(ct_record_add_move(&r, a, mv("h9g7"), &b), CT_OK);
    /* illegal: a black move again, a rook through a cannon */
    ck_assert_int_eq(ct_record_add_move(&r, b, mv("h9g7"), NULL), CT_ERR_ILLEGAL);
    ck_assert_int_eq(ct_record_add_move(&r, b, mv("a0a4"), NULL), CT_ERR_ILLEGAL);
    ck_assert_int_eq(ct_record_add_move(&r, b, mv("h0g2"), &c), CT_OK);
    ck_assert_int_eq(ct_record_add_move(&r, a, mv("b9c7"), &v), CT_OK); /* variation */
    ck_assert_int_eq(ct_record_add_move(&r, a, mv("h9g7"), &d), CT_OK); /* existing */
    ck_assert_int_eq(d, b);
    ck_assert_int_eq(ct_record_child_count(&r, a), 2);
    ck_assert_int_eq(ct_record_child(&r, a, 0), b);
    ck_assert_int_eq(ct_record_child(&r, a, 1), v);
    ck_assert_int_eq(ct_record_child(&r, a, 2), CT_NO_NODE);
    ck_assert_int_eq(ct_record_child(&r, a, -1), CT_NO_NODE);
    ck_assert_int_eq(ct_record_parent(&r, v), a);
    ck_assert_int_eq(ct_record_parent(&r, CT_ROOT), CT_NO_NODE);
    ck_assert_int_eq(ct_record_next_sibling(&r, b), v);
    ck_assert_int_eq(ct_record_find_child(&r, a, mv("b9c7")), v);
    ck_assert_int_eq(ct_record_depth(&r, c), 3);
    ck_assert(ct_record_on_main_line(&r, c));
    ck_assert(!ct_record_on_main_line(&r, v));
    ck_assert_int_eq(ct_record_main_end(&r), c);
    ct_move line[8];
    ck_assert_int_eq(ct_record_main_line(&r, line, 8), 3);
    ck_assert_int_eq(line[2], mv("h0g2"));
    int nodes[8];
    ck_assert_int_eq(ct_record_main_line_nodes(&r, nodes, 8), 3);
    ck_assert_int_eq(nodes[0], a);
    ck_assert_int_eq(ct_record_line_to(&r, v, line, 8), 2);
    ck_assert_int_eq(line[0], mv("h2e2"));
    ck_assert_int_eq(line[1], mv("b9c7"));
    ck_assert_int_eq(ct_record_count_moves(&r), 4);
    /* the position at a node */
    char fen[128];
    ck_assert_int_eq(ct_record_position(&r, v, &scratch), CT_OK);
    ct_fen_write(&scratch, fen, sizeof fen);
    ck_assert_str_eq(fen, "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
    ck_assert_int_eq(ct_record_position(&r, 999, &scratch), CT_ERR_INVALID);
    /* promote the variation, then delete it */
    ct_record_promote(&r, v);
    ck_assert_int_eq(ct_record_child(&r, a, 0), v);
    ck_assert_int_eq(ct_record_main_end(&r), v);
    ck_assert_int_eq(ct_record_delete(&r, v), CT_OK);
    ck_assert(!ct_record_valid_node(&r, v));
    ck_assert_int_eq(ct_record_child_count(&r, a), 1);
    ck_assert_int_eq(ct_record_main_end(&r), c);
    ck_assert_int_eq(ct_record_delete(&r, b), CT_OK);
    ck_assert(!ct_record_valid_node(&r, c)); /* the subtree went too */
    ck_assert_int_eq(ct_record_delete(&r, CT_ROOT), CT_ERR_INVALID);
    ck_assert_int_eq(ct_record_main_end(&r), a);
    ck_assert_int_eq(ct_record_count_moves(&r), 1);
    ct_record_free(&r);
}
END_TEST

START_TEST(test_record_tags_comments)
{
    ct_record r, copy;
    ct_record_init(&r);
    ck_assert_ptr_null(ct_record_tag(&r, "Event"));
    ck_assert_int_eq(ct_record_set_tag(&r, "Event", "Giải"), CT_OK);
    ck_assert_int_eq(ct_record_set_tag(&r, "Red", "X"), CT_OK);
    ck_assert_int_eq(ct_record_set_tag(&r, "Event", "Cup"), CT_OK);
    ck_assert_str_eq(ct_record_tag(&r, "Event"), "Cup");
    ck_assert_int_eq(r.ntags, 2);
    ck_assert_int_eq(ct_record_set_tag(&r, "Result", "1-0"), CT_ERR_INVALID);
    ck_assert_int_eq(ct_record_set_tag(&r, "FEN", "x"), CT_ERR_INVALID);
    ck_assert_int_eq(ct_record_set_tag(&r, "Red", NULL), CT_OK);
    ck_assert_ptr_null(ct_record_tag(&r, "Red"));
    ck_assert_int_eq(ct_record_set_comment(&r, CT_ROOT, "trước"), CT_OK);
    ck_assert_str_eq(ct_record_comment(&r, CT_ROOT), "trước");
    ck_assert_int_eq(ct_record_set_comment(&r, 5, "x"), CT_ERR_INVALID);
    /* text is kept as PGN can hold it */
    ck_assert_int_eq(ct_record_set_comment(&r, CT_ROOT, "  a {b} c\n"), CT_OK);
    ck_assert_str_eq(ct_record_comment(&r, CT_ROOT), "a {b) c");
    ck_assert_int_eq(ct_record_set_comment(&r, CT_ROOT, " \n "), CT_OK);
    ck_assert_ptr_null(ct_record_comment(&r, CT_ROOT));
    ck_assert_int_eq(ct_record_set_comment(&r, CT_ROOT, "trước"), CT_OK);
    ck_assert_int_eq(ct_record_set_tag(&r, "Site", "a\tb\nc"), CT_OK);
    ck_assert_str_eq(ct_record_tag(&r, "Site"), "a b c");
    /* tag order: xqbase tags first (Event before Site), then the others as set */
    ck_assert_int_eq(ct_record_set_tag(&r, "Zeta", "z"), CT_OK);
    ck_assert_int_eq(ct_record_set_tag(&r, "Alpha", "a"), CT_OK);
    ct_record_sort_tags(&r);
    ck_assert_str_eq(r.tags[0].name, "Event");
    ck_assert_str_eq(r.tags[1].name, "Site");
    ck_assert_str_eq(r.tags[2].name, "Zeta");
    ck_assert_str_eq(r.tags[3].name, "Alpha");
    ck_assert_str_eq(ct_record_tag_order(0), "Game");
    ck_assert_ptr_null(ct_record_tag_order(100));
    ct_record_set_tag(&r, "Site", NULL);
    ct_record_set_tag(&r, "Zeta", NULL);
    ct_record_set_tag(&r, "Alpha", NULL);
    int a;
    ck_assert_int_eq(ct_record_add_move(&r, CT_ROOT, mv("b2e2"), &a), CT_OK);
    ct_record_set_nag(&r, a, 3);
    ck_assert_int_eq(ct_record_nag(&r, a), 3);
    r.result = CT_RESULT_DRAW;
    r.termination = CT_END_REPETITION;
    ck_assert_int_eq(ct_record_copy(&copy, &r), CT_OK);
    ck_assert(ct_record_equal(&r, &copy));
    ct_record_set_comment(&copy, a, "khác");
    ck_assert(!ct_record_equal(&r, &copy));
    ct_record_free(&copy);
    /* a FEN start drops the moves; a bad FEN is refused */
    ct_fen_error fe;
    ck_assert_int_eq(ct_record_set_start(&r, "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1", &fe), CT_OK);
    ck_assert(r.has_fen);
    ck_assert_int_eq(ct_record_count_moves(&r), 0);
    ck_assert_int_eq(ct_record_set_start(&r, "not a fen", &fe), CT_ERR_INVALID);
    ck_assert_int_eq(ct_record_set_start(&r, CT_START_FEN, &fe), CT_OK);
    ck_assert(!r.has_fen);
    ct_record_free(&r);
}
END_TEST

START_TEST(test_names)
{
    ct_end_reason t;
    for (int i = CT_END_CHECKMATE; i <= CT_END_ABORTED; i++) {
        ck_assert_int_eq(ct_termination_parse(ct_end_reason_name((ct_end_reason)i), &t), CT_OK);
        ck_assert_int_eq(t, i);
    }
    ck_assert_int_eq(ct_termination_parse("bored", &t), CT_ERR_NOT_FOUND);
    ck_assert_int_eq(ct_termination_parse("unfinished", &t), CT_ERR_NOT_FOUND);
    ct_encoding e;
    ck_assert_int_eq(ct_encoding_parse("GBK", &e), CT_OK);
    ck_assert_int_eq(e, CT_ENC_GBK);
    ck_assert_int_eq(ct_encoding_parse("Big5", &e), CT_OK);
    ck_assert_int_eq(e, CT_ENC_BIG5);
    ck_assert_int_eq(ct_encoding_parse("utf-8", &e), CT_OK);
    ck_assert_int_eq(e, CT_ENC_UTF8);
    ck_assert_int_eq(ct_encoding_parse("latin1", &e), CT_ERR_NOT_FOUND);
    ck_assert(ct_utf8_valid("Pháo 2 bình 5", strlen("Pháo 2 bình 5")));
    ck_assert(!ct_utf8_valid("\xC0\xAF", 2));         /* overlong */
    ck_assert(!ct_utf8_valid("\xED\xA0\x80", 3));     /* surrogate */
    ck_assert(!ct_utf8_valid("\xE4\xB8", 2));         /* cut */
}
END_TEST

/* ------------------------------------------------------------------ reading */

START_TEST(test_iccs_game45)
{
    int n;
    ct_record *g = read_games("iccs_45.pgn", CT_ENC_AUTO, &n, NULL);
    ck_assert_int_eq(n, 1);
    assert_game45(&g[0]);
    ck_assert_str_eq(ct_record_tag(&g[0], "Event"), "Round-trip test game");
    ck_assert_str_eq(ct_record_tag(&g[0], "Date"), "2004.01.01");
    ck_assert_ptr_null(ct_record_tag(&g[0], "Game"));   /* the default, a field */
    ck_assert_ptr_null(ct_record_tag(&g[0], "Format")); /* consumed */
    ck_assert_str_eq(ct_record_comment(&g[0], CT_ROOT), "Spec 4.5 game, ICCS movetext");
    ck_assert_int_eq(g[0].result, CT_RESULT_NONE);
    ct_pgn_free_games(g, n);
}
END_TEST

/* The same game in the other notations (these go through the notation parser). */
static const char *const game45_files[] = {"wxf_45.pgn", "zh_45.pgn", "vi_45.pgn"};

START_TEST(test_notation_game45)
{
    int n;
    ct_record *g = read_games(game45_files[_i], CT_ENC_AUTO, &n, NULL);
    ck_assert_int_eq(n, 1);
    assert_game45(&g[0]);
    ct_pgn_free_games(g, n);
}
END_TEST

START_TEST(test_gbk_big5)
{
    int n1, n2, n3, n4;
    ct_encoding used;
    ct_record *u = read_games("zh_utf8_source.txt", CT_ENC_AUTO, &n1, &used);
    ck_assert_int_eq(used, CT_ENC_UTF8);
    ct_record *g = read_games("zh_gbk.pgn", CT_ENC_AUTO, &n2, &used);
    ck_assert_int_eq(used, CT_ENC_GBK);
    ck_assert_int_eq(n1, 1);
    ck_assert_int_eq(n2, 1);
    ck_assert(ct_record_equal(&u[0], &g[0]));
    ck_assert_str_eq(ct_record_tag(&g[0], "Event"), "全国象棋个人赛");
    ck_assert_str_eq(ct_record_tag(&g[0], "Red"), "红方棋手");
    ck_assert_str_eq(ct_record_comment(&g[0], CT_ROOT), "中炮对屏风马");
    ck_assert_int_eq(g[0].result, CT_RESULT_RED_WINS);
    assert_game45(&g[0]);

    ct_record *h = read_games("zh_hant_utf8_source.txt", CT_ENC_AUTO, &n3, &used);
    ct_record *b = read_games("zh_big5.pgn", CT_ENC_AUTO, &n4, &used);
    ck_assert_int_eq(used, CT_ENC_BIG5);
    ck_assert(ct_record_equal(&h[0], &b[0]));
    ck_assert_str_eq(ct_record_tag(&b[0], "Event"), "全國象棋個人賽");
    ck_assert_str_eq(ct_record_tag(&b[0], "Site"), "台北");
    ck_assert_int_eq(b[0].result, CT_RESULT_BLACK_WINS);
    assert_game45(&b[0]);

    /* Forcing the right encoding works; forcing UTF-8 on GBK bytes is refused. */
    ct_record *f = read_games("zh_big5.pgn", CT_ENC_BIG5, &n4, &used);
    ck_assert(ct_record_equal(&h[0], &f[0]));
    ct_pgn_free_games(f, n4);
    size_t len;
    char *buf = read_file("zh_gbk.pgn", &len);
    ct_record *x = NULL;
    int nx = 0;
    ct_pgn_error err;
    ck_assert_int_ne(ct_pgn_read(buf, len, CT_ENC_UTF8, &x, &nx, NULL, &err), CT_OK);
    ck_assert_ptr_null(x);
    free(buf);
    ct_pgn_free_games(u, n1);
    ct_pgn_free_games(g, n2);
    ct_pgn_free_games(h, n3);
    ct_pgn_free_games(b, 1);
}
END_TEST

START_TEST(test_multi)
{
    int n;
    ct_record *g = read_games("multi.pgn", CT_ENC_AUTO, &n, NULL);
    ck_assert_int_eq(n, 3);
    /* Game 1: comments, NAGs and marks, ; comment, nested variations. */
    ct_record *r = &g[0];
    ck_assert_int_eq(r->result, CT_RESULT_DRAW);
    ck_assert_str_eq(ct_record_tag(r, "ECCO"), "B00");
    ck_assert_str_eq(ct_record_tag(r, "Annotator"), "someone"); /* unknown tag kept */
    ck_assert_str_eq(ct_record_comment(r, CT_ROOT), "Before the first move");
    int line[16];
    ck_assert_int_eq(ct_record_main_line_nodes(r, line, 16), 6);
    ck_assert_str_eq(ct_record_comment(r, line[0]), "central cannon");
    ck_assert_int_eq(ct_record_nag(r, line[1]), 1); /* "!" */
    ck_assert_int_eq(ct_record_nag(r, line[2]), 1); /* "$1" */
    ck_assert_str_eq(ct_record_comment(r, line[3]), "rook out");
    ck_assert_int_eq(ct_record_nag(r, line[4]), 6); /* "?!" glued */
    ck_assert_int_eq(ct_record_move(r, line[5]), mv("c6c5"));
    /* 2. H0-G2 has the alternative 2. B0-C2 B9-C7 (2... B7-E7) 3. A0-A1 */
    int alt = ct_record_next_sibling(r, line[2]);
    ck_assert_int_eq(ct_record_move(r, alt), mv("b0c2"));
    int b9c7 = ct_record_child(r, alt, 0), b7e7 = ct_record_child(r, alt, 1);
    ck_assert_int_eq(ct_record_move(r, b9c7), mv("b9c7"));
    ck_assert_int_eq(ct_record_move(r, b7e7), mv("b7e7"));
    ck_assert_int_eq(ct_record_child_count(r, b7e7), 0);
    ck_assert_int_eq(ct_record_move(r, ct_record_child(r, b9c7, 0)), mv("a0a1"));
    ck_assert_int_eq(ct_record_count_moves(r), 10);
    /* Game 2: FEN start with Black to move, Termination. */
    r = &g[1];
    ck_assert(r->has_fen);
    ck_assert_int_eq(r->result, CT_RESULT_RED_WINS);
    ck_assert_int_eq(r->termination, CT_END_RESIGNATION);
    assert_final_fen(r, "4k4/9/9/9/9/9/9/9/5R3/3K5 w - - 3 3");
    /* Game 3: no Game or Format tag, bare coordinates. */
    r = &g[2];
    ck_assert_str_eq(ct_record_tag(r, "Whatever"), "kept");
    ck_assert_int_eq(ct_record_main_line(r, NULL, 0), 3);
    ct_pgn_free_games(g, n);
}
END_TEST

START_TEST(test_illegal_refused)
{
    size_t len;
    char *buf = read_file("illegal.pgn", &len);
    ct_record *g = NULL;
    int n = -1;
    ct_pgn_error err;
    ck_assert_int_eq(ct_pgn_read(buf, len, CT_ENC_AUTO, &g, &n, NULL, &err), CT_ERR_ILLEGAL);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(err.game, 2);
    ck_assert_int_eq(err.move_number, 3);
    ck_assert(err.black);
    ck_assert_str_eq(err.token, "H9-H3");
    ck_assert_int_eq(err.line, 11);
    free(buf);
}
END_TEST

/* Bare move lists in several notations are one game each. */
START_TEST(test_bare_lists)
{
    static const char *const lists[] = {
        "c3c4 h9g7 g3g4 b7c7 c0e2 b9a7 b0c2 a9b9 a0b0 b9b5 b2a2 b5h5 h2h7 c7h7 h0g2 i9h9",
        "1.C3-C4 H9-G7 2.G3-G4 B7-C7 3.C0-E2 B9-A7 4.B0-C2 A9-B9 5.A0-B0 B9-B5 6.B2-A2 "
        "B5-H5 7.H2-H7 C7-H7 8.H0-G2 I9-H9",
    };
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        ct_record *g = NULL;
        int n = 0;
        ct_pgn_error err;
        ck_assert_int_eq(ct_pgn_read(lists[i], strlen(lists[i]), CT_ENC_AUTO, &g, &n, NULL, &err),
                         CT_OK);
        ck_assert_int_eq(n, 1);
        assert_game45(&g[0]);
        ct_pgn_free_games(g, n);
    }
}
END_TEST

/* A file is read leniently where a typed move is not: Red's Chinese moves written with
 * digits, as Black's are (the spec's §4.5 game), still read (issue 21 made the parser refuse
 * them from the keyboard). */
START_TEST(test_chinese_digits_for_red)
{
    static const char text[] =
        "1.兵7进1 马8进7 2.兵3进1 炮2平3 3.相7进5 马2进1 4.马8进7 车1平2 5.车9平8 车2进4 "
        "6.炮8平9 车2平8 7.炮2进5 炮3平8 8.马2进3 车9平8 *";
    ct_record *g = NULL;
    int n = 0;
    ct_pgn_error err;
    ck_assert_int_eq(ct_pgn_read(text, strlen(text), CT_ENC_AUTO, &g, &n, NULL, &err), CT_OK);
    ck_assert_int_eq(n, 1);
    assert_game45(&g[0]);
    ct_pgn_free_games(g, n);
}
END_TEST

/* Without a Format tag, an illegal first move is reported by the notation it belongs to. */
START_TEST(test_guess_error)
{
    ct_record *g = NULL;
    int n = 0;
    ct_pgn_error err;
    ck_assert_int_eq(ct_pgn_read("h2e3 *", 6, CT_ENC_AUTO, &g, &n, NULL, &err), CT_ERR_ILLEGAL);
    ck_assert_str_eq(err.token, "h2e3");
    ck_assert_int_eq(err.move_number, 1);
    ck_assert_msg(strstr(err.message, "own piece") != NULL, "message: %s", err.message);
}
END_TEST

/* Move numbers with or without their dot, glued or not, and "..." are all skipped. */
START_TEST(test_numbering_forms)
{
    static const char text[] = "1 h2e2 1... h9g7 2.h0g2 2. ... i9h9 3 i0h0 *";
    ct_record *g = NULL;
    int n = 0;
    ct_pgn_error err;
    ck_assert_int_eq(ct_pgn_read(text, strlen(text), CT_ENC_AUTO, &g, &n, NULL, &err), CT_OK);
    ck_assert_int_eq(ct_record_main_line(&g[0], NULL, 0), 5);
    ct_pgn_free_games(g, n);
}
END_TEST

/* Repeated tags: the last one wins (found by fuzzing: a known Termination after an unknown
 * one must not leave both behind). */
START_TEST(test_duplicate_tags)
{
    static const char *const texts[] = {
        "[Termination \"bored\"]\n[Termination \"resignation\"]\n[Red \"a\"]\n[Red \"b\"]\n*",
        "[Termination \"resignation\"]\n[Termination \"bored\"]\n*",
        "[Game \"Chinese\tChess\"]\n*", /* the default Game tag once cleaned */
    };
    for (int i = 0; i < 3; i++) {
        ct_record *g = NULL;
        int n = 0;
        ct_pgn_error err;
        ck_assert_int_eq(ct_pgn_read(texts[i], strlen(texts[i]), CT_ENC_AUTO, &g, &n, NULL, &err),
                         CT_OK);
        if (i == 0) {
            ck_assert_int_eq(g[0].termination, CT_END_RESIGNATION);
            ck_assert_ptr_null(ct_record_tag(&g[0], "Termination"));
            ck_assert_str_eq(ct_record_tag(&g[0], "Red"), "b");
        } else if (i == 2) {
            ck_assert_ptr_null(ct_record_tag(&g[0], "Game"));
        } else {
            ck_assert_int_eq(g[0].termination, CT_END_NONE);
            ck_assert_str_eq(ct_record_tag(&g[0], "Termination"), "bored");
        }
        assert_round_trip(&g[0], CT_NOTATION_ICCS);
        ct_pgn_free_games(g, n);
    }
}
END_TEST

START_TEST(test_bare_lists_notations)
{
    static const char *const lists[] = {
        "P7+1 H8+7 P3+1 C2.3 E7+5 H2+1 H8+7 R1.2 R9.8 R2+4 C8.9 R2.8 C2+5 C3.8 H2+3 R9.8",
        "B7.1 M8.7 B3.1 P2-3 T7.5 M2.1 M8.7 X1-2 X9-8 X2.4 P8-9 X2-8 P2.5 P3-8 M2.3 X9-8",
        "1.兵七进一 马８进７ 2.兵三进一 炮２平３ 3.相七进五 马２进１ 4.马八进七 车１平２ "
        "5.车九平八 车２进４ 6.炮八平九 车２平８ 7.炮二进五 炮３平８ 8.马二进三 车９平８",
        /* WXF with '=' for traverse (xqinenglish), traditional Chinese with ASCII digits */
        "P7+1 H8+7 P3+1 C2=3 E7+5 H2+1 H8+7 R1=2 R9=8 R2+4 C8=9 R2=8 C2+5 C3=8 H2+3 R9=8",
        "兵七進一 馬8進7 兵三進一 砲2平3 相七進五 馬2進1 傌八進七 車1平2 "
        "俥九平八 車2進4 炮八平九 車2平8 炮二進五 砲3平8 傌二進三 車9平8",
    };
    ct_record *g = NULL;
    int n = 0;
    ct_pgn_error err;
    ck_assert_msg(ct_pgn_read(lists[_i], strlen(lists[_i]), CT_ENC_AUTO, &g, &n, NULL, &err) ==
                      CT_OK,
                  "list %d: '%s': %s", _i, err.token, err.message);
    ck_assert_int_eq(n, 1);
    assert_game45(&g[0]);
    ct_pgn_free_games(g, n);
}
END_TEST

/* Two pieces on one file, and the record names the file because only one of them can make
 * the move (real records do this): the horse on b2 has its leg blocked at b3. */
START_TEST(test_file_number_disambiguation)
{
    static const char text[] = "[Game \"Chinese Chess\"]\n"
                               "[FEN \"rnbakab1r/9/1c5c1/p3p1p1p/9/9/PpP1P1P1P/1N5C1/9/RNBAKAB1R w - - 0 1\"]\n"
                               "1. 马八进七 *\n";
    ct_record *g = NULL;
    int n = 0;
    ct_pgn_error err;
    ck_assert_msg(ct_pgn_read(text, strlen(text), CT_ENC_AUTO, &g, &n, NULL, &err) == CT_OK,
                  "'%s': %s", err.token, err.message);
    ck_assert_int_eq(ct_record_move(&g[0], ct_record_first_child(&g[0], CT_ROOT)), mv("b0c2"));
    ct_pgn_free_games(g, n);
}
END_TEST

/* ------------------------------------------------------------------ writing */

START_TEST(test_write_format)
{
    /* The layout of spec §5.1: Game first, xqbase order, Format, numbered movetext, a
     * Black move after a comment or variation repeats its number as "N...". */
    ct_record r;
    ct_record_init(&r);
    int a, b;
    ck_assert_int_eq(ct_record_set_tag(&r, "Red", "Đỏ"), CT_OK);
    ck_assert_int_eq(ct_record_set_tag(&r, "Event", "E \"q\""), CT_OK);
    ck_assert_int_eq(ct_record_add_move(&r, CT_ROOT, mv("h2e2"), &a), CT_OK);
    ck_assert_int_eq(ct_record_add_move(&r, CT_ROOT, mv("b0c2"), NULL), CT_OK);
    ck_assert_int_eq(ct_record_add_move(&r, a, mv("h9g7"), &b), CT_OK);
    ck_assert_int_eq(ct_record_add_move(&r, b, mv("h0g2"), NULL), CT_OK);
    ck_assert_int_eq(ct_record_set_comment(&r, a, "c"), CT_OK);
    r.result = CT_RESULT_RED_WINS;
    r.termination = CT_END_TIME;
    char *text;
    ck_assert_int_eq(ct_pgn_write(&r, CT_NOTATION_ICCS, &text, NULL), CT_OK);
    ck_assert_str_eq(text, "[Game \"Chinese Chess\"]\n"
                           "[Event \"E \\\"q\\\"\"]\n"
                           "[Red \"Đỏ\"]\n"
                           "[Result \"1-0\"]\n"
                           "[Format \"ICCS\"]\n"
                           "[Termination \"time\"]\n"
                           "\n"
                           "1. H2-E2 {c} (1. B0-C2) 1... H9-G7\n"
                           "2. H0-G2 1-0\n");
    free(text);
    ck_assert_int_eq(ct_pgn_write(&r, CT_NOTATION_COORD, &text, NULL), CT_OK);
    ck_assert_ptr_nonnull(strstr(text, "[Format \"UCCI\"]\n"));
    ck_assert_ptr_nonnull(strstr(text, "1. h2e2 {c} (1. b0c2) 1... h9g7\n2. h0g2 1-0\n"));
    free(text);
    ct_record_free(&r);
}
END_TEST

static const ct_notation all_notations[] = {
    CT_NOTATION_ICCS, CT_NOTATION_COORD, CT_NOTATION_VI, CT_NOTATION_VI_LONG,
    CT_NOTATION_WXF,  CT_NOTATION_ZH,    CT_NOTATION_ZH_HANT,
};
#define NNOTATIONS ((int)(sizeof all_notations / sizeof all_notations[0]))

static const char *const trip_files[] = {"iccs_45.pgn", "multi.pgn", "zh_gbk.pgn",
                                         "zh_big5.pgn"};
#define NTRIP ((int)(sizeof trip_files / sizeof trip_files[0]))

/* read -> write in each notation -> read gives the same record, for every game. */
static void round_trip_loop(int i, bool coord_only)
{
    int n;
    ct_notation nt = all_notations[i % NNOTATIONS];
    if (coord_only != (nt == CT_NOTATION_ICCS || nt == CT_NOTATION_COORD))
        return;
    ct_record *g = read_games(trip_files[i / NNOTATIONS], CT_ENC_AUTO, &n, NULL);
    for (int k = 0; k < n; k++)
        assert_round_trip(&g[k], nt);
    ct_pgn_free_games(g, n);
}

START_TEST(test_round_trip_coord)
{
    round_trip_loop(_i, true);
}
END_TEST

START_TEST(test_round_trip_notations)
{
    round_trip_loop(_i, false);
}
END_TEST

/* ------------------------------------------------------------------ malformed input */

static const struct {
    const char *text;
    size_t len; /* 0: strlen */
    ct_status status;
    int line;
} bad[] = {
    {"", 0, CT_ERR_NOT_FOUND, 0},
    {"   \n\n ; only a comment\n", 0, CT_ERR_NOT_FOUND, 0},
    {"1. h2e2 h9g7 (1... b9c7\n", 0, CT_ERR_SYNTAX, 1},
    {"1. h2e2 h9g7 ) *", 0, CT_ERR_SYNTAX, 1},
    {"( h2e2 ) *", 0, CT_ERR_SYNTAX, 1},
    {"[FEN \"rnbakabnr/9/9 w\"]\n1. h2e2 *", 0, CT_ERR_INVALID, 1},
    {"[FEN \"\"]\n*", 0, CT_ERR_INVALID, 1},
    {"[Format \"ICCS\"]\n1. h2e2 h9g7 2. xyzzy *", 0, CT_ERR_ILLEGAL, 2},
    {"[Format \"ICCS\"]\n1. e0e1 e9e8 2. e1d0 *", 0, CT_ERR_ILLEGAL, 2},
    {"[Format \"ICCS\"]\n1. H2-E2 H9-G7 2. H0-G2 I9-H9 [Event \"late\"]\n3. H9-H3 *", 0,
     CT_ERR_ILLEGAL, 3},
    {"1. h2e2 h9g7 2. h0g2 ((( h2e2 ) *", 0, CT_ERR_SYNTAX, 1},
    /* stray text that is no move, in a game: the game is broken, not the lexer's problem */
    {"1. h2e2 \"q\" *", 0, CT_ERR_ILLEGAL, 1},
    {"[ \"x\"]\nxyzzy\n", 0, CT_ERR_ILLEGAL, 2},
    {"[Event \"x\"]\n1. h2e2 h9g7 2. h2e2 *\n[Event \"y\"]\n1. h2e2 *", 0, CT_ERR_ILLEGAL, 2},
    {"[Format \"ICCS\"]\nh2e2 h9g7 h0g2 i9h9 "
     "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
     0, CT_ERR_ILLEGAL, 2},
    {"[Format \"ICCS\"]\n1. h2e2 h9g7 2. h2e2 *", 0, CT_ERR_ILLEGAL, 2},
    {"[Format \"Vietnamese\"]\n1. Pháo 2 bình bình *", 0, CT_ERR_ILLEGAL, 2},
    {"[Format \"WXF\"]\n1. C2.5 H8+7 2. Q1+1 *", 0, CT_ERR_ILLEGAL, 2},
    {"炮二平五 马８进７ 马八进九九 *", 0, CT_ERR_ILLEGAL, 1},
};

/* Recoverable damage: read, with the warning that names it (kind and line), and exactly
 * the moves, tags and comments that are there. */
static const struct {
    const char *text;
    size_t len; /* 0: strlen */
    int kind;   /* ct_pgn_warning_kind expected among the warnings */
    int line;
    int ngames, moves; /* games read, moves in the last one */
    const char *tag, *value; /* a tag of the last game that must read so (or NULL) */
    const char *comment;     /* the comment of the last move (or NULL) */
} damaged[] = {
    /* the CCPD case: quotes inside the value */
    {"[Event \"2008\"蔡甸杯\"全國象棋錦標賽\"]\n[Result \"1-0\"]\n1. 炮二平五 馬８進７ 1-0\n", 0,
     CT_PGN_WARN_QUOTE_IN_TAG, 1, 1, 2, "Event", "2008\"蔡甸杯\"全國象棋錦標賽", NULL},
    {"[Red \"a \"b\" c\"]  \n[Black \"d\"]\n1. h2e2 *", 0, CT_PGN_WARN_QUOTE_IN_TAG, 1, 1, 1,
     "Red", "a \"b\" c", NULL},
    {"[Event x y]\n1. h2e2 *\n", 0, CT_PGN_WARN_QUOTE_IN_TAG, 1, 1, 1, "Event", "x y", NULL},
    {"[Event \"x\n1. h2e2 *\n", 0, CT_PGN_WARN_UNCLOSED, 1, 1, 1, "Event", "x", NULL},
    {"[Event \"x\"\n1. h2e2 *\n", 0, CT_PGN_WARN_UNCLOSED, 1, 1, 1, "Event", "x", NULL},
    {"[Event \"x]\n1. h2e2 *\n", 0, CT_PGN_WARN_UNCLOSED, 1, 1, 1, "Event", "x", NULL},
    {"[Event \"x\"]\n1. h2e2 {never closed\n", 0, CT_PGN_WARN_UNCLOSED, 2, 1, 1, "Event", "x",
     "never closed"},
    {"[ \"x\"]\n1. h2e2 *", 0, CT_PGN_WARN_STRAY, 1, 1, 1, NULL, NULL, NULL},
    {"1. h2e2 } *", 0, CT_PGN_WARN_STRAY, 1, 1, 1, NULL, NULL, NULL},
    {"1. h2e2 ] h9g7 *", 0, CT_PGN_WARN_STRAY, 1, 1, 2, NULL, NULL, NULL},
    {"1. h2e2 $ *", 0, CT_PGN_WARN_STRAY, 1, 1, 1, NULL, NULL, NULL},
    {"1. h2e2\n$300 *", 0, CT_PGN_WARN_STRAY, 2, 1, 1, NULL, NULL, NULL},
    {"1. h2e2\0 h9g7 *", 15, CT_PGN_WARN_STRAY, 1, 1, 2, NULL, NULL, NULL},
    {"1. h2e2 \x01\x1b h9g7 *", 0, CT_PGN_WARN_STRAY, 1, 1, 2, NULL, NULL, NULL},
    /* control characters in a tag value and in comments: read, replaced, warned */
    {"[Event \"x\a\033]0;t\a\"]\n1. h2e2 *\n", 0, CT_PGN_WARN_CONTROL, 1, 1, 1, "Event",
     "x  ]0;t ", NULL},
    {"1. h2e2 {bell\a \033[2J end} *\n", 0, CT_PGN_WARN_CONTROL, 1, 1, 1, NULL, NULL,
     "bell   [2J end"},
    {"[Format \"ICCS\"]\n1. H2-E2\n{\302\23331m}\n*\n", 0, CT_PGN_WARN_CONTROL, 3, 1, 1, NULL, NULL,
     "31m"},
    /* no result anywhere */
    {"[Event \"x\"]\n1. h2e2 h9g7\n", 0, CT_PGN_WARN_NO_RESULT, 2, 1, 2, "Event", "x", NULL},
    /* junk after the last game, and between games */
    {"1. h2e2 h9g7 1-0\n-- \nsent from my phone\n", 0, CT_PGN_WARN_TRAILING, 2, 1, 2, NULL, NULL,
     NULL},
    {"[Event \"a\"]\n1. h2e2 *\nlorem ipsum\n[Event \"b\"]\n1. b2e2 *\n", 0,
     CT_PGN_WARN_TRAILING, 3, 2, 1, "Event", "b", NULL},
    /* bytes invalid in every encoding; UTF-8 with one bad byte; UTF-8 and GBK lines mixed */
    {"1. h2e2 \xFF h9g7 *", 0, CT_PGN_WARN_ENCODING, 0, 1, 2, NULL, NULL, NULL},
    {"1. 炮二平五 \xFF 马８进７ *", 0, CT_PGN_WARN_ENCODING, 0, 1, 2, NULL, NULL, NULL},
    {"[Event \"中国象棋\"]\n[Site \"\xB1\xB1\xBE\xA9\"]\n1. \xC5\xDA\xB6\xFE\xC6\xBD\xCE\xE5 *", 0,
     CT_PGN_WARN_ENCODING, 0, 1, 1, "Site", "北京", NULL},
};

START_TEST(test_damaged)
{
    const char *t = damaged[_i].text;
    size_t len = damaged[_i].len ? damaged[_i].len : strlen(t);
    ct_record *g = NULL;
    int n = 0;
    ct_pgn_error err;
    ct_status st = ct_pgn_read(t, len, CT_ENC_AUTO, &g, &n, NULL, &err);
    ck_assert_msg(st == CT_OK, "case %d: status %d (%s, line %d)", _i, st, err.message,
                  err.line);
    bool seen = false;
    for (int k = 0; k < err.nwarnings && k < CT_PGN_MAX_WARNINGS; k++)
        if (err.warning[k].kind == damaged[_i].kind && err.warning[k].line == damaged[_i].line)
            seen = true;
    ck_assert_msg(seen, "case %d: no warning %d at line %d (%d warnings)", _i, damaged[_i].kind,
                  damaged[_i].line, err.nwarnings);
    ck_assert_int_eq(n, damaged[_i].ngames);
    const ct_record *r = &g[n - 1];
    ck_assert_int_eq(ct_record_count_moves(r), damaged[_i].moves);
    if (damaged[_i].tag)
        ck_assert_str_eq(ct_record_tag(r, damaged[_i].tag), damaged[_i].value);
    if (damaged[_i].comment)
        ck_assert_str_eq(ct_record_comment(r, ct_record_main_end(r)), damaged[_i].comment);
    ct_pgn_free_games(g, n);
}
END_TEST

/* The limit that stays (man page: a line of 2,000 plies; nesting: test_nesting): at the
 * limit a game reads, one ply past it is refused with the place and the reason. */
static char *long_game(int plies)
{
    static const char *const cycle[] = {"H0-G2", "H9-G7", "G2-H0", "G7-H9"};
    char *t = malloc((size_t)plies * 12 + 64), *o = t;
    o += sprintf(o, "[Format \"ICCS\"]\n\n");
    for (int i = 0; i < plies; i++)
        o += i % 2 ? sprintf(o, "%s\n", cycle[i % 4]) : sprintf(o, "%d. %s ", i / 2 + 1, cycle[i % 4]);
    sprintf(o, "*\n");
    return t;
}

START_TEST(test_ply_limit)
{
    ct_record *g = NULL;
    int n = 0;
    ct_pgn_error err;
    char *t = long_game(2000);
    ck_assert_int_eq(ct_pgn_read(t, strlen(t), CT_ENC_AUTO, &g, &n, NULL, &err), CT_OK);
    ck_assert_int_eq(ct_record_count_moves(&g[0]), 2000);
    ct_pgn_free_games(g, n);
    free(t);
    t = long_game(2001);
    ck_assert_int_ne(ct_pgn_read(t, strlen(t), CT_ENC_AUTO, &g, &n, NULL, &err), CT_OK);
    ck_assert_msg(strstr(err.message, "line too long (over 2000 plies)") != NULL, "%s", err.message);
    ck_assert_int_eq(err.game, 1);
    ck_assert_int_eq(err.move_number, 1001);
    ck_assert_int_eq(err.line, 1003);
    free(t);
}
END_TEST

/* A well-formed file gives no warning (CRLF and a byte order mark are not damage). */
START_TEST(test_clean_no_warning)
{
    static const char *const clean[] = {
        "[Event \"x\"]\r\n[Result \"1-0\"]\r\n1. h2e2 h9g7 1-0\r\n",
        "\xEF\xBB\xBF[Event \"x \\\"q\\\"\"]\n1. h2e2 {a comment} *\n",
    };
    for (size_t i = 0; i < sizeof clean / sizeof clean[0]; i++) {
        ct_record *g = NULL;
        int n = 0;
        ct_pgn_error err;
        ck_assert_int_eq(ct_pgn_read(clean[i], strlen(clean[i]), CT_ENC_AUTO, &g, &n, NULL, &err),
                         CT_OK);
        ck_assert_msg(err.nwarnings == 0, "clean text %zu: %d warnings, first %s", i,
                      err.nwarnings, ct_pgn_warning_text(err.warning[0].kind));
        ct_pgn_free_games(g, n);
    }
}
END_TEST

START_TEST(test_malformed)
{
    const char *t = bad[_i].text;
    size_t len = bad[_i].len ? bad[_i].len : strlen(t);
    ct_record *g = (ct_record *)&g;
    int n = -1;
    ct_pgn_error err;
    ct_status st = ct_pgn_read(t, len, CT_ENC_AUTO, &g, &n, NULL, &err);
    ck_assert_msg(st == bad[_i].status, "case %d: status %d, expected %d (%s)", _i, st,
                  bad[_i].status, err.message);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(n, 0);
    ck_assert_msg(err.message[0] != '\0', "case %d: no message", _i);
    if (bad[_i].line)
        ck_assert_msg(err.line == bad[_i].line, "case %d: line %d, expected %d (%s)", _i,
                      err.line, bad[_i].line, err.message);
}
END_TEST

/* Variations nested 64 deep are read, 65 deep refused. */
START_TEST(test_nesting)
{
    for (int depth = 64; depth <= 65; depth++) {
        char text[2048] = "[Format \"ICCS\"]\n1. h2e2";
        for (int i = 0; i < depth; i++)
            strcat(text, " (1. h2e2");
        for (int i = 0; i < depth; i++)
            strcat(text, ")");
        strcat(text, " *");
        ct_record *g = NULL;
        int n = 0;
        ct_pgn_error err;
        ct_status st = ct_pgn_read(text, strlen(text), CT_ENC_AUTO, &g, &n, NULL, &err);
        ck_assert_int_eq(st, depth == 64 ? CT_OK : CT_ERR_SYNTAX);
        if (st == CT_OK) {
            ck_assert_int_eq(ct_record_count_moves(&g[0]), 1);
            ct_pgn_free_games(g, n);
        }
    }
}
END_TEST

/* Every prefix of a valid file either reads or fails cleanly (no crash, no leak). */
START_TEST(test_truncations)
{
    size_t len;
    char *buf = read_file("multi.pgn", &len);
    for (size_t k = 0; k <= len; k++) {
        char *copy = malloc(k + 1);
        memcpy(copy, buf, k);
        ct_record *g = NULL;
        int n = 0;
        ct_pgn_error err;
        ct_status st = ct_pgn_read(copy, k, CT_ENC_AUTO, &g, &n, NULL, &err);
        if (st == CT_OK)
            ct_pgn_free_games(g, n);
        else
            ck_assert(err.message[0] != '\0');
        free(copy);
    }
    free(buf);
}
END_TEST

static Suite *pgn_suite(void)
{
    Suite *s = suite_create("pgn");
    TCase *tc = tcase_create("record");
    tcase_add_test(tc, test_record_tree);
    tcase_add_test(tc, test_record_tags_comments);
    tcase_add_test(tc, test_names);
    suite_add_tcase(s, tc);
    tc = tcase_create("read");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_iccs_game45);
    tcase_add_test(tc, test_multi);
    tcase_add_test(tc, test_illegal_refused);
    tcase_add_test(tc, test_bare_lists);
    tcase_add_test(tc, test_chinese_digits_for_red);
    tcase_add_test(tc, test_numbering_forms);
    tcase_add_test(tc, test_guess_error);
    tcase_add_test(tc, test_duplicate_tags);
    tcase_add_loop_test(tc, test_malformed, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_loop_test(tc, test_damaged, 0, (int)(sizeof damaged / sizeof damaged[0]));
    tcase_add_test(tc, test_clean_no_warning);
    tcase_add_test(tc, test_truncations);
    tcase_add_test(tc, test_nesting);
    suite_add_tcase(s, tc);
    tc = tcase_create("notations");
    tcase_add_loop_test(tc, test_notation_game45, 0,
                        (int)(sizeof game45_files / sizeof game45_files[0]));
    tcase_add_test(tc, test_gbk_big5);
    tcase_add_loop_test(tc, test_bare_lists_notations, 0, 5);
    tcase_add_test(tc, test_file_number_disambiguation);
    tcase_add_test(tc, test_ply_limit);
    suite_add_tcase(s, tc);
    tc = tcase_create("write");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_write_format);
    tcase_add_loop_test(tc, test_round_trip_coord, 0, NTRIP * NNOTATIONS);
    tcase_add_loop_test(tc, test_round_trip_notations, 0, NTRIP * NNOTATIONS);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(pgn_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
