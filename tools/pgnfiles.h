/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — what the archive tools (mkindex, mkexercises, tune) share: the .pgn files below
 * a folder of the unpacked CCPD archive, in one fixed order, and a file read whole. */
#ifndef COTUONG_TOOLS_PGNFILES_H
#define COTUONG_TOOLS_PGNFILES_H

#include <stddef.h>

typedef struct {
    char **path;
    size_t n;
} tool_files;

/* The *.pgn files below root (symbolic links not followed), sorted by their bytes, so the
 * same archive gives the same order and the tools the same output. 0, or -1 with errno. */
int tool_pgn_files(const char *root, tool_files *out);
void tool_files_free(tool_files *f);
/* The whole file in a new buffer (*len its length), or NULL when it cannot be read. */
char *tool_slurp(const char *path, size_t *len);

#endif
