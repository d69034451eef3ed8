/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the one sink every game model writes through: after every change the resume
 * file is rewritten with every attached game (the game being played, then a review above
 * it), and a game that has just finished is saved once in the games folder under the
 * players' names. Used by the full-screen program and by `cotuong autoplay`. */
#ifndef COTUONG_GAME_AUTOSAVE_H
#define COTUONG_GAME_AUTOSAVE_H

#include <stdbool.h>
#include <stdint.h>

#include "game/game.h"

#define GAME_AUTOSAVE_MAX 4

typedef struct {
    game *games[GAME_AUTOSAVE_MAX];
    char source[GAME_AUTOSAVE_MAX][1024]; /* review: the file it came from */
    int index[GAME_AUTOSAVE_MAX];         /* review: which game of that file (0-based) */
    /* review: all the games of that file and which were changed (the review's, see
     * game_autosave_set_file); entry index[i] is the game shown, which lives in games[i]. */
    const ct_record *file_games[GAME_AUTOSAVE_MAX];
    const bool *file_changed[GAME_AUTOSAVE_MAX];
    int nfile_games[GAME_AUTOSAVE_MAX];
    int n;
    char notation[16];  /* the notation shown (a Notation tag), "" none */
    bool off;           /* writes nothing (a replay in progress) */
    bool owns;          /* a game was attached: the resume file is this sink's to write and
                         * to empty; until then it belongs to an earlier run, kept as it is */
    char error[600];    /* the last write's problem, "" when it worked */
    char saved[1024];   /* a finished game saved just now to this path ("" none) */
} game_autosave;

void game_autosave_init(game_autosave *a);
/* Puts g under the sink (its Mode is review when g->review; source and index say which
 * game of which file a review shows). Bottom first. Attaching again updates them. */
void game_autosave_attach(game_autosave *a, game *g, const char *source, int index);
void game_autosave_detach(game_autosave *a, game *g);
/* For a review of a file with several games: games[0..n) and changed[0..n) (owned by the
 * review, alive while g is attached). Every changed game other than the one shown is
 * written too, after the one shown, as Mode "review-game" (sys/resume.h), so that resuming
 * brings back every change, not only the game on screen. */
void game_autosave_set_file(game_autosave *a, game *g, const ct_record *games,
                            const bool *changed, int n);
/* Writes the resume file now; interrupted is "signal", "quit" or NULL. The file goes when
 * nothing is in it (no game with moves, no unsaved review); a finished game stays, with
 * its result, until a new one starts (it is not offered for resuming). Returns 0,
 * or -1 with the reason in a->error. */
int game_autosave_write(game_autosave *a, int64_t now, const char *interrupted);

#endif
