/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the settings file ($XDG_CONFIG_HOME/cotuong/config, see assets/config.example
 * and cotuong(6); this header is not named config.h, which is configure's): `name = value` lines, '#' comments. Unknown names and bad values are
 * reported as "FILE:LINE: message" and otherwise ignored; the defaults stay in force. */
#ifndef COTUONG_APP_SETTINGS_H
#define COTUONG_APP_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "cotuong/notation.h"

#define CONFIG_MAX_KEYS 64
#define CONFIG_MAX_MESSAGES 16

/* One key binding: `key.ACTION = KEY`, both as written ("undo", "C-z"). The interface turns
 * them into a request and a key code (sys knows no screen). */
typedef struct {
    char action[32];
    char key[16];
} config_key;

/* What the interface accepts in a binding, injected before parsing so that a bad one is
 * reported with its line: action_known("undo"), key_known("C-z"). A NULL rule (or no rules)
 * accepts every action, or every non-empty key name. */
typedef struct {
    bool (*action_known)(const char *action);
    bool (*key_known)(const char *key);
} config_keyrules;

typedef struct {
    ct_notation notation;  /* notation = vi | vi-long | wxf | zh | zh-hant | iccs | coord */
    char rules[16];        /* rules = online | asian | vn2004 | casual (ct_rules_from_name) */
    int ai_level;          /* ai_level = 1..10 */
    char glyphs[8];        /* glyphs = han | vi | wxf | ascii */
    char theme[16];        /* theme = auto | dark | light | mono ("colour" = auto) */
    char language[8];      /* language = auto | vi | en */
    char time_control[32]; /* time_control = - | SECONDS[+INCREMENT] (PGN style) */
    int autoplay_ms;       /* review_speed = 100..60000 (ms per move when auto-playing) */
    int analysis_ms;       /* analysis_time = 100..600000 (ms per position when analysing) */
    int threads;           /* threads = 1..64 (search threads of analysis and hints) */
    bool clipboard;        /* clipboard = yes | no (OSC 52 copy) */
    bool coords;           /* coords = yes | no (the a-i / 0-9 labels) */
    bool bell;             /* bell = on | off (ring when the opponent has moved or checks) */
    bool mouse;            /* mouse = yes | no (clicks on the board and the menus) */
    config_key keys[CONFIG_MAX_KEYS]; /* one per action (compared ignoring case) */
    int nkeys;
    const config_keyrules *keyrules; /* set by the caller after config_defaults, or NULL */
    /* Which of the above the file set (the rest are defaults the program may choose). */
    bool notation_given, glyphs_given, language_given, rules_given, coords_given;
    /* Problems found, "FILE:LINE: message" (the first CONFIG_MAX_MESSAGES of nproblems). */
    char messages[CONFIG_MAX_MESSAGES][400];
    int nproblems;
} app_config;

/* The defaults (what an empty or missing file gives). */
void config_defaults(app_config *cfg);

/* Applies the settings text[0..len) named `file` (for messages) on top of cfg. Returns the
 * number of problems found. */
int config_parse(app_config *cfg, const char *file, const char *text, size_t len);

/* Loads path (NULL = the default path) on top of cfg. A missing file is not a problem;
 * an unreadable, binary or oversized one is (the message names the file). Returns the
 * number of problems. */
int config_load(app_config *cfg, const char *path);

/* Writing settings back. The file is edited, not regenerated: comments, unknown lines, their
 * order and the user's spacing stay; the line that sets `name` is replaced (the last one,
 * which is the one that counts), or the new line goes after a commented-out example
 * "#name = ...", or at the end.
 *
 * sys_settings_edit: the edited copy of text[0..len) (malloc'ed, NUL-terminated, its length
 * in *out_len), NULL when out of memory or the line would be longer than 600 bytes. */
char *sys_settings_edit(const char *text, size_t len, const char *name, const char *value,
                        size_t *out_len);
/* Sets name = value in the settings file path (NULL: $XDG_CONFIG_HOME/cotuong/config),
 * creating it, replacing it atomically (savefile_write_atomic: a crash leaves the old file or
 * the new one, never a mix). A file that cannot be read or holds binary data is left alone.
 * Returns 0, or -1 with "PATH: reason" in err. */
int sys_settings_set(const char *path, const char *name, const char *value, char *err,
                     size_t errsize);

#endif
