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

static void host_usage(FILE *out)
{
    fprintf(out,
            "Usage: cotuong host [OPTION]...\n"
            "Offer a game to another user of this machine (or over SSH) and play it; watchers may follow.\n\n"
            "  --for USER[,USER...]  only these users may see, join and watch (default: everyone)\n"
            "  --rules NAME          online (default), asian, vn2004, casual\n"
            "  --clock TC            time control: 15+10, 5, /30, none (default)\n"
            "  --side red|black|random  the side you play (default red)\n"
            "  --fen FEN             start from this position\n"
            "  --no-watchers         nobody watches\n"
            "  --grace SECONDS       an away guest's seat waits this long, then the game is\n"
            "                        adjourned (default 600)\n"
            "  --resume              offer again the game that stopped (the same guest rejoins)\n"
            "  --lobby DIR           the lobby directory (default $COTUONG_LOBBY or %s)\n"
            "  --pgn FILE            write the game to FILE when it ends or stops\n"
            "  --notation N          moves shown as vi, wxf, zh, iccs, coord, ...\n"
            "  --ascii               ASCII board\n"
            "  --line                line by line even on a terminal (the default elsewhere)\n"
            "  -h, --help            display this help and exit\n\n"
            "On a terminal the game opens full screen (t says something to the opponent);\n"
            "line by line, type moves in any notation and 'help' for the other commands.\n",
            LOBBY_DEFAULT_DIR);
}

int cmd_host(int argc, char **argv)
{
    if (!netplay_screen_wanted(argc, argv))
        sanitize_stdio();
    remote_host_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = CT_RULES_DEFAULT;
    netplay_options opt = {.ascii = !diagram_locale_is_utf8(), .notation = CT_NOTATION_VI};
    const char *side = "red";
    char err[512];
    bool resume = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int took = netplay_common_option(argc, argv, i, &cfg.lobby, &opt);
        if (took < 0) {
            fprintf(stderr, "cotuong host: bad or missing value for %s\n", a);
            return 2;
        }
        if (took > 0) {
            i += took - 1;
            continue;
        }
        bool takes = !strcmp(a, "--for") || !strcmp(a, "--rules") || !strcmp(a, "--clock") ||
                     !strcmp(a, "--side") || !strcmp(a, "--fen");
        if (takes && i + 1 >= argc) {
            fprintf(stderr, "cotuong host: option %s needs a value\n", a);
            return 2;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            host_usage(stdout);
            return 0;
        } else if (!strcmp(a, "--for")) {
            if (lobby_parse_for(argv[++i], &cfg.allow, err, sizeof err) != 0) {
                fprintf(stderr, "cotuong host: %s\n", err);
                return 2;
            }
        } else if (!strcmp(a, "--rules")) {
            if (ct_rules_from_name(argv[++i], &cfg.rules) != CT_OK) {
                fprintf(stderr, "cotuong host: unknown rules '%s' (online, asian, vn2004, casual)\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(a, "--clock")) {
            if (ct_tc_parse(argv[++i], &cfg.tc) != CT_OK) {
                fprintf(stderr, "cotuong host: bad time control '%s' (15+10, 5, /30, none)\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(a, "--side")) {
            side = argv[++i];
        } else if (!strcmp(a, "--fen")) {
            cfg.fen = argv[++i];
        } else if (!strcmp(a, "--grace")) {
            char *end;
            long v = i + 1 < argc ? strtol(argv[++i], &end, 10) : 0;
            if (v < 1 || v > 7 * 24 * 3600 || *end) {
                fprintf(stderr, "cotuong host: --grace takes seconds (1 to 604800)\n");
                return 2;
            }
            cfg.grace_s = (int)v;
            opt.grace_s = (int)v;
        } else if (!strcmp(a, "--no-watchers")) {
            cfg.no_watchers = true;
        } else if (!strcmp(a, "--resume")) {
            resume = true;
        } else {
            fprintf(stderr, "cotuong host: unknown option '%s'\nTry 'cotuong host --help'.\n", a);
            return 2;
        }
    }
    static ct_record *games;
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
    if (cfg.fen) {
        ct_pos *pos = malloc(sizeof *pos);
        bool ok = pos && ct_fen_read(pos, cfg.fen, NULL) == CT_OK;
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
