/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — the lobby's cờ úp commitment (coup_commit.h): the hash of a deal and salt
 * against coreutils' sha256sum of the same text, what each viewer may learn from a line
 * (a captured identity only for the capturer), hand-worked bad lines refused with the move
 * named, and disclosures: an honest one verified, a changed deal, a changed salt, a host
 * that revealed from another deal than the one it committed to. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "cotuong/coup_commit.h"
#include "cotuong/coup_pgn.h"

static const char *std_deal = "RNBAABNRCCPPPPP/rnbaabnrccppppp";
static const char *salt =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

static ct_move mv(const char *t)
{
    ct_move m;
    int r;
    ck_assert_int_eq(ct_coup_move_read(t, &m, &r), CT_OK);
    return m;
}

START_TEST(test_commit_hash)
{
    /* printf '%s:%s' RNBAABNRCCPPPPP/rnbaabnrccppppp 000102...1f | sha256sum */
    ct_coup_deal d;
    ck_assert_int_eq(ct_coup_deal_read(std_deal, &d), CT_OK);
    char h[CT_SHA256_HEX];
    ct_coup_commit(&d, salt, h);
    ck_assert_str_eq(h, "1d2b3e6eeb916092eff7da322108b056cd1db4bd0dea2df07c261a3014416185");
}
END_TEST

/* The standard deal, worked by hand: b2b9 (the cannon's square over the screen on b7 takes
 * Black's horse square b9: a cannon turns up, a horse is taken face down), then h7h0 (the
 * same for Black over h2). */
static ct_move line[2];
static uint8_t rev[2], tk[2];

static void hand_line(void)
{
    line[0] = mv("b2b9");
    line[1] = mv("h7h0");
    rev[0] = rev[1] = CT_CANNON;
    tk[0] = tk[1] = 0;
}

START_TEST(test_known)
{
    hand_line();
    ct_coup_deal k;
    ct_coup_check_error e;
    /* Red is told what it took; Black what it took: each learns its own capture. */
    tk[0] = CT_HORSE;
    rev[1] = CT_CANNON;
    uint8_t red_tk[2] = {CT_HORSE, 0};
    ck_assert_int_eq(ct_coup_line_known(line, rev, red_tk, 2, CT_RED, &k, &e), CT_OK);
    ck_assert_int_eq(k.type[CT_RED][8], CT_CANNON);  /* b2: Red's 9th dealt square */
    ck_assert_int_eq(k.type[CT_BLACK][1], CT_HORSE); /* b9: Black's 2nd */
    ck_assert_int_eq(k.type[CT_BLACK][9], CT_CANNON); /* h7 */
    ck_assert_int_eq(k.type[CT_RED][6], 0);          /* h0: taken by Black, not told to Red */
    /* The same identity sent to Black (its owner) or to a watcher: refused, move named. */
    ck_assert_int_eq(ct_coup_line_known(line, rev, red_tk, 2, CT_BLACK, &k, &e), CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_NOT_YOURS);
    ck_assert_int_eq(e.ply, 1);
    ck_assert(strstr(e.message, "move 1 (b2b9=C)") != NULL);
    ck_assert_int_eq(ct_coup_line_known(line, rev, red_tk, 2, CT_COUP_WATCHER, &k, &e),
                     CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_NOT_YOURS);
}
END_TEST

START_TEST(test_bad_lines)
{
    ct_coup_deal k;
    ct_coup_check_error e;
    hand_line();
    /* A face-down piece moved and nothing said. */
    rev[1] = 0;
    ck_assert_int_eq(ct_coup_line_known(line, rev, tk, 2, CT_BLACK, &k, &e), CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_MISSING);
    ck_assert_int_eq(e.ply, 2);
    /* A reveal claimed for the king's move (face up from the start). */
    ct_move kl[1] = {mv("e0e1")};
    uint8_t kr[1] = {CT_ROOK}, kt[1] = {0};
    ck_assert_int_eq(ct_coup_line_known(kl, kr, kt, 1, CT_RED, &k, &e), CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_NOT_DOWN);
    /* A third red rook: a0a1 and i3i4 turn up rooks (Black's replies too), then c3c4
     * claims a rook as well. */
    ct_move rl[5] = {mv("a0a1"), mv("a9a8"), mv("i3i4"), mv("i9i8"), mv("c3c4")};
    uint8_t rr[5] = {CT_ROOK, CT_ROOK, CT_ROOK, CT_ROOK, CT_ROOK}, rt[5] = {0};
    ck_assert_int_eq(ct_coup_line_known(rl, rr, rt, 5, CT_RED, &k, &e), CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_IMPOSSIBLE);
    ck_assert_int_eq(e.ply, 5);
    /* A captured identity for a move that took nothing. */
    hand_line();
    ct_move ql[1] = {mv("h2e2")};
    uint8_t qr[1] = {CT_CANNON}, qt[1] = {CT_PAWN};
    ck_assert_int_eq(ct_coup_line_known(ql, qr, qt, 1, CT_RED, &k, &e), CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_TAKEN_UP);
    /* Not a legal move. */
    ct_move il[1] = {mv("a0a5")};
    uint8_t ir[1] = {CT_ROOK};
    ck_assert_int_eq(ct_coup_line_known(il, ir, qt, 1, CT_RED, &k, &e), CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_ILLEGAL);
}
END_TEST

/* A game on a random deal through the referee's position: what a player saw. */
static int referee_line(const ct_coup_deal *deal, ct_move *moves, uint8_t *reveals, uint8_t *taken,
                        int viewer, int plies)
{
    ct_coup_pos *p = malloc(sizeof *p);
    ct_coup_start(p, deal);
    uint64_t rng = 12345;
    int n = 0;
    ct_move list[CT_MAX_MOVES];
    while (n < plies) {
        int k = ct_coup_gen_legal(p, list);
        if (k == 0)
            break;
        /* Prefer captures, so that face-down pieces are taken. */
        ct_move m = list[test_rand(&rng) % (uint64_t)k];
        for (int i = 0; i < k; i++)
            if (p->board[CT_TO(list[i])])
                m = list[i];
        int side = p->side, cap = p->board[CT_TO(m)];
        moves[n] = m;
        taken[n] = (cap & CT_COUP_DOWN) && side == viewer ? (uint8_t)CT_COUP_TYPE(cap) : 0;
        reveals[n] = (uint8_t)ct_coup_make(p, m, 0);
        n++;
    }
    free(p);
    return n;
}

START_TEST(test_disclosure)
{
    ct_coup_deal deal, other;
    ct_coup_deal_random(&deal, 20261202);
    ct_move moves[60];
    uint8_t reveals[60], taken[60];
    int n = referee_line(&deal, moves, reveals, taken, CT_BLACK, 60);
    ck_assert_int_gt(n, 20);
    int caps = 0;
    for (int i = 0; i < n; i++)
        caps += taken[i] != 0;
    ck_assert_int_gt(caps, 0); /* the line has a capture the viewer was told of */
    char text[40], commit[CT_SHA256_HEX];
    ct_coup_deal_text(&deal, text, sizeof text);
    ct_coup_commit(&deal, salt, commit);
    ct_coup_check_error e;
    ct_coup_deal k;
    ck_assert_int_eq(ct_coup_line_known(moves, reveals, taken, n, CT_BLACK, &k, &e), CT_OK);
    /* 1. Honest: verified. */
    ck_assert_int_eq(ct_coup_commit_verify(commit, text, salt, moves, reveals, taken, n, &e), CT_OK);
    /* 2. Another salt, or another deal, disclosed: not the commitment. */
    char bad_salt[CT_COUP_SALT_HEX];
    snprintf(bad_salt, sizeof bad_salt, "%s", salt);
    bad_salt[0] = '1';
    ck_assert_int_eq(ct_coup_commit_verify(commit, text, bad_salt, moves, reveals, taken, n, &e),
                     CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_HASH);
    ct_coup_deal_random(&other, 7);
    char text2[40];
    ct_coup_deal_text(&other, text2, sizeof text2);
    ck_assert_int_eq(ct_coup_commit_verify(commit, text2, salt, moves, reveals, taken, n, &e),
                     CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_HASH);
    /* 3. A host that committed to one deal and revealed from another: the hash matches what
     *    it discloses, but the first reveal that differs is named. */
    char commit2[CT_SHA256_HEX];
    ct_coup_commit(&other, salt, commit2);
    ck_assert_int_eq(ct_coup_commit_verify(commit2, text2, salt, moves, reveals, taken, n, &e),
                     CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_CONTRADICTS);
    ck_assert_int_gt(e.ply, 0);
    ck_assert(strstr(e.message, "move ") == e.message);
    /* 4. A captured identity told wrong (the host lied to the capturer): named. */
    int first = -1;
    for (int i = 0; i < n && first < 0; i++)
        if (taken[i])
            first = i;
    taken[first] = taken[first] == CT_PAWN ? CT_ROOK : CT_PAWN;
    ck_assert_int_eq(ct_coup_commit_verify(commit, text, salt, moves, reveals, taken, n, &e),
                     CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_CONTRADICTS);
    ck_assert_int_eq(e.ply, first + 1);
    /* 5. Not a deal at all. */
    ck_assert_int_eq(ct_coup_commit_verify(commit, "RRR", salt, moves, reveals, taken, n, &e),
                     CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_DEAL);
    ck_assert_int_eq(ct_coup_commit_verify(commit, text, "00zz", moves, reveals, taken, n, &e),
                     CT_ERR_INVALID);
    ck_assert_int_eq(e.code, CT_COUP_CHECK_DEAL);
}
END_TEST

static Suite *commit_suite(void)
{
    Suite *s = suite_create("coup_commit");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_commit_hash);
    tcase_add_test(tc, test_known);
    tcase_add_test(tc, test_bad_lines);
    tcase_add_test(tc, test_disclosure);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(commit_suite());
}
