/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the built-in AI: iterative-deepening alpha-beta search over a position.
 *
 * Usage (the UI, `cotuong uci`, `cotuong match` all do this):
 *     ct_search *s = ct_search_new(16);             // 16 MiB transposition table
 *     ct_search_set_level(s, 7, seed);              // optional; default level 10, seed 0
 *     ct_limits lim; ct_limits_init(&lim); lim.movetime_ms = 1000;
 *     ct_search_result res;
 *     ct_search_run(s, pos, &lim, progress_cb, user, &res);  // blocks until done
 *     ... play res.best ...
 *     ct_search_free(s);
 *
 * The search reads pos (including pos->hist for repetitions) and never changes it.
 * One context runs one search at a time; contexts share nothing (no globals), so two
 * contexts may search in two threads. ct_search_stop() is the only call that may be made
 * from another thread while ct_search_run() is running; the search then returns within
 * about 10 ms with the best move found so far (always a legal move when one exists).
 *
 * The progress callback is called (on the searching thread) after every completed
 * iteration (kind CT_PROGRESS_ITERATION, with depth/score/pv) and at least every ~5 ms of
 * search in between (kind CT_PROGRESS_POLL; depth/score/pv of the last completed
 * iteration, nodes/time current), so a UI can poll its keys from it. Returning true from
 * the callback asks the search to stop. */
#ifndef COTUONG_SEARCH_H
#define COTUONG_SEARCH_H

#include <stddef.h>

#include "cotuong/position.h"

/* Scores are centipawn-like units (a pawn before the river = 100), from the side to move's
 * point of view. A mate in N plies scores CT_SCORE_MATE - N (for the winner). */
#define CT_SCORE_MATE 30000
#define CT_SCORE_MATE_BOUND (CT_SCORE_MATE - 1000) /* |score| above this: a mate score */
#define CT_SCORE_INF 32000
#define CT_MAX_PLY 128 /* deepest ply the search reaches; longest pv */

static inline bool ct_score_is_mate(int score)
{
    return score > CT_SCORE_MATE_BOUND || score < -CT_SCORE_MATE_BOUND;
}
/* Mate distance in full moves as UCI reports it: +N = side to move mates in N, -N = it is
 * mated in N; 0 when score is not a mate score. */
static inline int ct_score_mate_moves(int score)
{
    if (score > CT_SCORE_MATE_BOUND)
        return (CT_SCORE_MATE - score + 1) / 2;
    if (score < -CT_SCORE_MATE_BOUND)
        return -(CT_SCORE_MATE + score) / 2;
    return 0;
}

/* What limits the search. Fields at 0 are "no limit"; with no limit at all (and not
 * infinite) the search uses the level's default depth/time. Times in milliseconds. */
typedef struct {
    int depth;          /* maximum iteration depth (plies) */
    uint64_t nodes;     /* stop after about this many nodes */
    int movetime_ms;    /* fixed time for this move */
    int wtime, btime;   /* clock: remaining time of Red (w) and Black (b); 0 = no clock */
    int winc, binc;     /* clock increments per move */
    int movestogo;      /* moves to the next time control; 0 = sudden death */
    bool infinite;      /* analyse until ct_search_stop() or the callback says stop */
    int multipv;        /* number of best lines to report (1 when 0); results in info */
    ct_move only_move;  /* search this root move alone (CT_NO_MOVE: all; ignored when it is
                           not legal); the result's score is that move's, at the horizon the
                           same limits give the full search */
} ct_limits;

void ct_limits_init(ct_limits *lim); /* all zero, multipv 1 */

/* What the callback receives. */
typedef enum {
    CT_PROGRESS_ITERATION = 0, /* an iteration (or one MultiPV line of it) completed */
    CT_PROGRESS_POLL = 1,      /* periodic call while searching (at least every ~5 ms) */
} ct_progress_kind;

typedef struct {
    ct_progress_kind kind;
    int depth;          /* last completed iteration (0 before the first) */
    int seldepth;       /* deepest ply reached */
    int multipv;        /* 1-based line number when MultiPV > 1, else 1 */
    int score;          /* see CT_SCORE_*; from the side to move's point of view */
    uint64_t nodes;     /* nodes searched so far in this ct_search_run() */
    int time_ms;        /* time since ct_search_run() started */
    int hashfull;       /* permille of the transposition table in use (approximate) */
    int pv_len;
    ct_move pv[CT_MAX_PLY];
} ct_search_info;

/* Return true to ask the search to stop (as ct_search_stop would). May be NULL. */
typedef bool (*ct_progress_fn)(void *user, const ct_search_info *info);

typedef struct {
    ct_move best;       /* CT_NO_MOVE only when the side to move has no legal move */
    ct_move ponder;     /* expected reply, or CT_NO_MOVE */
    int score;          /* from the side to move's point of view */
    int depth;          /* depth of the last completed iteration (0 for a book move) */
    uint64_t nodes;
    int time_ms;
    bool from_book;     /* the move came from the opening book */
    int pv_len;
    ct_move pv[CT_MAX_PLY];
} ct_search_result;

typedef struct ct_search ct_search;
typedef struct ct_book ct_book; /* see cotuong/book.h */

/* The largest transposition table, in MiB. The fuzz build lowers it (Makefile, FUZZ_FLAGS)
 * so that the largest table a fuzzed `setoption` asks for stays under libFuzzer's memory
 * limit; that is a limit of the harness, not a bug. */
#ifndef CT_SEARCH_MAX_HASH_MB
#define CT_SEARCH_MAX_HASH_MB 4096
#endif

/* A context with a transposition table of hash_mb MiB (clamped to 1..CT_SEARCH_MAX_HASH_MB).
 * The memory belongs to the context. Returns NULL when memory is short. */
ct_search *ct_search_new(size_t hash_mb);
void ct_search_free(ct_search *s);
/* Resizes (and clears) the table; CT_ERR_FULL when memory is short (old table kept). */
ct_status ct_search_set_hash(ct_search *s, size_t hash_mb);
/* Forgets everything learnt (table, history, killers): call at the start of a new game. */
void ct_search_clear(ct_search *s);

/* Playing strength 1..10 (10 = full strength, the default). Lower levels search less deep,
 * sometimes choose a second-best move and, at the bottom, occasionally blunder; all choices
 * are deterministic given seed. The seed also picks among book moves. */
void ct_search_set_level(ct_search *s, int level, uint64_t seed);
int ct_search_level(const ct_search *s);

/* Threads for a full-strength (level 10) search, 1..CT_SEARCH_MAX_THREADS (default 1): the
 * extra threads search the same position sharing the transposition table (lazy SMP) and
 * make the main thread's search deeper in the same time; weaker levels always use one.
 * With more than one thread a search is no longer deterministic, and a node limit counts
 * the main thread's nodes (the result's node count is all threads'). Call between
 * searches, not while one runs. */
#define CT_SEARCH_MAX_THREADS 64
void ct_search_set_threads(ct_search *s, int threads);
int ct_search_threads(const ct_search *s);

/* The opening book to use (NULL = none; not owned: keep it alive while the context uses
 * it). use_book false turns it off without forgetting it. */
void ct_search_set_book(ct_search *s, const ct_book *book);
void ct_search_use_book(ct_search *s, bool use_book);

/* The rule set (a ct_rules value of cotuong/rules.h; default CT_RULES_DEFAULT) whose
 * repetition and move-limit rules the search scores by. */
void ct_search_set_rules(ct_search *s, int rules);

/* Searches pos within lim. Blocks until done; fills res. Returns CT_OK, or
 * CT_ERR_INVALID when pos is not a valid position. */
ct_status ct_search_run(ct_search *s, const ct_pos *pos, const ct_limits *lim,
                        ct_progress_fn progress, void *user, ct_search_result *res);

/* Asks a running search to stop (safe from any thread or a signal handler; a no-op when
 * no search runs). The flag is cleared when the next ct_search_run() starts. */
void ct_search_stop(ct_search *s);
/* True when ct_search_stop was called since the last ct_search_run() started (a search
 * that ran out of time or nodes was not asked to stop): a caller running several searches
 * in a row (the game analysis) leaves the rest out. */
bool ct_search_stop_requested(const ct_search *s);
/* A question every search on s asks when it starts and every few hundred nodes: true stops
 * it, as ct_search_stop would. Unlike ct_search_stop, whose flag the next search clears, it
 * cannot come too early: a cancel raised just before a search starts still stops it. The
 * function is called on the searching thread and must be safe there (an atomic load).
 * NULL removes it. */
void ct_search_set_abort(ct_search *s, bool (*abort)(void *user), void *user);

/* The time plan of one move (pure arithmetic; ct_search_run() uses it, tests check it).
 * movetime: optimum = maximum = the time less a small overhead (fixed). Clock: the
 * optimum is the clock's share for one of the moves left plus most of the increment, the
 * maximum a multiple of it, both capped well below what is left. All zero: no time limit. */
typedef struct {
    int optimum_ms, maximum_ms;
    bool fixed; /* movetime: spend exactly maximum_ms */
} ct_time_plan;
ct_time_plan ct_search_time_plan(const ct_limits *lim, int side);
/* Percent of the optimum to spend, after an iteration: more when the best move changed in
 * this iteration (changes = 1) or the one before (prev_changes = 1) or the score dropped
 * (score_drop in cp, positive = worse), less after stable_iterations with the same move. */
int ct_search_time_scale(int changes, int prev_changes, int score_drop, int stable_iterations);

/* Static evaluation of pos from the side to move's point of view (for tools and tests). */
int ct_search_eval(const ct_pos *pos);

#endif
