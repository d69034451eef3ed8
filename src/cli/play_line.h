/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — `cotuong play` without a screen (--line, or standard streams that are not a
 * terminal): the game read a line at a time and told in plain lines, for a pipe, a script,
 * a screen reader or a braille display. No escape sequence is ever written. */
#ifndef COTUONG_CLI_PLAY_LINE_H
#define COTUONG_CLI_PLAY_LINE_H

#include <stdbool.h>

#include "game/game.h"
#include "cotuong/notation.h"

/* Exit status when the input ended before the game did (the game is kept in the resume
 * file: `cotuong play --resume` goes on with it). */
#define PLAY_LINE_EXIT_UNFINISHED 3

typedef struct {
    const game_setup *setup; /* the new game (unused with resume) */
    bool resume;             /* the interrupted game of the resume file instead */
    ct_notation notation;    /* the notation of hints and the list of moves */
    bool ascii;              /* the board in ASCII letters, else Hán glyphs */
} play_line_options;

/* True when play runs in lines: asked (--line), or a standard stream is not a terminal. */
bool play_line_wanted(bool asked);

/* Plays the game until the player quits or the input ends; returns the exit status: 0 (the
 * game ended, or the player quit: an unfinished game stays resumable), 1 (it could not
 * start), PLAY_LINE_EXIT_UNFINISHED, or 128 + a signal. */
int play_line_run(const play_line_options *o);

#endif
