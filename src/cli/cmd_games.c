/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — `cotuong games`: the games of the lobby this user may see, one line each:
 *   ID HOST OPPONENT RULES CLOCK MOVE WATCHERS STATE
 * (a header line first when standard output is a terminal; OPPONENT "-" before anyone
 * joined; MOVE the number of the move being played; STATE open, playing, away or over). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "game/remote.h"
#include "sys/lobby.h"

int cmd_games(int argc, char **argv)
{
    const char *lobby = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            printf("Usage: cotuong games [--lobby DIR]\n"
                   "List the games offered and in play in the lobby that you may see, one a line:\n"
                   "  ID HOST OPPONENT RULES CLOCK MOVE WATCHERS STATE\n"
                   "(a header line first on a terminal). Join one with 'cotuong join ID'.\n"
                   "  --lobby DIR   the lobby directory (default $COTUONG_LOBBY or %s)\n",
                   LOBBY_DEFAULT_DIR);
            return 0;
        } else if (!strcmp(argv[i], "--lobby") && i + 1 < argc) {
            lobby = argv[++i];
        } else {
            fprintf(stderr, "cotuong games: unexpected '%s'\nTry 'cotuong games --help'.\n", argv[i]);
            return 2;
        }
    }
    const char *dir = lobby_dir(lobby);
    static remote_listing list[256];
    char err[512];
    /* A lobby nobody made yet is an empty one. */
    if (access(dir, F_OK) != 0)
        return 0;
    int n = remote_list(dir, list, 256, err, sizeof err);
    if (n < 0) {
        fprintf(stderr, "cotuong games: %s\n", err);
        return 1;
    }
    static const char *const states[] = {"open", "playing", "away", "over"};
    if (isatty(1) && n > 0)
        printf("%-8s %-12s %-12s %-7s %-9s %4s %8s %s\n", "ID", "HOST", "OPPONENT", "RULES",
               "CLOCK", "MOVE", "WATCHERS", "STATE");
    for (int i = 0; i < n; i++) {
        char tc[32];
        ct_tc_format(&list[i].tc, tc, sizeof tc);
        printf("%-8s %-12s %-12s %-7s %-9s %4d %8d %s\n", list[i].id, list[i].host, list[i].guest,
               ct_rules_name(list[i].rules), tc, list[i].ply / 2 + 1, list[i].watchers,
               states[list[i].state & 3]);
    }
    return 0;
}
