/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — loads the master-games index: the search order of sys_masters_load, the read,
 * and the core's validation, with messages that name the file. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/datafile.h"
#include "sys/masters.h"
#include "sys/readall.h"
#include "sys/xmalloc.h"
#include "cotuong/ecco.h"


static sys_masters *load_one(const char *path, char *err, size_t errlen)
{
    size_t len;
    char *bytes = readall_path(path, READALL_MAX_BYTES, &len);
    if (!bytes) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    sys_masters *m = xcalloc(1, sizeof *m);
    ct_status st = ct_explorer_open(bytes, len, &m->x);
    if (st != CT_OK) {
        snprintf(err, errlen, "%s: %s", path,
                 st == CT_ERR_FULL ? "out of memory"
                                   : "not a master-games index of this version, or damaged");
        free(bytes);
        free(m);
        return NULL;
    }
    m->bytes = bytes;
    m->len = len;
    snprintf(m->path, sizeof m->path, "%s", path);
    return m;
}

sys_masters *sys_masters_load(const char *path, char *err, size_t errlen)
{
    if (path)
        return load_one(path, err, errlen);
    const char *env = getenv("COTUONG_MASTERS");
    if (env && *env)
        return load_one(env, err, errlen);
    char found[PATH_MAX];
    if (sys_data_find("ccpd-masters.idx", found, sizeof found))
        return load_one(found, err, errlen);
    snprintf(err, errlen, "the master-games index is not installed (%s); set "
             "COTUONG_MASTERS to its path", found);
    return NULL;
}

void sys_masters_free(sys_masters *m)
{
    if (!m)
        return;
    ct_explorer_free(m->x);
    free(m->bytes);
    free(m);
}

static bool has_tag(const ct_record *r, const char *name)
{
    const char *v = ct_record_tag(r, name);
    return v && *v;
}

int sys_masters_tag_opening(const sys_masters *m, ct_record *r)
{
    bool want_code = !has_tag(r, "ECCO"), want_name = !has_tag(r, "Opening");
    if (!m || r->has_fen || (!want_code && !want_name))
        return 0;
    ct_move mv[CT_EXPLORER_PLIES];
    int n = ct_record_main_line(r, mv, CT_EXPLORER_PLIES);
    if (n > CT_EXPLORER_PLIES)
        n = CT_EXPLORER_PLIES;
    /* A code the game already carries names the opening; else the moves decide. */
    int code = want_code ? (n > 0 ? ct_ecco_classify(m->x, mv, n) : CT_ECCO_NONE)
                         : ct_ecco_parse(ct_record_tag(r, "ECCO"));
    if (code == CT_ECCO_NONE)
        return 0;
    char text[4];
    ct_ecco_format(code, text);
    int added = 0;
    if (want_code) {
        if (ct_record_set_tag(r, "ECCO", text) != CT_OK)
            return -1;
        added++;
    }
    if (want_name) {
        if (ct_record_set_tag(r, "Opening", ct_ecco_name(code, CT_ECCO_ZH)) != CT_OK)
            return -1;
        added++;
    }
    return added;
}
