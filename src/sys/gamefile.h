/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — game files: opening PGN (one or many games) and XQF files with clear errors
 * (file, game, line, move), and saving a game as PGN atomically (see savefile.h). */
#ifndef COTUONG_APP_GAMEFILE_H
#define COTUONG_APP_GAMEFILE_H

#include <stddef.h>

#include "cotuong/notation.h"
#include "cotuong/record.h"


/* Opens a game file: XQF when it starts with "XQ", otherwise PGN (one or many games, any
 * encoding the reader knows). The size is capped at SAVEFILE_MAX_BYTES. On success *games
 * is a new array of *ngames records (free with gamefile_free). On failure returns -1
 * with a one-line message in err naming the file and the position ("FILE: game 2, line 14,
 * move 7 'H2-E9': illegal move", "FILE: byte 1030: file ends inside a move record"), with
 * every piece of text from the file sanitized; nothing else is changed. */
int gamefile_load(const char *path, ct_record **games, int *ngames, char *err,
                        size_t errsize);
void gamefile_free(ct_record *games, int ngames);

/* Writes r as PGN in notation n (ICCS when CT_NOTATION_AUTO) to path, atomically. */
int gamefile_save(const char *path, const ct_record *r, ct_notation n, char *err,
                       size_t errsize);

/* Writes several games (recs[0..n)) to one PGN file, atomically. */
int gamefile_save_many(const char *path, const ct_record *const *recs, int n, ct_notation nt,
                       char *err, size_t errsize);

/* A new file name in the games directory for a game between red and black started now:
 * "GAMES/2026-11-29-1405-Red-vs-Black.pgn" (names reduced to letters, digits, '-', '_').
 * Returns 0, or -1 when there is no games directory path. */
int gamefile_new_path(const char *red, const char *black, char *buf, size_t size);

#endif
