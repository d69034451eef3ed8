/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `perft` and `moves` subcommands: move-generator counts and legal move lists
 * in coordinate notation, for checking against other engines. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

#include "cli/commands.h"
#include "sys/systime.h"
#include "cotuong/movegen.h"
#include "cotuong/notation.h"
#include "sys/sanitize.h"
#include "sys/xmalloc.h"

/* Reads --fen FEN / --fen=FEN into pos; returns 1 if argv[*i] was consumed, -1 on error. */
static int fen_option(int argc, char **argv, int *i, ct_pos *pos, const char *cmd)
{
    const char *fen = NULL;
    if (!strcmp(argv[*i], "--fen")) {
        if (*i + 1 >= argc) {
            fprintf(stderr, "cotuong %s: --fen needs a FEN\n", cmd);
            return -1;
        }
        fen = argv[++*i];
    } else if (!strncmp(argv[*i], "--fen=", 6)) {
        fen = argv[*i] + 6;
    } else {
        return 0;
    }
    ct_fen_error err;
    if (ct_fen_read(pos, fen, &err) != CT_OK) {
        if (err.field)
            fprintf(stderr, "cotuong %s: bad FEN, field %d: %s\n", cmd, err.field, err.message);
        else
            fprintf(stderr, "cotuong %s: bad FEN: %s\n", cmd, err.message);
        return -1;
    }
    return 1;
}

static double now_seconds(void)
{
    return (double)sys_now_us() / 1e6;
}

static int perft(ct_pos *pos, int argc, char **argv)
{
    bool divide = false;
    long depth = -1;
    ct_pos_start(pos);
    for (int i = 1; i < argc; i++) {
        int r = fen_option(argc, argv, &i, pos, "perft");
        if (r < 0)
            return 2;
        if (r > 0)
            continue;
        if (!strcmp(argv[i], "--divide")) {
            divide = true;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("Usage: cotuong perft [--fen FEN] [--divide] DEPTH\n"
                   "Count the leaf nodes of the legal move tree to DEPTH plies (default: the\n"
                   "start position). With --divide, print 'MOVE COUNT' for each legal root move.\n"
                   "The last line is 'nodes N'; time and speed go to standard error.\n");
            return 0;
        } else if ((argv[i][0] != '-' || isdigit((unsigned char)argv[i][1])) && depth < 0) {
            char *end;
            errno = 0;
            depth = strtol(argv[i], &end, 10);
            if (errno || *end || end == argv[i] || depth < 0 || depth > 30) {
                fprintf(stderr, "cotuong perft: depth must be a number from 0 to 30, not '%s'\n",
                        argv[i]);
                return 2;
            }
        } else {
            fprintf(stderr, "cotuong perft: unexpected argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (depth < 0) {
        fprintf(stderr, "cotuong perft: missing DEPTH\nTry 'cotuong perft --help'.\n");
        return 2;
    }

    double start = now_seconds();
    uint64_t total = 0;
    if (divide && depth > 0) {
        ct_move moves[CT_MAX_MOVES];
        int n = ct_gen_legal(pos, moves);
        for (int i = 0; i < n; i++) {
            char name[5];
            ct_pos_make(pos, moves[i]);
            uint64_t count = ct_perft(pos, (int)depth - 1);
            ct_pos_unmake(pos);
            ct_move_coord(moves[i], name);
            printf("%s %llu\n", name, (unsigned long long)count);
            total += count;
        }
    } else {
        total = ct_perft(pos, (int)depth);
    }
    double elapsed = now_seconds() - start;
    printf("nodes %llu\n", (unsigned long long)total);
    fprintf(stderr, "time %.3f s, %.0f nodes/s\n", elapsed,
            elapsed > 0 ? (double)total / elapsed : 0.0);
    return 0;
}

static int list_moves(ct_pos *pos, int argc, char **argv)
{
    ct_notation notation = CT_NOTATION_COORD;
    ct_pos_start(pos);
    for (int i = 1; i < argc; i++) {
        int r = fen_option(argc, argv, &i, pos, "moves");
        if (r < 0)
            return 2;
        if (r > 0)
            continue;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("Usage: cotuong moves [--fen FEN] [--notation NAME]\n"
                   "List the legal moves of the position (default: the start position), one\n"
                   "per line in coordinate notation, or in NAME: coord iccs vi vi-long wxf zh\n"
                   "zh-hant.\n");
            return 0;
        }
        if (!strcmp(argv[i], "--notation") || !strncmp(argv[i], "--notation=", 11)) {
            const char *name = argv[i][10] == '=' ? argv[i] + 11
                               : i + 1 < argc    ? argv[++i]
                                                 : "";
            bool ok;
            notation = ct_notation_from_name(name, &ok);
            if (!ok || notation == CT_NOTATION_AUTO) {
                fprintf(stderr, "cotuong moves: unknown notation '%s' (coord iccs vi vi-long "
                                "wxf zh zh-hant)\n", name);
                return 2;
            }
            continue;
        }
        fprintf(stderr, "cotuong moves: unexpected argument '%s'\n", argv[i]);
        return 2;
    }
    ct_move moves[CT_MAX_MOVES];
    int n = ct_gen_legal(pos, moves);
    for (int i = 0; i < n; i++) {
        char name[CT_MOVE_TEXT_MAX];
        ct_move_render(pos, moves[i], isatty(STDOUT_FILENO) ? sanitize_notation(notation) : notation,
                       name, sizeof name);
        puts(name);
    }
    return 0;
}

/* The position is large (its history): on the heap, not the stack. */
int cmd_perft(int argc, char **argv)
{
    ct_pos *pos = xmalloc(sizeof *pos);
    int rc = perft(pos, argc, argv);
    free(pos);
    return rc;
}

int cmd_moves(int argc, char **argv)
{
    ct_pos *pos = xmalloc(sizeof *pos);
    int rc = list_moves(pos, argc, argv);
    free(pos);
    return rc;
}
