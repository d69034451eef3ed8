/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — move notations (spec §3, §4): the §4.4 mapping table and the §4.5 game in
 * every notation both ways, the seed's anchors, the tandem-piece DECISIONs for both colours,
 * forgiving input, "auto", error kinds, and a round-trip property over random playouts. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/notation.h"

static ct_pos pos;

static void load(const char *fen)
{
    ct_fen_error e;
    if (ct_fen_read(&pos, fen, &e) != CT_OK)
        ck_abort_msg("bad test FEN %s: %s", fen, e.message);
}

/* Plays space-separated coordinate moves on pos. */
static void play(const char *moves)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        ct_move mv = ct_move_parse_coord(tok);
        ck_assert_msg(mv != CT_NO_MOVE && ct_pos_play(&pos, mv) == CT_OK, "cannot play %s", tok);
    }
}

static ct_move coord(const char *s)
{
    ct_move mv = ct_move_parse_coord(s);
    ck_assert_msg(mv != CT_NO_MOVE, "bad coordinate move %s", s);
    return mv;
}

static void expect_render(ct_move mv, ct_notation n, const char *want)
{
    char buf[CT_MOVE_TEXT_MAX];
    int len = ct_move_render(&pos, mv, n, buf, sizeof buf);
    ck_assert_msg(len == (int)strlen(want) && !strcmp(buf, want), "%s: rendered '%s', want '%s'",
                  ct_notation_name(n), buf, want);
}

static void expect_parse(const char *text, ct_notation n, ct_move want)
{
    ct_parse_error err;
    ct_move mv = 0xFFFF;
    ct_status st = ct_move_parse(&pos, text, n, &mv, &err);
    char a[5], b[5];
    ct_move_coord(mv, a);
    ct_move_coord(want, b);
    ck_assert_msg(st == CT_OK && mv == want && err.kind == CT_PARSE_OK,
                  "%s: parsing '%s' gave %s (%s), want %s", ct_notation_name(n), text, a,
                  err.message, b);
}

static void expect_error(const char *text, ct_notation n, ct_parse_kind kind, ct_status code)
{
    ct_parse_error err;
    ct_move mv = 0xFFFF;
    ct_status st = ct_move_parse(&pos, text, n, &mv, &err);
    ck_assert_msg(st == code && err.code == code && err.kind == kind && mv == CT_NO_MOVE,
                  "%s: '%s' gave status %d kind %d (%s), want status %d kind %d",
                  ct_notation_name(n), text, st, err.kind, err.message, code, kind);
    ck_assert_msg(err.message[0] != 0, "error without a message");
}

/* ---------------------------------------------------------------------------------------
 * Spec §4.4 mapping table, plus the ICCS, long Vietnamese and traditional columns built
 * from the spec's word tables (§1.3, §3.2, §4.1). */

typedef struct {
    const char *fen;      /* NULL = start position */
    const char *before;   /* coordinate moves played first */
    const char *coord, *iccs, *vi, *vi_long, *wxf, *zh, *zh_hant;
} mapping_row;

#define ROOKS_E4_E2 "3k5/9/9/9/9/4R4/9/4R4/9/5K3 w - - 0 1"
#define PAWNS_E5_E7 "3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1"

static const mapping_row mapping[] = {
    {NULL, "", "h2e2", "H2-E2", "P2-5", "Pháo 2 bình 5", "C2.5", "炮二平五", "炮二平五"},
    {NULL, "h2e2", "h9g7", "H9-G7", "M8.7", "Mã 8 tiến 7", "H8+7", "马８进７", "馬８進７"},
    {NULL, "", "b0c2", "B0-C2", "M8.7", "Mã 8 tiến 7", "H8+7", "马八进七", "傌八進七"},
    {NULL, "b0c2", "b9c7", "B9-C7", "M2.3", "Mã 2 tiến 3", "H2+3", "马２进３", "馬２進３"},
    {NULL, "b0c2 b9c7", "c3c4", "C3-C4", "B7.1", "Tốt 7 tiến 1", "P7+1", "兵七进一", "兵七進一"},
    {NULL, "b0c2 b9c7 c3c4 h9i7 c2d4", "h7e7", "H7-E7", "P8-5", "Pháo 8 bình 5", "C8.5",
     "炮８平５", "砲８平５"},
    {NULL, "h2e2 h7e7", "e2e6", "E2-E6", "P5.4", "Pháo 5 tiến 4", "C5+4", "炮五进四", "炮五進四"},
    {NULL, "h2e2 h7e7 e2e6", "d9e8", "D9-E8", "S4.5", "Sĩ 4 tiến 5", "A4+5", "士４进５",
     "士４進５"},
    {ROOKS_E4_E2, "", "e4e7", "E4-E7", "Xt.3", "Xe trước tiến 3", "R++3", "前车进三", "前俥進三"},
    {ROOKS_E4_E2, "", "e2e1", "E2-E1", "Xs/1", "Xe sau thoái 1", "R--1", "后车退一", "後俥退一"},
    {PAWNS_E5_E7, "", "e6f6", "E6-F6", "Bg-4", "Tốt giữa bình 4", "P5.4", "中兵平四", "中兵平四"},
};

static void setup_row(const mapping_row *r)
{
    load(r->fen ? r->fen : CT_START_FEN);
    play(r->before);
}

static const char *row_text(const mapping_row *r, ct_notation n)
{
    const char *const t[] = {r->coord, r->iccs, r->vi, r->vi_long, r->wxf, r->zh, r->zh_hant};
    return t[n];
}

START_TEST(test_mapping_render)
{
    const mapping_row *r = &mapping[_i];
    setup_row(r);
    ct_move mv = coord(r->coord);
    for (int n = CT_NOTATION_COORD; n <= CT_NOTATION_ZH_HANT; n++)
        expect_render(mv, (ct_notation)n, row_text(r, (ct_notation)n));
}
END_TEST

START_TEST(test_mapping_parse)
{
    const mapping_row *r = &mapping[_i];
    setup_row(r);
    ct_move mv = coord(r->coord);
    for (int n = CT_NOTATION_COORD; n <= CT_NOTATION_ZH_HANT; n++) {
        expect_parse(row_text(r, (ct_notation)n), (ct_notation)n, mv);
        expect_parse(row_text(r, (ct_notation)n), CT_NOTATION_AUTO, mv);
    }
    /* Each script reads the other. */
    expect_parse(r->zh, CT_NOTATION_ZH_HANT, mv);
    expect_parse(r->zh_hant, CT_NOTATION_ZH, mv);
    expect_parse(r->vi, CT_NOTATION_VI_LONG, mv);
    expect_parse(r->vi_long, CT_NOTATION_VI, mv);
}
END_TEST

START_TEST(test_describe)
{
    /* Neutral descriptions of three rows (side, piece, file or marker, direction, number). */
    ct_move_desc d;
    load(CT_START_FEN);
    ck_assert_int_eq(ct_move_describe(&pos, coord("h2e2"), &d), CT_OK);
    ck_assert(d.side == CT_RED && d.type == CT_CANNON && d.file == 2 && d.tandem == 0 &&
              d.dir == CT_DIR_SIDEWAYS && d.number == 5);
    load(ROOKS_E4_E2);
    ck_assert_int_eq(ct_move_describe(&pos, coord("e2e1"), &d), CT_OK);
    ck_assert(d.type == CT_ROOK && d.file == 5 && d.tandem == 2 && d.index == 1 &&
              !d.two_files && d.dir == CT_DIR_BACKWARD && d.number == 1);
    load(CT_START_FEN);
    play("h2e2");
    ck_assert_int_eq(ct_move_describe(&pos, coord("h9g7"), &d), CT_OK);
    ck_assert(d.side == CT_BLACK && d.type == CT_HORSE && d.file == 8 &&
              d.dir == CT_DIR_FORWARD && d.number == 7);
    /* Not legal: no description, no text. */
    char buf[CT_MOVE_TEXT_MAX] = "x";
    ck_assert_int_eq(ct_move_describe(&pos, coord("h2e2"), &d), CT_ERR_ILLEGAL);
    ck_assert_int_eq(ct_move_render(&pos, coord("h2e2"), CT_NOTATION_VI, buf, sizeof buf), -1);
    ck_assert_str_eq(buf, "");
}
END_TEST

START_TEST(test_render_truncates)
{
    char buf[6];
    load(CT_START_FEN);
    int len = ct_move_render(&pos, coord("h2e2"), CT_NOTATION_VI_LONG, buf, sizeof buf);
    ck_assert_int_eq(len, (int)strlen("Pháo 2 bình 5"));
    ck_assert_int_eq((int)strlen(buf), 5);
    ck_assert_int_eq(ct_move_render(&pos, coord("h2e2"), CT_NOTATION_AUTO, buf, sizeof buf), -1);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Spec §4.5 round-trip game */

static const char *const game_coord[] = {"c3c4", "h9g7", "g3g4", "b7c7", "c0e2", "b9a7",
                                         "b0c2", "a9b9", "a0b0", "b9b5", "b2a2", "b5h5",
                                         "h2h7", "c7h7", "h0g2", "i9h9"};
static const char *const game_zh[] = {"兵七进一", "马８进７", "兵三进一", "炮２平３",
                                      "相七进五", "马２进１", "马八进七", "车１平２",
                                      "车九平八", "车２进４", "炮八平九", "车２平８",
                                      "炮二进五", "炮３平８", "马二进三", "车９平８"};
static const char *const game_wxf[] = {"P7+1", "H8+7", "P3+1", "C2.3", "E7+5", "H2+1",
                                       "H8+7", "R1.2", "R9.8", "R2+4", "C8.9", "R2.8",
                                       "C2+5", "C3.8", "H2+3", "R9.8"};
static const char *const game_vi[] = {"B7.1", "M8.7", "B3.1", "P2-3", "T7.5", "M2.1",
                                      "M8.7", "X1-2", "X9-8", "X2.4", "P8-9", "X2-8",
                                      "P2.5", "P3-8", "M2.3", "X9-8"};

START_TEST(test_game)
{
    load(CT_START_FEN);
    for (int i = 0; i < 16; i++) {
        ct_move mv = coord(game_coord[i]);
        expect_render(mv, CT_NOTATION_COORD, game_coord[i]);
        expect_render(mv, CT_NOTATION_ZH, game_zh[i]);
        expect_render(mv, CT_NOTATION_WXF, game_wxf[i]);
        expect_render(mv, CT_NOTATION_VI, game_vi[i]);
        expect_parse(game_coord[i], CT_NOTATION_COORD, mv);
        expect_parse(game_zh[i], CT_NOTATION_ZH, mv);
        expect_parse(game_wxf[i], CT_NOTATION_WXF, mv);
        expect_parse(game_vi[i], CT_NOTATION_VI, mv);
        ck_assert_int_eq(ct_pos_play(&pos, mv), CT_OK);
    }
    char fen[128];
    ct_fen_write(&pos, fen, sizeof fen);
    ck_assert_str_eq(fen, "2bakabr1/9/n5nc1/p1p1p1p1p/7r1/2P3P2/P3P3P/C1N1B1N2/9/1R1AKAB1R w - - 2 9");
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Seed anchors (seeds/001) and the worked examples of spec §3.3 */

START_TEST(test_seed_anchors)
{
    load(CT_START_FEN);
    expect_render(coord("h2e2"), CT_NOTATION_VI_LONG, "Pháo 2 bình 5");
    expect_parse("Pháo 2 bình 5", CT_NOTATION_VI_LONG, coord("h2e2"));
    expect_render(coord("h0g2"), CT_NOTATION_VI_LONG, "Mã 2 tiến 3");
    expect_parse("Mã 2 tiến 3", CT_NOTATION_VI_LONG, coord("h0g2"));
    /* §3.3: P8/1 [b2b1], S4.5 [f0e1], T3.5 [g0e2], Tg5.1 [e0e1], M2.3 [h0g2]. */
    expect_render(coord("b2b1"), CT_NOTATION_VI, "P8/1");
    expect_render(coord("f0e1"), CT_NOTATION_VI, "S4.5");
    expect_render(coord("g0e2"), CT_NOTATION_VI, "T3.5");
    expect_render(coord("e0e1"), CT_NOTATION_VI, "Tg5.1");
    expect_render(coord("h0g2"), CT_NOTATION_VI, "M2.3");
    expect_parse("P8/1", CT_NOTATION_VI, coord("b2b1"));
    expect_parse("S4.5", CT_NOTATION_VI, coord("f0e1"));
    expect_parse("T3.5", CT_NOTATION_VI, coord("g0e2"));
    expect_parse("Tg5.1", CT_NOTATION_VI, coord("e0e1"));
    /* Black: B7.1 [g6g5]; after 1.P2-5 M8.7 2.M2.3, X9-8 [i9h9]. */
    play("h2e2");
    expect_render(coord("g6g5"), CT_NOTATION_VI, "B7.1");
    expect_parse("B7.1", CT_NOTATION_VI, coord("g6g5"));
    play("h9g7 h0g2");
    expect_render(coord("i9h9"), CT_NOTATION_VI, "X9-8");
    expect_parse("X9-8", CT_NOTATION_VI, coord("i9h9"));
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Tandem pieces: two and three on a file, four and five pawns, two files with tandem pawns
 * (spec §3.4 and §4.3 DECISIONs), for both colours. */

/* Red pawns c5..c9 (Red file 7), Black king f9. */
#define RED_FIVE "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1"
/* Black pawns c0..c4 (Black file 3). */
#define BLACK_FIVE "4k4/9/9/9/9/2p6/2p6/2p6/2p6/2p2K3 b - - 0 1"
/* Red pawns c6..c9. */
#define RED_FOUR "2P2k3/2P6/2P6/2P6/9/9/9/9/9/3K5 w - - 0 1"
/* Black pawns c1..c4 (front c1). */
#define BLACK_FOUR "4k4/9/9/9/9/2p6/2p6/2p6/2p6/5K3 b - - 0 1"
/* Black pawns e2, e3, e4 (front e2). */
#define BLACK_THREE "5k3/9/9/9/9/4p4/4p4/4p4/9/3K5 b - - 0 1"
/* Red pawns c5, c6 (file 7) and g5, g6 (file 3). */
#define RED_TWO_TWO "3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1"
/* Red pawns c5, c6, c7 and g5, g6. */
#define RED_THREE_TWO "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1"
/* Black pawns c3, c4 (Black file 3) and g3, g4 (Black file 7). */
#define BLACK_TWO_TWO "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b - - 0 1"
/* Black cannons b5 (front) and b7, Black file 2. */
#define BLACK_CANNONS "4k4/9/1c7/9/1c7/9/9/9/9/3K5 b - - 0 1"
/* Red horses c2 and c4 (front), Red file 7. */
#define RED_HORSES "3k5/9/9/9/9/2N6/9/2N6/9/4K4 w - - 0 1"
/* Black rooks a9 (rear) and a6 (front), Black file 1. */
#define BLACK_ROOKS "r3k4/9/9/r8/9/9/9/9/9/3K5 b - - 0 1"

typedef struct {
    const char *fen, *coord, *vi, *vi_long, *wxf, *zh, *zh_hant;
} tandem_row;

static const tandem_row tandem[] = {
    /* five pawns: tt t g s ss / ++ P+ P(file) P- -- / 前 二 三 四 五 */
    {RED_FIVE, "c9b9", "Btt-8", "Tốt trước nhất bình 8", "++.8", "前兵平八", "前兵平八"},
    {RED_FIVE, "c8d8", "Bt-6", "Tốt trước bình 6", "P+.6", "二兵平六", "二兵平六"},
    {RED_FIVE, "c7d7", "Bg-6", "Tốt giữa bình 6", "P7.6", "三兵平六", "三兵平六"},
    {RED_FIVE, "c6b6", "Bs-8", "Tốt sau bình 8", "P-.8", "四兵平八", "四兵平八"},
    {RED_FIVE, "c5d5", "Bss-6", "Tốt sau nhất bình 6", "--.6", "五兵平六", "五兵平六"},
    {BLACK_FIVE, "c0b0", "Btt-2", "Tốt trước nhất bình 2", "++.2", "前卒平２", "前卒平２"},
    {BLACK_FIVE, "c1d1", "Bt-4", "Tốt trước bình 4", "P+.4", "二卒平４", "二卒平４"},
    {BLACK_FIVE, "c2d2", "Bg-4", "Tốt giữa bình 4", "P3.4", "三卒平４", "三卒平４"},
    {BLACK_FIVE, "c3b3", "Bs-2", "Tốt sau bình 2", "P-.2", "四卒平２", "四卒平２"},
    {BLACK_FIVE, "c4b4", "Bss-2", "Tốt sau nhất bình 2", "--.2", "五卒平２", "五卒平２"},
    /* four pawns: tt t s ss / ++ P+ P- -- / 前 二 三 四 */
    {RED_FOUR, "c9d9", "Btt-6", "Tốt trước nhất bình 6", "++.6", "前兵平六", "前兵平六"},
    {RED_FOUR, "c8d8", "Bt-6", "Tốt trước bình 6", "P+.6", "二兵平六", "二兵平六"},
    {RED_FOUR, "c7b7", "Bs-8", "Tốt sau bình 8", "P-.8", "三兵平八", "三兵平八"},
    {RED_FOUR, "c6d6", "Bss-6", "Tốt sau nhất bình 6", "--.6", "四兵平六", "四兵平六"},
    {BLACK_FOUR, "c1c0", "Btt.1", "Tốt trước nhất tiến 1", "+++1", "前卒进１", "前卒進１"},
    {BLACK_FOUR, "c2b2", "Bt-2", "Tốt trước bình 2", "P+.2", "二卒平２", "二卒平２"},
    {BLACK_FOUR, "c3d3", "Bs-4", "Tốt sau bình 4", "P-.4", "三卒平４", "三卒平４"},
    {BLACK_FOUR, "c4b4", "Bss-2", "Tốt sau nhất bình 2", "--.2", "四卒平２", "四卒平２"},
    /* three pawns (Black; Red is the §4.4 row) */
    {BLACK_THREE, "e2e1", "Bt.1", "Tốt trước tiến 1", "P++1", "前卒进１", "前卒進１"},
    {BLACK_THREE, "e3d3", "Bg-4", "Tốt giữa bình 4", "P5.4", "中卒平４", "中卒平４"},
    {BLACK_THREE, "e4f4", "Bs-6", "Tốt sau bình 6", "P-.6", "后卒平６", "後卒平６"},
    /* tandem pawns on two files: file kept, marker after it / file replaces the letter /
     * 前九平八 */
    {RED_TWO_TWO, "c6d6", "B7t-6", "Tốt 7 trước bình 6", "7+.6", "前七平六", "前七平六"},
    {RED_TWO_TWO, "c6c7", "B7t.1", "Tốt 7 trước tiến 1", "7++1", "前七进一", "前七進一"},
    {RED_TWO_TWO, "g5h5", "B3s-2", "Tốt 3 sau bình 2", "3-.2", "后三平二", "後三平二"},
    {RED_THREE_TWO, "c6d6", "B7g-6", "Tốt 7 giữa bình 6", "77.6", "中七平六", "中七平六"},
    {RED_THREE_TWO, "g6g7", "B3t.1", "Tốt 3 trước tiến 1", "3++1", "前三进一", "前三進一"},
    {BLACK_TWO_TWO, "c3d3", "B3t-4", "Tốt 3 trước bình 4", "3+.4", "前３平４", "前３平４"},
    {BLACK_TWO_TWO, "g4h4", "B7s-8", "Tốt 7 sau bình 8", "7-.8", "后７平８", "後７平８"},
    /* two cannons, horses, rooks */
    {BLACK_CANNONS, "b5b4", "Pt.1", "Pháo trước tiến 1", "C++1", "前炮进１", "前砲進１"},
    {BLACK_CANNONS, "b7b9", "Ps/2", "Pháo sau thoái 2", "C--2", "后炮退２", "後砲退２"},
    {BLACK_CANNONS, "b7e7", "Ps-5", "Pháo sau bình 5", "C-.5", "后炮平５", "後砲平５"},
    {RED_HORSES, "c4d6", "Mt.6", "Mã trước tiến 6", "H++6", "前马进六", "前傌進六"},
    {RED_HORSES, "c2a1", "Ms/9", "Mã sau thoái 9", "H--9", "后马退九", "後傌退九"},
    {BLACK_ROOKS, "a6b6", "Xt-2", "Xe trước bình 2", "R+.2", "前车平２", "前車平２"},
    {BLACK_ROOKS, "a9a7", "Xs.2", "Xe sau tiến 2", "R-+2", "后车进２", "後車進２"},
};

START_TEST(test_tandem)
{
    const tandem_row *r = &tandem[_i];
    load(r->fen);
    ct_move mv = coord(r->coord);
    const char *texts[] = {r->vi, r->vi_long, r->wxf, r->zh, r->zh_hant};
    const ct_notation ns[] = {CT_NOTATION_VI, CT_NOTATION_VI_LONG, CT_NOTATION_WXF,
                              CT_NOTATION_ZH, CT_NOTATION_ZH_HANT};
    for (int k = 0; k < 5; k++) {
        expect_render(mv, ns[k], texts[k]);
        expect_parse(texts[k], ns[k], mv);
    }
}
END_TEST

/* Other conventions of spec §4.3 that must be read (ElephantEye/xqbase, 中 for the middle). */
START_TEST(test_tandem_other_conventions)
{
    load(RED_FIVE);
    /* ElephantEye: ordinals a..e in WXF; 一..五 in Chinese; P..4 = middle. */
    expect_parse("Pa.8", CT_NOTATION_WXF, coord("c9b9"));
    expect_parse("Pc.6", CT_NOTATION_WXF, coord("c7d7"));
    expect_parse("P..6", CT_NOTATION_WXF, coord("c7d7"));
    expect_parse("一兵平八", CT_NOTATION_ZH, coord("c9b9"));
    expect_parse("中兵平六", CT_NOTATION_ZH, coord("c7d7"));
    expect_parse("后兵平六", CT_NOTATION_ZH, coord("c5d5"));
    load(PAWNS_E5_E7);
    expect_parse("P..4", CT_NOTATION_WXF, coord("e6f6"));
    expect_parse("P+.4", CT_NOTATION_WXF, coord("e7f7"));
    expect_parse("Pb.4", CT_NOTATION_WXF, coord("e6f6"));
    /* Two files: ElephantEye numbers all tandem pawns together, by file from the mover's
     * right, then front to back: g6 g5 (file 3) then c6 c5 (file 7). */
    load(RED_TWO_TWO);
    expect_parse("一兵平二", CT_NOTATION_ZH, coord("g6h6"));
    expect_parse("二兵平二", CT_NOTATION_ZH, coord("g5h5"));
    expect_parse("三兵平六", CT_NOTATION_ZH, coord("c6d6"));
    expect_parse("Pd.6", CT_NOTATION_WXF, coord("c5d5"));
    expect_parse("前兵七平六", CT_NOTATION_ZH, coord("c6d6"));
    expect_parse("P7+.6", CT_NOTATION_WXF, coord("c6d6"));
    expect_parse("Bt7-6", CT_NOTATION_VI, coord("c6d6"));
    /* Marker before the letter in WXF, either convention. */
    load(ROOKS_E4_E2);
    expect_parse("+R+3", CT_NOTATION_WXF, coord("e4e7"));
    expect_parse("-R-1", CT_NOTATION_WXF, coord("e2e1"));
    expect_parse("R+=3", CT_NOTATION_WXF, coord("e4g4"));
}
END_TEST

/* Two pieces on a file named by the file number when only one of them can make the move
 * (炮３平４ instead of 前炮平４): accepted; the standard form is rendered. */
#define CANNONS_G2_G5 "3k5/9/9/9/5PC2/9/9/6C2/9/4K4 w - - 0 1"

START_TEST(test_file_number_disambiguation)
{
    load(CANNONS_G2_G5);
    ct_move mv = coord("g2f2");
    expect_parse("炮三平四", CT_NOTATION_ZH, mv);
    expect_parse("P3-4", CT_NOTATION_VI, mv);
    expect_parse("C3.4", CT_NOTATION_WXF, mv);
    expect_render(mv, CT_NOTATION_ZH, "后炮平四");
    expect_render(mv, CT_NOTATION_VI, "Ps-4");
    expect_render(mv, CT_NOTATION_WXF, "C-.4");
    /* Both can advance one: ambiguous, naming both pieces. */
    ct_parse_error err;
    ct_move out;
    ck_assert_int_eq(ct_move_parse(&pos, "炮三进一", CT_NOTATION_ZH, &out, &err), CT_ERR_AMBIGUOUS);
    ck_assert_int_eq(err.kind, CT_PARSE_AMBIGUOUS);
    ck_assert_int_eq(err.nsquares, 2);
    ck_assert((err.squares[0] == CT_SQ(6, 5) && err.squares[1] == CT_SQ(6, 2)) ||
              (err.squares[0] == CT_SQ(6, 2) && err.squares[1] == CT_SQ(6, 5)));
    ck_assert_msg(strstr(err.message, "g5") && strstr(err.message, "g2"), "%s", err.message);
    expect_error("P3.1", CT_NOTATION_VI, CT_PARSE_AMBIGUOUS, CT_ERR_AMBIGUOUS);
    /* Black: cannons c7 and c5, c5 cannot go to d5 (own horse): 炮３平４ is c7d7. */
    load("4k4/9/2c6/9/2cn5/9/9/9/9/3K5 b - - 0 1");
    expect_parse("炮３平４", CT_NOTATION_ZH, coord("c7d7"));
    expect_parse("炮3平4", CT_NOTATION_ZH_HANT, coord("c7d7"));
    expect_parse("P3-4", CT_NOTATION_VI, coord("c7d7"));
    expect_render(coord("c7d7"), CT_NOTATION_ZH, "后炮平４");
    expect_render(coord("c7d7"), CT_NOTATION_ZH_HANT, "後砲平４");
    /* WXF's file digit names the middle of three pawns, not "any of them". */
    load(PAWNS_E5_E7);
    expect_parse("P5.4", CT_NOTATION_WXF, coord("e6f6"));
    expect_error("B5-4", CT_NOTATION_VI, CT_PARSE_AMBIGUOUS, CT_ERR_AMBIGUOUS);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Forgiving input */

typedef struct {
    const char *text;
    ct_notation n;
    const char *fen;
    const char *coord;
} lenient_row;

/* Black to move after 炮二平五 (Black writes digits, full width or ASCII: spec §4.1). */
#define BLACK_AFTER_C25 "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"

static const lenient_row lenient[] = {
    {"phao 2 binh 5", CT_NOTATION_VI, CT_START_FEN, "h2e2"},
    {"PHÁO 2 BÌNH 5", CT_NOTATION_VI_LONG, CT_START_FEN, "h2e2"},
    {"Pha\xcc\x81o 2 bi\xcc\x80nh 5", CT_NOTATION_VI, CT_START_FEN, "h2e2"}, /* combining marks */
    {"p2-5", CT_NOTATION_VI, CT_START_FEN, "h2e2"},
    {"p2\xe2\x80\x93" "5", CT_NOTATION_VI, CT_START_FEN, "h2e2"}, /* en dash */
    {"  P2 - 5 ", CT_NOTATION_VI, CT_START_FEN, "h2e2"},
    {"P２-５", CT_NOTATION_VI, CT_START_FEN, "h2e2"},
    {"ma 2 tien 3", CT_NOTATION_VI, CT_START_FEN, "h0g2"},
    {"Mã 2 tấn 3", CT_NOTATION_VI, CT_START_FEN, "h0g2"},
    {"m2.3", CT_NOTATION_VI_LONG, CT_START_FEN, "h0g2"},
    {"V3.5", CT_NOTATION_VI, CT_START_FEN, "g0e2"},
    {"voi 3 tien 5", CT_NOTATION_VI, CT_START_FEN, "g0e2"},
    {"Tượng 3 tiến 5", CT_NOTATION_VI, CT_START_FEN, "g0e2"},
    {"tuong 3 tien 5", CT_NOTATION_VI, CT_START_FEN, "g0e2"},
    {"Tướng 5 tiến 1", CT_NOTATION_VI, CT_START_FEN, "e0e1"},
    {"tuong 5 tien 1", CT_NOTATION_VI, CT_START_FEN, "e0e1"},
    {"Soái 5 tiến 1", CT_NOTATION_VI, CT_START_FEN, "e0e1"},
    {"K5.1", CT_NOTATION_VI, CT_START_FEN, "e0e1"},
    {"tg5.1", CT_NOTATION_VI, CT_START_FEN, "e0e1"},
    {"C7.1", CT_NOTATION_VI, CT_START_FEN, "c3c4"},
    {"chot 7 tien 1", CT_NOTATION_VI, CT_START_FEN, "c3c4"},
    {"Binh 7 tiến 1", CT_NOTATION_VI, CT_START_FEN, "c3c4"},
    {"binh 7 binh 6", CT_NOTATION_VI, "P3k4/9/9/2P3p2/4P4/p3p4/6P2/9/9/3K5 w - - 0 1", "c6d6"},
    {"Sỹ 4 tiến 5", CT_NOTATION_VI, CT_START_FEN, "f0e1"},
    {"xa 9 tien 1", CT_NOTATION_VI, CT_START_FEN, "a0a1"},
    {"Xe trước tiến 3", CT_NOTATION_VI, ROOKS_E4_E2, "e4e7"},
    {"xe truoc tien 3", CT_NOTATION_VI, ROOKS_E4_E2, "e4e7"},
    {"X t.3", CT_NOTATION_VI, ROOKS_E4_E2, "e4e7"},
    {"XT.3", CT_NOTATION_VI, ROOKS_E4_E2, "e4e7"},
    {"xe sau lui 1", CT_NOTATION_VI, ROOKS_E4_E2, "e2e1"},
    {"tot giua binh 4", CT_NOTATION_VI, PAWNS_E5_E7, "e6f6"},
    {"Tốt trước trước bình 8", CT_NOTATION_VI, RED_FIVE, "c9b9"},
    {"C2=5", CT_NOTATION_WXF, CT_START_FEN, "h2e2"},
    {"c2.5", CT_NOTATION_WXF, CT_START_FEN, "h2e2"},
    {"C 2 . 5", CT_NOTATION_WXF, CT_START_FEN, "h2e2"},
    {"C25", CT_NOTATION_WXF, CT_START_FEN, "h2e2"},
    {"Ｃ２．５", CT_NOTATION_WXF, CT_START_FEN, "h2e2"},
    {"N2+3", CT_NOTATION_WXF, CT_START_FEN, "h0g2"},
    {"R+=3", CT_NOTATION_WXF, ROOKS_E4_E2, "e4g4"},
    {"+R=3", CT_NOTATION_WXF, ROOKS_E4_E2, "e4g4"},
    {"炮8平5", CT_NOTATION_ZH, BLACK_AFTER_C25, "h7e7"},
    {"炮８平５", CT_NOTATION_ZH, BLACK_AFTER_C25, "h7e7"},
    {"砲二平五", CT_NOTATION_ZH, CT_START_FEN, "h2e2"},
    {"包二平五", CT_NOTATION_ZH_HANT, CT_START_FEN, "h2e2"},
    {"傌二進三", CT_NOTATION_ZH, CT_START_FEN, "h0g2"},
    {"馬二进三", CT_NOTATION_ZH, CT_START_FEN, "h0g2"},
    {"俥一進一", CT_NOTATION_ZH, CT_START_FEN, "i0i1"},
    {"車1進1", CT_NOTATION_ZH, BLACK_AFTER_C25, "a9a8"},
    {"帥五進一", CT_NOTATION_ZH, CT_START_FEN, "e0e1"},
    {"帅五进一", CT_NOTATION_ZH_HANT, CT_START_FEN, "e0e1"},
    {"相三进五", CT_NOTATION_ZH, CT_START_FEN, "g0e2"},
    {"象三進五", CT_NOTATION_ZH, CT_START_FEN, "g0e2"},
    {"士四进五", CT_NOTATION_ZH, CT_START_FEN, "f0e1"},
    {" 炮 二 平 五 ", CT_NOTATION_ZH, CT_START_FEN, "h2e2"},
    {"後俥退一", CT_NOTATION_ZH, ROOKS_E4_E2, "e2e1"},
    {"后车退一", CT_NOTATION_ZH_HANT, ROOKS_E4_E2, "e2e1"},
    {"H2E2", CT_NOTATION_COORD, CT_START_FEN, "h2e2"},
    {"h2-e2", CT_NOTATION_ICCS, CT_START_FEN, "h2e2"},
    {"H2E2", CT_NOTATION_ICCS, CT_START_FEN, "h2e2"},
    {"H2\xe2\x80\x93" "E2", CT_NOTATION_ICCS, CT_START_FEN, "h2e2"},
};

START_TEST(test_lenient)
{
    const lenient_row *r = &lenient[_i];
    load(r->fen);
    expect_parse(r->text, r->n, coord(r->coord));
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Auto */

/* Red cannon on g2 in front of the pawn g3, h2 empty: "C3.1" is Chốt 3 tiến 1 (g3g4) in
 * Vietnamese and Cannon 3 traverse 1 (g2i2) in WXF, both legal. */
#define CANNON_G2 "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C4C2/9/RNBAKABNR w - - 0 1"

START_TEST(test_auto)
{
    load(CANNON_G2);
    expect_parse("C3.1", CT_NOTATION_VI, coord("g3g4"));
    expect_parse("C3.1", CT_NOTATION_WXF, coord("g2i2"));
    expect_error("C3.1", CT_NOTATION_AUTO, CT_PARSE_CLASH, CT_ERR_AMBIGUOUS);
    /* Vietnamese reads pawn g3 forward 4 (illegal), WXF cannon g2 to file 4: WXF wins. */
    expect_parse("C3.4", CT_NOTATION_AUTO, coord("g2f2"));
    /* P2-5: Vietnamese cannon h2 to e2; WXF reads "pawn 2 back 5", no such pawn. */
    load(CT_START_FEN);
    expect_parse("P2-5", CT_NOTATION_AUTO, coord("h2e2"));
    expect_parse("C2.5", CT_NOTATION_AUTO, coord("h2e2"));
    expect_parse("炮二平五", CT_NOTATION_AUTO, coord("h2e2"));
    expect_parse("Pháo 2 bình 5", CT_NOTATION_AUTO, coord("h2e2"));
    expect_parse("h2e2", CT_NOTATION_AUTO, coord("h2e2"));
    expect_parse("H2-E2", CT_NOTATION_AUTO, coord("h2e2"));
    /* Coordinates are taken by form, even when illegal. */
    expect_error("h2h8", CT_NOTATION_AUTO, CT_PARSE_ILLEGAL, CT_ERR_ILLEGAL);
    /* P2.1: Vietnamese cannon h2 forward 1; WXF pawn file 2: none. */
    expect_parse("P2.1", CT_NOTATION_AUTO, coord("h2h3"));
    /* P is a cannon in Vietnamese and a pawn in WXF: cannon e2 forward 4 (e2e6) against
     * pawn e7 to file 4 (e7f7), both legal. */
    load("3k5/9/4P4/9/9/9/9/4C4/9/5K3 w - - 0 1");
    expect_parse("P5.4", CT_NOTATION_VI, coord("e2e6"));
    expect_parse("P5.4", CT_NOTATION_WXF, coord("e7f7"));
    expect_error("P5.4", CT_NOTATION_AUTO, CT_PARSE_CLASH, CT_ERR_AMBIGUOUS);
    /* P5-4: Vietnamese cannon e2 to f2; WXF "pawn back 4" is impossible. */
    expect_parse("P5-4", CT_NOTATION_AUTO, coord("e2f2"));
    load(CT_START_FEN);
    /* Nothing reads it. */
    expect_error("Q2.5", CT_NOTATION_AUTO, CT_PARSE_UNKNOWN_PIECE, CT_ERR_SYNTAX);
    /* X9+1: a Vietnamese rook on file 9 with WXF's "+" for forward. Read as Vietnamese, the
     * piece is known and the direction is the error (the game shows this one when the player
     * chose Vietnamese); WXF does not know X. */
    expect_error("X9+1", CT_NOTATION_VI, CT_PARSE_SYNTAX, CT_ERR_SYNTAX);
    {
        ct_parse_error err;
        ct_move mv;
        ct_move_parse(&pos, "X9+1", CT_NOTATION_VI, &mv, &err);
        ck_assert_msg(strstr(err.message, "expected a direction") == err.message, "%s", err.message);
    }
    expect_error("X9+1", CT_NOTATION_WXF, CT_PARSE_UNKNOWN_PIECE, CT_ERR_SYNTAX);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Error kinds */

START_TEST(test_errors)
{
    ct_parse_error err;
    ct_move out;
    load(CT_START_FEN);
    expect_error("Q2-5", CT_NOTATION_VI, CT_PARSE_UNKNOWN_PIECE, CT_ERR_SYNTAX);
    expect_error("Rồng 2 bình 5", CT_NOTATION_VI, CT_PARSE_UNKNOWN_PIECE, CT_ERR_SYNTAX);
    expect_error("Q2.5", CT_NOTATION_WXF, CT_PARSE_UNKNOWN_PIECE, CT_ERR_SYNTAX);
    expect_error("X2.5", CT_NOTATION_WXF, CT_PARSE_UNKNOWN_PIECE, CT_ERR_SYNTAX);
    expect_error("龙二平五", CT_NOTATION_ZH, CT_PARSE_UNKNOWN_PIECE, CT_ERR_SYNTAX);
    expect_error("X5.1", CT_NOTATION_VI, CT_PARSE_NO_PIECE, CT_ERR_NOT_FOUND);
    expect_error("P5-4", CT_NOTATION_VI, CT_PARSE_NO_PIECE, CT_ERR_NOT_FOUND);
    expect_error("车五进一", CT_NOTATION_ZH, CT_PARSE_NO_PIECE, CT_ERR_NOT_FOUND);
    expect_error("R5+1", CT_NOTATION_WXF, CT_PARSE_NO_PIECE, CT_ERR_NOT_FOUND);
    expect_error("Xt.1", CT_NOTATION_VI, CT_PARSE_BAD_MARKER, CT_ERR_NOT_FOUND);
    expect_error("前车进一", CT_NOTATION_ZH, CT_PARSE_BAD_MARKER, CT_ERR_NOT_FOUND);
    expect_error("M2-3", CT_NOTATION_VI, CT_PARSE_NO_MOVE, CT_ERR_ILLEGAL);
    expect_error("X9/1", CT_NOTATION_VI, CT_PARSE_NO_MOVE, CT_ERR_ILLEGAL);
    /* Illegal, with the reason from ct_why_illegal. */
    ck_assert_int_eq(ct_move_parse(&pos, "M2.4", CT_NOTATION_VI, &out, &err), CT_ERR_ILLEGAL);
    ck_assert_int_eq(err.kind, CT_PARSE_ILLEGAL);
    ck_assert_int_eq(err.reason, CT_WHY_HORSE_LEG);
    ck_assert_msg(strstr(err.message, "leg"), "%s", err.message);
    ck_assert_int_eq(ct_move_parse(&pos, "P2.6", CT_NOTATION_VI, &out, &err), CT_ERR_ILLEGAL);
    ck_assert_int_eq(err.reason, CT_WHY_BLOCKED);
    ck_assert_int_eq(ct_move_parse(&pos, "Tg5.2", CT_NOTATION_VI, &out, &err), CT_ERR_ILLEGAL);
    ck_assert_int_eq(err.reason, CT_WHY_PIECE_RULE);
    ck_assert_int_eq(ct_move_parse(&pos, "h2h8", CT_NOTATION_COORD, &out, &err), CT_ERR_ILLEGAL);
    ck_assert_int_eq(err.reason, CT_WHY_BLOCKED);
    expect_error("e5e6", CT_NOTATION_COORD, CT_PARSE_NO_PIECE, CT_ERR_NOT_FOUND);
    /* Syntax. */
    expect_error("", CT_NOTATION_VI, CT_PARSE_EMPTY, CT_ERR_SYNTAX);
    expect_error("   ", CT_NOTATION_WXF, CT_PARSE_EMPTY, CT_ERR_SYNTAX);
    expect_error("P2x5", CT_NOTATION_VI, CT_PARSE_SYNTAX, CT_ERR_SYNTAX);
    expect_error("P2+5", CT_NOTATION_VI, CT_PARSE_SYNTAX, CT_ERR_SYNTAX);
    expect_error("P0-5", CT_NOTATION_VI, CT_PARSE_SYNTAX, CT_ERR_SYNTAX);
    expect_error("P2-10", CT_NOTATION_VI, CT_PARSE_SYNTAX, CT_ERR_SYNTAX);
    expect_error("P2-5 M8.7", CT_NOTATION_VI, CT_PARSE_SYNTAX, CT_ERR_SYNTAX);
    expect_error("C2/5", CT_NOTATION_WXF, CT_PARSE_SYNTAX, CT_ERR_SYNTAX);
    expect_error("h2e", CT_NOTATION_COORD, CT_PARSE_SYNTAX, CT_ERR_SYNTAX);
    expect_error("j2e2", CT_NOTATION_COORD, CT_PARSE_SYNTAX, CT_ERR_SYNTAX);
    expect_error("炮二平", CT_NOTATION_ZH, CT_PARSE_SYNTAX, CT_ERR_SYNTAX);
    expect_error("P2-5", CT_NOTATION_ZH, CT_PARSE_SYNTAX, CT_ERR_SYNTAX);
    expect_error("炮二平五", CT_NOTATION_VI, CT_PARSE_SYNTAX, CT_ERR_SYNTAX);
    expect_error("P2-5", (ct_notation)42, CT_PARSE_BAD_NOTATION, CT_ERR_INVALID);
    expect_error(NULL, CT_NOTATION_VI, CT_PARSE_EMPTY, CT_ERR_SYNTAX);
    ck_assert_str_eq(ct_parse_kind_name(CT_PARSE_AMBIGUOUS), "ambiguous move");
}
END_TEST

/* Chinese names whose move it is (spec §4.1: Red writes numerals 一…九, Black digits, full
 * width or ASCII; §4.4 rows 马８进７ / 马八进七, UCCI's 炮二平五 炮8平5): the other side's form
 * is refused whatever it would play (issue 21: 马８进７ on Red's turn played Red H8+7,
 * 炮二平五 on Black's played Black C2.5). */
START_TEST(test_other_side_notation)
{
    ct_parse_error err;
    ct_move out;
    load(CT_START_FEN);
    const char *black_form[] = {"马８进７", "马8进7", "馬８進７", "馬8進7"};
    for (int i = 0; i < 4; i++) {
        expect_error(black_form[i], CT_NOTATION_ZH, CT_PARSE_WRONG_SIDE, CT_ERR_ILLEGAL);
        expect_error(black_form[i], CT_NOTATION_AUTO, CT_PARSE_WRONG_SIDE, CT_ERR_ILLEGAL);
        ct_move_parse(&pos, black_form[i], CT_NOTATION_ZH, &out, &err);
        ck_assert_int_eq(err.move, ct_move_parse_coord("b0c2")); /* what Red's H8+7 would be */
        ck_assert(ct_parse_was_read(err.kind));
    }
    expect_parse("马八进七", CT_NOTATION_ZH, ct_move_parse_coord("b0c2"));
    expect_error("炮2平5", CT_NOTATION_ZH, CT_PARSE_WRONG_SIDE, CT_ERR_ILLEGAL);
    ct_move_parse(&pos, "炮2平5", CT_NOTATION_ZH, &out, &err);
    ck_assert_int_eq(err.move, ct_move_parse_coord("h2e2"));
    play("h2e2");
    expect_error("炮二平五", CT_NOTATION_ZH, CT_PARSE_WRONG_SIDE, CT_ERR_ILLEGAL);
    expect_error("炮二平五", CT_NOTATION_AUTO, CT_PARSE_WRONG_SIDE, CT_ERR_ILLEGAL);
    ct_move_parse(&pos, "炮二平五", CT_NOTATION_ZH, &out, &err);
    ck_assert_int_eq(err.move, ct_move_parse_coord("b7e7"));
    expect_parse("炮8平5", CT_NOTATION_ZH, ct_move_parse_coord("h7e7"));
    expect_parse("炮８平５", CT_NOTATION_ZH, ct_move_parse_coord("h7e7"));
    expect_parse("马８进７", CT_NOTATION_ZH, ct_move_parse_coord("h9g7"));
    /* A marker's ordinal is no file: Black's 前炮 / 二兵 forms stay Black's. */
    expect_parse("炮８平５", CT_NOTATION_AUTO, ct_move_parse_coord("h7e7"));
}
END_TEST

/* An illegal Chinese move says why, as the same move in WXF does (issue 21: 炮五平四 and
 * 帅五进二 at the start got a WXF syntax error about '?'). */
START_TEST(test_illegal_same_in_every_notation)
{
    static const struct {
        const char *zh, *wxf, *vi;
        ct_parse_kind kind;
        ct_illegal_reason why;
    } cases[] = {
        {"帅五进二", "K5+2", "Tg5.2", CT_PARSE_ILLEGAL, CT_WHY_PIECE_RULE},
        {"炮二进六", "C2+6", "P2.6", CT_PARSE_ILLEGAL, CT_WHY_BLOCKED},
        {"马二进四", "H2+4", "M2.4", CT_PARSE_ILLEGAL, CT_WHY_HORSE_LEG},
        {"炮五平四", "C5.4", "P5-4", CT_PARSE_NO_PIECE, CT_WHY_LEGAL},
        {"仕五退四", "A5-4", "S5/4", CT_PARSE_NO_PIECE, CT_WHY_LEGAL},
    };
    load(CT_START_FEN);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *texts[3] = {cases[i].zh, cases[i].wxf, cases[i].vi};
        const ct_notation ns[3] = {CT_NOTATION_ZH, CT_NOTATION_WXF, CT_NOTATION_VI};
        char first[160] = "";
        for (int k = 0; k < 3; k++) {
            for (int a = 0; a < (k == 0 ? 2 : 1); a++) { /* Chinese: also in auto */
                ct_parse_error err;
                ct_move out;
                ct_move_parse(&pos, texts[k], a ? CT_NOTATION_AUTO : ns[k], &out, &err);
                ck_assert_msg(err.kind == cases[i].kind && out == CT_NO_MOVE,
                              "%s (%s): kind %d (%s), want %d", texts[k],
                              ct_notation_name(a ? CT_NOTATION_AUTO : ns[k]), err.kind,
                              err.message, cases[i].kind);
                ck_assert(ct_parse_was_read(err.kind));
                if (cases[i].kind == CT_PARSE_ILLEGAL)
                    ck_assert_int_eq(err.reason, cases[i].why);
                /* The same words, whichever notation read it. */
                if (!first[0])
                    snprintf(first, sizeof first, "%s", err.message);
                ck_assert_str_eq(err.message, first);
            }
        }
    }
    /* Nothing read: not a move at all. */
    ct_parse_error err;
    ct_move out;
    ck_assert_int_eq(ct_move_parse(&pos, "炮五平四", CT_NOTATION_WXF, &out, &err), CT_ERR_SYNTAX);
    ck_assert(!ct_parse_was_read(err.kind));
}
END_TEST

START_TEST(test_names)
{
    static const char *const names[] = {"coord", "iccs", "vi", "vi-long", "wxf", "zh", "zh-hant",
                                        "auto"};
    for (int n = 0; n < CT_NOTATION_COUNT; n++) {
        bool ok = false;
        ck_assert_str_eq(ct_notation_name((ct_notation)n), names[n]);
        ck_assert_int_eq(ct_notation_from_name(names[n], &ok), n);
        ck_assert(ok);
    }
    bool ok = true;
    ck_assert_int_eq(ct_notation_from_name("zh-Hant", &ok), CT_NOTATION_ZH_HANT);
    ck_assert(ok);
    ck_assert_int_eq(ct_notation_from_name("klingon", &ok), CT_NOTATION_VI);
    ck_assert(!ok);
    ck_assert_int_eq(ct_notation_from_name("vi-", &ok), CT_NOTATION_VI);
    ck_assert(!ok);
    ck_assert_int_eq(CT_NOTATION_DEFAULT, CT_NOTATION_VI);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Property: every legal move of thousands of positions from seeded random playouts renders
 * in every notation and parses back to itself; "auto" gives the same move or a clash. */

static uint64_t rng_next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static const char *const property_fens[] = {
    CT_START_FEN,
    "r3k4/9/1c7/9/4N4/p8/9/9/9/3AK4 w - - 0 1",
    "1r3k3/9/1n2c4/9/4p4/9/4P4/1C2C4/9/1N2K4 w - - 0 1",
    "4k4/9/9/9/4p4/3RN4/9/4n4/4A4/5K3 w - - 0 1",
    "3k5/5n3/4b4/9/6b2/2B6/3N5/9/5C3/4K1B2 w - - 0 1",
    "P3k4/9/9/2P3p2/4P4/p3p4/6P2/9/9/3K5 w - - 0 1",
    "4k4/9/9/9/4p4/2p3P2/9/9/6p2/3K4p b - - 0 1",
    "5k3/9/R3c4/9/9/9/4P4/2N6/9/r1C1K4 w - - 0 1",
    "3k5/2P6/9/9/9/9/9/9/9/4K4 w - - 0 1",
    "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    /* the tandem positions above, so that many-pawn positions get played out too */
    RED_FIVE, BLACK_FIVE, RED_THREE_TWO, BLACK_TWO_TWO, BLACK_CANNONS, RED_HORSES,
};
#define PROPERTY_FENS (int)(sizeof property_fens / sizeof property_fens[0])

static long positions_checked, moves_checked, clashes_seen;

static void check_all_moves(void)
{
    ct_move moves[CT_MAX_MOVES];
    int n = ct_gen_legal(&pos, moves);
    positions_checked++;
    for (int i = 0; i < n; i++) {
        for (int k = CT_NOTATION_COORD; k <= CT_NOTATION_ZH_HANT; k++) {
            char text[CT_MOVE_TEXT_MAX];
            int len = ct_move_render(&pos, moves[i], (ct_notation)k, text, sizeof text);
            ck_assert_msg(len > 0 && len < (int)sizeof text, "render failed");
            ct_parse_error err;
            ct_move back = CT_NO_MOVE;
            char fen[128], a[5], b[5];
            ct_status st = ct_move_parse(&pos, text, (ct_notation)k, &back, &err);
            if (st != CT_OK || back != moves[i]) {
                ct_fen_write(&pos, fen, sizeof fen);
                ct_move_coord(moves[i], a);
                ct_move_coord(back, b);
                ck_abort_msg("%s: %s rendered '%s', read back as %s (%s) in %s",
                             ct_notation_name((ct_notation)k), a, text, b, err.message, fen);
            }
            st = ct_move_parse(&pos, text, CT_NOTATION_AUTO, &back, &err);
            if (st == CT_OK) {
                ck_assert_msg(back == moves[i], "auto read '%s' as another move", text);
            } else {
                ck_assert_msg(err.kind == CT_PARSE_CLASH, "auto refused '%s': %s", text,
                              err.message);
                clashes_seen++;
            }
            moves_checked++;
        }
    }
}

START_TEST(test_property_round_trip)
{
    uint64_t rng = 0x9E3779B97F4A7C15ULL ^ (uint64_t)_i;
    const int playouts_per_fen = 6, plies = 40;
    for (int f = 0; f < PROPERTY_FENS; f++) {
        for (int p = 0; p < playouts_per_fen; p++) {
            load(property_fens[f]);
            for (int ply = 0; ply < plies; ply++) {
                check_all_moves();
                ct_move moves[CT_MAX_MOVES];
                int n = ct_gen_legal(&pos, moves);
                if (n == 0)
                    break;
                ct_pos_make(&pos, moves[rng_next(&rng) % (uint64_t)n]);
            }
        }
    }
    ck_assert_msg(positions_checked >= 2000, "only %ld positions", positions_checked);
    printf("property run %d: %ld positions, %ld (move, notation) round trips, %ld auto clashes\n",
           _i, positions_checked, moves_checked, clashes_seen);
}
END_TEST

static Suite *notation_suite(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("tables");
    tcase_add_loop_test(tc, test_mapping_render, 0, (int)(sizeof mapping / sizeof mapping[0]));
    tcase_add_loop_test(tc, test_mapping_parse, 0, (int)(sizeof mapping / sizeof mapping[0]));
    tcase_add_test(tc, test_describe);
    tcase_add_test(tc, test_render_truncates);
    tcase_add_test(tc, test_game);
    tcase_add_test(tc, test_seed_anchors);
    tcase_add_loop_test(tc, test_tandem, 0, (int)(sizeof tandem / sizeof tandem[0]));
    tcase_add_test(tc, test_tandem_other_conventions);
    tcase_add_test(tc, test_file_number_disambiguation);
    tcase_add_loop_test(tc, test_lenient, 0, (int)(sizeof lenient / sizeof lenient[0]));
    tcase_add_test(tc, test_auto);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_other_side_notation);
    tcase_add_test(tc, test_illegal_same_in_every_notation);
    tcase_add_test(tc, test_names);
    suite_add_tcase(s, tc);
    TCase *prop = tcase_create("property");
    tcase_set_timeout(prop, 300);
    tcase_add_loop_test(prop, test_property_round_trip, 0, 3);
    suite_add_tcase(s, prop);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(notation_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
