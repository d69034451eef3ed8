/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the trainer's files: finding and reading the exercise set
 * (assets/ccpd-exercises.txt) and the player's progress in $XDG_STATE_HOME/cotuong/train
 * (solved, failed, streak, per exercise), written atomically after every change so a kill
 * loses nothing that was shown. */
#ifndef COTUONG_SYS_EXERCISES_H
#define COTUONG_SYS_EXERCISES_H

#include <stdbool.h>
#include <stddef.h>

#include "cotuong/exercise.h"

/* Loads the set from path, or when path is NULL from $COTUONG_EXERCISES,
 * DATADIR/ccpd-exercises.txt or ./assets/ccpd-exercises.txt (the first that exists).
 * Returns 0, or -1 with a message naming the file in err. */
int sys_exercises_load(const char *path, ct_exset *set, char *err, size_t errlen);

/* The progress of one exercise. */
typedef struct {
    char id[16];
    int solved, failed; /* completed attempts; attempts that let the goal go or gave up */
    int last_day;       /* yyyymmdd of the last attempt, 0 never */
} sys_ex_progress;

typedef struct {
    int streak, best_streak; /* clean solves in a row (no refused move, hint or solution) */
    int n, cap;
    sys_ex_progress *items;
    char path[4096];         /* "" when there is no state directory */
} sys_train_progress;

/* Reads the progress file (a missing file is an empty progress; unreadable lines are
 * skipped). path NULL: $XDG_STATE_HOME/cotuong/train. Never fails: 0, or -1 when the file
 * exists but could not be read (err says why; the progress is then empty and is not saved
 * over the file). */
int sys_train_progress_load(sys_train_progress *p, const char *path, char *err, size_t errlen);
void sys_train_progress_free(sys_train_progress *p);
/* The entry of id (NULL when never tried). */
const sys_ex_progress *sys_train_progress_get(const sys_train_progress *p, const char *id);
/* Records an attempt's end: solved (clean: no refusal, hint or solution shown, which keeps
 * the streak going) or failed, on day yyyymmdd, and saves the file atomically. 0, or -1 with
 * err (the progress in memory is updated either way). */
int sys_train_progress_record(sys_train_progress *p, const char *id, bool solved, bool clean,
                              int day, char *err, size_t errlen);

/* Today's local date as yyyymmdd. */
int sys_train_today(void);
/* The index of the puzzle of day yyyymmdd in set (ct_ex_of_day), -1 when empty. */
int sys_train_of_day(const ct_exset *set, int day);

#endif
