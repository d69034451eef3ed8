/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — chess clocks: time controls, loss on time, undo. Pure: the caller passes the
 * current monotonic time in milliseconds (e.g. clock_gettime(CLOCK_MONOTONIC) in the app);
 * nothing here reads a clock. Times are int64_t milliseconds.
 */
#ifndef COTUONG_CLOCK_H
#define COTUONG_CLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "cotuong/types.h"

/* A time control. All zero = untimed. */
typedef struct {
    int64_t base_ms;      /* time per side at the start (0 = no main clock) */
    int64_t increment_ms; /* added to the mover's clock after each of its moves */
    int64_t per_move_ms;  /* longest one move may take (0 = no per-move limit) */
} ct_time_control;

/* Parses a time control:
 *   "15+10"    15 minutes each, 10 s added per move     "15"  15 minutes, no increment
 *   "0.5+2"    minutes may have a fraction               "15+10/60" also 60 s at most per move
 *   "/30"      no main clock, 30 s per move              "none", "-", "0"  untimed
 * CT_ERR_SYNTAX on anything else (tc untouched). */
ct_status ct_tc_parse(const char *text, ct_time_control *tc);
/* Writes the canonical text ("15+10", "15+10/60", "/30", "none") like snprintf. */
int ct_tc_format(const ct_time_control *tc, char *buf, size_t size);
static inline int ct_tc_timed(const ct_time_control *tc)
{
    return tc->base_ms > 0 || tc->per_move_ms > 0;
}

#define CT_CLOCK_HISTORY CT_MAX_HISTORY

typedef struct {
    ct_time_control tc;
    int64_t remaining[2]; /* main time left of each side at the start of the current turn */
    int side;             /* side whose turn it is */
    int running;          /* 1 when the turn clock runs (started and not paused/stopped) */
    int64_t turn_start;   /* monotonic ms when the current turn (or resumed part) began */
    int64_t turn_used;    /* ms of the current turn used before the last pause */
    int flagged;          /* side that ran out of time, -1 none (then the clock stops) */
    int presses;          /* moves completed (entries in hist) */
    int64_t hist[CT_CLOCK_HISTORY][2]; /* remaining[] before each press, for undo */
} ct_clock;

/* A stopped clock, `side` to move, both sides at tc->base_ms. */
void ct_clock_init(ct_clock *c, const ct_time_control *tc, int side);
/* Starts (or resumes after a pause) the clock of the side to move at now_ms. */
void ct_clock_start(ct_clock *c, int64_t now_ms);
/* Stops the running clock, keeping the time used so far in this turn. */
void ct_clock_pause(ct_clock *c, int64_t now_ms);
/* The side to move finished its move at now_ms: charges the time used, checks the flag
 * (main time, then per-move limit), adds the increment, hands the turn to the other side
 * and keeps its clock running. Returns CT_OK, or CT_ERR_INVALID when the mover had
 * already run out of time (then `flagged` is set and the clock stops; the move should
 * be refused and ct_match_time_out() called). Works while paused too (not started). */
ct_status ct_clock_press(ct_clock *c, int64_t now_ms);
/* Takes back the last press: both sides' times are what they were before that move and
 * the turn is the mover's again, starting afresh at now_ms (running if it was running).
 * Clears a flag. CT_ERR_INVALID when there is nothing to undo. */
ct_status ct_clock_undo(ct_clock *c, int64_t now_ms);
/* Main time left for `side` at now_ms (may be negative once flagged; base 0 -> 0). */
int64_t ct_clock_remaining(const ct_clock *c, int side, int64_t now_ms);
/* Time left of the per-move limit for the side to move (0 when there is no limit). */
int64_t ct_clock_move_remaining(const ct_clock *c, int64_t now_ms);
/* The side out of time at now_ms (main time at or below 0, or per-move limit exceeded),
 * -1 if none. Sets c->flagged and stops the clock on first detection. Untimed: -1. */
int ct_clock_check_flag(ct_clock *c, int64_t now_ms);
/* Milliseconds from now_ms until the side to move would run out (for the UI's timer);
 * -1 when untimed or not running. */
int64_t ct_clock_ms_to_flag(const ct_clock *c, int64_t now_ms);

#endif
