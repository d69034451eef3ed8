/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `autoplay` test hook: plays moves (random legal ones, or read from standard
 * input) with a running clock through the same game model and autosave sink as the
 * full-screen game, so the resume file is rewritten after every move exactly as there, and
 * handles SIGHUP/SIGTERM/SIGINT with the same flag-and-save design. The kill tests
 * (tests/e2e_kill.sh) kill it at random instants and check the resume file. With --variant
 * coup the game is cờ úp, dealt from the seed (its moves drawn from what any player may
 * know: the legal moves are the same in every view). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "game/autosave.h"
#include "game/game.h"
#include "sys/resume.h"
#include "sys/savefile.h"
#include "sys/signals.h"
#include "sys/systime.h"
#include "cotuong/coup.h"
#include "cotuong/movegen.h"
#include "cotuong/pgn.h"

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Prints the resume file's first game as "moves N" (plies of the main line), "result R",
 * "clocks A B", "rules", "players", "notation", "interrupted", "list m1 m2 ...". */
static int check_resume(void)
{
    char err[700];
    ct_record *recs;
    int n;
    int r = resume_load(&recs, &n, err, sizeof err);
    if (r < 0) {
        fprintf(stderr, "cotuong autoplay: %s\n", err);
        return 1;
    }
    if (r == 0) {
        printf("none\n");
        return 0;
    }
    const ct_record *g = &recs[0];
    ct_move line[CT_MAX_HISTORY];
    int nm = ct_record_main_line(g, line, CT_MAX_HISTORY);
    /* A cờ úp game keeps its moves and their reveals in the CoupLine tag. */
    const char *coup_line = ct_record_tag(g, "CoupLine");
    if (coup_line) {
        nm = 0;
        for (const char *q = coup_line; *q;) {
            q += strspn(q, " ");
            if (*q)
                nm++;
            q += strcspn(q, " ");
        }
    }
#define TAG(name, dflt) (ct_record_tag(g, name) ? ct_record_tag(g, name) : (dflt))
    printf("moves %d\nresult %s\nclocks %s %s\nrules %s\nplayers %s %s\nnotation %s\n"
           "interrupted %s\nlist",
           nm, ct_result_string(g->result), TAG("RedClockMs", "-1"), TAG("BlackClockMs", "-1"),
           TAG("Rules", "online"), TAG("RedPlayer", "human"), TAG("BlackPlayer", "human"),
           TAG("Notation", "-"), TAG("Interrupted", "-"));
#undef TAG
    for (int i = 0; i < nm && !coup_line; i++) {
        char c[6];
        ct_move_coord(line[i], c);
        printf(" %s", c);
    }
    if (coup_line)
        printf(" %s\nvariant coup", coup_line);
    printf("\n");
    ct_pgn_free_games(recs, n);
    return 0;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR && !sys_signal_pending())
        ;
}

enum { OPT_RESUME = CMD_OPT_LONG, OPT_STDIN, OPT_CHECK, OPT_SEED, OPT_MOVES, OPT_DELAY,
       OPT_VARIANT };

static const cmd_option autoplay_options[] = {
    {"resume", OPT_RESUME, NULL, "go on with the game of the resume file"},
    {"stdin", OPT_STDIN, NULL, "read coordinate moves (h2e2) from standard input"},
    {"seed", OPT_SEED, "N", "the seed of the random moves"},
    {"moves", OPT_MOVES, "N", "stop after N moves"},
    {"delay-ms", OPT_DELAY, "MS", "wait MS milliseconds between moves"},
    {"variant", OPT_VARIANT, "V", "standard (the default) or coup (co up, Jieqi, dealt\n"
                                  "from the seed)"},
    {"check", OPT_CHECK, NULL, "print the resume file's contents or its error, and exit"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage autoplay_usage = {
    .name = "autoplay",
    .synopsis = "[--resume] [--stdin] [--seed N] [--moves N]\n"
                "                        [--delay-ms MS] [--variant standard|coup] | --check",
    .about = "Test hook: plays random legal moves (or coordinate moves such as h2e2 from\n"
             "standard input) with a 10-minute clock per side, rewriting the resume file\n"
             "after every move and printing 'saved N' once N moves are on disk. SIGHUP,\n"
             "SIGTERM and SIGINT save the clocks and end the program.\n",
    .options = autoplay_options,
};

int cmd_autoplay(int argc, char **argv)
{
    bool resume = false, from_stdin = false, coup = false;
    long max_moves = 1000000, delay = 0;
    uint64_t seed = 1;
    cmd_parser p;
    cmd_parse_begin(&p, &autoplay_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case OPT_RESUME: resume = true; break;
        case OPT_STDIN: from_stdin = true; break;
        case OPT_CHECK: return check_resume();
        case OPT_SEED: seed = strtoull(p.arg, NULL, 10) * 2654435761u + 1; break;
        case OPT_MOVES: max_moves = strtol(p.arg, NULL, 10); break;
        case OPT_DELAY: delay = strtol(p.arg, NULL, 10); break;
        case OPT_VARIANT:
            if (!cmd_parse_variant(p.arg, &coup)) {
                fprintf(stderr, "cotuong autoplay: unknown variant '%s' (standard, coup)\n", p.arg);
                return 2;
            }
            break;
        case 'h': cmd_help(stdout, &autoplay_usage); return 0;
        case CMD_OPERAND:
            fprintf(stderr, "cotuong autoplay: unexpected argument '%s'\n", p.arg);
            return 2;
        default: return 2;
        }
    }
    char err[700];
    game g;
    game_autosave saver;
    sys_signals_install();
    game_init(&g);
    game_autosave_init(&saver);
    snprintf(saver.notation, sizeof saver.notation, "wxf");
    bool resumed = false;
    if (resume) {
        ct_record *recs;
        int n;
        int r = resume_load(&recs, &n, err, sizeof err);
        if (r < 0) {
            fprintf(stderr, "cotuong autoplay: %s\n", err);
            return 1;
        }
        if (r == 1) {
            resumed = game_restore(&g, &recs[0], false, sys_now_ms(), err, sizeof err);
            ct_pgn_free_games(recs, n);
            if (!resumed) {
                fprintf(stderr, "cotuong autoplay: %s\n", err);
                return 1;
            }
        }
    }
    if (!resumed || game_over(&g)) {
        game_setup s;
        game_setup_default(&s);
        ct_tc_parse("10", &s.tc);
        s.rules = CT_RULES_ASIAN;
        sys_player_spec_parse("ai:5", &s.players[CT_BLACK], NULL, 0);
        if (coup) {
            s.variant = GAME_VARIANT_COUP;
            s.coup_seed = seed;
        }
        game_new(&g, &s, sys_now_ms());
    }
    game_autosave_attach(&saver, &g, NULL, 0);
    printf("start %d\n", game_plies(&g));
    fflush(stdout);

    for (long played = 0;; played++) {
        int sig = sys_signal_pending();
        if (sig) {
            /* The same thing the game does: save once more with the clocks as they are. */
            if (game_autosave_write(&saver, sys_now_ms(), "signal") != 0)
                fprintf(stderr, "cotuong autoplay: %s\n", saver.error);
            printf("signal %d saved %d\n", sig, game_plies(&g));
            fflush(stdout);
            sys_signal_exit(sig);
        }
        if (played >= max_moves || game_over(&g))
            break;
        ct_move list[CT_MAX_MOVES];
        int n = game_is_coup(&g) ? ct_coup_gen_legal(g.coup, list) : ct_gen_legal(g.pos, list);
        ct_move mv = CT_NO_MOVE;
        if (game_plies(&g) >= 400) {
            /* Long enough: a draw by agreement ends the game. */
            game_offer_draw(&g, game_side(&g));
            game_accept_draw(&g, !game_side(&g), sys_now_ms());
            break;
        }
        if (from_stdin) {
            char line[64];
            if (!fgets(line, sizeof line, stdin)) {
                if (sys_signal_pending())
                    continue;
                break;
            }
            line[strcspn(line, "\r\n")] = '\0';
            mv = ct_move_parse_coord(line);
            if (mv == CT_NO_MOVE) {
                printf("illegal %s\n", line);
                fflush(stdout);
                continue;
            }
        } else if (n > 0) {
            mv = list[rng_next(&seed) % (uint64_t)n];
        }
        if (delay > 0)
            sleep_ms(delay);
        if (mv == CT_NO_MOVE)
            break;
        game_status st = game_play(&g, mv, sys_now_ms(), NULL);
        if (st == GAME_ILLEGAL && from_stdin) { /* the model says so: nothing was played */
            char coord[6];
            ct_move_coord(mv, coord);
            printf("illegal %s\n", coord);
            fflush(stdout);
            continue;
        }
        if (st != GAME_OK)
            break;
        if (saver.error[0]) {
            fprintf(stderr, "cotuong autoplay: %s\n", saver.error);
            return 1;
        }
        printf("saved %d\n", game_plies(&g));
        fflush(stdout);
    }
    printf("end %s\n", ct_result_string(g.rec.result));
    game_free(&g);
    return 0;
}
