/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — small helpers shared by the Check programs: a seeded generator and
 * random playouts, so every "random" test is reproducible. */
#ifndef COTUONG_TESTLIB_H
#define COTUONG_TESTLIB_H

#include <check.h>
#include <stdint.h>

#include "cotuong/movegen.h"

/* xorshift64*: reproducible pseudo-random numbers for playouts. */
static inline uint64_t test_rand(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* Plays up to `plies` random legal moves; returns how many were played (fewer when the side
 * to move has no legal move). */
static inline int test_playout(ct_pos *pos, uint64_t *rng, int plies)
{
    ct_move moves[CT_MAX_MOVES];
    int played = 0;
    while (played < plies && pos->ply < CT_MAX_HISTORY) {
        int n = ct_gen_legal(pos, moves);
        if (n == 0)
            break;
        ct_pos_make(pos, moves[test_rand(rng) % (uint64_t)n]);
        played++;
    }
    return played;
}

/* Runs one suite and returns the process exit status. */
static inline int test_run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}

#endif
