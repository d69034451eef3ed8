/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — one attempt at an exercise, without a screen: the position, the moves made, the
 * judge's verdict on each of the solver's moves and the best defence played in answer,
 * hints (first the piece, then the move), retry and the solution. The line mode of
 * `cotuong train` waits for each verdict (game_trainer_move); the trainer screen submits a
 * move, stays live while the judge searches on a seat's thread (game/seat.h) and polls. */
#ifndef COTUONG_GAME_TRAINER_H
#define COTUONG_GAME_TRAINER_H

#include <stdbool.h>

#include "game/seat.h"
#include "cotuong/exercise.h"
#include "cotuong/movegen.h"

#define GAME_TRAINER_LINE (2 * CT_EX_MAX_MOVES + 2)

typedef enum {
    TRAINER_SOLVING = 0, /* the solver is to move */
    TRAINER_SOLVED,      /* the goal is reached */
} game_trainer_state;

typedef enum {
    TRAINER_ILLEGAL = 0, /* not a legal move (nothing changes) */
    TRAINER_REFUSED,     /* legal, but it lets the goal go: taken back, try again */
    TRAINER_ACCEPTED,    /* kept the goal; the defence (reply) was played */
    TRAINER_DONE,        /* this move reached the goal */
    TRAINER_OVER,        /* the attempt is over (solved): nothing to play */
    TRAINER_PENDING,     /* submitted: the judge searches (game_trainer_poll) */
    TRAINER_BUSY,        /* the judge is still busy with the last request: nothing started */
    TRAINER_HINT,        /* the hint is ready (hint, hint_level) */
} game_trainer_result;

typedef struct {
    const ct_exercise *ex;
    game_seat *judge;        /* the judge's search, run off the caller's thread (owned) */
    ct_move pending;         /* the move being judged, CT_NO_MOVE when none */
    bool pending_hint;       /* the judge looks for a hint */
    uint64_t pending_key;    /* pos.key when it was asked: a later verdict is dropped */
    uint64_t nodes;          /* the judge's budget per move; 0 (as started): CT_EX_JUDGE_NODES,
                              * the one the set was validated with */
    ct_pos start, pos;
    ct_move line[GAME_TRAINER_LINE]; /* the moves made: solver, defence, solver, ... */
    int nline;
    int made;                /* solver moves kept */
    game_trainer_state state;
    bool refused, hinted, shown; /* this attempt: a move refused, a hint, the solution seen */
    int hint_level;          /* 0 none, 1 the piece shown, 2 the move shown */
    ct_move hint;
    ct_illegal_reason why;   /* after TRAINER_ILLEGAL: the referee's reason (the UI words it) */
} game_trainer;

/* Starts an attempt at ex (kept, not copied). False when memory is short or the FEN is bad. */
bool game_trainer_start(game_trainer *t, const ct_exercise *ex);
/* Drops a verdict being reached, then frees the judge. */
void game_trainer_free(game_trainer *t);
/* Back to the exercise's position: a new attempt (a verdict being reached is dropped). */
void game_trainer_retry(game_trainer *t);

/* The solver plays mv and waits for the verdict: see game_trainer_result. *reply gets the
 * defence played (ACCEPTED). */
game_trainer_result game_trainer_move(game_trainer *t, ct_move mv, ct_move *reply);
/* The same without waiting: ILLEGAL, OVER or BUSY at once (nothing changes), or PENDING: the
 * judge searches on its own thread and game_trainer_poll hands the verdict over. */
game_trainer_result game_trainer_submit(game_trainer *t, ct_move mv);
/* Non-blocking: true once, when the judge has finished what was asked, with *r the verdict
 * on the move (REFUSED, ACCEPTED, DONE: *mv the move, *reply the defence) or HINT. False
 * while it searches or when nothing was asked. */
bool game_trainer_poll(game_trainer *t, game_trainer_result *r, ct_move *mv, ct_move *reply);
/* True from a submit (or a hint search) until its verdict is polled or dropped. */
bool game_trainer_busy(const game_trainer *t);
/* Drops the verdict being reached: the attempt stays as it was before the submit. */
void game_trainer_cancel(game_trainer *t);

/* The next hint, waiting for it: the first call shows the piece (returns its move, level 1),
 * the second the move (level 2). The move is the solution's when the attempt follows it,
 * else the search's. CT_NO_MOVE when the attempt is over. */
ct_move game_trainer_hint(game_trainer *t);
/* The same without waiting: HINT when it is known at once (the solution's move, or the one
 * found before), PENDING when the judge searches for it (game_trainer_poll), OVER or BUSY. */
game_trainer_result game_trainer_hint_submit(game_trainer *t);
/* The goal in words (English, for scripts): "Red to move, mate in 3", "Black to move and win". */
void game_trainer_goal_text(const ct_exercise *ex, char *buf, size_t size);
/* Solver moves still allowed by the goal. */
int game_trainer_left(const game_trainer *t);

#endif
