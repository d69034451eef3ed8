/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the one allocation wrapper of the layers above the core: running out of memory
 * is fatal here (a message on stderr, then abort), so callers never check. The core
 * returns CT_ERR_FULL instead and does not use these. */
#ifndef COTUONG_SYS_XMALLOC_H
#define COTUONG_SYS_XMALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);

#endif
