/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — OSC 52 clipboard: base64-encodes the text and writes the escape sequence to
 * the terminal, wrapped in tmux's passthrough when running inside tmux. */
#include "sys/clipboard.h"
#include "sys/xmalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *clipboard_base64(const char *data, size_t len)
{
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const unsigned char *s = (const unsigned char *)data;
    char *out = xmalloc((len + 2) / 3 * 4 + 1), *o = out;
    size_t i = 0;
    for (; i + 2 < len; i += 3) {
        unsigned long v = (unsigned long)s[i] << 16 | (unsigned long)s[i + 1] << 8 | s[i + 2];
        *o++ = alphabet[v >> 18 & 63];
        *o++ = alphabet[v >> 12 & 63];
        *o++ = alphabet[v >> 6 & 63];
        *o++ = alphabet[v & 63];
    }
    if (i < len) {
        unsigned long v = (unsigned long)s[i] << 16 | (i + 1 < len ? (unsigned long)s[i + 1] << 8 : 0);
        *o++ = alphabet[v >> 18 & 63];
        *o++ = alphabet[v >> 12 & 63];
        *o++ = i + 1 < len ? alphabet[v >> 6 & 63] : '=';
        *o++ = '=';
    }
    *o = '\0';
    return out;
}

char *clipboard_osc52(const char *data, size_t len, bool tmux)
{
    char *b64 = clipboard_base64(data, len);
    size_t n = strlen(b64);
    /* "ESC P tmux;" + "ESC ESC ] 52;c;" + b64 + BEL + "ESC \" */
    char *out = xmalloc(n + 32), *o = out;
    if (tmux) {
        memcpy(o, "\033Ptmux;\033", 8);
        o += 8;
    }
    memcpy(o, "\033]52;c;", 7);
    o += 7;
    memcpy(o, b64, n);
    o += n;
    *o++ = '\a';
    if (tmux) {
        memcpy(o, "\033\\", 2);
        o += 2;
    }
    *o = '\0';
    free(b64);
    return out;
}

int clipboard_copy(const char *data, size_t len, char *err, size_t errsize)
{
    if (len > CLIPBOARD_MAX_BYTES) {
        snprintf(err, errsize, "too large for the terminal clipboard (%zu bytes; the limit is %d)",
                 len, CLIPBOARD_MAX_BYTES);
        return -1;
    }
    const char *tmux = getenv("TMUX");
    char *seq = clipboard_osc52(data, len, tmux && *tmux);
    int fd = open("/dev/tty", O_WRONLY | O_NOCTTY);
    if (fd < 0) {
        snprintf(err, errsize, "/dev/tty: %s", strerror(errno));
        free(seq);
        return -1;
    }
    size_t left = strlen(seq);
    const char *p = seq;
    int r = 0;
    while (left > 0) {
        ssize_t w = write(fd, p, left);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            snprintf(err, errsize, "/dev/tty: %s", strerror(errno));
            r = -1;
            break;
        }
        p += w;
        left -= (size_t)w;
    }
    close(fd);
    free(seq);
    return r;
}
