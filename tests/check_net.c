/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the correction network's inputs (cotuong/net.h): hand-worked indices of the
 * start position, and the symmetries the network relies on (a side's inputs seen mirrored
 * are the mirrored position's inputs; Black's inputs are Red's of the colour-swapped
 * position). The evaluation's own symmetry is check_eval_fast's. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/eval.h"
#include "cotuong/movegen.h"
#include "cotuong/net.h"
#include "cotuong/position.h"
#include "testlib.h"

static int cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* The sorted inputs of `fen` from `side`'s point of view; returns how many. */
static int sorted_inputs(const char *fen, int side, bool mirror, uint16_t *idx)
{
    ct_pos pos;
    ck_assert_int_eq(ct_fen_read(&pos, fen, NULL), CT_OK);
    int n = ct_net_inputs(&pos, side, mirror, idx);
    qsort(idx, (size_t)n, sizeof idx[0], cmp_u16);
    return n;
}

static bool has(const uint16_t *idx, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (idx[i] == x)
            return true;
    return false;
}

/* index = (king set * 13 + kind) * 90 + rank * 9 + file, the king set being the king's
 * (file - 3) + 3 * rank, all from the side's own point of view */
START_TEST(start_position_indices)
{
    uint16_t idx[CT_NET_MAX_ACTIVE];
    int n = sorted_inputs(CT_START_FEN, CT_RED, false, idx);
    ck_assert_int_eq(n, 31);
    /* king on e0: set 1. Red's advisor on d0 (kind 0): 1173; Red's pawn on a3 (kind 5):
     * 1620 + 27; Black's king on e9 (kind 6): 1710 + 85; Black's rook on a9 (kind 10). */
    ck_assert(has(idx, n, (1 * 13 + 0) * 90 + 0 * 9 + 3));
    ck_assert(has(idx, n, (1 * 13 + 5) * 90 + 3 * 9 + 0));
    ck_assert(has(idx, n, (1 * 13 + 6) * 90 + 9 * 9 + 4));
    ck_assert(has(idx, n, (1 * 13 + 10) * 90 + 9 * 9 + 0));
    ck_assert(!has(idx, n, (1 * 13 + 0) * 90 + 0 * 9 + 4)); /* no input for its own king */
    /* Black's view: its ranks counted from rank 9, so its pawn on c6 is on its rank 3. */
    n = sorted_inputs(CT_START_FEN, CT_BLACK, false, idx);
    ck_assert_int_eq(n, 31);
    ck_assert(has(idx, n, (1 * 13 + 5) * 90 + 3 * 9 + 2));
    ck_assert(has(idx, n, (1 * 13 + 6) * 90 + 9 * 9 + 4)); /* Red's king on its rank 9 */
}
END_TEST

/* A position with the kings off their files and pieces on one flank only. */
static const char *const lopsided = "3k5/4a4/4b4/2R6/6p2/9/9/3A5/4K4/5A3 w - - 0 1";
static const char *const lopsided_mirror = "5k3/4a4/4b4/6R2/2p6/9/9/5A3/4K4/3A5 w - - 0 1";
static const char *const lopsided_swapped = "5a3/4k4/3a5/9/9/6P2/2r6/4B4/4A4/3K5 b - - 0 1";

START_TEST(mirror_and_colour_symmetry)
{
    uint16_t a[CT_NET_MAX_ACTIVE], b[CT_NET_MAX_ACTIVE];
    for (int side = 0; side < 2; side++) {
        int na = sorted_inputs(lopsided, side, true, a);
        int nb = sorted_inputs(lopsided_mirror, side, false, b);
        ck_assert_int_eq(na, nb);
        for (int i = 0; i < na; i++)
            ck_assert_int_eq(a[i], b[i]);
        na = sorted_inputs(lopsided, side, false, a);
        nb = sorted_inputs(lopsided_swapped, side ^ 1, false, b);
        ck_assert_int_eq(na, nb);
        for (int i = 0; i < na; i++)
            ck_assert_int_eq(a[i], b[i]);
    }
    /* the king's set: Red's king on e1 is set 4, Black's on d9 set 0 */
    int n = sorted_inputs(lopsided, CT_RED, false, a);
    ck_assert(has(a, n, (4 * 13 + 0) * 90 + 2 * 9 + 3)); /* Red's advisor d2 */
    n = sorted_inputs(lopsided, CT_BLACK, false, a);
    ck_assert(has(a, n, (0 * 13 + 0) * 90 + 1 * 9 + 4)); /* Black's advisor e8 */
}
END_TEST

START_TEST(network_score_is_symmetric)
{
    const char *const fens[3] = {lopsided, lopsided_mirror, lopsided_swapped};
    int score[3];
    for (int i = 0; i < 3; i++) {
        ct_pos pos;
        ck_assert_int_eq(ct_fen_read(&pos, fens[i], NULL), CT_OK);
        score[i] = ct_net_eval(&pos);
    }
    ck_assert_int_eq(score[0], score[1]);
    ck_assert_int_eq(score[0], score[2]);
}
END_TEST

/* The search takes a child's sums from its parent's across the move (ct_net_update): over
 * random games, whatever the move (a capture, a king's step, a null move), the sums so taken
 * must be those computed from all the pieces. */
START_TEST(update_across_a_move_is_exact)
{
    uint64_t rng = 0x9e3779b97f4a7c15ULL;
    long kings = 0, captures = 0, nulls = 0;
    for (int game = 0; game < 60; game++) {
        ct_pos pos;
        ct_pos_start(&pos);
        ct_net_acc parent, child, whole;
        ct_net_refresh(&pos, &parent);
        for (int ply = 0; ply < 160; ply++) {
            ct_move moves[CT_MAX_MOVES];
            int n = ct_gen_legal(&pos, moves);
            if (n == 0)
                break;
            if (test_rand(&rng) % 16 == 0 && !ct_in_check(&pos, pos.side)) {
                ct_pos_make_null(&pos);
                nulls++;
            } else {
                ct_move mv = moves[test_rand(&rng) % (uint64_t)n];
                kings += (pos.board[CT_FROM(mv)] & 15) == 0;
                captures += pos.board[CT_TO(mv)] != 0;
                ct_pos_make(&pos, mv);
            }
            ct_net_update(&pos, &parent, &child);
            ct_net_refresh(&pos, &whole);
            ck_assert_msg(memcmp(&child, &whole, sizeof whole) == 0, "game %d ply %d", game, ply);
            ck_assert_int_eq(ct_net_output(&child, pos.side), ct_net_eval(&pos));
            parent = child;
        }
    }
    ck_assert_int_gt(kings, 50);
    ck_assert_int_gt(captures, 50);
    ck_assert_int_gt(nulls, 50);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("net");
    TCase *tc = tcase_create("net");
    tcase_add_test(tc, start_position_indices);
    tcase_add_test(tc, mirror_and_colour_symmetry);
    tcase_add_test(tc, network_score_is_symmetric);
    tcase_add_test(tc, update_across_a_move_is_exact);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
