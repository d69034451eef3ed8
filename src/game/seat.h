/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — one way to run a seat: whoever or whatever chooses moves for a side (the
 * built-in AI, an external engine, a remote player) or analyses a position, run off the
 * UI thread. The UI starts a think, reads its progress (depth, score, best line) while it
 * runs, may ask it to stop, and polls for the result; it never waits.
 *
 * Usage (the play mode does this every loop turn):
 *     game_seat *s = game_seat_open(&spec, book, err, sizeof err);   // AI or engine
 *     game_seat_start(s, pos, &lim);            // returns at once; a thread thinks
 *     ... game_seat_progress_get(s, &p) to draw "depth 7, +0.35, h2e2 h9g7" ...
 *     if (game_seat_poll(s, &res)) play(res.move);   // true once, when the think ended
 *     game_seat_stop(s);        // "move now": finish with the best move so far
 *     game_seat_cancel(s);      // undo/new game: stop, wait, throw the result away
 *     game_seat_free(s);
 *
 * Threads: every call above is made by one owner thread (the UI). The think runs on a
 * thread of its own on a private copy of the position (history included); progress is
 * copied under a lock. A kind of seat is a table of operations (game_seat_ops) and an
 * implementation pointer: game_seat_open() makes the AI/engine kind from sys/player.h;
 * another module (the network lobby) makes a remote player with game_seat_new() and its
 * own ops. The ops' think runs on the seat's thread; everything else on the owner's. */
#ifndef COTUONG_GAME_SEAT_H
#define COTUONG_GAME_SEAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sys/player.h"
#include "cotuong/book.h"
#include "cotuong/coup.h"
#include "cotuong/position.h"
#include "cotuong/search.h"

#define GAME_SEAT_PV_MAX 32

/* What a think has found so far (for the panel). */
typedef struct {
    int depth;          /* last completed iteration, 0 before the first */
    int score;          /* side-to-move view, centipawns or a CT_SCORE_MATE score */
    uint64_t nodes;
    int time_ms;        /* since the think started */
    int pv_len;
    ct_move pv[GAME_SEAT_PV_MAX];
    int done, total;    /* steps of a long job (game analysis: moves); total 0 otherwise */
} game_seat_progress;

typedef enum {
    GAME_SEAT_MOVE = 0, /* res.move is the seat's move (legal in the position given) */
    GAME_SEAT_NO_MOVE,  /* the side to move has no legal move */
    GAME_SEAT_RESIGN,   /* the seat resigns */
    GAME_SEAT_FORFEIT,  /* it failed (engine crash, timeout, illegal move, link lost): detail */
} game_seat_status;

typedef struct {
    game_seat_status status;
    ct_move move;
    int score, depth;   /* side-to-move view, when known */
    int time_ms;
    char detail[160];   /* why, for a forfeit */
    sys_player_status player; /* the AI/engine kind: the player's own status (a forfeit's
                                 kind: crash, timeout, illegal answer) */
} game_seat_result;

typedef struct game_seat game_seat;

/* A kind of seat. think is required; the others may be NULL. */
typedef struct {
    /* On the seat's thread: chooses a move in pos within lim. Reports progress with
     * game_seat_report() (which also says when a stop was asked) and returns soon after
     * stop() is called or game_seat_stopping() turns true. */
    void (*think)(void *impl, game_seat *seat, const ct_pos *pos, const ct_limits *lim,
                  game_seat_result *res);
    /* Any thread: asks a running think to finish now (with its best move so far). */
    void (*stop)(void *impl);
    /* A new game starts (forget what was learnt). */
    void (*new_game)(void *impl);
    /* A move was played on the board, by either side (a remote seat sends the opponent's
     * move to its peer). after: the position after mv (its history holds the one before:
     * the game keeps no copy of it). */
    void (*moved)(void *impl, const ct_pos *after, ct_move mv);
    void (*free)(void *impl);
    /* Cờ úp: the view the next think plays (copied; the owner's thread, not while it
     * thinks). A seat kind without it cannot play cờ úp. */
    void (*coup_view)(void *impl, const ct_coup_pos *view);
} game_seat_ops;

/* A seat of kind ops over impl (ownership of impl passes: ops->free releases it). */
game_seat *game_seat_new(const game_seat_ops *ops, void *impl, const char *name);
/* The built-in AI or an external engine of spec (SYS_PLAYER_AI / SYS_PLAYER_ENGINE; book
 * may be NULL and must outlive the seat). NULL with the reason in err otherwise. */
game_seat *game_seat_open(const sys_player_spec *spec, const ct_book *book, char *err,
                          size_t errlen);
/* A seat over a player already open (e.g. with engine options set). owned: the seat frees
 * the player; otherwise the caller keeps it and frees it after the seat (a match keeps its
 * engines running from game to game while each game has seats of its own). */
game_seat *game_seat_of_player(sys_player *p, bool owned);
/* Fixed limits for every think of the seat, over the limits game_seat_start is given: depth
 * and nodes (0 = none) always; without a main clock (no wtime/btime) the time per move
 * becomes movetime_ms (0 = none: the depth or the nodes alone bound the think). */
void game_seat_fix_limits(game_seat *s, int depth, uint64_t nodes, int movetime_ms);
/* With fixed nodes: each think's limit drawn anew from nodes x (100 +/- percent) / 100 by a
 * generator started at seed (percent 0: the fixed count). Fixed-node games are otherwise
 * replayed move for move whenever the same players meet on the same opening; the draws make
 * another seed another set of games, and the same seed the same games. */
void game_seat_vary_nodes(game_seat *s, int percent, uint64_t seed);
/* One draw of that generator: a count within nodes x (100 +/- percent) / 100, at least 1. */
uint64_t game_seat_varied_nodes(uint64_t nodes, int percent, uint64_t *state);
/* Cancels a running think, then frees the seat and its implementation. NULL is ignored. */
void game_seat_free(game_seat *s);
/* The implementation pointer given to game_seat_new. */
void *game_seat_impl(const game_seat *s);

/* Starts thinking on a copy of pos within lim. False when a think is running or its result
 * has not been collected, or no thread could be started. */
bool game_seat_start(game_seat *s, const ct_pos *pos, const ct_limits *lim);
/* True from start until the result is collected (poll/wait) or the think cancelled. */
bool game_seat_busy(const game_seat *s);
/* True when the think has ended and its result waits for poll. */
bool game_seat_ready(const game_seat *s);
/* Non-blocking: true once per think, when it has ended, with its result in *res. */
bool game_seat_poll(game_seat *s, game_seat_result *res);
/* Blocks up to timeout_ms (-1: no limit) for the result; false on timeout. */
bool game_seat_wait(game_seat *s, int timeout_ms, game_seat_result *res);
/* Blocks up to timeout_ms for the think to end without collecting it (poll, or game_tick,
 * does); true when it has ended. */
bool game_seat_wait_ready(game_seat *s, int timeout_ms);
/* The result of the last think collected (depth and time of the move a game played). */
void game_seat_last_result(const game_seat *s, game_seat_result *res);
/* The progress of the running (or last) think. */
void game_seat_progress_get(const game_seat *s, game_seat_progress *p);
/* Asks the think to finish now; the result still comes through poll. */
void game_seat_stop(game_seat *s);
/* Stops the think, waits for its thread and throws the result away. */
void game_seat_cancel(game_seat *s);
/* Tells the seat a new game starts / a move was played (see game_seat_ops). Not while
 * it thinks: cancel first. */
void game_seat_new_game(game_seat *s);
void game_seat_moved(game_seat *s, const ct_pos *after, ct_move mv);

/* Cờ úp: hands the seat the view its next think plays (ops->coup_view); false when its
 * kind cannot play cờ úp. */
bool game_seat_set_coup_view(game_seat *s, const ct_coup_pos *view);
bool game_seat_plays_coup(const game_seat *s);

/* For implementations, on the seat's thread: publishes progress (copied under the lock);
 * returns true when a stop was asked. */
bool game_seat_report(game_seat *s, const game_seat_progress *p);
/* A seat's result from what a player (sys/player.h: the AI or an engine) answered: the move,
 * its score and depth, and the outcome (anything but a move, no move or a resignation
 * forfeits, "no move" when the player said nothing). */
void game_seat_result_from_player(const sys_player_result *r, game_seat_result *res);
bool game_seat_stopping(const game_seat *s);

/* Limits for a seat's move: with a main clock the remaining times (the seat manages its
 * time); otherwise a time per move of 300 + 200 * level ms (level 1..10), capped at two
 * thirds of a per-move limit (per_move_ms > 0). wtime/btime: ms left, or 0 without a main
 * clock. */
void game_seat_limits(ct_limits *lim, int level, int64_t wtime, int64_t btime,
                      int64_t increment_ms, int64_t per_move_ms);

#endif
