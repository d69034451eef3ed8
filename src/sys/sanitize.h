/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the one sanitizer for text that comes from files (PGN tags and comments, XQF
 * strings, config values), engines and peers before any of it reaches the terminal.
 *
 * Every view, `cotuong review`, `cotuong analyse` and `cotuong diagram` pass such text
 * through sanitize_text(), so that no file can write control characters or terminal escape
 * sequences (ESC, CSI, OSC, DCS, 8-bit C1 codes) to the user's terminal. */
#ifndef COTUONG_APP_SANITIZE_H
#define COTUONG_APP_SANITIZE_H

#include <stddef.h>

#include <stdbool.h>

#include "cotuong/notation.h"

enum {
    SANITIZE_KEEP_NEWLINE = 1, /* keep '\n' (multi-line comments); otherwise it becomes ' ' */
    SANITIZE_ASCII = 2,        /* output ASCII only: every non-ASCII character becomes '?' */
    SANITIZE_KEEP_LAYOUT = 4,  /* keep '\t' and '\r' too (a command's own progress lines) */
    SANITIZE_TRANSLIT = 8,     /* output ASCII, transliterated (sanitize_screen_dup) */
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

/* THE function for text on a screen (the TUI's draw code and every command): the
 * sanitizer above, and when the locale is not UTF-8 (LANG=C) a transliteration to ASCII
 * with libunistring's compatibility decomposition: diacritics go ("Pháo 2 bình 5" ->
 * "Phao 2 binh 5"), full-width forms become ASCII ("８" -> "8"), "đ" becomes "d", and each
 * run of characters without an ASCII form (Hán names) becomes the placeholder "<?>".
 * A new heap string (free() it); in may be NULL. flags: SANITIZE_KEEP_NEWLINE or 0. */
char *sanitize_screen_dup(const char *in, unsigned flags);

/* The notation to show moves in on this screen: when the locale cannot show Hán, the
 * Chinese notations fall back to WXF, their ASCII form (the same piece, file, direction
 * and number: 炮二平五 is C2.5); any other n is kept. */
ct_notation sanitize_notation(ct_notation n);

/* For the commands that print (not the full-screen ones): when standard output or
 * standard error is a terminal, every byte written to it from now on passes
 * sanitize_screen (newline, tab and CR kept), so no text from a file, an engine or a peer
 * can drive the terminal whatever path printed it. Files and pipes get the bytes as they
 * are (what cotuong writes into a PGN is clean already). */
void sanitize_stdio(void);

#endif
