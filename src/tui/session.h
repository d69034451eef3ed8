/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — ties the saved-games modules to the game controller: the settings file applied
 * at start, the resume file rewritten after every move (and once more on SIGHUP, SIGTERM,
 * SIGINT before the terminal is restored), `--resume` and the start-up offer to resume,
 * finished games saved automatically in the games folder, and the save/open hooks. */
#ifndef COTUONG_APP_SESSION_H
#define COTUONG_APP_SESSION_H

#include <stdbool.h>

#include "tui/controller.h"
#include "sys/settings.h"
#include "cotuong/record.h"

/* Installs ctl_save_hooks (save, open, emergency_save, game_changed). */
void session_install(void);

/* Reads the settings file and applies it to c (notation, rules, AI level, glyphs, colour,
 * language is returned in cfg for i18n_init, keys). Problems go to stderr as FILE:LINE. */
void session_load_settings(ctl *c, app_config *cfg);

/* Loads the interrupted game into c->game (moves, clocks, rule set, players, notation).
 * Returns true when a game was resumed; otherwise err says why ("" when there is none). */
bool session_resume(ctl *c, char *err, size_t errsize);
/* True when the resume file holds an unfinished game with at least one move. */
bool session_resume_waiting(void);
/* In the start menu: asks whether to resume the interrupted game (y resumes it). */
void session_offer_resume(ctl *c);

/* The current game as a record (tags: Event, Date, Red, Black, Rules, TimeControl, player
 * specs, Notation; result and termination). Free with ct_record_free. */
void session_game_record(const ctl *c, ct_record *r);

/* Copies the current game as PGN (game true) or the position as FEN to the clipboard
 * through the terminal (OSC 52); the result goes to the status line. */
void session_copy(ctl *c, bool game);
/* False when the settings say clipboard = no. */
bool session_clipboard_allowed(void);

#endif
