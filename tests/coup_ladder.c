/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — a small self-play harness for the cờ úp AI, outside `make check` (speed and
 * strength are measured, never timed in a test). Build and run by hand:
 *   cc -O2 -Iinclude tests/coup_ladder.c build/libcotuong.a -o build/coup_ladder
 *   build/coup_ladder nps [depth [views]]  nodes to finish depth (no budget) from the first
 *                                          views (8) start deals, and nodes per second
 *   build/coup_ladder mid depth [count]    the same from positions of greedy play (10, 14, ...
 *                                          plies in), each search's move and score on stderr
 *   build/coup_ladder match A B games [first]  level A against level B, colours alternate;
 *                                          games first.. (0), so a run can go on in pieces
 *   build/coup_ladder greedy A games [first]   level A against a one-ply greedy player
 * Each game has its own deal (seed = game number); the referee is the full position, each
 * player gets only what ct_coup_search()/ct_coup_view() give it. A level resigns when its
 * search scores -1000 or worse on 3 of its moves in a row (300 plies: a draw).
 *
 * Every start deal gives the same view (the view hides the deal), so `nps D V` repeats one
 * search V times; `mid` gives different positions.
 *
 * Figures (2 shared cores under heavy load, nice 19; the higher level's score):
 *   the level table of 2026-12-02 (the ladder ends at 400,000 nodes; search of 3a7af7c),
 *   100 games each, `coup_ladder match A B 100` and `greedy 10 100`:
 *     2-1  +76 =0 -24  76.0%      3-2  +82 =0 -18  82.0%      4-3  +81 =0 -19  81.0%
 *     5-4  +78 =0 -22  78.0%      6-5  +82 =4 -14  84.0%      7-6  +63 =4 -33  65.0%
 *     8-7  +65 =1 -34  65.5%      9-8  +68 =1 -31  68.5%     10-9  +67 =3 -30  68.5%
 *     10 against greedy: +98 =1 -1  98.5% (the loss: 23 plies, the draw: 233 plies)
 *   why it ends there: a million nodes (depth 3 finished from the start) against 400,000
 *   scored +17 =1 -18, 48.6% over 36 games (stopped), and 40-42.5% over 20 games with
 *   reductions of later reveals and a null move tried on 2026-12-02; more nodes buy no
 *   strength until depth 4 (about 150 million nodes from the start) is within reach. Those
 *   reductions (later reveals and late quiet moves one or two plies shallower, re-searched
 *   when they beat alpha) cut depth 4 from the start to 32,331,433 nodes and `mid 5 8` from
 *   74,401,171 to 9,653,146, yet level 8 at 1M nodes against 7 stayed at +30 =1 -29, 50.8%
 *   over 60 games; they are not in the tree.
 *   nodes to finish a depth from the start (`nps D 1`): depth 2 13,132; depth 3 743,525
 *   (24,085,103 at 197c0e8, before the table and the probes); depth 4 148,765,335
 *   speed, one run on 2026-12-02 (load average 2): `nps 3 1` 743,525 nodes in 0.50 and
 *   0.51 s user (~1.47M/s CPU; a Star2 probe -- make, evaluate, unmake -- counts as a node);
 *   the standard game's `build/cotuong bench --depth 10` 766,579 nodes in 0.53 and 0.50 s
 *   user (~1.49M/s CPU). At 197c0e8 cờ úp ran ~0.87M/s CPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cotuong/coup.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* One ply: the capture that takes the most (as the mover sees it), else a random move. */
static ct_move greedy(const ct_coup_pos *full, uint64_t *rng)
{
    static const int value[CT_PIECE_TYPES] = {0, 10000, 220, 230, 420, 900, 470, 110};
    static ct_coup_pos v;
    ct_coup_view(full, full->side, &v);
    ct_move moves[CT_MAX_MOVES];
    int n = ct_coup_gen_legal(&v, moves), best = -1, bi = 0;
    for (int i = 0; i < n; i++) {
        int c = v.board[CT_TO(moves[i])], s = 0;
        if (c)
            s = (c & CT_COUP_DOWN) ? 300 : value[CT_COUP_TYPE(c)];
        s = s * 64 + (int)(ct_coup_rand(rng) % 64);
        if (s > best) {
            best = s;
            bi = i;
        }
    }
    return n ? moves[bi] : CT_NO_MOVE;
}

enum { RESIGN_SCORE = 1000, RESIGN_MOVES = 3 };

/* Plays one game; level 0 is the greedy player (it never resigns). Returns 1 Red wins, -1 Black wins, 0 draw. */
static int play(int red_level, int black_level, uint64_t seed, int *plies)
{
    static ct_coup_pos full;
    ct_coup_deal deal;
    ct_coup_deal_random(&deal, seed);
    ct_coup_start(&full, &deal);
    uint64_t rng = seed ^ 0x5DEECE66DULL;
    int lost[2] = {0, 0}; /* own moves in a row scored RESIGN_SCORE or worse */
    for (*plies = 0; *plies < 300; (*plies)++) {
        ct_end_reason why;
        ct_result r = ct_coup_judge(&full, &why);
        if (r != CT_RESULT_NONE)
            return r == CT_RESULT_RED_WINS ? 1 : r == CT_RESULT_BLACK_WINS ? -1 : 0;
        int level = full.side == CT_RED ? red_level : black_level;
        ct_move mv;
        if (level == 0) {
            mv = greedy(&full, &rng);
        } else {
            ct_coup_result res;
            ct_coup_search(&full, level, 0, 0, seed * 31 + (uint64_t)*plies, &res);
            mv = res.move;
            /* Resignation, as engine matches adjudicate: a side that sees itself lost on
             * RESIGN_MOVES moves in a row gives up (the long mop-up proves nothing). */
            lost[full.side] = res.score <= -RESIGN_SCORE ? lost[full.side] + 1 : 0;
            if (lost[full.side] >= RESIGN_MOVES)
                return full.side == CT_RED ? -1 : 1;
        }
        if (ct_coup_play(&full, mv, 0) != CT_OK) {
            fprintf(stderr, "illegal move from level %d\n", level);
            exit(2);
        }
    }
    return 0;
}

static void match(int a, int b, int games, int first)
{
    int w = 0, d = 0, l = 0;
    double t0 = now();
    for (int g = first; g < first + games; g++) {
        int plies, r;
        if (g % 2 == 0)
            r = play(a, b, (uint64_t)g / 2, &plies);
        else
            r = -play(b, a, (uint64_t)g / 2, &plies);
        w += r > 0;
        d += r == 0;
        l += r < 0;
        fprintf(stderr, "level %d vs %d game %d: %+d (%d plies)\n", a, b, g + 1, r, plies);
    }
    char other[16];
    snprintf(other, sizeof other, b ? "level %d" : "greedy", b);
    printf("level %d vs %s: +%d =%d -%d  score %.1f%%  (%d games, %.0f s)\n", a, other, w, d, l,
           100.0 * (w + 0.5 * d) / games, games, now() - t0);
}

/* Searches `count` positions to `depth` with no node budget (the depth completes whatever
 * it costs): deal s's start, or with `played` that game of greedy self-play stopped after
 * 10 + 4 s plies. Each search's move and score on stderr, the total on stdout. */
static void depth_run(int depth, int count, bool played)
{
    uint64_t nodes = 0;
    double t0 = now();
    static ct_coup_pos p;
    for (uint64_t s = 0; s < (uint64_t)count; s++) {
        ct_coup_deal deal;
        ct_coup_deal_random(&deal, s);
        ct_coup_start(&p, &deal);
        uint64_t rng = s;
        for (int k = 0; played && k < 10 + 4 * (int)s; k++) {
            ct_move mv = greedy(&p, &rng);
            if (mv == CT_NO_MOVE)
                break;
            ct_coup_play(&p, mv, 0);
        }
        ct_coup_result r;
        ct_coup_search(&p, 10, depth, UINT64_MAX, 0, &r);
        nodes += r.nodes;
        fprintf(stderr, "position %llu: move %04x score %d nodes %llu\n", (unsigned long long)s,
                r.move, r.score, (unsigned long long)r.nodes);
    }
    double t = now() - t0;
    printf("cờ úp: depth %d from %d %s: %llu nodes, %.2f s, %.0f nodes/s\n", depth, count,
           played ? "positions of play" : "start views", (unsigned long long)nodes, t,
           (double)nodes / t);
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "nps")) {
        depth_run(argc > 2 ? atoi(argv[2]) : 3, argc > 3 ? atoi(argv[3]) : 8, false);
        return 0;
    }
    if (argc >= 3 && !strcmp(argv[1], "mid")) {
        depth_run(atoi(argv[2]), argc > 3 ? atoi(argv[3]) : 8, true);
        return 0;
    }
    if ((argc == 5 || argc == 6) && !strcmp(argv[1], "match")) {
        match(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), argc == 6 ? atoi(argv[5]) : 0);
        return 0;
    }
    if ((argc == 4 || argc == 5) && !strcmp(argv[1], "greedy")) {
        match(atoi(argv[2]), 0, atoi(argv[3]), argc == 5 ? atoi(argv[4]) : 0);
        return 0;
    }
    fprintf(stderr, "usage: coup_ladder nps [depth [views]] | mid depth [count] | match A B games [first] | greedy A games [first]\n");
    return 1;
}
