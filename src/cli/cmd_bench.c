/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `bench` subcommand: searches a fixed set of positions to a fixed depth with
 * a fresh table and prints the total node count (the search's signature) and the speed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/commands.h"
#include "cli/bench.h"
#include "cli/options.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "cotuong/search.h"

/* Positions as moves from the start position (coordinate notation): openings, a middle
 * game, and endgames, so every part of the search is exercised. */
static const char *const bench_lines[] = {
    "",
    "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7",
    "h2e2 h7e7 h0g2 h9g7 i0h0 i9h9 h0h6 b9c7 b0c2 b7b3",
    "c3c4 g6g5 b0c2 h9g7 a0b0 b9c7 b2b6 a9b9 g3g4 g5g4 b0b4",
    "b2e2 b9c7 b0c2 a9b9 a0b0 c6c5 b0b6 h7h3 h0g2 b7a7",
    "h0g2 g6g5 g3g4 g5g4 g2f4 b9c7 b0c2 h9g7 i0h0 i9h9",
};
static const char *const bench_fens[] = {
    /* Endgames and sharp middle games, written for this bench. */
    "3ak4/4a4/4b4/9/2b6/9/9/4B4/4A4/2C1K1R2 w - - 0 1",
    "4k4/4a4/3a5/9/9/9/9/9/9/3RK4 w - - 0 1",
    "2bak4/4a4/4b4/p3p3p/2r6/6R2/P3P3P/4B4/4A4/2BAK4 w - - 0 1",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
};

#define BENCH_DEPTH 7


static int load(int i, ct_pos *pos)
{
    int nl = (int)(sizeof bench_lines / sizeof bench_lines[0]);
    if (i < nl) {
        ct_pos_start(pos);
        const char *p = bench_lines[i];
        char tok[8];
        while (*p) {
            while (*p == ' ')
                p++;
            size_t n = 0;
            while (p[n] && p[n] != ' ')
                n++;
            if (n == 0)
                break;
            if (n >= sizeof tok)
                return -1;
            memcpy(tok, p, n);
            tok[n] = 0;
            p += n;
            if (ct_pos_play(pos, ct_move_parse_coord(tok)) != CT_OK)
                return -1;
        }
        return 0;
    }
    return ct_fen_read(pos, bench_fens[i - nl], NULL) == CT_OK ? 0 : -1;
}

static int cmd_bench_count(void)
{
    return (int)(sizeof bench_lines / sizeof bench_lines[0] + sizeof bench_fens / sizeof bench_fens[0]);
}

uint64_t cmd_bench_run(int depth, int threads, bool verbose, double *seconds)
{
    ct_search *s = ct_search_new(16);
    if (!s) {
        fprintf(stderr, "cotuong bench: out of memory\n");
        exit(1);
    }
    ct_search_use_book(s, false);
    ct_search_set_threads(s, threads);
    uint64_t total = 0;
    ct_pos *pos = xmalloc(sizeof *pos); /* large (its history): not on the stack */
    int64_t t0 = sys_now_us();
    for (int i = 0; i < cmd_bench_count(); i++) {
        if (load(i, pos) != 0) {
            fprintf(stderr, "cotuong bench: bad bench position %d\n", i);
            exit(1);
        }
        ct_search_clear(s);
        ct_limits lim;
        ct_limits_init(&lim);
        lim.depth = depth;
        ct_search_result res;
        ct_search_run(s, pos, &lim, NULL, NULL, &res);
        total += res.nodes;
        if (verbose) {
            char mv[5];
            ct_move_coord(res.best, mv);
            printf("position %2d: bestmove %s score %6d nodes %10llu\n", i + 1, mv, res.score,
                   (unsigned long long)res.nodes);
        }
    }
    int64_t t1 = sys_now_us();
    free(pos);
    ct_search_free(s);
    *seconds = (double)(t1 - t0) / 1e6;
    return total;
}

enum { OPT_DEPTH = CMD_OPT_LONG, OPT_THREADS, OPT_QUIET };

static const cmd_option bench_options[] = {
    {"depth", OPT_DEPTH, "N", "search each position to depth N (1-64, default 7)"},
    {"threads", OPT_THREADS, "N", "search on N threads: the time to the depth is what counts\n"
                                  "(the nodes are the main thread's)"},
    {"quiet", OPT_QUIET, NULL, "print the total only, not a line per position"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage bench_usage = {
    .name = "bench",
    .synopsis = "[--depth N] [--threads N] [--quiet]",
    .about = "Searches fixed positions to a fixed depth and prints the total node count (a\n"
             "signature of the search) and the speed.\n",
    .options = bench_options,
};

int cmd_bench(int argc, char **argv)
{
    int depth = BENCH_DEPTH, threads = 1;
    bool verbose = true;
    cmd_parser p;
    cmd_parse_begin(&p, &bench_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case 'h': cmd_help(stdout, &bench_usage); return 0;
        case OPT_DEPTH: depth = atoi(p.arg); break;
        case OPT_THREADS:
            threads = atoi(p.arg);
            if (threads < 1 || threads > CT_SEARCH_MAX_THREADS) {
                fprintf(stderr, "cotuong bench: threads must be 1..%d\n", CT_SEARCH_MAX_THREADS);
                return 2;
            }
            break;
        case OPT_QUIET: verbose = false; break;
        case CMD_OPERAND:
            fprintf(stderr, "cotuong bench: unexpected argument '%s'\n", p.arg);
            return 2;
        default: return 2;
        }
    }
    if (depth < 1 || depth > 64) {
        fprintf(stderr, "cotuong bench: depth must be 1..64\n");
        return 2;
    }
    double secs;
    uint64_t nodes = cmd_bench_run(depth, threads, verbose, &secs);
    if (threads > 1)
        printf("bench depth %d, %d threads: %.3f s to the depth (main thread %llu nodes)\n", depth,
               threads, secs, (unsigned long long)nodes);
    else
        printf("bench depth %d: %llu nodes %.3f s %.0f nps\n", depth, (unsigned long long)nodes,
               secs, secs > 0 ? (double)nodes / secs : 0.0);
    return 0;
}
