/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — reading input events (keys, mouse, resize) from curses as requests. */
#ifndef COTUONG_UI_INPUT_H
#define COTUONG_UI_INPUT_H

#include <curses.h>
#include <stdbool.h>

#include "ui/requests.h"

/* Waits up to timeout_ms (-1 = forever) for one event, mapped through the key table of group g
 * (the wheel included). Returns false on timeout. Printable
 * characters without a binding come as REQ_TEXT; every event keeps its raw key in ev->key so
 * a text prompt can take bound characters as text too. */
bool ui_input_read(WINDOW *w, int timeout_ms, ui_keygroup g, ui_event *ev);
/* Turns mouse reporting on (curses mouse + SGR 1006 reports) and off again. */
void ui_input_enable_mouse(void);
void ui_input_disable_mouse(void);
/* Bracketed paste on or off (xterm mode 2004): a paste then comes as REQ_PASTE_BEGIN, its
 * characters as keys, REQ_PASTE_END, so a screen can tell a pasted FEN from typed keys. The
 * screen's teardown turns it off. */
void ui_input_paste(bool on);

/* A source of input bytes for the decoder: next() gives the next byte of a sequence
 * (waiting briefly) or a negative value when none follows; unget() gives one back. */
typedef struct {
    int (*next)(void *ctx);
    void (*unget)(void *ctx, int c);
    void *ctx;
} ui_input_source;

/* Decodes what follows an ESC (a lone Esc, Esc then a key, an SGR mouse report or wheel,
 * another CSI sequence such as Home/End) into ev with the key table of group g: the
 * decoder behind ui_input_read, callable on any bytes (fuzz/fuzz_input.c). */
void ui_input_decode_escape(const ui_input_source *src, ui_keygroup g, ui_event *ev);

#endif
