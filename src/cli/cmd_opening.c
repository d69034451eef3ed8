/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `opening` subcommand: one line per game, "CODE NAME", the ECCO code and the
 * opening's name classified from the game's moves through the master-games index (any ECCO
 * or Opening tag in the file is ignored). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "sys/gamefile.h"
#include "sys/masters.h"
#include "sys/pgnreport.h"
#include "sys/readall.h"
#include "sys/sanitize.h"
#include "sys/xmalloc.h"
#include "cotuong/ecco.h"
#include "cotuong/pgn.h"

enum { OPT_LANG = CMD_OPT_LONG, OPT_INDEX };

static const cmd_option opening_options[] = {
    {"lang", OPT_LANG, "zh|vi|en", "the name in this language only (default: all three)"},
    {"index", OPT_INDEX, "FILE", "the master-games index (default: the installed one)"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage opening_usage = {
    .name = "opening",
    .synopsis = "[--lang zh|vi|en] [--index FILE] [FILE]...",
    .about = "Print one line per game of the PGN/XQF FILEs: its ECCO code (A00-E99) and the\n"
             "name of the opening, classified from the moves by the master-games index (the\n"
             "file's own ECCO tag is ignored). The name is in Chinese, Vietnamese and\n"
             "English, or in the one --lang names. A game from another start position prints\n"
             "'-', a game without moves '- no moves'.\n"
             "Without FILE, or for '-', the games are read from standard input.\n",
    .options = opening_options,
};

static void print_game(const sys_masters *m, const ct_record *r, int lang)
{
    if (r->has_fen) {
        puts("-");
        return;
    }
    ct_move mv[CT_EXPLORER_PLIES];
    int n = ct_record_main_line(r, mv, CT_EXPLORER_PLIES);
    if (n == 0) {
        /* the index's code for the empty line is the broadest group, not a game's opening */
        puts("- no moves");
        return;
    }
    int code = ct_ecco_classify(m->x, mv, n);
    char text[4];
    ct_ecco_format(code, text);
    if (code == CT_ECCO_NONE) {
        puts("-");
    } else if (lang >= 0) {
        printf("%s %s\n", text, ct_ecco_name(code, (ct_ecco_lang)lang));
    } else {
        printf("%s %s / %s / %s\n", text, ct_ecco_name(code, CT_ECCO_ZH),
               ct_ecco_name(code, CT_ECCO_VI), ct_ecco_name(code, CT_ECCO_EN));
    }
}

int cmd_opening(int argc, char **argv)
{
    const char *index_path = NULL;
    int lang = -1;
    const char **files = xcalloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0;
    cmd_parser p;
    cmd_parse_begin(&p, &opening_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case 'h':
            cmd_help(stdout, &opening_usage);
            free(files);
            return 0;
        case OPT_INDEX: index_path = p.arg; break;
        case OPT_LANG: {
            const char *l = p.arg;
            lang = !strcmp(l, "zh") ? CT_ECCO_ZH : !strcmp(l, "vi") ? CT_ECCO_VI
                                               : !strcmp(l, "en") ? CT_ECCO_EN : -2;
            if (lang == -2) {
                char *s = sanitize_dup(l, 0);
                fprintf(stderr, "cotuong opening: unknown language '%s' (zh, vi, en)\n", s);
                free(s);
                free(files);
                return 2;
            }
            break;
        }
        case CMD_OPERAND: files[nfiles++] = p.arg; break;
        default: free(files); return 2;
        }
    }
    if (!nfiles)
        files[nfiles++] = "-";
    char err[4300];
    sys_masters *m = sys_masters_load(index_path, err, sizeof err);
    if (!m) {
        char *s = sanitize_dup(err, 0);
        fprintf(stderr, "cotuong opening: %s\n", s);
        free(s);
        free(files);
        return 1;
    }
    int status = 0;
    for (int f = 0; f < nfiles; f++) {
        ct_record *games;
        int ngames;
        if (!strcmp(files[f], "-")) {
            size_t len;
            char *text = readall_stream(stdin, READALL_MAX_BYTES, &len);
            if (!text) {
                fprintf(stderr, "cotuong opening: standard input: cannot read\n");
                status = 1;
                continue;
            }
            char why[128];
            ct_pgn_error perr;
            memset(&perr, 0, sizeof perr);
            bool bin = pgnreport_binary(text, len, why, sizeof why);
            ct_status st = bin ? CT_ERR_SYNTAX
                               : ct_pgn_read(text, len, CT_ENC_AUTO, &games, &ngames, NULL, &perr);
            free(text);
            if (bin) {
                fprintf(stderr, "cotuong opening: standard input: %s\n", why);
            } else if (st != CT_OK) {
                pgnreport_error(stderr, "cotuong opening", "standard input", st, &perr);
            }
            if (st != CT_OK) {
                status = 1;
                continue;
            }
        } else if (gamefile_load(files[f], &games, &ngames, NULL, err, sizeof err) != 0) {
            fprintf(stderr, "cotuong opening: %s\n", err);
            status = 1;
            continue;
        }
        for (int g = 0; g < ngames; g++)
            print_game(m, &games[g], lang);
        gamefile_free(games, ngames);
    }
    sys_masters_free(m);
    free(files);
    return status;
}
