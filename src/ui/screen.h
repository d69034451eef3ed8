/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — opening and closing the curses screen, with one exit path that always restores
 * the terminal: atexit, and sys/signals.c's handler (SIGINT/SIGTERM/SIGHUP set the flag the
 * main loop reads; a second one or a crash calls the screen's signal-safe restore). */
#ifndef COTUONG_UI_SCREEN_H
#define COTUONG_UI_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

/* Opens the screen (stdscr), keypad, no echo, mouse, colours. Returns false when the
 * terminal cannot be opened (the reason is printed on stderr). */
bool ui_screen_open(bool colour, bool mouse);
/* Asks the terminal where the cursor lands after printing a wide glyph (a cursor position
 * report, before the screen is opened). Returns 1 when the glyph took two columns, 0 when
 * it took one (the terminal cannot show wide glyphs: use the ASCII board), -1 when the
 * terminal did not answer within timeout_ms. */
int ui_probe_wide_glyphs(int timeout_ms);
/* The columns a box-drawing line (East-Asian ambiguous width) takes on this terminal: 1, or
 * 2 on terminals set to draw ambiguous characters wide; -1 when it does not answer. */
int ui_probe_box_width(int timeout_ms);
/* Sends query to the terminal (before the screen is opened) and returns its reply in
 * reply[0..size) (NUL-terminated): the bytes that came before the answer to a Device
 * Attributes request sent after it, or whatever came within timeout_ms. Returns the reply's
 * length, -1 when there is no terminal. */
int ui_terminal_query(const char *query, char *reply, size_t size, int timeout_ms);
/* The bell when the opponent (the AI, an engine) has moved: off unless enabled (the setting
 * bell = on). */
void ui_screen_bell_enable(bool on);
void ui_screen_bell(void);
/* Restores the terminal; safe to call twice and from atexit. */
void ui_screen_close(void);

#endif
