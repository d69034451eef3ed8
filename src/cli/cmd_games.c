/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — `cotuong games`: the games of the lobby this user may see, one line each:
 *   ID HOST OPPONENT RULES CLOCK MOVE WATCHERS STATE
 * (a header line first when standard output is a terminal; OPPONENT "-" before anyone
 * joined; MOVE the number of the move being played; STATE open, playing, away or over). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "game/remote.h"
#include "sys/lobby.h"
#include "sys/xmalloc.h"

enum { OPT_LOBBY = CMD_OPT_LONG };

static const cmd_option games_options[] = {
    {"lobby", OPT_LOBBY, "DIR", "the lobby directory (default $COTUONG_LOBBY or\n"
                                LOBBY_DEFAULT_DIR ")"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage games_usage = {
    .name = "games",
    .synopsis = "[--lobby DIR]",
    .about = "List the games offered and in play in the lobby that you may see, one a line:\n"
             "  ID HOST OPPONENT RULES CLOCK MOVE WATCHERS STATE [coup]\n"
             "(a header line first on a terminal). Join one with 'cotuong join ID'.\n",
    .options = games_options,
};

enum { GAMES_MAX = 256 };

int cmd_games(int argc, char **argv)
{
    const char *lobby = NULL;
    cmd_parser p;
    cmd_parse_begin(&p, &games_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case 'h': cmd_help(stdout, &games_usage); return 0;
        case OPT_LOBBY: lobby = p.arg; break;
        case CMD_OPERAND:
            fprintf(stderr, "cotuong games: unexpected '%s'\nTry 'cotuong games --help'.\n", p.arg);
            return 2;
        default: return 2;
        }
    }
    const char *dir = lobby_dir(lobby);
    char err[512];
    /* A lobby nobody made yet is an empty one. */
    if (access(dir, F_OK) != 0)
        return 0;
    remote_listing *list = xcalloc(GAMES_MAX, sizeof *list); /* large: not on the stack */
    int n = remote_list(dir, list, GAMES_MAX, err, sizeof err);
    if (n < 0) {
        fprintf(stderr, "cotuong games: %s\n", err);
        free(list);
        return 1;
    }
    static const char *const states[] = {"open", "playing", "away", "over"};
    if (isatty(1) && n > 0)
        printf("%-8s %-12s %-12s %-7s %-9s %4s %8s %s\n", "ID", "HOST", "OPPONENT", "RULES",
               "CLOCK", "MOVE", "WATCHERS", "STATE");
    for (int i = 0; i < n; i++) {
        char tc[32];
        ct_tc_format(&list[i].tc, tc, sizeof tc);
        printf("%-8s %-12s %-12s %-7s %-9s %4d %8d %s%s\n", list[i].id, list[i].host,
               list[i].guest, ct_rules_name(list[i].rules), tc, list[i].ply / 2 + 1,
               list[i].watchers, states[list[i].state & 3], list[i].coup ? " coup" : "");
    }
    free(list);
    return 0;
}
