/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the core's growable text (internal to src/core): what the PGN writers build a
 * file in. Out of memory is remembered (oom) and every later write is dropped, so a writer
 * checks once at the end. */
#ifndef COTUONG_CORE_TEXTBUF_H
#define COTUONG_CORE_TEXTBUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *s;   /* NUL-terminated, malloc'd (the caller frees it), NULL before the first write */
    size_t n;  /* bytes written */
    size_t cap;
    bool oom;
    int col;   /* bytes since the last newline */
} ct_textbuf;

void ct_textbuf_put(ct_textbuf *b, const char *s, size_t n);
void ct_textbuf_puts(ct_textbuf *b, const char *s);
/* A PGN tag pair line, [Name "value"]: quotes and backslashes escaped, and nothing that
 * drives a terminal (C0, DEL, C1 controls) reaches the file: each becomes a space. */
void ct_textbuf_tag(ct_textbuf *b, const char *name, const char *value);

#endif
