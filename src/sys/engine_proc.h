/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — external engines as players: spawns a UCI, UCCI or xboard/CECP engine with
 * pipes, does the handshake (choosing the xiangqi variant when offered), translates
 * Fairy-Stockfish/Sjaak's UCI ranks 1-10, and asks for moves under time limits. A crash,
 * a timeout or an illegal move comes back as a clear status, never as a move. */
#ifndef COTUONG_APP_ENGINE_PROC_H
#define COTUONG_APP_ENGINE_PROC_H

#include <stddef.h>

#include "cotuong/coup.h"
#include "cotuong/position.h"
#include "cotuong/search.h"

typedef enum { SYS_PROTO_UCI, SYS_PROTO_UCCI, SYS_PROTO_XBOARD } sys_engine_proto;

typedef enum {
    SYS_ENGINE_MOVE = 0, /* a legal move */
    SYS_ENGINE_TIMEOUT,  /* no answer in time */
    SYS_ENGINE_CRASH,    /* the process died or closed its output */
    SYS_ENGINE_ILLEGAL,  /* it answered an illegal or unreadable move */
    SYS_ENGINE_RESIGN,   /* it resigned or said it has no move */
} sys_engine_outcome;

typedef struct sys_engine sys_engine;

/* Starts `command` (run by /bin/sh) and does the handshake. On failure returns NULL and
 * writes the reason into err. */
sys_engine *sys_engine_start(sys_engine_proto proto, const char *command, char *err, size_t errlen);
/* Sets a playing level 1..10 when the engine offers "Skill Level" (mapped onto its range);
 * returns false when it has no such option. */
bool sys_engine_set_level(sys_engine *e, int level);
/* Sets one of the options the engine offered in its handshake (UCI `setoption name NAME
 * value VALUE`, UCCI `setoption NAME VALUE`, then isready/readyok; xboard `option
 * NAME=VALUE`). The name is compared without regard to case. False with the reason in err
 * when the engine offers no such option or dies. */
bool sys_engine_set_option(sys_engine *e, const char *name, const char *value, char *err,
                           size_t errlen);
/* The depth of the last think: of the last score line before the move (UCI/UCCI `info
 * depth N ... score`, not a lowerbound/upperbound one; xboard thinking "PLY SCORE ...");
 * 0 when the engine reported none. */
int sys_engine_depth(const sys_engine *e);
/* The score (side-to-move view) of the last score line of the last think that was not a
 * bound (not lowerbound/upperbound, with a depth: a finished iteration); false when there
 * was none. */
bool sys_engine_exact_score(const sys_engine *e, int *score);
/* Starts a new game (ucinewgame / new). */
void sys_engine_new_game(sys_engine *e);
/* Asks for a move in pos (its history gives the game so far, sent as start position +
 * moves) within lim (movetime, clock, depth or nodes; UCI: lim->only_move, when legal, as
 * `searchmoves`). timeout_ms bounds the wait (0 = derived
 * from lim). On SYS_ENGINE_MOVE *move is legal in pos. detail (if not NULL) receives a short
 * explanation of any other outcome, or the engine's last score line. *score_cp receives the
 * engine's last reported score (side-to-move view) when known. */
sys_engine_outcome sys_engine_go(sys_engine *e, const ct_pos *pos, const ct_limits *lim,
                                 int timeout_ms, ct_move *move, int *score_cp, char *detail,
                                 size_t detail_len);
/* The same, stoppable: progress (may be NULL) is called from the thinking thread before
 * every wait and returns true to stop. Then the engine is told to move now (UCI/UCCI `stop`,
 * xboard `?`) and has 1 s to answer; its move counts as usual. An engine that does not
 * answer is killed (SYS_ENGINE_TIMEOUT; it is not running any more), so nobody waits longer. */
sys_engine_outcome sys_engine_think(sys_engine *e, const ct_pos *pos, const ct_limits *lim,
                                    int timeout_ms, ct_progress_fn progress, void *user,
                                    ct_move *move, int *score_cp, char *detail, size_t detail_len);
/* Cờ úp (Jieqi) through a UCI engine, as the Jieqi GUIs speak to it: UCI_Variant jieqi
 * when the engine offers it, then `position fen` with the x/X face-down pieces and the pool
 * of the position after the last reveal (or face-down piece taken) and the moves since.
 * view must be the engine's side's view (ct_coup_view): what is sent comes from it alone.
 * The move must be legal in view. A UCCI or xboard engine: SYS_ENGINE_CRASH with the
 * reason (sys_engine_speaks_coup says so beforehand). */
bool sys_engine_speaks_coup(const sys_engine *e);
/* The `position` line sys_engine_think_coup sends for view (ranks 1..10 when ranks1):
 * written into line (NUL-terminated, cut at size), its length returned. */
size_t sys_engine_coup_position(const ct_coup_pos *view, bool ranks1, char *line, size_t size);
sys_engine_outcome sys_engine_think_coup(sys_engine *e, const ct_coup_pos *view,
                                         const ct_limits *lim, int timeout_ms,
                                         ct_progress_fn progress, void *user, ct_move *move,
                                         int *score_cp, char *detail, size_t detail_len);
/* Any thread: makes a think waiting in sys_engine_think call its progress now (to see a stop
 * at once, not at the engine's next line). */
void sys_engine_wake(sys_engine *e);
/* The engine's name (from id name / myname), or the command. */
const char *sys_engine_name(const sys_engine *e);
/* Sends quit and reaps the process (killing it if it does not leave in time). */
void sys_engine_free(sys_engine *e);

/* One line of an engine's output while it thinks: the parser behind sys_engine_go, callable
 * on any bytes (fuzz/fuzz_engine_line.c). SCORE: *score holds the engine's score (clamped
 * to +-1000000; mate in N as CT_SCORE_MATE - ...) and *depth the line's depth, 0 ..
 * ENGINE_MAX_DEPTH, or -1 (none, or a bound line: not a finished iteration); MOVE: *move_text
 * points into line at the move (UCI/UCCI "bestmove M", xboard "move M"); RESIGN: resign,
 * nobestmove, (none), 0000. */
typedef enum {
    SYS_ENGINE_LINE_OTHER,
    SYS_ENGINE_LINE_SCORE,
    SYS_ENGINE_LINE_MOVE,
    SYS_ENGINE_LINE_RESIGN,
} sys_engine_line_kind;
#define ENGINE_MAX_DEPTH 1000
sys_engine_line_kind sys_engine_parse_line(sys_engine_proto proto, const char *line, int *score,
                                           int *depth, const char **move_text);
/* An engine's move text ("h2e2"; ranks 1..10 when ranks1) to ours; CT_NO_MOVE when it is
 * not one. Legality is the caller's question. */
ct_move sys_engine_move_in(bool ranks1, const char *s);

/* Parses "uci:CMD", "ucci:CMD", "xboard:CMD"; returns false if spec has none of them. */
bool sys_engine_parse_spec(const char *spec, sys_engine_proto *proto, const char **command);

#endif
