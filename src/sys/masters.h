/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — finding and loading the master-games index (assets/ccpd-masters.idx) for the
 * explorer, the opening names and the master book: the file is read whole into memory and
 * handed to the core's validating reader. */
#ifndef COTUONG_SYS_MASTERS_H
#define COTUONG_SYS_MASTERS_H

#include <stddef.h>

#include "cotuong/explorer.h"
#include "cotuong/record.h"

typedef struct sys_masters {
    void *bytes;       /* the image (owned) */
    size_t len;
    ct_explorer *x;    /* reader over bytes */
    char path[4096];   /* where it was found */
} sys_masters;

/* Loads the index from path, or when path is NULL from $COTUONG_MASTERS, DATADIR/ccpd-masters.idx
 * or ./assets/ccpd-masters.idx (the first that exists). Returns NULL with a message in err
 * (naming the file and the reason: missing, unreadable, damaged). */
sys_masters *sys_masters_load(const char *path, char *err, size_t errlen);
void sys_masters_free(sys_masters *m);

/* Gives r the tags [ECCO "C93"] and [Opening "中炮對屏風馬"] (the code's group name in
 * Chinese, as xqbase-style files write it), each only when r does not already carry it
 * with a value, classifying the main line through the index (the name of a game that
 * already has an ECCO code is the name of that code). A game from another start
 * position (FEN), without moves or unknown to the index is left alone. Returns how many
 * tags were added (0..2); -1 when memory ran out. */
int sys_masters_tag_opening(const sys_masters *m, ct_record *r);

#endif
