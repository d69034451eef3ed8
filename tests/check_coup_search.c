/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — the cờ úp AI: it does not peek (two deals that agree on all the mover may
 * know give the same move, score and node count at a fixed depth and budget), it finds a
 * mate and a free piece, and every level answers with a legal move. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/coup.h"
#include "testlib.h"
#include "coup_build.h"

static ct_coup_pos a, b, va, vb;

/* ------------------------------------------------------------------ no peeking
 * Deal A, a random game of `plies` moves. Deal B keeps every identity the side to move S
 * knows (pieces revealed, Black's or Red's pieces S took face down) and shuffles the rest:
 * the face-down pieces of both sides still on the board, and S's own pieces taken face down
 * (S never learnt them). The same moves replay on B with the same reveals; S's views agree,
 * yet the deals differ on the board. The AI must answer alike. */
static void twin(uint64_t seed, int plies)
{
    uint64_t rng = seed * 2654435761u + 1;
    ct_coup_deal da, db;
    ct_coup_deal_random(&da, seed);
    ct_coup_start(&a, &da);
    ct_move line[400], moves[CT_MAX_MOVES];
    int len = 0;
    for (; len < plies; len++) {
        int n = ct_coup_gen_legal(&a, moves);
        if (n == 0)
            break;
        line[len] = moves[test_rand(&rng) % (uint64_t)n];
        ct_coup_make(&a, line[len], 0);
    }
    int S = a.side;
    /* Which slots S does not know: face down on the board, or S's own taken face down. */
    bool unknown[2][CT_COUP_DEALT];
    for (int sd = 0; sd < 2; sd++)
        for (int i = 0; i < CT_COUP_DEALT; i++) {
            ct_sq sq = ct_coup_deal_square(sd, i);
            unknown[sd][i] = ct_coup_is_down(&a, sq) && ct_coup_side_at(&a, sq) == sd;
            for (int k = 0; k < a.ply && sd == S; k++)
                if ((a.hist[k].captured & CT_COUP_DOWN) && CT_TO(a.hist[k].move) == sq &&
                    ((a.hist[k].captured >> 5) & 1) == sd)
                    unknown[sd][i] = true;
        }
    bool differs = false;
    for (int attempt = 0; attempt < 20 && !differs; attempt++) {
        db = da;
        for (int sd = 0; sd < 2; sd++) {
            int slot[CT_COUP_DEALT], k = 0;
            for (int i = 0; i < CT_COUP_DEALT; i++)
                if (unknown[sd][i])
                    slot[k++] = i;
            for (int i = k - 1; i > 0; i--) {
                int j = (int)(test_rand(&rng) % (uint64_t)(i + 1));
                uint8_t t = db.type[sd][slot[i]];
                db.type[sd][slot[i]] = db.type[sd][slot[j]];
                db.type[sd][slot[j]] = t;
            }
        }
        for (int sd = 0; sd < 2; sd++)
            for (int i = 0; i < CT_COUP_DEALT; i++)
                differs |= unknown[sd][i] && ct_coup_is_down(&a, ct_coup_deal_square(sd, i)) &&
                           db.type[sd][i] != da.type[sd][i];
    }
    ck_assert_msg(differs, "seed %llu: no twin deal differs on the board", (unsigned long long)seed);
    ct_coup_start(&b, &db);
    ct_coup_pos replay;
    ct_coup_start(&replay, &da);
    for (int i = 0; i < len; i++)
        ck_assert_int_eq(ct_coup_make(&b, line[i], 0), ct_coup_make(&replay, line[i], 0));
    ct_coup_view(&a, S, &va);
    ct_coup_view(&b, S, &vb);
    ck_assert(!memcmp(va.board, vb.board, sizeof va.board));
    ck_assert(!memcmp(va.pool, vb.pool, sizeof va.pool));
    ck_assert(!memcmp(va.taken, vb.taken, sizeof va.taken));
}

START_TEST(test_no_peeking)
{
    static const int plies[] = {0, 1, 12, 24, 40, 60};
    twin(100 + (uint64_t)_i, plies[_i]);
    ct_coup_result ra, rb;
    ct_coup_search(&a, 10, 3, 30000, 1, &ra);
    ct_coup_search(&b, 10, 3, 30000, 1, &rb);
    ck_assert(ra.move != CT_NO_MOVE);
    ck_assert_msg(ra.move == rb.move && ra.score == rb.score && ra.nodes == rb.nodes,
                  "deal A: %04x %d %llu, deal B: %04x %d %llu", ra.move, ra.score,
                  (unsigned long long)ra.nodes, rb.move, rb.score, (unsigned long long)rb.nodes);
    /* And the weak levels' seeded choice too. */
    ct_coup_search(&a, 3, 0, 0, 9, &ra);
    ct_coup_search(&b, 3, 0, 0, 9, &rb);
    ck_assert(ra.move == rb.move && ra.score == rb.score);
}
END_TEST

/* ------------------------------------------------------------------ tactics */

START_TEST(test_mate_in_one)
{
    /* b6-c8 checks e9 through the empty leg d8; nothing can take c8, block d8 or flee (see
     * check_coup's mate). d0-e0 wins as well: the advisor on e8 is then pinned by the
     * flying general and Black has no move at all (a stalemate loses). Either will do. */
    coup_build(&a, CT_RED, "d0=K b6=N d9=x f9=x e8=a e9=k");
    ct_coup_result r;
    ct_coup_search(&a, 10, 2, 0, 0, &r);
    ck_assert(r.move == ct_move_parse_coord("b6c8") || r.move == ct_move_parse_coord("d0e0"));
    ck_assert_int_ge(r.score, CT_COUP_MATE - 10);
    ck_assert_int_eq(ct_coup_make(&a, r.move, 0), 0);
    ct_move moves[CT_MAX_MOVES];
    ck_assert_int_eq(ct_coup_gen_legal(&a, moves), 0);
    /* Without the knight the only win is d0-e0. */
    coup_build(&a, CT_RED, "d0=K a4=N d9=x f9=x e8=a e9=k");
    ct_coup_search(&a, 10, 2, 0, 0, &r);
    ck_assert_int_eq(r.move, ct_move_parse_coord("d0e0"));
}
END_TEST

START_TEST(test_free_rook)
{
    /* Red's rook takes Black's undefended rook on a9. */
    coup_build(&a, CT_RED, "d0=K a5=R e9=k a9=r");
    ct_coup_result r;
    ct_coup_search(&a, 10, 3, 0, 0, &r);
    ck_assert_int_eq(r.move, ct_move_parse_coord("a5a9"));
}
END_TEST

/* A reveal is a chance node: from the start, the AI's value of a face-down cannon taking the
 * face-down piece on b9 averages the outcomes; it must not treat it as a sure rook. The
 * search plays from the start position at every level with a legal move. */
START_TEST(test_levels)
{
    ct_coup_deal d;
    ct_coup_deal_random(&d, 3);
    ct_coup_start(&a, &d);
    for (int level = 1; level <= 10; level++) {
        ct_coup_result r;
        ct_coup_search(&a, level, level >= 8 ? 3 : 0, level >= 8 ? 20000 : 0, 5, &r);
        ck_assert_msg(ct_coup_is_legal(&a, r.move), "level %d", level);
        ck_assert_int_ge(r.depth, 1);
    }
}
END_TEST

START_TEST(test_evaluate_symmetric)
{
    /* The start is symmetric: the evaluation is the tempo for either side to move. */
    ct_coup_start(&a, NULL);
    int red = ct_coup_evaluate(&a);
    ct_coup_set_side(&a, CT_BLACK);
    ck_assert_int_eq(ct_coup_evaluate(&a), red);
    /* A face-down piece is worth the pool's mean: with only pawns left in Red's pool, Red's
     * face-down pieces are worth a pawn each. */
    coup_build(&a, CT_RED, "e0=K a3=X c3=X e9=k a6=x");
    int before = ct_coup_evaluate(&a);
    for (int t = CT_ADVISOR; t < CT_PAWN; t++)
        a.pool[CT_RED][t] = 0;
    ck_assert_int_lt(ct_coup_evaluate(&a), before);
}
END_TEST

static bool stop_now(void *arg)
{
    int *calls = arg;
    return ++*calls >= 3;
}

START_TEST(test_poll_stops)
{
    ct_coup_deal d;
    ct_coup_deal_random(&d, 8);
    ct_coup_start(&a, &d);
    int calls = 0;
    ct_coup_result r;
    ct_coup_search_poll(&a, 10, 6, 0, 0, stop_now, &calls, &r);
    ck_assert_int_eq(calls, 3);
    ck_assert(ct_coup_is_legal(&a, r.move));
    ck_assert_int_eq(r.depth, 1);
    ck_assert_uint_lt(r.nodes, 200000);
}
END_TEST

static Suite *coup_search_suite(void)
{
    Suite *s = suite_create("coup_search");
    TCase *tc = tcase_create("search");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_no_peeking, 0, 6);
    tcase_add_test(tc, test_mate_in_one);
    tcase_add_test(tc, test_free_rook);
    tcase_add_test(tc, test_levels);
    tcase_add_test(tc, test_evaluate_symmetric);
    tcase_add_test(tc, test_poll_stops);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(coup_search_suite());
}
