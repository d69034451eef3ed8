/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the resume file: the game in progress with everything needed to carry on
 * exactly where it stopped, as a small xqbase-style PGN (ICCS movetext) with our own tags.
 *
 * Tags written (and read back):
 *   Game, Event, Date, Red, Black, Result, FEN (only when not the start position),
 *   Format "ICCS", Rules (online|asian|vn2004|casual), TimeControl (PGN style: "-" none,
 *   "600+5" = 600 s plus 5 s a move), RedClockMs / BlackClockMs (milliseconds left on each
 *   clock when the file was written; absent = no clock), RedPlayer / BlackPlayer (player
 *   specs: "human", "ai:LEVEL", "engine:NAME"), Notation (the move notation shown),
 *   PlyCount (number of moves in the movetext: a reader that finds fewer or more knows the
 *   file is not what was written).
 * Other PGN readers ignore the tags they do not know. */
#ifndef COTUONG_APP_RESUME_H
#define COTUONG_APP_RESUME_H

#include <stddef.h>

#include "cotuong/position.h"

typedef struct {
    char red[64], black[64];     /* Red / Black tags (display names) */
    char result[8];              /* "*", "1-0", "0-1", "1/2-1/2" */
    char fen[128];               /* start position; "" = the standard one */
    char rules[16];
    char time_control[32];       /* "" or "-" = none */
    long clock_ms[2];            /* per side (CT_RED, CT_BLACK); -1 = no clock */
    char player[2][64];          /* player specs per side */
    char notation[16];
    char date[16];               /* "yyyy.mm.dd"; "" = today when written */
    int nmoves;
    ct_move moves[CT_MAX_HISTORY];
} resume_game;

/* Empty game: standard start, rules "online", no clocks, human vs human, notation "vi". */
void resume_game_init(resume_game *g);

/* The PGN text of g in a new heap string (free() it); *len gets its length. */
char *resume_format(const resume_game *g, size_t *len);

/* Parses PGN text written by resume_format (and any PGN whose movetext is ICCS or
 * coordinate moves; comments, NAGs and variations are skipped). Every move is checked for
 * legality from the start position. Returns 0, or -1 with "line L, column C: reason" in
 * err; g is then unspecified. */
int resume_parse(const char *text, size_t len, resume_game *g, char *err, size_t errsize);

/* Writes g to the resume file atomically (creating its directory). 0 or -1 with err. */
int resume_save(const resume_game *g, char *err, size_t errsize);
/* Reads the resume file into g. Returns 1 when loaded, 0 when there is none, -1 on error
 * (message with the file name and position in err). */
int resume_load(resume_game *g, char *err, size_t errsize);
/* Removes the resume file (the game ended normally or was abandoned). */
void resume_discard(void);

#endif
