/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — one attempt at an exercise, without a screen: the position, the moves made, the
 * judge's verdict on each of the solver's moves and the best defence played in answer,
 * hints (first the piece, then the move), retry and the solution. The line mode of
 * `cotuong train` and the trainer screen both drive it. */
#ifndef COTUONG_GAME_TRAINER_H
#define COTUONG_GAME_TRAINER_H

#include <stdbool.h>

#include "cotuong/exercise.h"

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
} game_trainer_result;

typedef struct {
    const ct_exercise *ex;
    ct_search *s;            /* the judge's search (owned) */
    ct_pos start, pos;
    ct_move line[GAME_TRAINER_LINE]; /* the moves made: solver, defence, solver, ... */
    int nline;
    int made;                /* solver moves kept */
    game_trainer_state state;
    bool refused, hinted, shown; /* this attempt: a move refused, a hint, the solution seen */
    int hint_level;          /* 0 none, 1 the piece shown, 2 the move shown */
    ct_move hint;
} game_trainer;

/* Starts an attempt at ex (kept, not copied). False when memory is short or the FEN is bad. */
bool game_trainer_start(game_trainer *t, const ct_exercise *ex);
void game_trainer_free(game_trainer *t);
/* Back to the exercise's position: a new attempt. */
void game_trainer_retry(game_trainer *t);
/* The solver plays mv: see game_trainer_result. *reply gets the defence played (ACCEPTED). */
game_trainer_result game_trainer_move(game_trainer *t, ct_move mv, ct_move *reply);
/* The next hint: the first call shows the piece (returns its move, level 1), the second the
 * move (level 2). The move is the solution's when the attempt follows it, else the search's.
 * CT_NO_MOVE when the attempt is over. */
ct_move game_trainer_hint(game_trainer *t);
/* The goal in words (English, for scripts): "Red to move, mate in 3", "Black to move and win". */
void game_trainer_goal_text(const ct_exercise *ex, char *buf, size_t size);
/* Solver moves still allowed by the goal. */
int game_trainer_left(const game_trainer *t);

#endif
