/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — copying text (a game as PGN, a position as FEN) to the user's clipboard
 * through the terminal with OSC 52, which works over SSH; inside tmux the sequence is
 * wrapped in tmux's DCS passthrough (tmux needs `set -g allow-passthrough on`, or
 * `set -g set-clipboard on`, which handles OSC 52 itself). */
#ifndef COTUONG_APP_CLIPBOARD_H
#define COTUONG_APP_CLIPBOARD_H

#include <stdbool.h>
#include <stddef.h>

/* Terminals cap OSC 52 payloads (xterm ~100 kB by default); larger texts are refused. */
#define CLIPBOARD_MAX_BYTES 74000

/* Standard base64 of data into a new string (free() it). */
char *clipboard_base64(const char *data, size_t len);

/* The escape sequence that sets the clipboard to data: ESC ] 52 ; c ; BASE64 BEL; with
 * tmux true, ESC P tmux; (the same with every ESC doubled) ESC \. New string (free() it). */
char *clipboard_osc52(const char *data, size_t len, bool tmux);

/* Sends the sequence to the controlling terminal (/dev/tty), wrapped for tmux when $TMUX is
 * set. Returns 0, or -1 with a message in err (too large, no terminal). */
int clipboard_copy(const char *data, size_t len, char *err, size_t errsize);

#endif
