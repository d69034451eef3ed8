/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the saved games of a folder for the Open list: each file's players, result and
 * date read from its PGN tags only (the first few kilobytes, through the core's reader),
 * newest first. */
#ifndef COTUONG_SYS_GAMELIST_H
#define COTUONG_SYS_GAMELIST_H

#include <stddef.h>
#include <time.h>

/* Bytes read from each file: enough for the tags of any game we or xqbase write. */
#define SYS_GAMELIST_HEAD 8192

typedef struct {
    char path[1024];
    char name[256];     /* the file name, sanitized */
    char red[64], black[64], result[16], date[32], event[96]; /* sanitized tag values or "" */
    int ngames;         /* games seen in the head (1 when only one starts there) */
    time_t mtime;
} sys_game_entry;

/* Lists the .pgn and .xqf files of dir, newest (modified) first. *out is a new array of *n
 * entries (free()); at most max entries. Returns 0, or -1 when dir cannot be read (errno
 * set). */
int sys_gamelist_scan(const char *dir, int max, sys_game_entry **out, int *n);

#endif
