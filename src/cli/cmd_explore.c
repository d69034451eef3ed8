/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `explore` subcommand: the moves masters played in a position (from the
 * master-games index), one per line with games and Red/draw/Black percentages, most played
 * first, for scripts and chats. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistr.h>
#include <uniwidth.h>

#include "cli/commands.h"
#include "cli/diagram.h"
#include "cli/options.h"
#include "sys/masters.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "sys/sanitize.h"
#include "cotuong/movegen.h"
#include "cotuong/notation.h"

enum { OPT_FEN = CMD_OPT_LONG, OPT_NOTATION, OPT_EXAMPLES, OPT_INDEX, OPT_TIME };

static const cmd_option explore_options[] = {
    {"fen", OPT_FEN, "FEN", "start from this position (default: the start position)"},
    {"notation", OPT_NOTATION, "NAME", "coord (default), iccs, vi, vi-long, wxf, zh, zh-hant"},
    {"examples", OPT_EXAMPLES, NULL, "end each line with an example game: Red - Black, event,\n"
                                     "year"},
    {"index", OPT_INDEX, "FILE", "the master-games index (default: the installed one)"},
    {"time", OPT_TIME, NULL, "print the mean lookup time to standard error"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

#define PLIES_TEXT(n) #n
#define PLIES(n) PLIES_TEXT(n)

static const cmd_usage explore_usage = {
    .name = "explore",
    .synopsis = "[--fen FEN] [--notation NAME] [--examples]\n"
                "                       [--index FILE] [MOVE]...",
    .about = "List the moves masters played in a position: the start position (or FEN) after\n"
             "the MOVEs (any notation). One line per move, most played first:\n"
             "  MOVE  GAMES  RED%  DRAW%  BLACK%\n"
             "The index covers the first " PLIES(CT_EXPLORER_PLIES) " plies of the CCPD master games.\n",
    .options = explore_options,
};

static double pct(unsigned part, unsigned whole)
{
    return whole ? 100.0 * part / whole : 0.0;
}

static int explore(ct_pos *pos, const char **moves, int argc, char **argv)
{
    ct_notation notation = CT_NOTATION_COORD;
    const char *index_path = NULL;
    bool examples = false, timing = false;
    bool ascii = !diagram_locale_is_utf8();
    ct_pos_start(pos);
    int nmoves = 0;
    cmd_parser p;
    cmd_parse_begin(&p, &explore_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case 'h': cmd_help(stdout, &explore_usage); return 0;
        case OPT_EXAMPLES: examples = true; break;
        case OPT_TIME: timing = true; break;
        case OPT_FEN: {
            ct_fen_error err;
            if (ct_fen_read(pos, p.arg, &err) != CT_OK) {
                char *m = sanitize_dup(err.message, 0);
                fprintf(stderr, "cotuong explore: bad FEN, field %d: %s\n", err.field, m);
                free(m);
                return 2;
            }
            break;
        }
        case OPT_NOTATION: {
            bool ok;
            notation = ct_notation_from_name(p.arg, &ok);
            if (!ok || notation == CT_NOTATION_AUTO) {
                char *n = sanitize_dup(p.arg, 0);
                fprintf(stderr, "cotuong explore: unknown notation '%s' (coord iccs vi vi-long "
                                "wxf zh zh-hant)\n", n);
                free(n);
                return 2;
            }
            break;
        }
        case OPT_INDEX: index_path = p.arg; break;
        case CMD_OPERAND: moves[nmoves++] = p.arg; break;
        default: return 2;
        }
    }
    for (int i = 0; i < nmoves; i++) {
        ct_move mv;
        ct_parse_error perr;
        if (ct_move_parse(pos, moves[i], CT_NOTATION_AUTO, &mv, &perr) != CT_OK) {
            char *s = sanitize_dup(moves[i], 0);
            fprintf(stderr, "cotuong explore: move %d '%s' is not a legal move here\n", i + 1, s);
            free(s);
            return 2;
        }
        ct_pos_make(pos, mv);
    }

    char err[4300];
    sys_masters *m = sys_masters_load(index_path, err, sizeof err);
    if (!m) {
        char *s = sanitize_dup(err, 0);
        fprintf(stderr, "cotuong explore: %s\n", s);
        free(s);
        return 1;
    }
    ct_explorer_move mv[CT_MAX_MOVES];
    int n = ct_explorer_lookup(m->x, pos, mv, CT_MAX_MOVES);
    if (timing) {
        /* A bench figure for the manual, not a test: the mean of many lookups. */
        enum { RUNS = 2000 };
        int64_t t0 = sys_now_us();
        for (int r = 0; r < RUNS; r++)
            n = ct_explorer_lookup(m->x, pos, mv, CT_MAX_MOVES);
        double us = (double)(sys_now_us() - t0) / RUNS;
        fprintf(stderr, "lookup: %.1f us (mean of %d), index %zu bytes, %d games, %d positions\n",
                us, RUNS, m->len, ct_explorer_games(m->x), ct_explorer_positions(m->x));
    }
    if (n == 0)
        fprintf(stderr, "cotuong explore: no master game reached this position in its first "
                        "%d plies\n", CT_EXPLORER_PLIES);
    for (int i = 0; i < n; i++) {
        char name[CT_MOVE_TEXT_MAX];
        ct_move_render(pos, mv[i].move, notation, name, sizeof name);
        int width = u8_strwidth((const uint8_t *)name, "UTF-8");
        printf("%s%*s %7u %5.1f%% %5.1f%% %5.1f%%", name, width < 8 ? 8 - width : 0, "",
               mv[i].games, pct(mv[i].red, mv[i].games), pct(mv[i].draw, mv[i].games),
               pct(mv[i].black, mv[i].games));
        ct_explorer_game_info g;
        if (examples && ct_explorer_game(m->x, mv[i].example, &g) == CT_OK) {
            unsigned flags = ascii ? SANITIZE_ASCII : 0;
            char *red = sanitize_dup(g.red, flags), *black = sanitize_dup(g.black, flags);
            char *event = sanitize_dup(g.event, flags);
            if (*red || *black)
                printf("  %s - %s,", red, black);
            printf(" %s", event);
            if (g.year)
                printf(", %d", g.year);
            free(red);
            free(black);
            free(event);
        }
        putchar('\n');
    }
    sys_masters_free(m);
    return 0;
}

int cmd_explore(int argc, char **argv)
{
    ct_pos *pos = xmalloc(sizeof *pos); /* large (history): kept off the stack */
    const char **moves = xcalloc((size_t)argc + 1, sizeof *moves);
    int status = explore(pos, moves, argc, argv);
    free(moves);
    free(pos);
    return status;
}
