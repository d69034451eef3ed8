/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — game files: opening PGN (one or many games) and XQF files with clear errors
 * (file, game, line, move), and saving a game as PGN atomically (see savefile.h). */
#ifndef COTUONG_APP_GAMEFILE_H
#define COTUONG_APP_GAMEFILE_H

#include <stddef.h>

#include "cotuong/notation.h"
#include "cotuong/record.h"


#define GAMEFILE_MAX_WARNINGS 8

/* The damage the reader repaired in a file it read (quotes inside a tag value, control
 * characters, a missing result...: the PGN reader's warnings; an XQF file has none):
 * count counts them all, at[0..n) are the first of them, in file order. */
typedef struct {
    int count, n;
    struct {
        int kind; /* ct_pgn_warning_kind */
        int game; /* 1-based; 0: the file as a whole (before the first game, after the last) */
        int line; /* 1-based line of the decoded text, 0 when unknown */
    } at[GAMEFILE_MAX_WARNINGS];
} gamefile_warnings;

/* Opens a game file: XQF when it starts with "XQ", otherwise PGN (one or many games, any
 * encoding the reader knows). The size is capped at SAVEFILE_MAX_BYTES. On success *games
 * is a new array of *ngames records (free with gamefile_free) and *warn (may be NULL) says
 * what was repaired. On failure returns -1 with a one-line message in err naming the file
 * and the position ("FILE: game 2, line 14, move 7 'H2-E9': illegal move", "FILE: byte
 * 1030: file ends inside a move record"), with every piece of text from the file
 * sanitized; nothing else is changed. */
int gamefile_load(const char *path, ct_record **games, int *ngames, gamefile_warnings *warn,
                  char *err, size_t errsize);
/* A warning kind in the interface language, short ("control characters replaced by
 * spaces"), for a status line. */
const char *gamefile_warning_text(int kind);
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
