/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the archive tools' file list and whole-file read (pgnfiles.h). */
#define _XOPEN_SOURCE 700
#include "pgnfiles.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* nftw passes no context to its callback: the list being built (one walk at a time). */
static tool_files *walking;
static size_t walking_cap;

static int collect(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
    (void)sb;
    (void)ftw;
    size_t n = strlen(path);
    if (type != FTW_F || n <= 4 || strcmp(path + n - 4, ".pgn"))
        return 0;
    if (walking->n == walking_cap) {
        walking_cap = walking_cap ? walking_cap * 2 : 1024;
        char **p = realloc(walking->path, walking_cap * sizeof *p);
        if (!p)
            abort();
        walking->path = p;
    }
    if (!(walking->path[walking->n++] = strdup(path)))
        abort();
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int tool_pgn_files(const char *root, tool_files *out)
{
    out->path = NULL;
    out->n = 0;
    walking = out;
    walking_cap = 0;
    int rc = nftw(root, collect, 16, FTW_PHYS);
    walking = NULL;
    if (rc != 0) {
        tool_files_free(out);
        return -1;
    }
    if (out->n)
        qsort(out->path, out->n, sizeof *out->path, cmp_str);
    return 0;
}

void tool_files_free(tool_files *f)
{
    for (size_t i = 0; i < f->n; i++)
        free(f->path[i]);
    free(f->path);
    f->path = NULL;
    f->n = 0;
}

char *tool_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 14, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}
