/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — standard input split into lines for the line modes: one read at a time into a
 * buffer, whole lines taken out of it in order. */
#include "cli/line_input.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

void line_input_init(line_input *in)
{
    in->len = 0;
    in->open = true;
}

void line_input_fill(line_input *in)
{
    if (in->len >= sizeof in->buf)
        return; /* a whole buffer without a newline: taken as a line first */
    ssize_t n = read(0, in->buf + in->len, sizeof in->buf - in->len);
    if (n > 0)
        in->len += (size_t)n;
    else if (n == 0 || (errno != EINTR && errno != EAGAIN))
        in->open = false;
}

bool line_input_take(line_input *in, char *out, size_t size)
{
    char *nl = memchr(in->buf, '\n', in->len);
    size_t n = nl ? (size_t)(nl - in->buf) : in->len;
    if (!nl && (n == 0 || (in->open && in->len < sizeof in->buf)))
        return false;
    size_t keep = n < size ? n : size - 1;
    memcpy(out, in->buf, keep);
    out[keep] = '\0';
    size_t used = nl ? n + 1 : n;
    memmove(in->buf, in->buf + used, in->len - used);
    in->len -= used;
    return true;
}
