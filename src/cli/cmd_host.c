/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — `cotuong host`: offers a game in the lobby and plays it with whoever takes the
 * seat (only the users of --for when given), this process being the referee and the clock:
 *   cotuong host --for bob --rules online --clock 15+10 --side red */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "cli/commands.h"
#include "cli/diagram.h"
#include "cli/netplay.h"
#include "sys/sanitize.h"
#include "cotuong/pgn.h"
#include "sys/savefile.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"

enum { OPT_FOR = CMD_OPT_LONG, OPT_RULES, OPT_CLOCK, OPT_SIDE, OPT_FEN, OPT_NO_WATCHERS,
       OPT_GRACE, OPT_RESUME, OPT_VARIANT, OPT_SEED };

static const cmd_option host_options[] = {
    {"for", OPT_FOR, "USER[,USER...]", "only these users may see, join and watch (default:\n"
                                       "everyone)"},
    {"rules", OPT_RULES, "NAME", "online (default), asian, vn2004, casual"},
    {"clock", OPT_CLOCK, "TC", "time control: 15+10, 5, /30, none (default)"},
    {"side", OPT_SIDE, "red|black|random", "the side you play (default red)"},
    {"fen", OPT_FEN, "FEN", "start from this position"},
    {"variant", OPT_VARIANT, "V", "standard (the default) or coup (co up, Jieqi: this\n"
                                  "program deals and referees, committed to the deal)"},
    {"seed", OPT_SEED, "N", "coup: the seed of the deal (default: from the OS)"},
    {"no-watchers", OPT_NO_WATCHERS, NULL, "nobody watches"},
    {"grace", OPT_GRACE, "SECONDS", "an away guest's seat waits this long, then the game is\n"
                                    "adjourned (default 600)"},
    {"resume", OPT_RESUME, NULL, "offer again the game that stopped (the same guest rejoins)"},
    NETPLAY_OPTIONS,
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage host_usage = {
    .name = "host",
    .synopsis = "[OPTION]...",
    .about = "Offer a game to another user of this machine (or over SSH) and play it;\n"
             "watchers may follow.\n",
    .after = "\nOn a terminal the game opens full screen (t says something to the opponent);\n"
             "line by line, type moves in any notation and 'help' for the other commands.\n",
    .options = host_options,
};

int cmd_host(int argc, char **argv)
{
    remote_host_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = CT_RULES_DEFAULT;
    netplay_options opt = {.ascii = !diagram_locale_is_utf8(), .notation = CT_NOTATION_VI};
    const char *side = "red";
    char err[512];
    bool resume = false, seeded = false;
    cmd_parser p;
    cmd_parse_begin(&p, &host_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        int common = netplay_common_option("host", k, p.arg, &cfg.lobby, &opt);
        if (common < 0)
            return 2;
        if (common > 0)
            continue;
        switch (k) {
        case 'h': cmd_help(stdout, &host_usage); return 0;
        case OPT_FOR:
            if (lobby_parse_for(p.arg, &cfg.allow, err, sizeof err) != 0) {
                fprintf(stderr, "cotuong host: %s\n", err);
                return 2;
            }
            break;
        case OPT_RULES:
            if (ct_rules_from_name(p.arg, &cfg.rules) != CT_OK) {
                fprintf(stderr, "cotuong host: unknown rules '%s' (online, asian, vn2004, casual)\n", p.arg);
                return 2;
            }
            break;
        case OPT_CLOCK:
            if (ct_tc_parse(p.arg, &cfg.tc) != CT_OK) {
                fprintf(stderr, "cotuong host: bad time control '%s' (15+10, 5, /30, none)\n", p.arg);
                return 2;
            }
            break;
        case OPT_SIDE: side = p.arg; break;
        case OPT_FEN: cfg.fen = p.arg; break;
        case OPT_GRACE: {
            char *end;
            long v = strtol(p.arg, &end, 10);
            if (v < 1 || v > 7 * 24 * 3600 || *end) {
                fprintf(stderr, "cotuong host: --grace takes seconds (1 to 604800)\n");
                return 2;
            }
            cfg.grace_s = (int)v;
            opt.grace_s = (int)v;
            break;
        }
        case OPT_NO_WATCHERS: cfg.no_watchers = true; break;
        case OPT_VARIANT:
            if (!cmd_parse_variant(p.arg, &cfg.coup)) {
                fprintf(stderr, "cotuong host: unknown variant '%s' (standard, coup)\n", p.arg);
                return 2;
            }
            break;
        case OPT_SEED: {
            char *end;
            cfg.coup_seed = strtoull(p.arg, &end, 10);
            if (end == p.arg || *end) {
                fprintf(stderr, "cotuong host: bad seed '%s' (a number)\n", p.arg);
                return 2;
            }
            seeded = true;
            break;
        }
        case OPT_RESUME: resume = true; break;
        case CMD_OPERAND:
            fprintf(stderr, "cotuong host: unexpected argument '%s'\nTry 'cotuong host --help'.\n",
                    p.arg);
            return 2;
        default: return 2;
        }
    }
    if (!netplay_full_screen(&opt))
        sanitize_stdio();
    ct_record *games = NULL;
    int ngames = 0;
    if (!strcmp(side, "red")) {
        cfg.host_side = CT_RED;
    } else if (!strcmp(side, "black")) {
        cfg.host_side = CT_BLACK;
    } else if (!strcmp(side, "random")) {
        unsigned char b = 0;
        if (getrandom(&b, 1, 0) != 1)
            b = (unsigned char)sys_now_ms();
        cfg.host_side = b & 1;
    } else {
        fprintf(stderr, "cotuong host: --side is red, black or random\n");
        return 2;
    }
    if (resume) {
        /* The game as the last host session kept it: same rules, clock, sides, guest, id. */
        char path[1100];
        if (netgame_find_resumable(&games, path, sizeof path, err, sizeof err) != 0) {
            fprintf(stderr, "cotuong host: nothing to resume%s%s\n", err[0] ? ": " : "", err);
            return 1;
        }
        ngames = 1;
        netgame_config_of(&games[0], &cfg);
    }
    if (cfg.coup && cfg.fen) {
        fprintf(stderr, "cotuong host: cờ úp starts from its own deal: --fen cannot be used\n");
        return 2;
    }
    if (cfg.coup && !seeded && !resume) {
        /* The deal from the OS's randomness: nobody, not even the host, chooses it. */
        if (lobby_random(&cfg.coup_seed, sizeof cfg.coup_seed) != 0)
            cfg.coup_seed = sys_fresh_seed();
    }
    if (cfg.fen) {
        ct_pos *pos = xmalloc(sizeof *pos);
        bool ok = ct_fen_read(pos, cfg.fen, NULL) == CT_OK;
        free(pos);
        if (!ok) {
            fprintf(stderr, "cotuong host: bad FEN '%s'\n", cfg.fen);
            return 2;
        }
    }
    if (netplay_full_screen(&opt)) {
        cmd_lobby_screen ls = {.host = &cfg, .resumed = ngames ? &games[0] : NULL,
                               .save_as = opt.save_as, .notation = opt.notation_name,
                               .ascii = opt.ascii_given};
        int status = cmd_play_lobby(&ls);
        if (ngames)
            ct_pgn_free_games(games, ngames);
        return status;
    }
    game_setup setup;
    netgame_setup_of(&cfg, &setup);
    remote *r = remote_host_new(&cfg, err, sizeof err);
    if (!r) {
        fprintf(stderr, "cotuong host: %s\n", err);
        return 1;
    }
    int status = netplay_run(r, &setup, ngames ? &games[0] : NULL, &opt);
    if (ngames)
        ct_pgn_free_games(games, ngames);
    return status;
}
