/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the resume file: $XDG_STATE_HOME/cotuong/resume.pgn, what must come back after
 * the program stops (a signal, a kill, a deliberate quit). It is plain PGN written and read
 * by the core (ct_pgn_write / ct_pgn_read, ICCS movetext with comments and variations): one
 * game per open screen, bottom first (the game being played, then a review above it). What
 * PGN does not hold travels in tags of our own, which other readers ignore:
 *   Mode (play|review|review-game: another changed game of the file of the review just
 *   before it), Source (the file a review came from), SourceGame (which game of that file,
 *   from 0), Unchanged (yes: a review's game on screen, kept for the other changed games
 *   after it, has no changes of its own), Ply (the current node: plies
 *   along the main line), Rules, TimeControl, RedClockMs / BlackClockMs (main time left,
 *   ms), RedPlayer / BlackPlayer (player specs, sys/player.h), Notation, Interrupted
 *   (signal|quit: why the program stopped), PlyCount (moves of the main line).
 * Torn files cannot happen (atomic writes), but a reader still refuses anything that is
 * not a whole file: the last line is a fixed end mark, and every game's PlyCount must
 * match its main line. */
#ifndef COTUONG_SYS_RESUME_H
#define COTUONG_SYS_RESUME_H

#include <stddef.h>

#include "cotuong/record.h"

/* The PGN text of recs[0..n) with the end mark, in a new heap string (free() it); *len its
 * length. PlyCount is set on each record. NULL when a record holds an illegal move. */
char *resume_format(ct_record *recs, int n, size_t *len);

/* Parses text written by resume_format. Returns 0 with *recs (free with
 * ct_pgn_free_games) and *n, or -1 with the reason in err (sanitized). */
int resume_parse(const char *text, size_t len, ct_record **recs, int *n, char *err,
                 size_t errsize);

/* Writes recs to the resume file atomically (creating its directory). 0 or -1 with err. */
int resume_save(ct_record *recs, int n, char *err, size_t errsize);
/* Reads the resume file. Returns 1 when loaded, 0 when there is none, -1 on error (the
 * message names the file). */
int resume_load(ct_record **recs, int *n, char *err, size_t errsize);
/* Removes the resume file (nothing is left to resume). */
void resume_discard(void);

#endif
