/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — reading a whole input stream (a file or standard input) into memory, with a size
 * cap, for the commands that take files or pipes. */
#ifndef COTUONG_APP_READALL_H
#define COTUONG_APP_READALL_H

#include <stddef.h>
#include <stdio.h>

/* Inputs larger than this are refused (EFBIG): the limit for game files, the same as the
 * program's (SAVEFILE_MAX_BYTES), so memory stays bounded whatever is given. */
#define READALL_MAX_BYTES ((size_t)16 << 20)

/* Reads f to its end into a new NUL-terminated buffer (free() it) and its length into *len.
 * NULL with errno set on a read error, on a lack of memory, or (EFBIG) past `cap` bytes. */
char *readall_stream(FILE *f, size_t cap, size_t *len);

/* The same for a file by name ("rb"). */
char *readall_path(const char *path, size_t cap, size_t *len);

/* "PROG: NAME: REASON\n" on f for a failed read with errno e (EFBIG names the limit). */
void readall_report(FILE *f, const char *prog, const char *name, int e);

#endif
