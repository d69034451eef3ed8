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

#endif
