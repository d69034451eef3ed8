/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `judge` subcommand: replays every game of PGN files (any notation the
 * reader knows) under a rule set and prints, per game, how the rules end it:
 * "RESULT REASON PLY". Moves recorded after that end are reported on standard error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "sys/pgnreport.h"
#include "sys/readall.h"
#include "sys/sanitize.h"
#include "sys/xmalloc.h"
#include "cotuong/pgn.h"
#include "cotuong/rules.h"

enum { OPT_RULES = CMD_OPT_LONG };

static const cmd_option judge_options[] = {
    {"rules", OPT_RULES, "NAME", "online (default), asian, vn2004 or casual; without it, a\n"
                                 "game's own [Rules \"...\"] tag is used when it names one"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage judge_usage = {
    .name = "judge",
    .synopsis = "[--rules NAME] [FILE]...",
    .about = "Replay each game of the PGN files (standard input when no FILE is given, or for\n"
             "'-') under a rule set and print one line per game: RESULT REASON PLY, where\n"
             "RESULT is 1-0, 0-1, 1/2-1/2 or *, REASON one of checkmate, stalemate,\n"
             "repetition, perpetual-check, perpetual-chase, move-limit, material or\n"
             "unfinished, and PLY the half-move at which the rules ended the game (the last\n"
             "one when unfinished). Moves recorded after the end are reported on standard\n"
             "error.\n",
    .options = judge_options,
};

/* Judges one game and prints its line; returns 0, or 1 when the game cannot be replayed. */
static int judge_game_in(ct_pos *pos, const char *name, int index, const ct_record *r,
                         bool forced, ct_rules forced_rules)
{
    ct_rules rules = forced ? forced_rules : CT_RULES_DEFAULT;
    const char *tag = ct_record_tag(r, "Rules");
    if (!forced && tag && ct_rules_from_name(tag, &rules) != CT_OK) {
        char *shown = sanitize_dup(tag, 0);
        fprintf(stderr, "cotuong judge: %s: game %d: unknown rule set \"%s\", using %s\n", name,
                index, shown, ct_rules_name(CT_RULES_DEFAULT));
        free(shown);
        rules = CT_RULES_DEFAULT;
    }

    int nmoves = ct_record_main_line(r, NULL, 0);
    ct_move *moves = xmalloc(sizeof *moves * (size_t)(nmoves > 0 ? nmoves : 1));
    ct_record_main_line(r, moves, nmoves);
    ct_record_start_position(r, pos);

    ct_verdict v = ct_rules_judge(pos, rules); /* a start position may already be over */
    int end_ply = (v.flags & CT_ADJ_GAME_OVER) ? 0 : -1;
    ct_verdict end = v;
    int ply = 0;
    for (; ply < nmoves && end_ply < 0; ply++) {
        v = ct_rules_play(pos, rules, moves[ply]);
        if (v.flags & CT_ADJ_ILLEGAL) {
            char coord[5];
            ct_move_coord(moves[ply], coord);
            fprintf(stderr, "cotuong judge: %s: game %d: ply %d: illegal move %s%s\n", name,
                    index, ply + 1, coord,
                    pos->ply >= CT_MAX_HISTORY ? " (game too long)" : "");
            free(moves);
            return 1;
        }
        if (v.flags & CT_ADJ_GAME_OVER) {
            end_ply = ply + 1;
            end = v;
        }
    }
    free(moves);

    ct_result result = CT_RESULT_NONE;
    ct_end_reason reason = CT_END_NONE;
    int at = nmoves;
    if (end_ply >= 0) {
        result = end.result;
        reason = end.reason;
        at = end_ply;
        if (end_ply < nmoves)
            fprintf(stderr,
                    "cotuong judge: %s: game %d: %d move%s recorded after the end at ply %d "
                    "(%s %s)\n",
                    name, index, nmoves - end_ply, nmoves - end_ply == 1 ? "" : "s", end_ply,
                    ct_result_string(result), ct_end_reason_name(reason));
    } else if ((v.flags & CT_ADJ_CLAIM_MOVE_LIMIT) && r->result == CT_RESULT_DRAW) {
        /* vn2004: the draw by the move limit is a claim; a game recorded as drawn while the
         * claim stood is taken to have been claimed at its last move. */
        result = CT_RESULT_DRAW;
        reason = CT_END_MOVE_LIMIT;
    }
    if (end_ply >= 0 && r->result != CT_RESULT_NONE && r->result != result)
        fprintf(stderr, "cotuong judge: %s: game %d: recorded result %s, the rules say %s\n",
                name, index, ct_result_string(r->result), ct_result_string(result));
    printf("%s %s %d\n", ct_result_string(result), ct_end_reason_name(reason), at);
    return 0;
}

static int judge_game(const char *name, int index, const ct_record *r, bool forced,
                      ct_rules forced_rules)
{
    ct_pos *pos = xmalloc(sizeof *pos); /* large (its history): not on the stack */
    int status = judge_game_in(pos, name, index, r, forced, forced_rules);
    free(pos);
    return status;
}

static int judge_input(const char *name, FILE *f, bool forced, ct_rules rules)
{
    size_t len = 0;
    errno = 0;
    char *buf = readall_stream(f, READALL_MAX_BYTES, &len);
    if (!buf) {
        readall_report(stderr, "cotuong judge", name, errno);
        return 1;
    }
    ct_record *games = NULL;
    int ngames = 0;
    char why[128];
    if (pgnreport_binary(buf, len, why, sizeof why)) {
        free(buf);
        char *n = sanitize_dup(name, 0);
        fprintf(stderr, "cotuong judge: %s: %s\n", n, why);
        free(n);
        return 1;
    }
    ct_pgn_error err;
    memset(&err, 0, sizeof err);
    ct_status st = ct_pgn_read(buf, len, CT_ENC_AUTO, &games, &ngames, NULL, &err);
    free(buf);
    pgnreport_warnings(stderr, "cotuong judge", name, &err);
    if (st != CT_OK) {
        pgnreport_error(stderr, "cotuong judge", name, st, &err);
        return 1;
    }
    int status = 0;
    for (int i = 0; i < ngames; i++)
        status |= judge_game(name, i + 1, &games[i], forced, rules);
    fflush(stdout);
    ct_pgn_free_games(games, ngames);
    return status;
}

int cmd_judge(int argc, char **argv)
{
    bool forced = false;
    ct_rules rules = CT_RULES_DEFAULT;
    const char **files = xcalloc((size_t)argc, sizeof *files);
    int nfiles = 0;
    cmd_parser p;
    cmd_parse_begin(&p, &judge_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case 'h':
            cmd_help(stdout, &judge_usage);
            free(files);
            return 0;
        case OPT_RULES:
            if (ct_rules_from_name(p.arg, &rules) != CT_OK) {
                fprintf(stderr,
                        "cotuong judge: unknown rule set '%s' (online, asian, vn2004, casual)\n",
                        p.arg);
                free(files);
                return 2;
            }
            forced = true;
            break;
        case CMD_OPERAND: files[nfiles++] = p.arg; break;
        default: free(files); return 2;
        }
    }
    int status = nfiles ? 0 : judge_input("(standard input)", stdin, forced, rules);
    for (int i = 0; i < nfiles; i++) {
        if (strcmp(files[i], "-") == 0) {
            status |= judge_input("(standard input)", stdin, forced, rules);
            continue;
        }
        /* a file name is text from outside too */
        char *shown = sanitize_dup(files[i], 0);
        FILE *f = fopen(files[i], "rb");
        if (!f) {
            fprintf(stderr, "cotuong judge: %s: %s\n", shown, strerror(errno));
            free(shown);
            status = 1;
            continue;
        }
        status |= judge_input(shown, f, forced, rules);
        fclose(f);
        free(shown);
    }
    free(files);
    return status;
}
