/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the loop shared by `cotuong host`, `join` and `watch`: the game model with the
 * other side's seat remote, the link polled with the terminal, the board printed after
 * every move, commands read a line at a time. */
#ifndef COTUONG_CLI_NETPLAY_H
#define COTUONG_CLI_NETPLAY_H

#include <stdbool.h>

#include "cli/options.h"
#include "game/game.h"
#include "game/netgame.h"
#include "game/remote.h"
#include "sys/lobby.h"
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

/* Runs the game until it ends and the user quits, or the link ends. For the host, setup is
 * the game offered (resumed moves already in g when not NULL); for a joiner, NULL. Takes
 * ownership of r. Returns the exit status. */
int netplay_run(remote *r, const game_setup *setup, const ct_record *resumed,
                const netplay_options *opt);

/* Options shared by host, join and watch: their entries of the option table, in the
 * order of the help. */
enum { NETPLAY_OPT_LOBBY = CMD_OPT_LONG + 100, NETPLAY_OPT_PGN, NETPLAY_OPT_NOTATION,
       NETPLAY_OPT_ASCII, NETPLAY_OPT_LINE };
#define NETPLAY_OPTIONS                                                                         \
    {"lobby", NETPLAY_OPT_LOBBY, "DIR",                                                        \
     "the lobby directory (default $COTUONG_LOBBY or " LOBBY_DEFAULT_DIR ")"},                \
        {"pgn", NETPLAY_OPT_PGN, "FILE", "write the game to FILE when it ends or stops"},       \
        {"notation", NETPLAY_OPT_NOTATION, "N", "moves shown as vi, wxf, zh, iccs, coord, ..."}, \
        {"ascii", NETPLAY_OPT_ASCII, NULL, "ASCII board"},                                      \
        {"line", NETPLAY_OPT_LINE, NULL, "line by line even on a terminal (the default elsewhere)"}
/* Applies one of them (key, its value): 1 when it was one, 0 when not, -1 when its value is
 * bad (said on stderr, naming cmd). */
int netplay_common_option(const char *cmd, int key, const char *arg, const char **lobby,
                          netplay_options *opt);

#endif
