/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `perft` and `moves` subcommands: move-generator counts and legal move lists
 * in coordinate notation, for checking against other engines. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "sys/systime.h"
#include "cotuong/movegen.h"
#include "cotuong/notation.h"
#include "sys/sanitize.h"
#include "sys/xmalloc.h"

/* Reads FEN into pos; false after saying why. */
static bool read_fen(ct_pos *pos, const char *fen, const char *cmd)
{
    ct_fen_error err;
    if (ct_fen_read(pos, fen, &err) == CT_OK)
        return true;
    if (err.field)
        fprintf(stderr, "cotuong %s: bad FEN, field %d: %s\n", cmd, err.field, err.message);
    else
        fprintf(stderr, "cotuong %s: bad FEN: %s\n", cmd, err.message);
    return false;
}

enum { OPT_FEN = CMD_OPT_LONG, OPT_DIVIDE, OPT_NOTATION };

static const cmd_option perft_options[] = {
    {"fen", OPT_FEN, "FEN", "count from this position (default: the start)"},
    {"divide", OPT_DIVIDE, NULL, "print 'MOVE COUNT' for each legal root move"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage perft_usage = {
    .name = "perft",
    .synopsis = "[--fen FEN] [--divide] DEPTH",
    .about = "Count the leaf nodes of the legal move tree to DEPTH plies.\n"
             "The last line is 'nodes N'; time and speed go to standard error.\n",
    .options = perft_options,
    .numbers = true, /* a negative DEPTH is refused as a depth, not as an option */
};

static const cmd_option moves_options[] = {
    {"fen", OPT_FEN, "FEN", "list the moves of this position (default: the start)"},
    {"notation", OPT_NOTATION, "NAME", "coord (default), iccs, vi, vi-long, wxf, zh, zh-hant"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage moves_usage = {
    .name = "moves",
    .synopsis = "[--fen FEN] [--notation NAME]",
    .about = "List the legal moves of the position, one per line.\n",
    .options = moves_options,
};

static double now_seconds(void)
{
    return (double)sys_now_us() / 1e6;
}

static int perft(ct_pos *pos, int argc, char **argv)
{
    bool divide = false;
    long depth = -1;
    ct_pos_start(pos);
    cmd_parser p;
    cmd_parse_begin(&p, &perft_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case OPT_FEN:
            if (!read_fen(pos, p.arg, "perft"))
                return 2;
            break;
        case OPT_DIVIDE: divide = true; break;
        case 'h': cmd_help(stdout, &perft_usage); return 0;
        case CMD_OPERAND:
            if (depth < 0) {
                char *end;
                errno = 0;
                depth = strtol(p.arg, &end, 10);
                if (errno || *end || end == p.arg || depth < 0 || depth > 30) {
                    fprintf(stderr, "cotuong perft: depth must be a number from 0 to 30, not '%s'\n",
                            p.arg);
                    return 2;
                }
                break;
            }
            fprintf(stderr, "cotuong perft: unexpected argument '%s'\n", p.arg);
            return 2;
        default: return 2;
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
    cmd_parser p;
    cmd_parse_begin(&p, &moves_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case OPT_FEN:
            if (!read_fen(pos, p.arg, "moves"))
                return 2;
            break;
        case OPT_NOTATION: {
            bool ok;
            notation = ct_notation_from_name(p.arg, &ok);
            if (!ok || notation == CT_NOTATION_AUTO) {
                fprintf(stderr, "cotuong moves: unknown notation '%s' (coord iccs vi vi-long "
                                "wxf zh zh-hant)\n", p.arg);
                return 2;
            }
            break;
        }
        case 'h': cmd_help(stdout, &moves_usage); return 0;
        case CMD_OPERAND:
            fprintf(stderr, "cotuong moves: unexpected argument '%s'\n", p.arg);
            return 2;
        default: return 2;
        }
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
