/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong fuzz target — the hosted game's line protocol (src/game/proto.c). The bytes go
 * through the line reader (first byte: how they are split into feeds and how fast the lines
 * come) as a peer would send them. Every message the reader accepts must format again; the
 * formatted line must hold no control byte, fit the line limit, and read back into a message
 * that formats to the same line (one pass reaches the fixed point). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "game/proto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_message(const proto_msg *m)
{
    char line[PROTO_LINE_MAX + 1], again[PROTO_LINE_MAX + 1];
    int n = proto_format(m, line, sizeof line);
    if (n < 0)
        __builtin_trap(); /* what the parser accepts, the formatter writes */
    if (n == 0 || n > PROTO_LINE_MAX || line[n - 1] != '\n' || strlen(line) != (size_t)n)
        __builtin_trap();
    for (int i = 0; i < n - 1; i++)
        if ((unsigned char)line[i] < 0x20 || line[i] == 0x7f)
            __builtin_trap();
    proto_msg back;
    char err[128];
    if (proto_parse(line, (size_t)n - 1, &back, err, sizeof err) != 0)
        __builtin_trap();
    if (back.type != m->type)
        __builtin_trap();
    int n2 = proto_format(&back, again, sizeof again);
    if (n2 != n || memcmp(line, again, (size_t)n) != 0)
        __builtin_trap();
    if (memchr(err, 0, sizeof err) == NULL)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4 * PROTO_READER_BUF)
        return 0;
    unsigned mode = data[0];
    data++;
    size--;
    /* 1. The parser alone on the whole input as one line. */
    proto_msg m;
    char err[128];
    if (proto_parse((const char *)data, size, &m, err, sizeof err) == 0)
        check_message(&m);
    else if (memchr(err, 0, sizeof err) == NULL || err[0] == 0)
        __builtin_trap();

    /* 2. The reader, fed in chunks of 1..16 bytes, lines 0..7 ms apart. */
    proto_reader r;
    proto_reader_init(&r, 1 + (int)(mode & 3) * 8, 50);
    size_t chunk = 1 + ((mode >> 2) & 15);
    int64_t now = 0, step = (mode >> 6) * 2;
    size_t off = 0;
    int lines = 0;
    while (off < size) {
        size_t want = size - off < chunk ? size - off : chunk;
        size_t took = proto_reader_feed(&r, (const char *)data + off, want);
        off += took;
        int rc;
        while ((rc = proto_reader_next(&r, &m, now)) == 1) {
            check_message(&m);
            lines++;
            now += step;
        }
        if (rc < 0) {
            if (!r.failed || r.why[0] == 0)
                __builtin_trap();
            break;
        }
        if (took == 0 && rc == 0)
            __builtin_trap(); /* a full buffer without a line must have failed */
    }
    if (r.len > PROTO_READER_BUF)
        __builtin_trap();
    return 0;
}
