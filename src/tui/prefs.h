/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — keeping what the player changes (notation, glyphs, coordinates, the new-game
 * choices) in the settings file, so it is in force at the next start. */
#ifndef COTUONG_TUI_PREFS_H
#define COTUONG_TUI_PREFS_H

#include "tui/controller.h"

/* Writes the current value of setting `name` ("notation", "glyphs", "coords", "ai_level",
 * "rules") to $XDG_CONFIG_HOME/cotuong/config; a failure is shown in the status line. */
void tui_prefs_save(ctl *c, const char *name);

#endif
