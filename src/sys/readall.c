/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — reading a whole input stream into memory, with a size cap (see readall.h). */
#include "sys/readall.h"
#include "sys/xmalloc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

char *readall_stream(FILE *f, size_t cap, size_t *len)
{
    size_t size = 65536, n = 0;
    char *buf = xmalloc(size + 1);
    for (;;) {
        if (n == size) {
            if (size >= cap) {
                free(buf);
                errno = EFBIG;
                return NULL;
            }
            buf = xrealloc(buf, size * 2 + 1);
            size *= 2;
        }
        size_t got = fread(buf + n, 1, size - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                int e = errno ? errno : EIO;
                free(buf);
                errno = e;
                return NULL;
            }
            break;
        }
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

char *readall_path(const char *path, size_t cap, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = readall_stream(f, cap, len);
    int e = errno;
    fclose(f);
    errno = e;
    return buf;
}

void readall_report(FILE *f, const char *prog, const char *name, int e)
{
    if (e == EFBIG)
        fprintf(f, "%s: %s: larger than %zu MiB, the limit for a game file\n", prog, name,
                READALL_MAX_BYTES >> 20);
    else
        fprintf(f, "%s: %s: %s\n", prog, name, strerror(e ? e : ENOMEM));
}
