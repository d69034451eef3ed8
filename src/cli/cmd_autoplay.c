/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `autoplay` test hook: plays moves (random legal ones, or read from standard
 * input) with a running clock, writing the resume file after every move exactly as the game
 * does, and handles SIGHUP/SIGTERM/SIGINT with the same flag-and-save design. The kill tests
 * (tests/e2e_kill.sh) kill it at random instants and check the resume file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/commands.h"
#include "sys/resume.h"
#include "sys/savefile.h"
#include "cotuong/movegen.h"

static resume_game game;
static ct_pos pos;

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Prints the resume file as "moves N", "result R", "clocks A B", "list m1 m2 ...". */
static int check_resume(void)
{
    char err[512];
    int r = resume_load(&game, err, sizeof err);
    if (r < 0) {
        fprintf(stderr, "cotuong autoplay: %s\n", err);
        return 1;
    }
    if (r == 0) {
        printf("none\n");
        return 0;
    }
    printf("moves %d\nresult %s\nclocks %ld %ld\nrules %s\nplayers %s %s\nnotation %s\nlist",
           game.nmoves, game.result, game.clock_ms[0], game.clock_ms[1], game.rules,
           game.player[0], game.player[1], game.notation);
    for (int i = 0; i < game.nmoves; i++) {
        char c[5];
        ct_move_coord(game.moves[i], c);
        printf(" %s", c);
    }
    printf("\n");
    return 0;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR && !savefile_signal_pending())
        ;
}

int cmd_autoplay(int argc, char **argv)
{
    bool resume = false, from_stdin = false;
    long max_moves = 1000000, delay = 0;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--resume")) {
            resume = true;
        } else if (!strcmp(argv[i], "--stdin")) {
            from_stdin = true;
        } else if (!strcmp(argv[i], "--check")) {
            return check_resume();
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 10) * 2654435761u + 1;
        } else if (!strcmp(argv[i], "--moves") && i + 1 < argc) {
            max_moves = strtol(argv[++i], NULL, 10);
        } else if (!strcmp(argv[i], "--delay-ms") && i + 1 < argc) {
            delay = strtol(argv[++i], NULL, 10);
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("Usage: cotuong autoplay [--resume] [--stdin] [--seed N] [--moves N] "
                   "[--delay-ms MS]\n"
                   "       cotuong autoplay --check\n"
                   "Test hook: plays random legal moves (or coordinate moves such as h2e2 from\n"
                   "standard input) with a 10-minute clock per side, rewriting the resume file\n"
                   "after every move and printing 'saved N' once N moves are on disk. SIGHUP,\n"
                   "SIGTERM and SIGINT save the clocks and end the program. --check prints the\n"
                   "resume file's contents or its error.\n");
            return 0;
        } else {
            fprintf(stderr, "cotuong autoplay: unexpected argument '%s'\n", argv[i]);
            return 2;
        }
    }
    char err[512];
    savefile_signals_install();
    resume_game_init(&game);
    if (resume) {
        int r = resume_load(&game, err, sizeof err);
        if (r < 0) {
            fprintf(stderr, "cotuong autoplay: %s\n", err);
            return 1;
        }
        if (r == 0 || strcmp(game.result, "*") != 0)
            resume_game_init(&game); /* nothing to resume: a new game */
    }
    if (game.clock_ms[0] < 0) {
        strcpy(game.time_control, "600+0");
        game.clock_ms[0] = game.clock_ms[1] = 600000;
        strcpy(game.player[CT_BLACK], "ai:5");
        strcpy(game.notation, "wxf");
        strcpy(game.rules, "asian");
    }
    if (game.fen[0])
        ct_fen_read(&pos, game.fen, NULL);
    else
        ct_pos_start(&pos);
    for (int i = 0; i < game.nmoves; i++)
        ct_pos_make(&pos, game.moves[i]);
    printf("start %d\n", game.nmoves);
    fflush(stdout);

    long turn_start = now_ms();
    for (long played = 0;; played++) {
        int sig = savefile_signal_pending();
        if (sig) {
            /* The same thing the game does: save once more with the clocks as they are. */
            game.clock_ms[pos.side] -= now_ms() - turn_start;
            if (game.clock_ms[pos.side] < 0)
                game.clock_ms[pos.side] = 0;
            if (resume_save(&game, err, sizeof err) != 0)
                fprintf(stderr, "cotuong autoplay: %s\n", err);
            printf("signal %d saved %d\n", sig, game.nmoves);
            fflush(stdout);
            savefile_signal_exit(sig);
        }
        if (played >= max_moves)
            break;
        ct_move list[CT_MAX_MOVES];
        int n = ct_gen_legal(&pos, list);
        ct_move mv = CT_NO_MOVE;
        if (n == 0 || game.nmoves >= 400) {
            strcpy(game.result, n == 0 ? (pos.side == CT_RED ? "0-1" : "1-0") : "1/2-1/2");
        } else if (from_stdin) {
            char line[64];
            if (!fgets(line, sizeof line, stdin)) {
                if (savefile_signal_pending())
                    continue;
                break;
            }
            line[strcspn(line, "\r\n")] = '\0';
            mv = ct_move_parse_coord(line);
            if (mv == CT_NO_MOVE || !ct_is_legal(&pos, mv)) {
                printf("illegal %s\n", line);
                fflush(stdout);
                continue;
            }
        } else {
            mv = list[rng_next(&seed) % (uint64_t)n];
        }
        if (delay > 0)
            sleep_ms(delay);
        if (mv != CT_NO_MOVE) {
            long t = now_ms();
            game.clock_ms[pos.side] -= t - turn_start;
            if (game.clock_ms[pos.side] < 0)
                game.clock_ms[pos.side] = 0;
            turn_start = t;
            ct_pos_make(&pos, mv);
            game.moves[game.nmoves++] = mv;
        }
        if (resume_save(&game, err, sizeof err) != 0) {
            fprintf(stderr, "cotuong autoplay: %s\n", err);
            return 1;
        }
        printf("saved %d\n", game.nmoves);
        fflush(stdout);
        if (mv == CT_NO_MOVE)
            break; /* the game ended */
    }
    printf("end %s\n", game.result);
    return 0;
}
