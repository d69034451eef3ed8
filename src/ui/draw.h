/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — drawing helpers shared by the views: every string is measured with libunistring
 * (never assuming a glyph's width) and clipped to the room it is given. */
#ifndef COTUONG_UI_DRAW_H
#define COTUONG_UI_DRAW_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

#include "ui/theme.h"

/* A text prompt's cursor inside a drawn string: the character after this mark (U+E000, a
 * private-use code point the line editor never lets into the text) is drawn in reverse
 * video; the mark itself takes no room. */
#define UI_CURSOR_UC 0xE000
#define UI_CURSOR_MARK "\xee\x80\x80"

/* Display width of a UTF-8 string (invalid bytes count 1). */
int ui_strwidth(const char *s);
/* Draws s at (y, x) in role, at most maxw columns; text that does not fit is cut at a
 * character boundary and ends in "…" ("..." when the locale is not UTF-8; in a room no
 * wider than that, as much of the ellipsis as fits, no text). Returns the columns used.
 * maxw < 0: to the window's edge. */
int ui_put(WINDOW *w, int y, int x, int maxw, ui_role role, const char *s);
/* The same with extra attributes or'ed in. */
int ui_put_attr(WINDOW *w, int y, int x, int maxw, attr_t attr, const char *s);
/* Like ui_put, then blanks the rest up to maxw columns. */
int ui_put_pad(WINDOW *w, int y, int x, int maxw, ui_role role, const char *s);
/* Centres s in [x, x + width). */
int ui_put_centre(WINDOW *w, int y, int x, int width, ui_role role, const char *s);
/* Blanks a rectangle. */
void ui_clear_rect(WINDOW *w, int y, int x, int h, int wd);
/* Word-wraps s into lines of at most width columns (a path breaks after a slash), drawing
 * from row y; at most maxlines, the last ending in an ellipsis when text remains. Returns the
 * rows used; w NULL: only counts them. */
int ui_put_wrapped(WINDOW *w, int y, int x, int width, int maxlines, ui_role role,
                   const char *s);
/* Draws s wrapped on the rows that end at row bottom (a panel filled from the bottom up):
 * the rows it needs, at most maxrows. Returns the rows used (0 for an empty s). */
int ui_put_above(WINDOW *w, int bottom, int x, int width, int maxrows, ui_role role,
                 const char *s);
/* The same for a status message: when it is cut, its last row ends in "… [!]", the key of
 * the messages screen that shows it whole. */
int ui_put_status(WINDOW *w, int bottom, int x, int width, int maxrows, ui_role role,
                  const char *s);
/* The rows ui_put_wrapped needs for all of s in width columns. */
int ui_wrap_rows(const char *s, int width);
/* True when the locale's codeset is UTF-8. */
bool ui_locale_is_utf8(void);

#endif
