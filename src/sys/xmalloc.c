/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — allocation that cannot fail: out of memory ends the program with a message. */
#include "sys/xmalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *check(void *p)
{
    if (!p) {
        fputs("cotuong: out of memory\n", stderr);
        abort();
    }
    return p;
}

void *xmalloc(size_t size)
{
    return check(malloc(size ? size : 1));
}

void *xcalloc(size_t n, size_t size)
{
    return check(calloc(n ? n : 1, size ? size : 1));
}

void *xrealloc(void *p, size_t size)
{
    return check(realloc(p, size ? size : 1));
}

char *xstrdup(const char *s)
{
    return check(strdup(s ? s : ""));
}
