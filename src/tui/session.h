/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — what the modes share about files and settings: the settings file applied at
 * start, the resume file read back (`--resume` and the start menu's offer) into the modes
 * it names, saving a game (asking before replacing a file), the path typed at a prompt,
 * opening a file into the review, copying through the terminal, and the hook that keeps
 * in-game toggles in the settings. No mode state lives here. */
#ifndef COTUONG_TUI_SESSION_H
#define COTUONG_TUI_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "sys/settings.h"
#include "tui/controller.h"
#include "cotuong/exercise.h"
#include "cotuong/record.h"

/* Reads the settings file and applies it to c (notation, rules, AI level, glyphs, colour,
 * clock, keys; the language is left in cfg for i18n_init). Problems go to stderr. */
void session_load_settings(ctl *c, app_config *cfg);

/* Opens what the resume file holds: the game, then a review above it. False with the
 * reason in err ("" when there is nothing). */
bool session_resume(ctl *c, char *err, size_t errsize);
/* In the start menu: asks whether to resume (y resumes). */
void session_offer_resume(ctl *c);

/* Whether path holds a cờ úp record ([Variant "Jieqi"]): true with its text in *text (the
 * caller frees it) and length; false when it does not or cannot be read (the standard
 * reader then says why). */
bool session_coup_file(const char *path, char **text, size_t *len);

/* The path the user means at a prompt that was prefilled with dir: a path typed after the
 * folder ("DIR//tmp/x.pgn", "DIR/~/x.pgn") is taken as typed; "~/" is the home folder. */
void session_typed_path(const char *dir, const char *text, char *out, size_t size);
/* The folder of saved games with a final '/', "" when unknown. */
void session_games_dir(char *buf, size_t size);
/* A new file name in the games folder for g, from its players' names. */
void session_new_game_path(const game *g, char *buf, size_t size);
bool session_file_exists(const char *path);
/* Writes g (tags filled) to path as PGN; status line says what happened. */
bool session_save_game(ctl *c, game *g, const char *path);
/* Saving under the name typed at a prompt (prefilled with the games folder): the path the
 * user means, then the one question "… exists. Replace it?" when another file is there
 * (current, the file the work came from, is no other file; NULL: none); write(c, st, path)
 * writes. Every screen that saves asks this way. */
void session_save_as(ctl *c, void *st, const char *typed, const char *current, ctl_write_fn write);
/* Asks for a file to open (PGN or XQF) and opens it in a review above the current mode. */
void session_open_prompt(ctl *c);

/* Copies the game (PGN, notation of the settings) or the position (FEN) through the
 * terminal (OSC 52); the status line says what happened. */
void session_copy(ctl *c, const ct_record *rec, const ct_pos *pos, bool whole_game);

/* A view setting changed in a game (n, g, c, f): kept in the settings file when the
 * settings module can write it. */
void session_setting_changed(ctl *c, const char *name);

/* The trainer's texts that the start menu and the trainer share: the goal of an exercise
 * in the interface language ("Red to move, mate in 3"), and "Puzzle of the day: m7, Red to
 * move, mate in 3" ("" when the exercises are not installed). */
void session_train_goal_text(const ct_exercise *ex, char *buf, size_t size);
void session_train_daily_line(char *buf, size_t size);

#endif
