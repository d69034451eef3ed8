/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the subcommands of the program. Each takes the arguments after its name
 * (argv[0] is the command name) and returns the process exit status. */
#ifndef COTUONG_APP_COMMANDS_H
#define COTUONG_APP_COMMANDS_H

#include <stdbool.h>

#include "game/remote.h"

int cmd_perft(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_play(int argc, char **argv);
/* The full-screen program on a game through the lobby (host, join, watch on a terminal):
 * host with its configuration (resumed: the adjourned game), or join / watch `which`. */
typedef struct {
    const remote_host_config *host;
    const ct_record *resumed;
    const char *lobby, *which;
    bool watch;
    remote *joined;       /* join/watch: a link already made (--via), or NULL */
    const char *save_as;  /* --pgn FILE or NULL */
    const char *notation; /* --notation N or NULL (the settings') */
    bool ascii;
} cmd_lobby_screen;
int cmd_play_lobby(const cmd_lobby_screen *s);
int cmd_uci(int argc, char **argv);
/* The `uci` command reader on any line (fuzz/fuzz_uci.c): begin (dry = parse commands,
 * never start a search), then one call per line (false after quit), then end. */
bool cmd_uci_session_begin(const char *book_path, bool dry);
bool cmd_uci_session_line(char *line);
void cmd_uci_session_end(void);
int cmd_bench(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_autoplay(int argc, char **argv);
int cmd_diagram(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_judge(int argc, char **argv);
int cmd_analyse(int argc, char **argv);
int cmd_review(int argc, char **argv);
int cmd_host(int argc, char **argv);
int cmd_games(int argc, char **argv);
int cmd_join(int argc, char **argv);
int cmd_watch(int argc, char **argv);
int cmd_relay(int argc, char **argv);
int cmd_explore(int argc, char **argv);
int cmd_opening(int argc, char **argv);
int cmd_train(int argc, char **argv);

#endif
