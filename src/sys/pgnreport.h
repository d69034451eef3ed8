/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — messages about reading a game file, in one form for every command: why a file
 * was refused (file, game, line, move, token) and the damage that was repaired (warnings).
 * Everything that came from the file passes the sanitizer. */
#ifndef COTUONG_SYS_PGNREPORT_H
#define COTUONG_SYS_PGNREPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cotuong/pgn.h"
#include "sys/gamefile.h"

/* The words for a file that holds no game, said the same by every command. */
#define PGNREPORT_NO_GAME "no game in this file"

/* When data is binary rather than text (savefile_binary_offset), writes "line L (byte B):
 * binary data, not a PGN or XQF file" to why and returns true: every reader of game files
 * refuses such a file before parsing it, with these words. */
bool pgnreport_binary(const char *data, size_t len, char *why, size_t size);

/* "PROG: NAME: game G, move M (Red), 'TOKEN' (line L): MESSAGE\n" on f. */
void pgnreport_error(FILE *f, const char *prog, const char *name, ct_status st,
                     const ct_pgn_error *e);

/* One line per warning: "PROG: NAME: game G, line L: warning: TEXT\n", then
 * "(and N more warnings)" past the first CT_PGN_MAX_WARNINGS. */
void pgnreport_warnings(FILE *f, const char *prog, const char *name, const ct_pgn_error *e);
/* The same for what gamefile_load repaired (the first GAMEFILE_MAX_WARNINGS, then a count). */
void pgnreport_gamefile_warnings(FILE *f, const char *prog, const char *name,
                                 const gamefile_warnings *w);

#endif
