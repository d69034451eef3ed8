/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the loop shared by `cotuong host`, `join` and `watch`: the game model with the
 * other side's seat remote, the link polled with the terminal, the board printed after
 * every move, commands read a line at a time. */
#ifndef COTUONG_CLI_NETPLAY_H
#define COTUONG_CLI_NETPLAY_H

#include <stdbool.h>

#include "game/game.h"
#include "game/netgame.h"
#include "game/remote.h"
#include "cotuong/notation.h"

typedef struct {
    bool ascii;          /* ASCII board */
    ct_notation notation;
    const char *save_as; /* PGN file written when the game ends or stops ("" = none) */
    const char *notation_name; /* --notation as given, or NULL */
    bool ascii_given;    /* --ascii */
    bool line;           /* --line: line mode even on a terminal */
    int grace_s;         /* host --grace SECONDS (0: the default) */
} netplay_options;

/* The full-screen mode is for a terminal on both standard streams, unless --line. */
bool netplay_full_screen(const netplay_options *opt);
/* The same from the arguments, before they are read: when false the command wraps its
 * standard streams with the sanitizer at once (sanitize_stdio), as every printing command. */
bool netplay_screen_wanted(int argc, char **argv);

/* Runs the game until it ends and the user quits, or the link ends. For the host, setup is
 * the game offered (resumed moves already in g when not NULL); for a joiner, NULL. Takes
 * ownership of r. Returns the exit status. */
int netplay_run(remote *r, const game_setup *setup, const ct_record *resumed,
                const netplay_options *opt);

/* Options shared by the commands: --lobby DIR, --ascii, --notation N, --pgn FILE, --line. Returns
 * how many arguments it took at argv[i] (0: not one of them, -1: a value is missing). */
int netplay_common_option(int argc, char **argv, int i, const char **lobby,
                          netplay_options *opt);

#endif
