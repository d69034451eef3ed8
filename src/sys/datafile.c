/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — finding the data files: the installed DATADIR, then the folders beside the
 * executable (../share/cotuong, a source tree's ../assets), then ./assets. */
#include "sys/datafile.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef DATADIR
#define DATADIR "/usr/local/share/cotuong"
#endif

bool sys_exe_dir(char *out, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return false;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = 0;
    int len = snprintf(out, size, "%s", exe);
    return len > 0 && (size_t)len < size;
}

static bool readable(const char *path)
{
    return access(path, R_OK) == 0;
}

bool sys_data_find(const char *name, char *out, size_t size)
{
    int len = snprintf(out, size, "%s/%s", DATADIR, name);
    if (len > 0 && (size_t)len < size && readable(out))
        return true;
    char dir[PATH_MAX];
    if (sys_exe_dir(dir, sizeof dir)) {
        /* bin/cotuong of a tree installed elsewhere than DATADIR says, then a clone's
         * build/cotuong beside the source tree's assets/. */
        const char *rel[] = {"../share/cotuong", "../assets"};
        for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
            len = snprintf(out, size, "%s/%s/%s", dir, rel[i], name);
            if (len > 0 && (size_t)len < size && readable(out))
                return true;
        }
    }
    len = snprintf(out, size, "assets/%s", name);
    if (len > 0 && (size_t)len < size && readable(out))
        return true;
    snprintf(out, size, "%s/%s", DATADIR, name);
    return false;
}
