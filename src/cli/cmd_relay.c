/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — `cotuong relay GAME`: run by `cotuong join --via` through SSH on the machine of
 * the lobby. It connects to the game's socket as the SSH user (so the host learns who it
 * is from the kernel, as for a local guest) and copies bytes both ways between the socket
 * and its standard streams; the protocol is spoken end to end by the two cotuong programs. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "game/remote.h"
#include "sys/lobby.h"

/* Copies what can be read from `from` to `to`; false at the end or on an error. */
static bool pump(int from, int to)
{
    char buf[4096];
    ssize_t n = read(from, buf, sizeof buf);
    if (n < 0)
        return errno == EINTR || errno == EAGAIN;
    if (n == 0)
        return false;
    for (ssize_t off = 0; off < n;) {
        ssize_t w = write(to, buf + off, (size_t)(n - off));
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        off += w;
    }
    return true;
}

enum { OPT_LOBBY = CMD_OPT_LONG, OPT_WATCH };

static const cmd_option relay_options[] = {
    {"lobby", OPT_LOBBY, "DIR", "the lobby directory (default $COTUONG_LOBBY or\n"
                                LOBBY_DEFAULT_DIR ")"},
    {"watch", OPT_WATCH, NULL, "follow the game read-only"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage relay_usage = {
    .name = "relay",
    .synopsis = "[--lobby DIR] [--watch] [GAME]",
    .about = "Connect standard input and output to a game of the lobby (what 'cotuong join\n"
             "--via USER@HOST' runs through ssh).\n",
    .options = relay_options,
};

int cmd_relay(int argc, char **argv)
{
    const char *lobby = NULL, *which = NULL;
    bool watch = false;
    cmd_parser p;
    cmd_parse_begin(&p, &relay_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case 'h': cmd_help(stdout, &relay_usage); return 0;
        case OPT_LOBBY: lobby = p.arg; break;
        case OPT_WATCH: watch = true; break;
        case CMD_OPERAND:
            if (!which) {
                which = p.arg;
                break;
            }
            fprintf(stderr, "cotuong relay: unexpected '%s'\n", p.arg);
            return 2;
        default: return 2;
        }
    }
    signal(SIGPIPE, SIG_IGN);
    const char *dir = lobby_dir(lobby);
    char id[LOBBY_ID_LEN + 1], err[512];
    lobby_peer host;
    int fd = -1;
    if (remote_find(dir, which, watch, id, err, sizeof err) == 0)
        fd = lobby_connect(dir, id, &host, err, sizeof err);
    if (fd < 0) {
        /* Said in the protocol, so the joining side shows why. */
        printf("hello 1 host\nbye refused %.200s\n", err);
        fprintf(stderr, "cotuong relay: %s\n", err);
        return 1;
    }
    struct pollfd fds[2] = {{.fd = 0, .events = POLLIN}, {.fd = fd, .events = POLLIN}};
    for (;;) {
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) && !pump(0, fd))
            break;
        if ((fds[1].revents & (POLLIN | POLLHUP | POLLERR)) && !pump(fd, 1))
            break;
    }
    close(fd);
    return 0;
}
