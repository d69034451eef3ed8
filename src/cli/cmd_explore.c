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
#include "sys/masters.h"
#include "sys/systime.h"
#include "sys/sanitize.h"
#include "cotuong/movegen.h"
#include "cotuong/notation.h"

static ct_pos explore_pos; /* large (history): kept off the stack */

static void usage(void)
{
    printf("Usage: cotuong explore [--fen FEN] [--notation NAME] [--examples] [--index FILE]\n"
           "                       [MOVE]...\n"
           "List the moves masters played in a position: the start position (or FEN) after\n"
           "the MOVEs (any notation). One line per move, most played first:\n"
           "  MOVE  GAMES  RED%%  DRAW%%  BLACK%%\n"
           "in coordinate notation or NAME (coord iccs vi vi-long wxf zh zh-hant). With\n"
           "--examples each line ends with an example game: Red - Black, event, year;\n"
           "--time prints the mean lookup time to standard error.\n"
           "The index covers the first %d plies of the CCPD master games.\n",
           CT_EXPLORER_PLIES);
}

static double pct(unsigned part, unsigned whole)
{
    return whole ? 100.0 * part / whole : 0.0;
}

int cmd_explore(int argc, char **argv)
{
    ct_pos *pos = &explore_pos;
    ct_notation notation = CT_NOTATION_COORD;
    const char *index_path = NULL;
    bool examples = false, timing = false;
    bool ascii = !diagram_locale_is_utf8();
    ct_pos_start(pos);
    int first_move = argc;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage();
            return 0;
        } else if (!strcmp(a, "--examples")) {
            examples = true;
        } else if (!strcmp(a, "--time")) {
            timing = true;
        } else if ((!strcmp(a, "--fen") || !strcmp(a, "--notation") || !strcmp(a, "--index")) &&
                   i + 1 >= argc) {
            fprintf(stderr, "cotuong explore: %s needs a value\n", a);
            return 2;
        } else if (!strcmp(a, "--fen") || !strncmp(a, "--fen=", 6)) {
            const char *fen = a[5] == '=' ? a + 6 : argv[++i];
            ct_fen_error err;
            if (ct_fen_read(pos, fen, &err) != CT_OK) {
                char *m = sanitize_dup(err.message, 0);
                fprintf(stderr, "cotuong explore: bad FEN, field %d: %s\n", err.field, m);
                free(m);
                return 2;
            }
        } else if (!strcmp(a, "--notation") || !strncmp(a, "--notation=", 11)) {
            const char *name = a[10] == '=' ? a + 11 : argv[++i];
            bool ok;
            notation = ct_notation_from_name(name, &ok);
            if (!ok || notation == CT_NOTATION_AUTO) {
                char *n = sanitize_dup(name, 0);
                fprintf(stderr, "cotuong explore: unknown notation '%s' (coord iccs vi vi-long "
                                "wxf zh zh-hant)\n", n);
                free(n);
                return 2;
            }
        } else if (!strcmp(a, "--index") || !strncmp(a, "--index=", 8)) {
            index_path = a[7] == '=' ? a + 8 : argv[++i];
        } else if (a[0] == '-' && a[1] == '-' && a[2] == 0) {
            first_move = i + 1;
            break;
        } else if (a[0] == '-' && a[1]) {
            char *s = sanitize_dup(a, 0);
            fprintf(stderr, "cotuong explore: unknown option '%s'\n", s);
            free(s);
            return 2;
        } else {
            first_move = i;
            break;
        }
    }
    for (int i = first_move; i < argc; i++) {
        ct_move mv;
        ct_parse_error perr;
        if (ct_move_parse(pos, argv[i], CT_NOTATION_AUTO, &mv, &perr) != CT_OK) {
            char *s = sanitize_dup(argv[i], 0);
            fprintf(stderr, "cotuong explore: move %d '%s' is not a legal move here\n",
                    i - first_move + 1, s);
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
