/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — `cotuong join [GAME]` and `cotuong watch [GAME]`: take the free seat of a game
 * in the lobby, or follow one read-only; `--via user@host` reaches another machine's lobby
 * through `ssh user@host cotuong relay GAME`, so OpenSSH authenticates and encrypts. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/diagram.h"
#include "cli/netplay.h"
#include "sys/sanitize.h"

enum { OPT_VIA = CMD_OPT_LONG };

static const cmd_option join_options[] = {
    {"via", OPT_VIA, "USER@HOST", "join on another machine: runs ssh USER@HOST cotuong relay\n"
                                  "GAME"},
    NETPLAY_OPTIONS,
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

#define JOIN_GAME                                                                              \
    "GAME is a game id or a host's user name from 'cotuong games', or the code a\n"        \
    "host of your own account shows; without it, the only game open to you.\n"

static const cmd_usage join_usage = {
    .name = "join",
    .synopsis = "[OPTION]... [GAME]",
    .about = "Take the free seat of a game offered in the lobby and play it.\n" JOIN_GAME,
    .options = join_options,
};

static const cmd_usage watch_usage = {
    .name = "watch",
    .synopsis = "[OPTION]... [GAME]",
    .about = "Follow a game of the lobby read-only; step back through it without disturbing\n"
             "the players.\n" JOIN_GAME,
    .options = join_options,
};

/* ssh USER@HOST cotuong relay [--lobby DIR] GAME, its standard streams as the link. */
static remote *join_via(const char *via, const char *lobby, const char *which, bool watch,
                        char *err, size_t errsize)
{
    int to[2], from[2];
    if (via[0] == '-' || pipe(to) != 0 || pipe(from) != 0) {
        snprintf(err, errsize, "%s", via[0] == '-' ? "bad --via" : strerror(errno));
        return NULL;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errsize, "fork: %s", strerror(errno));
        return NULL;
    }
    if (pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[0]);
        close(to[1]);
        close(from[0]);
        close(from[1]);
        const char *ssh = getenv("COTUONG_SSH");
        char *args[12];
        int n = 0;
        args[n++] = (char *)(ssh && ssh[0] ? ssh : "ssh");
        args[n++] = (char *)"-T";
        args[n++] = (char *)"--";
        args[n++] = (char *)via;
        args[n++] = (char *)"cotuong";
        args[n++] = (char *)"relay";
        if (lobby) {
            args[n++] = (char *)"--lobby";
            args[n++] = (char *)lobby;
        }
        if (watch)
            args[n++] = (char *)"--watch";
        if (which && which[0])
            args[n++] = (char *)which;
        args[n] = NULL;
        execvp(args[0], args);
        fprintf(stderr, "cotuong: cannot run %s: %s\n", args[0], strerror(errno));
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    return remote_join_fds(from[0], to[1], which && lobby_code_valid(which) ? which : NULL,
                           which && lobby_id_valid(which) ? which : NULL, watch, err, errsize);
}

static int join_or_watch(int argc, char **argv, bool watch)
{
    const char *cmd = watch ? "watch" : "join";
    const cmd_usage *usage = watch ? &watch_usage : &join_usage;
    netplay_options opt = {.ascii = !diagram_locale_is_utf8(), .notation = CT_NOTATION_VI};
    const char *lobby = NULL, *via = NULL, *which = NULL;
    cmd_parser p;
    cmd_parse_begin(&p, usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        int common = netplay_common_option(cmd, k, p.arg, &lobby, &opt);
        if (common < 0)
            return 2;
        if (common > 0)
            continue;
        switch (k) {
        case 'h': cmd_help(stdout, usage); return 0;
        case OPT_VIA: via = p.arg; break;
        case CMD_OPERAND:
            if (!which) {
                which = p.arg;
                break;
            }
            fprintf(stderr, "cotuong %s: unexpected '%s'\nTry 'cotuong %s --help'.\n", cmd, p.arg,
                    cmd);
            return 2;
        default: return 2;
        }
    }
    if (!netplay_full_screen(&opt))
        sanitize_stdio();
    char err[512];
    signal(SIGPIPE, SIG_IGN);
    remote *r = NULL;
    if (netplay_full_screen(&opt)) {
        if (via && !(r = join_via(via, lobby, which, watch, err, sizeof err))) {
            fprintf(stderr, "cotuong %s: %s\n", cmd, err);
            return 1;
        }
        cmd_lobby_screen ls = {.lobby = lobby, .which = which, .watch = watch, .joined = r,
                               .save_as = opt.save_as, .notation = opt.notation_name,
                               .ascii = opt.ascii_given};
        int status = cmd_play_lobby(&ls);
        if (via)
            while (waitpid(-1, NULL, WNOHANG) > 0)
                ;
        return status;
    }
    r = via ? join_via(via, lobby, which, watch, err, sizeof err)
                    : remote_join(lobby, which, watch, err, sizeof err);
    if (!r) {
        fprintf(stderr, "cotuong %s: %s\n", cmd, err);
        return 1;
    }
    int status = netplay_run(r, NULL, NULL, &opt);
    if (via)
        while (waitpid(-1, NULL, WNOHANG) > 0)
            ;
    return status;
}

int cmd_join(int argc, char **argv)
{
    return join_or_watch(argc, argv, false);
}

int cmd_watch(int argc, char **argv)
{
    return join_or_watch(argc, argv, true);
}
