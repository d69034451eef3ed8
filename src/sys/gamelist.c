/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the Open list: the .pgn/.xqf files of the games folder with the tags of their
 * first game. Only the head of each file is read, cut before the first move text, and handed
 * to the core's PGN reader, so a folder of long games lists fast and no second PGN parser
 * exists. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cotuong/pgn.h"
#include "cotuong/record.h"
#include "cotuong/rules.h"
#include "sys/gamelist.h"
#include "sys/sanitize.h"
#include "sys/xmalloc.h"

static void copy_clean(char *dst, size_t size, const char *src)
{
    char *s = sanitize_dup(src ? src : "", 0);
    snprintf(dst, size, "%s", s ? s : "");
    free(s);
}

static bool has_ext(const char *name, const char *ext)
{
    size_t n = strlen(name), e = strlen(ext);
    return n > e && !strcasecmp(name + n - e, ext);
}

static void sys_gamelist_read_tags(sys_game_entry *e)
{
    if (has_ext(e->path, ".xqf")) /* binary: the file name says it */
        return;
    int fd = open(e->path, O_RDONLY | O_NONBLOCK);
    if (fd < 0)
        return;
    char buf[SYS_GAMELIST_HEAD + 1];
    ssize_t got = read(fd, buf, SYS_GAMELIST_HEAD);
    close(fd);
    if (got <= 0)
        return;
    size_t len = (size_t)got;
    /* The tag section: from the first '[' line to the first line that is not a tag. Lines
     * of tags only make a game with no moves for the reader. */
    size_t i = 0, end = 0;
    bool in_tags = false;
    while (i < len) {
        size_t eol = i;
        while (eol < len && buf[eol] != '\n')
            eol++;
        size_t k = i;
        while (k < eol && (buf[k] == ' ' || buf[k] == '\t' || buf[k] == '\r'))
            k++;
        if (k < eol && buf[k] == '[') {
            in_tags = true;
            end = eol;
        } else if (in_tags && k < eol) {
            break; /* the move text */
        }
        if (eol >= len && in_tags && end == eol)
            end = i > 0 ? i - 1 : 0; /* a tag line cut by the head: leave it out */
        i = eol + 1;
    }
    if (!in_tags || !end)
        return;
    ct_record *games = NULL;
    int ngames = 0;
    ct_pgn_error err;
    if (ct_pgn_read(buf, end, CT_ENC_AUTO, &games, &ngames, NULL, &err) != CT_OK)
        return;
    const ct_record *r = &games[0];
    copy_clean(e->red, sizeof e->red, ct_record_tag(r, "Red"));
    copy_clean(e->black, sizeof e->black, ct_record_tag(r, "Black"));
    snprintf(e->result, sizeof e->result, "%s", ct_result_string(r->result));
    copy_clean(e->date, sizeof e->date, ct_record_tag(r, "Date"));
    copy_clean(e->event, sizeof e->event, ct_record_tag(r, "Event"));
    e->ngames = ngames;
    ct_pgn_free_games(games, ngames);
}

static int newest_first(const void *a, const void *b)
{
    const sys_game_entry *x = a, *y = b;
    if (x->mtime != y->mtime)
        return x->mtime > y->mtime ? -1 : 1;
    return strcmp(x->name, y->name);
}

int sys_gamelist_scan(const char *dir, int max, sys_game_entry **out, int *n)
{
    *out = NULL;
    *n = 0;
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int cap = 0;
    sys_game_entry *list = NULL;
    struct dirent *de;
    while ((de = readdir(d))) {
        const char *name = de->d_name;
        if (name[0] == '.' || !(has_ext(name, ".pgn") || has_ext(name, ".xqf")))
            continue;
        sys_game_entry e = {0};
        int pl = snprintf(e.path, sizeof e.path, "%s%s%s", dir,
                          dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/", name);
        struct stat st;
        if (pl < 0 || (size_t)pl >= sizeof e.path || stat(e.path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        e.mtime = st.st_mtime;
        copy_clean(e.name, sizeof e.name, name);
        if (*n == cap) {
            cap = cap ? 2 * cap : 32;
            list = xrealloc(list, (size_t)cap * sizeof *list);
        }
        list[(*n)++] = e;
    }
    closedir(d);
    /* Newest first; only the shown ones are opened. */
    if (*n > 1)
        qsort(list, (size_t)*n, sizeof *list, newest_first);
    if (*n > max)
        *n = max;
    for (int i = 0; i < *n; i++)
        sys_gamelist_read_tags(&list[i]);
    *out = list;
    return 0;
}
