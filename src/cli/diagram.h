/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — a position as a plain-text board (used by `cotuong diagram` and the copy
 * commands of the game and review screens). */
#ifndef COTUONG_APP_DIAGRAM_H
#define COTUONG_APP_DIAGRAM_H

#include <stdbool.h>
#include <stddef.h>

#include "cotuong/position.h"

/* Writes the board (Red at the bottom), the side to move and the FEN into out; ASCII
 * letters when ascii is true, else Hán glyphs with full-width spacing. Returns the length
 * (output is cut when size is too small; 4096 is always enough). */
size_t diagram_render(const ct_pos *pos, bool ascii, char *out, size_t size);
/* The board alone, the same way; plain (the line mode of `cotuong play`, read aloud by
 * screen readers): no river line, and each rank numbered on the Hán board too. */
size_t diagram_board(const ct_pos *pos, bool ascii, bool plain, char *out, size_t size);

/* True when the current locale's character set is UTF-8. */
bool diagram_locale_is_utf8(void);

#endif
