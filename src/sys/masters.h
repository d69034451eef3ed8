/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — finding and loading the master-games index (assets/ccpd-masters.idx) for the
 * explorer, the opening names and the master book: the file is read whole into memory and
 * handed to the core's validating reader. */
#ifndef COTUONG_SYS_MASTERS_H
#define COTUONG_SYS_MASTERS_H

#include <stddef.h>

#include "cotuong/explorer.h"

typedef struct {
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

#endif
