/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — move generation: perft counts and depth-1 move lists from spec §7 (computed
 * by fairy-stockfish and Sjaak II), and a brute-force cross-check against an independent,
 * deliberately naive legality test written here from the rules of spec §6.1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec_positions.h"
#include "testlib.h"

static ct_pos pos;

/* ------------------------------------------------------------------ perft vectors (spec §7)
 * Every count of the table up to the depth that keeps the suite quick: the deeper ones are
 * for `make bench`. */
enum { MAX_LEAVES_IN_CHECK = 12000000 };

START_TEST(test_perft)
{
    const spec_position *c = &spec_positions[_i];
    ct_fen_error err;
    ck_assert_msg(ct_fen_read(&pos, c->fen, &err) == CT_OK, "%s: %s", c->id, err.message);
    for (int depth = 1; depth <= 5; depth++) {
        if (c->nodes[depth - 1] > MAX_LEAVES_IN_CHECK)
            break;
        uint64_t n = ct_perft(&pos, depth);
        ck_assert_msg(n == c->nodes[depth - 1], "%s perft(%d) = %llu, expected %llu", c->id,
                      depth, (unsigned long long)n, (unsigned long long)c->nodes[depth - 1]);
        ck_assert_int_eq(pos.ply, 0);
    }
}
END_TEST

/* ------------------------------------------------------------------ depth-1 lists (spec §7.2) */
/* Compares the legal moves of fen with a space-separated list of coordinate moves. */
static void check_move_list(const char *fen, const char *expected, bool subset)
{
    ct_fen_error err;
    ck_assert_msg(ct_fen_read(&pos, fen, &err) == CT_OK, "%s", err.message);
    ct_move moves[CT_MAX_MOVES];
    int n = ct_gen_legal(&pos, moves);
    char got[CT_MAX_MOVES][5];
    for (int i = 0; i < n; i++)
        ct_move_coord(moves[i], got[i]);
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", expected);
    int m = 0;
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        bool found = false;
        for (int i = 0; i < n; i++)
            found |= !strcmp(got[i], tok);
        ck_assert_msg(found, "%s: expected move %s not generated", fen, tok);
        m++;
    }
    if (!subset)
        ck_assert_msg(m == n, "%s: %d moves generated, %d expected", fen, n, m);
}

START_TEST(test_list_t6)
{
    check_move_list("5k3/9/R3c4/9/9/9/4P4/2N6/9/r1C1K4 w - - 0 1", "a7e7 c2e1 e0d0", false);
}
END_TEST

START_TEST(test_list_t3)
{
    check_move_list("4k4/9/9/9/4p4/3RN4/9/4n4/4A4/5K3 w - - 0 1",
                    "d4d5 d4d6 d4d7 d4d8 d4d9 d4d3 d4d2 d4d1 d4d0 d4c4 d4b4 d4a4 "
                    "f0f1 f0e0 e4g5 e4d2 e4f2 e4g3",
                    false);
}
END_TEST

START_TEST(test_list_t4_elephants)
{
    const char *fen = "3k5/5n3/4b4/9/6b2/2B6/3N5/9/5C3/4K1B2 w - - 0 1";
    check_move_list(fen, "c4a2 g0i2", true);
    /* and no other elephant move */
    ct_fen_read(&pos, fen, NULL);
    ct_move moves[CT_MAX_MOVES];
    int n = ct_gen_legal(&pos, moves), elephant = 0;
    for (int i = 0; i < n; i++)
        elephant += ct_pos_type_at(&pos, CT_FROM(moves[i])) == CT_ELEPHANT;
    ck_assert_int_eq(elephant, 2);
}
END_TEST

START_TEST(test_list_b2)
{
    check_move_list("4k4/9/9/9/4p4/2p3P2/9/9/6p2/3K4p b - - 0 1",
                    "e5e4 c4c3 c4b4 c4d4 g1g0 g1f1 g1h1 i0h0 e9e8 e9f9", false);
}
END_TEST

START_TEST(test_no_move_is_loss_position)
{
    /* T7 checkmate and T8 stalemate: no legal move either way; T8 is not in check. */
    ct_fen_read(&pos, "R3k4/1R7/9/9/9/9/p8/9/9/3K5 b - - 0 1", NULL);
    ck_assert(!ct_has_legal_move(&pos));
    ck_assert(ct_in_check(&pos, CT_BLACK));
    ct_fen_read(&pos, "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1", NULL);
    ck_assert(!ct_has_legal_move(&pos));
    ck_assert(!ct_in_check(&pos, CT_BLACK));
}
END_TEST

/* ------------------------------------------------------------------ naive referee
 * An independent implementation on a plain 10x9 grid: slow, obvious, sharing no code with
 * the generator. grid[rank][file] = 0 or (side + 1) * 8 + type. */
typedef struct {
    int cell[10][9];
} grid;

static int g_side(int v) { return v / 8 - 1; }
static int g_type(int v) { return v % 8; }

static void to_grid(const ct_pos *p, grid *g)
{
    for (int r = 0; r < 10; r++)
        for (int f = 0; f < 9; f++) {
            ct_sq sq = (ct_sq)CT_SQ(f, r);
            int t = ct_pos_type_at(p, sq);
            g->cell[r][f] = t ? (ct_pos_side_at(p, sq) + 1) * 8 + t : 0;
        }
}

static int count_between(const grid *g, int f1, int r1, int f2, int r2)
{
    int n = 0;
    if (f1 == f2) {
        int lo = r1 < r2 ? r1 : r2, hi = r1 < r2 ? r2 : r1;
        for (int r = lo + 1; r < hi; r++)
            n += g->cell[r][f1] != 0;
    } else {
        int lo = f1 < f2 ? f1 : f2, hi = f1 < f2 ? f2 : f1;
        for (int f = lo + 1; f < hi; f++)
            n += g->cell[r1][f] != 0;
    }
    return n;
}

static bool in_own_palace(int side, int f, int r)
{
    return f >= 3 && f <= 5 && (side == CT_RED ? r <= 2 : r >= 7);
}

/* The piece on (f1,r1) may move to (f2,r2) by its movement rule (own king safety ignored). */
static bool naive_geometry(const grid *g, int f1, int r1, int f2, int r2)
{
    int v = g->cell[r1][f1], target = g->cell[r2][f2];
    if (!v || (f1 == f2 && r1 == r2))
        return false;
    int side = g_side(v);
    if (target && g_side(target) == side)
        return false;
    int df = abs(f2 - f1), dr = abs(r2 - r1);
    switch (g_type(v)) {
    case CT_KING:
        return df + dr == 1 && in_own_palace(side, f2, r2);
    case CT_ADVISOR:
        return df == 1 && dr == 1 && in_own_palace(side, f2, r2);
    case CT_ELEPHANT:
        return df == 2 && dr == 2 && g->cell[(r1 + r2) / 2][(f1 + f2) / 2] == 0 &&
               (side == CT_RED ? r2 <= 4 : r2 >= 5);
    case CT_HORSE:
        if (df == 1 && dr == 2)
            return g->cell[(r1 + r2) / 2][f1] == 0;
        if (df == 2 && dr == 1)
            return g->cell[r1][(f1 + f2) / 2] == 0;
        return false;
    case CT_ROOK:
        return (df == 0 || dr == 0) && count_between(g, f1, r1, f2, r2) == 0;
    case CT_CANNON:
        if (df != 0 && dr != 0)
            return false;
        return count_between(g, f1, r1, f2, r2) == (target ? 1 : 0);
    case CT_PAWN: {
        int fwd = side == CT_RED ? 1 : -1;
        bool crossed = side == CT_RED ? r1 >= 5 : r1 <= 4;
        if (df == 0 && r2 - r1 == fwd)
            return true;
        return crossed && dr == 0 && df == 1;
    }
    }
    return false;
}

static bool naive_king_attacked(const grid *g, int side)
{
    int kf = -1, kr = -1, ef = -1, er = -1;
    for (int r = 0; r < 10; r++)
        for (int f = 0; f < 9; f++) {
            int v = g->cell[r][f];
            if (v && g_type(v) == CT_KING) {
                if (g_side(v) == side)
                    kf = f, kr = r;
                else
                    ef = f, er = r;
            }
        }
    if (kf == ef && count_between(g, kf, kr, ef, er) == 0)
        return true; /* the generals face each other */
    for (int r = 0; r < 10; r++)
        for (int f = 0; f < 9; f++) {
            int v = g->cell[r][f];
            if (v && g_side(v) != side && naive_geometry(g, f, r, kf, kr))
                return true;
        }
    return false;
}

static bool naive_legal(const grid *g, int side, int f1, int r1, int f2, int r2)
{
    int v = g->cell[r1][f1];
    if (!v || g_side(v) != side || !naive_geometry(g, f1, r1, f2, r2))
        return false;
    grid after = *g;
    after.cell[r2][f2] = v;
    after.cell[r1][f1] = 0;
    return !naive_king_attacked(&after, side);
}

static void cross_check(const ct_pos *p)
{
    grid g;
    to_grid(p, &g);
    ct_move moves[CT_MAX_MOVES];
    int n = ct_gen_legal(p, moves);
    bool generated[CT_BOARD_SIZE][CT_BOARD_SIZE];
    memset(generated, 0, sizeof generated);
    for (int i = 0; i < n; i++) {
        if (generated[CT_FROM(moves[i])][CT_TO(moves[i])])
            ck_abort_msg("duplicate move");
        generated[CT_FROM(moves[i])][CT_TO(moves[i])] = true;
    }
    int naive_count = 0;
    for (int r1 = 0; r1 < 10; r1++)
        for (int f1 = 0; f1 < 9; f1++)
            for (int r2 = 0; r2 < 10; r2++)
                for (int f2 = 0; f2 < 9; f2++) {
                    /* Plain tests, not ck_assert: in fork mode every ck_assert reports its
                     * location to the parent, far too slow for 8100 pairs a position. */
                    bool legal = naive_legal(&g, p->side, f1, r1, f2, r2);
                    ct_sq from = (ct_sq)CT_SQ(f1, r1), to = (ct_sq)CT_SQ(f2, r2);
                    ct_move mv = CT_MOVE(from, to);
                    /* the single-move tests must agree too */
                    if (legal != generated[from][to] || ct_is_legal(p, mv) != legal ||
                        (ct_why_illegal(p, mv) == CT_WHY_LEGAL) != legal) {
                        char fen[128], name[5];
                        ct_fen_write(p, fen, sizeof fen);
                        ct_move_coord(mv, name);
                        ck_abort_msg("%s: move %s: naive %d, generator %d, is_legal %d, why %d",
                                     fen, name, legal, generated[from][to], ct_is_legal(p, mv),
                                     ct_why_illegal(p, mv));
                    }
                    naive_count += legal;
                }
    ck_assert_int_eq(naive_count, n);
    ck_assert(ct_in_check(p, p->side) == naive_king_attacked(&g, p->side));
}

/* Positions from seeded random playouts from each spec position: 15 x 40 = 600 positions,
 * each checked over all 8100 from/to pairs. */
START_TEST(test_brute_force)
{
    uint64_t rng = 0x1234567ULL + (uint64_t)_i;
    ck_assert(ct_fen_read(&pos, spec_positions[_i].fen, NULL) == CT_OK);
    cross_check(&pos);
    for (int k = 0; k < 40; k++) {
        ct_fen_read(&pos, spec_positions[_i].fen, NULL);
        test_playout(&pos, &rng, (int)(test_rand(&rng) % 90));
        cross_check(&pos);
    }
}
END_TEST

static Suite *movegen_suite(void)
{
    Suite *s = suite_create("movegen");
    TCase *tc = tcase_create("perft");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_perft, 0, SPEC_POSITIONS);
    suite_add_tcase(s, tc);
    tc = tcase_create("lists");
    tcase_add_test(tc, test_list_t6);
    tcase_add_test(tc, test_list_t3);
    tcase_add_test(tc, test_list_t4_elephants);
    tcase_add_test(tc, test_list_b2);
    tcase_add_test(tc, test_no_move_is_loss_position);
    suite_add_tcase(s, tc);
    tc = tcase_create("brute_force");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_brute_force, 0, SPEC_POSITIONS);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(movegen_suite());
}
