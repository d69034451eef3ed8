/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the trainer's files: the search order and read of the exercise set, and the
 * progress file (a small text file, rewritten whole and atomically after every attempt). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sys/datafile.h"
#include "sys/exercises.h"
#include "sys/readall.h"
#include "sys/savefile.h"
#include "sys/xmalloc.h"


#define PROGRESS_MAGIC "cotuong-train-progress 1"

static int load_one(const char *path, ct_exset *set, char *err, size_t errlen)
{
    size_t len;
    char *bytes = readall_path(path, READALL_MAX_BYTES, &len);
    if (!bytes) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    ct_status st = ct_exset_read(bytes, len, set);
    free(bytes);
    if (st != CT_OK) {
        snprintf(err, errlen, "%s: %s", path,
                 st == CT_ERR_FULL ? "out of memory"
                                   : "not an exercise set of this version, or damaged");
        return -1;
    }
    return 0;
}

int sys_exercises_load(const char *path, ct_exset *set, char *err, size_t errlen)
{
    set->n = 0;
    set->ex = NULL;
    if (path)
        return load_one(path, set, err, errlen);
    const char *env = getenv("COTUONG_EXERCISES");
    if (env && *env)
        return load_one(env, set, err, errlen);
    char found[PATH_MAX];
    if (sys_data_find("ccpd-exercises.txt", found, sizeof found))
        return load_one(found, set, err, errlen);
    snprintf(err, errlen, "the exercises are not installed (%s); set "
             "COTUONG_EXERCISES to their path", found);
    return -1;
}

/* ---------------------------------------------------------------- progress */
static sys_ex_progress *entry(sys_train_progress *p, const char *id, bool create)
{
    for (int i = 0; i < p->n; i++)
        if (!strcmp(p->items[i].id, id))
            return &p->items[i];
    if (!create || strlen(id) >= sizeof p->items[0].id)
        return NULL;
    if (p->n == p->cap) {
        int cap = p->cap ? p->cap * 2 : 64;
        p->items = xrealloc(p->items, (size_t)cap * sizeof *p->items);
        p->cap = cap;
    }
    sys_ex_progress *e = &p->items[p->n++];
    memset(e, 0, sizeof *e);
    memcpy(e->id, id, strlen(id) + 1);
    return e;
}

static bool small_int(long v)
{
    return v >= 0 && v <= 99999999;
}

int sys_train_progress_load(sys_train_progress *p, const char *path, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    if (path)
        snprintf(p->path, sizeof p->path, "%s", path);
    else if (savefile_state_dir(p->path, sizeof p->path - 8) == 0)
        strcat(p->path, "/train");
    else
        p->path[0] = '\0';
    if (!p->path[0])
        return 0;
    char *text;
    size_t len;
    char e[4200];
    FILE *f = fopen(p->path, "rb");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, errlen, "%s: %s", p->path, strerror(errno));
        p->path[0] = '\0'; /* never write over a file we could not read */
        return -1;
    }
    fclose(f);
    if (savefile_read(p->path, SAVEFILE_MAX_BYTES, &text, &len, e, sizeof e) != 0) {
        snprintf(err, errlen, "%s", e);
        p->path[0] = '\0';
        return -1;
    }
    /* One record per line; anything that does not parse is skipped, so a file from a newer
     * version or with a damaged line still gives what it can. */
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char id[32];
        long a, b, c;
        if (sscanf(line, "streak %ld %ld", &a, &b) == 2 && small_int(a) && small_int(b)) {
            p->streak = (int)a;
            p->best_streak = (int)b;
        } else if (sscanf(line, "ex %31s %ld %ld %ld", id, &a, &b, &c) == 4 && small_int(a) &&
                   small_int(b) && small_int(c) &&
                   strspn(id, "abcdefghijklmnopqrstuvwxyz0123456789") == strlen(id)) {
            sys_ex_progress *x = entry(p, id, true);
            if (x) {
                x->solved = (int)a;
                x->failed = (int)b;
                x->last_day = (int)c;
            }
        }
    }
    free(text);
    return 0;
}

void sys_train_progress_free(sys_train_progress *p)
{
    free(p->items);
    p->items = NULL;
    p->n = p->cap = 0;
}

const sys_ex_progress *sys_train_progress_get(const sys_train_progress *p, const char *id)
{
    return entry((sys_train_progress *)p, id, false);
}

static int save(const sys_train_progress *p, char *err, size_t errlen)
{
    if (!p->path[0])
        return 0;
    size_t cap = 128 + (size_t)p->n * 64, n = 0;
    char *buf = xmalloc(cap);
    n += (size_t)snprintf(buf + n, cap - n, "%s\nstreak %d %d\n", PROGRESS_MAGIC, p->streak,
                          p->best_streak);
    for (int i = 0; i < p->n; i++)
        n += (size_t)snprintf(buf + n, cap - n, "ex %s %d %d %d\n", p->items[i].id,
                              p->items[i].solved, p->items[i].failed, p->items[i].last_day);
    int rc = savefile_write_atomic(p->path, buf, n, err, errlen);
    free(buf);
    return rc;
}

int sys_train_progress_record(sys_train_progress *p, const char *id, bool solved, bool clean,
                              int day, char *err, size_t errlen)
{
    sys_ex_progress *x = entry(p, id, true);
    if (x) {
        if (solved)
            x->solved++;
        else
            x->failed++;
        x->last_day = day;
    }
    if (solved && clean) {
        p->streak++;
        if (p->streak > p->best_streak)
            p->best_streak = p->streak;
    } else {
        p->streak = 0;
    }
    return save(p, err, errlen);
}

int sys_train_today(void)
{
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    return (tm.tm_year + 1900) * 10000 + (tm.tm_mon + 1) * 100 + tm.tm_mday;
}

int sys_train_of_day(const ct_exset *set, int day)
{
    return ct_ex_of_day(set->n, day / 10000, day / 100 % 100, day % 100);
}
