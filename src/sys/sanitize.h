/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the one sanitizer for text that comes from files (PGN tags and comments, XQF
 * strings, config values) before any of it reaches the terminal or standard output.
 *
 * Every view, `cotuong review`, `cotuong analyse` and `cotuong diagram` pass such text
 * through sanitize_text(), so that no file can write control characters or terminal escape
 * sequences (ESC, CSI, OSC, DCS, 8-bit C1 codes) to the user's terminal. */
#ifndef COTUONG_APP_SANITIZE_H
#define COTUONG_APP_SANITIZE_H

#include <stddef.h>

enum {
    SANITIZE_KEEP_NEWLINE = 1, /* keep '\n' (multi-line comments); otherwise it becomes ' ' */
    SANITIZE_ASCII = 2,        /* output ASCII only: every non-ASCII character becomes '?' */
};

/* Copies the UTF-8 text in[0..len) into out (always NUL-terminated when size > 0) with:
 *   - C0 controls (U+0000..U+001F) and DEL (U+007F) replaced by '?' (tab and, without
 *     SANITIZE_KEEP_NEWLINE, newline and carriage return become one space);
 *   - C1 controls (U+0080..U+009F), bidirectional overrides and isolates
 *     (U+202A..U+202E, U+2066..U+2069), and U+2028/U+2029 replaced by '?';
 *   - malformed UTF-8 (stray continuation bytes, overlong forms, surrogates, values above
 *     U+10FFFF, truncated sequences) replaced by U+FFFD ('?' with SANITIZE_ASCII).
 * Output is truncated at a character boundary when it does not fit. Returns the number of
 * bytes the whole result needs (excluding the NUL), like snprintf. */
size_t sanitize_text(char *out, size_t size, const char *in, size_t len, unsigned flags);

/* The same into a new heap string (free() it); in may be NULL (gives ""). Never NULL:
 * allocation failure is fatal. */
char *sanitize_dup(const char *in, unsigned flags);

#endif
