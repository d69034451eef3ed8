/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `match` subcommand: headless games between two players (the built-in AI
 * at any level or external engines), each played through the game model (game/game.h: its
 * seats, clock and referee; the players stay open from game to game), over a built-in list of
 * openings played with colours swapped; prints W/D/L, score and the Elo difference with
 * its 95% error bar and each player's time and depth per move, and can write the games as
 * PGN (ICCS moves). With --sprt it stops as soon as a sequential probability ratio test
 * decides between two Elo hypotheses; Ctrl-C stops it with the summary of the games done.
 * --variant coup plays cờ úp: the referee (the game model) deals each pair of games from a
 * seed it records (the same deal with colours swapped), and each player -- the built-in cờ
 * úp AI, or a UCI engine in the Jieqi dialect -- is handed only its side's view. */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "cli/sprt.h"
#include "game/coup_seat.h"
#include "game/game.h"
#include "game/seat.h"
#include "sys/readall.h"
#include "sys/player.h"
#include "sys/signals.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "cotuong/coup_pgn.h"
#include "cotuong/movegen.h"
#include "cotuong/pgn.h"
#include "cotuong/record.h"
#include "cotuong/rules.h"

/* Openings (coordinate moves from the start position): the common first moves of both
 * sides, each played twice with colours swapped. */
static const char *const openings[] = {
    "h2e2 h9g7",      /* central cannon vs screen horse */
    "h2e2 h7e7",      /* same-direction cannons */
    "h2e2 b7e7",      /* opposite-direction cannons */
    "c3c4 g6g5",      /* pawn opening, counter pawn */
    "b0c2 h9g7",      /* horse opening */
    "g3g4 b9c7",      /* pawn opening vs horse */
    "c0e2 h7e7",      /* elephant opening vs central cannon */
    "b2d2 h9g7",      /* cannon to the palace corner */
    "h2e2 h9g7 h0g2 i9h9",
    "c3c4 b7c7",      /* pawn opening vs cannon on the pawn's file */
    "h2f2 h9g7",      /* cannon to the advisor's file */
    "g0e2 b9c7",      /* right elephant */
    "h2e2 b9c7 h0g2 h7f7", /* central cannon vs left horse, cannon to the advisor's file */
    "h0g2 g6g5",      /* horse opening, pawn answer */
    "h2e2 h9g7 h0g2 g6g5", /* central cannon vs right horse, pawn 7 forward */
    "c3c4 h9g7 b0c2 g6g5",
};
#define N_BUILTIN_OPENINGS (int)(sizeof openings / sizeof openings[0])


/* Engine options: NAME=VALUE texts of --p1-option / --p2-option, split at the first '='. */
#define MAX_ENGINE_OPTIONS 32
#define MAX_OPTION_NAME 128 /* UCI option names are a few words */
typedef struct {
    char name[MAX_ENGINE_OPTIONS][MAX_OPTION_NAME];
    const char *value[MAX_ENGINE_OPTIONS];
    int n;
} engine_options;

/* What one player spent per move, as measured here (wall time) and as it reported (depth). */
typedef struct {
    int moves;
    int64_t total_ms;
    int max_ms;
    int depth_moves; /* the moves with a depth (engines may report none; book moves have none) */
    int64_t depth_sum;
} move_stats;

/* Ctrl-C (or SIGTERM, or SIGHUP when the terminal goes): the game in progress is written
 * unfinished and not counted, and the summary of the finished ones printed. */
static sys_player *volatile thinking; /* read by the signal handler's wake */

/* Called from the signal handler at the first signal: stops the player thinking. */
static void stop_thinking(void)
{
    sys_player *p = thinking;
    if (p)
        sys_player_stop(p); /* an atomic store (the AI) or a write(2) on a pipe (an engine) */
}

typedef struct {
    const char *p1_spec, *p2_spec;
    engine_options p1_opts, p2_opts;
    int games;
    int movetime;
    uint64_t nodes;
    int nodes_jitter;             /* --nodes-jitter: percent */
    const char *const *openings;
    const char **file_openings; /* --openings: the list and the text it points into */
    char *file_text;
    int n_openings;
    bool sprt;
    sprt_test test;
    int base_ms, inc_ms;
    ct_rules rules;
    const char *pgn_path;
    int max_plies;
    int depth;
    bool verbose;
    bool coup;                    /* --variant coup */
    uint64_t seed;                /* cờ úp: the deals' seed (each pair's drawn from it);
                                   * --nodes-jitter: the node limits' */
    sys_player_spec spec[2];      /* players 1 and 2 as given (cờ úp: the AI's level) */
} match_opts;

enum { OPT_P1 = CMD_OPT_LONG, OPT_P2, OPT_P1_OPTION, OPT_P2_OPTION, OPT_GAMES, OPT_MOVETIME,
       OPT_CLOCK, OPT_DEPTH, OPT_NODES, OPT_OPENINGS, OPT_SPRT, OPT_RULES, OPT_PGN,
       OPT_MAX_PLIES, OPT_VARIANT, OPT_SEED, OPT_NODES_JITTER };

static const cmd_option match_options[] = {
    {"p1", OPT_P1, "PLAYER", "PLAYER 1: ai[:LEVEL[:SEED]] (the built-in AI, level 1-10),\n"
                             "uci:COMMAND, ucci:COMMAND or xboard:COMMAND (an engine)"},
    {"p2", OPT_P2, "PLAYER", "PLAYER 2, the same"},
    {"games", OPT_GAMES, "N", "play N games (default 2), colours alternating"},
    {"movetime", OPT_MOVETIME, "MS", "milliseconds per move (default 100)"},
    {"clock", OPT_CLOCK, "B+I", "a clock instead: 1+0.1 gives each side 1 s plus 0.1 s a move"},
    {"depth", OPT_DEPTH, "N", "limit every move to depth N (instead, or as well)"},
    {"nodes", OPT_NODES, "N", "limit every move to N nodes (instead, or as well)"},
    {"nodes-jitter", OPT_NODES_JITTER, "P", "with --nodes: each move's limit drawn from N +/- P%\n"
                                           "(--seed), so that a rerun plays new games"},
    {"openings", OPT_OPENINGS, "FILE", "the lines of coordinate moves of FILE instead of the\n"
                                       "built-in openings"},
    {"sprt", OPT_SPRT, "E0,E1[,A,B]", "stop when PLAYER 1 is shown to be E1 Elo stronger or\n"
                                      "not E0 stronger (false positive/negative rates A and B,\n"
                                      "default 0.05), N games at most"},
    {"p1-option", OPT_P1_OPTION, "NAME=VALUE", "set an option the engine offers (\"Skill Level=5\")"},
    {"p2-option", OPT_P2_OPTION, "NAME=VALUE", "the same for PLAYER 2"},
    {"rules", OPT_RULES, "NAME", "online (default), asian, vn2004, casual"},
    {"pgn", OPT_PGN, "FILE", "write the games to FILE"},
    {"max-plies", OPT_MAX_PLIES, "N", "adjudicate a draw after N plies (default 600)"},
    {"variant", OPT_VARIANT, "V", "standard (the default) or coup (co up, Jieqi: the\n"
                                  "built-in AI, or UCI engines in the Jieqi dialect)"},
    {"seed", OPT_SEED, "N", "coup: the deals are drawn from N (default: the time);\n"
                            "each pair of games has one deal, colours swapped;\n"
                            "--nodes-jitter: the node limits are drawn from N"},
    {"verbose", 'v', NULL, "each move on standard error"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage match_usage = {
    .name = "match",
    .synopsis = "--p1 PLAYER --p2 PLAYER [--games N]\n"
                "                     [--movetime MS | --clock B+I] [--depth N] [--nodes N]\n"
                "                     [--openings FILE] [--sprt E0,E1[,A,B]]\n"
                "                     [--p1-option NAME=VALUE]... [--p2-option NAME=VALUE]...\n"
                "                     [--rules NAME] [--pgn FILE] [--max-plies N] [--verbose]\n"
                "                     [--variant standard|coup] [--seed N] [--nodes-jitter P]",
    .about = "Plays games between two players over built-in openings and prints W/D/L for\n"
             "PLAYER 1, its score and the Elo difference with a 95% error bar.\n",
    .after = "\nCtrl-C (or SIGTERM, SIGHUP) prints the finished games' summary; the unfinished\n"
             "game goes to the PGN file as \"*\".\n",
    .options = match_options,
};

/* Reads an openings file: one line of coordinate moves per opening; '#' starts a comment,
 * a leading "N:" (the weight of a book line) is skipped. The lines are checked when played. */
static const char **read_openings(const char *path, int *count, char **textp)
{
    size_t len;
    char *text = *textp = readall_path(path, 1 << 22, &len);
    if (!text)
        return NULL;
    int cap = 64, n = 0;
    const char **list = xmalloc((size_t)cap * sizeof *list);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char *colon = strchr(line, ':');
        if (colon)
            line = colon + 1;
        line += strspn(line, " \t\r");
        size_t k = strlen(line);
        while (k > 0 && (line[k - 1] == ' ' || line[k - 1] == '\t' || line[k - 1] == '\r'))
            line[--k] = 0;
        if (!*line)
            continue;
        if (n == cap) {
            cap *= 2;
            list = xrealloc(list, (size_t)cap * sizeof *list);
        }
        list[n++] = line;
    }
    *count = n;
    return list; /* the lines point into text (free both after the match) */
}

/* Elo difference for a score fraction. */
static double elo_of(double p)
{
    if (p <= 0.0)
        return -INFINITY;
    if (p >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

static bool parse_clock(const char *s, int *base_ms, int *inc_ms)
{
    char *end;
    double b = strtod(s, &end), i = 0;
    if (end == s || b <= 0)
        return false;
    if (*end == '+') {
        const char *q = end + 1;
        i = strtod(q, &end);
        if (end == q || i < 0)
            return false;
    }
    if (*end)
        return false;
    *base_ms = (int)(b * 1000 + 0.5);
    *inc_ms = (int)(i * 1000 + 0.5);
    return true;
}

/* A new record with the tags every game of a match carries (today's date in UTC). */
static void match_record_init(ct_record *r, int round, const char *red, const char *black)
{
    ct_record_init(r);
    char date[16], num[16];
    time_t t = time(NULL);
    struct tm tmv;
    gmtime_r(&t, &tmv);
    strftime(date, sizeof date, "%Y.%m.%d", &tmv);
    snprintf(num, sizeof num, "%d", round);
    ct_record_set_tag(r, "Event", "cotuong match");
    ct_record_set_tag(r, "Date", date);
    ct_record_set_tag(r, "Round", num);
    ct_record_set_tag(r, "Red", red);
    ct_record_set_tag(r, "Black", black);
}

/* Writes one game with the records module (ICCS movetext). Endings the referee names go in
 * the record's termination; others (forfeits, adjudication) as a Termination tag text. */
static void write_pgn(FILE *f, int round, const char *red, const char *black, const ct_pos *pos,
                      ct_result result, ct_end_reason reason, const char *termination)
{
    ct_record r;
    match_record_init(&r, round, red, black);
    int node = CT_ROOT;
    for (int i = 0; i < pos->ply; i++)
        if (ct_record_add_move(&r, node, pos->hist[i].move, &node) != CT_OK)
            break;
    r.result = result;
    r.termination = reason;
    if (reason == CT_END_NONE)
        ct_record_set_tag(&r, "Termination", termination);
    char *out = NULL;
    size_t len = 0;
    if (ct_pgn_write(&r, CT_NOTATION_ICCS, &out, &len) == CT_OK) {
        fwrite(out, 1, len, f);
        fputc('\n', f);
    } else {
        fprintf(stderr, "cotuong match: cannot write game %d as PGN\n", round);
    }
    free(out);
    ct_record_free(&r);
}

/* The deal of a pair of games (1-2, 3-4, ...): drawn from the match's seed, so that a game
 * can be replayed from its CoupSeed tag alone. */
static uint64_t pair_seed(const match_opts *o, int round)
{
    uint64_t st = o->seed ^ ((uint64_t)((round - 1) / 2) * 0x9E3779B97F4A7C15ULL);
    return ct_coup_rand(&st);
}

/* A cờ úp game as the referee's record (coup_pgn.h): [Variant "Jieqi"], the deal's seed and
 * the deal (the game is over, or the file is the referee's), the moves with their reveals. */
static void write_coup_pgn(FILE *f, int round, const char *red, const char *black, game *g,
                           uint64_t seed, ct_result result, ct_end_reason reason,
                           const char *termination)
{
    ct_record r;
    char text[40];
    match_record_init(&r, round, red, black);
    snprintf(text, sizeof text, "%llu", (unsigned long long)seed);
    ct_record_set_tag(&r, "CoupSeed", text);
    ct_coup_deal_text(&g->coup_deal, text, sizeof text);
    ct_record_set_tag(&r, "CoupDeal", text);
    int node = CT_ROOT;
    for (int i = 0; i < g->coup->ply; i++)
        if (ct_record_add_move_unchecked(&r, node, g->coup->hist[i].move, &node) != CT_OK)
            break;
    r.result = result;
    r.termination = reason;
    if (reason == CT_END_NONE)
        ct_record_set_tag(&r, "Termination", termination);
    uint8_t *rev = xcalloc(CT_MAX_HISTORY, 1);
    game_coup_reveals(g, rev, CT_MAX_HISTORY);
    char *out = NULL;
    size_t len = 0;
    if (ct_coup_pgn_write(&r, rev, &out, &len) == CT_OK) {
        fwrite(out, 1, len, f);
        fputc('\n', f);
    } else {
        fprintf(stderr, "cotuong match: cannot write game %d as PGN\n", round);
    }
    free(out);
    free(rev);
    ct_record_free(&r);
}

/* Plays opening moves through the model; false when one is illegal (a bug in the list). */
static bool play_opening(game *g, const char *line)
{
    char tok[8];
    const char *p = line;
    while (*p) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " ");
        if (!n)
            break;
        if (n >= sizeof tok)
            return false;
        memcpy(tok, p, n);
        tok[n] = 0;
        p += n;
        if (game_play(g, ct_move_parse_coord(tok), sys_now_ms(), NULL) != GAME_OK)
            return false;
    }
    return true;
}

#define GAME_INTERRUPTED (-1)

/* The game a signal stopped: kept in the PGN file, unfinished ("*"), so nothing played is
 * lost; it is not counted. */
static int interrupted_game(FILE *pgn, int round, sys_player *red, sys_player *black,
                            game *g, uint64_t seed)
{
    if (pgn) {
        char why[64];
        snprintf(why, sizeof why, "interrupted by %s",
                 sys_signal_pending() == SIGINT    ? "Ctrl-C"
                 : sys_signal_pending() == SIGTERM ? "SIGTERM"
                                                   : "SIGHUP");
        if (g->coup)
            write_coup_pgn(pgn, round, sys_player_name(red), sys_player_name(black), g, seed,
                           CT_RESULT_NONE, CT_END_NONE, why);
        else
            write_pgn(pgn, round, sys_player_name(red), sys_player_name(black), g->pos,
                      CT_RESULT_NONE, CT_END_NONE, why);
        fflush(pgn);
    }
    return GAME_INTERRUPTED;
}

/* How a game ended, as the summary line and the PGN file say it. */
typedef struct {
    ct_result result;
    ct_end_reason reason;
    char termination[200];
} match_end;

/* A seat's forfeit (game_tick has scored it as a loss) in the words of the match. */
static void forfeit_end(match_end *e, int side, const char *name, const game_seat_result *r)
{
    e->result = ct_result_loss_of(side);
    if (r->status == GAME_SEAT_MOVE) { /* a move the referee refused */
        char mv[5];
        ct_move_coord(r->move, mv);
        snprintf(e->termination, sizeof e->termination, "illegal move %s (%s)", mv, name);
        return;
    }
    if (r->status == GAME_SEAT_NO_MOVE) { /* cannot happen: the referee ends the game first */
        snprintf(e->termination, sizeof e->termination, "no legal move");
        return;
    }
    bool resigned = r->status == GAME_SEAT_RESIGN;
    if (r->player == SYS_PLAYER_TIMEOUT)
        e->reason = CT_END_TIME;
    else if (resigned)
        e->reason = CT_END_RESIGNATION;
    const char *what = r->player == SYS_PLAYER_TIMEOUT   ? "time forfeit"
                       : r->player == SYS_PLAYER_CRASH   ? "engine crashed"
                       : r->player == SYS_PLAYER_ILLEGAL ? "illegal move"
                                                         : "resignation";
    snprintf(e->termination, sizeof e->termination, "%s (%s: %s)", what, name, r->detail);
}

/* Counts a move the seat of side played in stats; checks the AI kept to the move time. */
static void count_move(const match_opts *o, game *g, int side, sys_player *pl,
                       move_stats *st, int *late_moves)
{
    game_seat_result r;
    game_seat_last_result(game_seat_of(g, side), &r);
    st->moves++;
    st->total_ms += r.time_ms;
    if (r.time_ms > st->max_ms)
        st->max_ms = r.time_ms;
    if (r.depth > 0) {
        st->depth_moves++;
        st->depth_sum += r.depth;
    }
    if (o->base_ms == 0 && o->depth == 0 && o->nodes == 0 && !sys_player_is_engine(pl) &&
        r.time_ms > o->movetime + 50)
        (*late_moves)++;
    if (o->verbose) {
        char mv[5];
        ct_move_coord(r.move, mv);
        fprintf(stderr, "%3d. %s %s score %d depth %d time %d\n", game_plies(g),
                side == CT_RED ? "red  " : "black", mv, r.score, r.depth, r.time_ms);
    }
}

/* Plays one game through the game model: the opening, then game_tick() asks each side's
 * seat for its move, runs the clock, referees and ends the game on time or by forfeit.
 * Returns Red's score: 2 win, 1 draw, 0 loss, or GAME_INTERRUPTED (a signal: the game is
 * written unfinished, not printed). stats[CT_RED] and stats[CT_BLACK] get the moves. */
static int play_game(game *g, const match_opts *o, sys_player *red, sys_player *black,
                     int round, FILE *pgn, int *late_moves, move_stats *const stats[2])
{
    game_setup setup;
    game_setup_default(&setup);
    setup.rules = o->rules;
    setup.tc.base_ms = o->base_ms;
    setup.tc.increment_ms = o->inc_ms;
    uint64_t seed = 0;
    if (o->coup) {
        setup.variant = GAME_VARIANT_COUP;
        setup.coup_seed = seed = pair_seed(o, round);
    }
    game_new(g, &setup, sys_now_ms());
    g->pace_ms = 0;
    char opening_text[40];
    const char *opening = opening_text;
    if (o->coup) {
        snprintf(opening_text, sizeof opening_text, "deal %llu", (unsigned long long)seed);
    } else {
        opening = o->openings[((round - 1) / 2) % o->n_openings];
        if (!play_opening(g, opening)) {
            fprintf(stderr, "cotuong match: bad opening '%s'\n", opening);
            exit(1);
        }
    }
    sys_player *players[2] = {red, black};
    for (int side = 0; side < 2; side++) {
        game_seat *seat;
        if (o->coup) {
            /* Cờ úp: the built-in AI's own seat, or the engine in the Jieqi dialect; either
             * gets its side's view from the game model before every think. */
            const sys_player_spec *sp = &o->spec[(players[side] == red) == (round % 2 == 1) ? 0 : 1];
            char err[200];
            seat = sys_player_is_engine(players[side])
                       ? game_coup_engine_seat(players[side], false, err, sizeof err)
                       : game_coup_seat_open(sp->level, sp->seed + (uint64_t)round);
            if (!seat) {
                fprintf(stderr, "cotuong match: %s: %s\n", sys_player_name(players[side]), err);
                exit(1);
            }
        } else {
            seat = game_seat_of_player(players[side], false);
        }
        game_seat_fix_limits(seat, o->depth, o->nodes,
                             o->depth == 0 && o->nodes == 0 ? o->movetime : 0);
        if (o->nodes_jitter) /* a sequence of its own for each game and side */
            game_seat_vary_nodes(seat, o->nodes_jitter,
                                 o->seed ^ ((uint64_t)round * 2 + (uint64_t)side) * 0xD1B54A32D192ED03ULL);
        game_seat_new_game(seat);
        game_set_seat(g, side, seat, NULL);
    }
    match_end e = {CT_RESULT_NONE, CT_END_NONE, ""};
    while (!e.termination[0]) {
        if (sys_signal_pending())
            return interrupted_game(pgn, round, red, black, g, seed);
        int side = game_side(g);
        thinking = players[side];
        game_tick_event ev = game_tick(g, sys_now_ms());
        switch (ev.kind) {
        case GAME_TICK_NONE: {
            /* A seat thinks: wait for it (a signal stops it: see stop_thinking). */
            game_seat *seat = game_thinking(g);
            if (seat)
                game_seat_wait_ready(seat, 20);
            break;
        }
        case GAME_TICK_MOVED:
            count_move(o, g, side, players[side], stats[side], late_moves);
            if (ev.report.over) {
                e.result = ev.report.result;
                e.reason = ev.report.reason;
                snprintf(e.termination, sizeof e.termination, "%s",
                         ct_end_reason_name(ev.report.reason));
            } else if (game_plies(g) >= o->max_plies) {
                e.result = CT_RESULT_DRAW;
                snprintf(e.termination, sizeof e.termination, "adjudicated draw after %d plies",
                         game_plies(g));
            } else if (game_plies(g) >= CT_MAX_HISTORY - 2) {
                e.result = CT_RESULT_DRAW;
                snprintf(e.termination, sizeof e.termination, "history full");
            }
            break;
        case GAME_TICK_TIME:
            e.result = ct_result_loss_of(ev.side);
            e.reason = CT_END_TIME;
            snprintf(e.termination, sizeof e.termination, "time forfeit (%s)",
                     sys_player_name(players[ev.side]));
            break;
        case GAME_TICK_FORFEIT: {
            game_seat_result r;
            game_seat_last_result(game_seat_of(g, ev.side), &r);
            forfeit_end(&e, ev.side, sys_player_name(players[ev.side]), &r);
            break;
        }
        case GAME_TICK_HINT: break;
        }
    }
    thinking = NULL;
    if (sys_signal_pending())
        return interrupted_game(pgn, round, red, black, g, seed);
    const char *rs = ct_result_string(e.result);
    printf("game %d: %s (red) - %s (black): %s %s, %d plies, opening %s\n", round,
           sys_player_name(red), sys_player_name(black), rs, e.termination, game_plies(g),
           opening);
    fflush(stdout);
    if (pgn) {
        if (o->coup)
            write_coup_pgn(pgn, round, sys_player_name(red), sys_player_name(black), g, seed,
                           e.result, e.reason, e.termination);
        else
            write_pgn(pgn, round, sys_player_name(red), sys_player_name(black), g->pos, e.result,
                      e.reason, e.termination);
        fflush(pgn);
    }
    if (e.result == CT_RESULT_RED_WINS)
        return 2;
    if (e.result == CT_RESULT_BLACK_WINS)
        return 0;
    return 1;
}

/* Adds "NAME=VALUE" to opts; false (with a message) when it is not one. */
static bool add_option(engine_options *opts, const char *flag, const char *spec)
{
    const char *eq = strchr(spec, '=');
    bool clean = true;
    for (const char *p = spec; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7F)
            clean = false; /* a newline would be a protocol line of its own */
    if (!eq || eq == spec || !eq[1] || !clean || opts->n == MAX_ENGINE_OPTIONS ||
        eq - spec >= MAX_OPTION_NAME) {
        fprintf(stderr, "cotuong match: bad %s '%s' (NAME=VALUE, both non-empty, no control "
                        "characters, a name under %d bytes, at most %d per player)\n",
                flag, clean ? spec : "...", MAX_OPTION_NAME, MAX_ENGINE_OPTIONS);
        return false;
    }
    size_t n = (size_t)(eq - spec);
    memcpy(opts->name[opts->n], spec, n);
    opts->name[opts->n][n] = 0;
    opts->value[opts->n++] = eq + 1;
    return true;
}

/* Sets the options on a started player; false (with a message) when one is refused. */
static bool apply_options(sys_player *p, const engine_options *opts, int which)
{
    for (int i = 0; i < opts->n; i++) {
        char err[256];
        if (!sys_player_set_option(p, opts->name[i], opts->value[i], err, sizeof err)) {
            fprintf(stderr, "cotuong match: player %d: %s\n", which, err);
            return false;
        }
    }
    return true;
}

static void print_stats(int which, const char *name, const move_stats *st)
{
    printf("moves: player %d (%s): %d moves, %.1f ms per move (max %d)", which, name, st->moves,
           st->moves ? (double)st->total_ms / st->moves : 0.0, st->max_ms);
    if (st->depth_moves)
        printf(", depth %.1f on average over %d moves\n", (double)st->depth_sum / st->depth_moves,
               st->depth_moves);
    else
        printf(", no depth reported\n");
}

/* The end of a match (also after Ctrl-C): W/D/L, score, Elo, time and depth per move. */
static void print_summary(const match_opts *o, sys_player *p1, sys_player *p2, int w, int d, int l,
                          int64_t t0, int late, const move_stats stats[2])
{
    int n = w + d + l;
    if (o->sprt && n > 0 && sprt_llr(&o->test, w, d, l) < sprt_upper(&o->test) &&
        sprt_llr(&o->test, w, d, l) > sprt_lower(&o->test))
        printf("sprt: undecided after %d games\n", n);
    if (n == 0) {
        printf("result: %s vs %s: no game finished, %.0f s\n", sys_player_name(p1), sys_player_name(p2),
               (double)(sys_now_ms() - t0) / 1000);
    } else {
        double p = (w + 0.5 * d) / n;
        double var = (w * (1 - p) * (1 - p) + d * (0.5 - p) * (0.5 - p) + l * p * p) / n;
        double se = sqrt(var / n);
        double lo = p - 1.96 * se, hi = p + 1.96 * se;
        double elo = elo_of(p);
        if (fabs(elo) < 0.5)
            elo = 0.0; /* no "-0" */
        printf("result: %s vs %s: +%d =%d -%d (W/D/L), score %.1f/%d = %.1f%%, ", sys_player_name(p1),
               sys_player_name(p2), w, d, l, w + 0.5 * d, n, 100 * p);
        if (isfinite(elo))
            printf("Elo %+.0f +/- %.0f (95%%)", elo,
                   (elo_of(hi < 1 ? hi : 0.999) - elo_of(lo > 0 ? lo : 0.001)) / 2);
        else
            printf("Elo %s", elo > 0 ? "+inf" : "-inf");
        printf(", %.0f s\n", (double)(sys_now_ms() - t0) / 1000);
    }
    print_stats(1, sys_player_name(p1), &stats[0]);
    print_stats(2, sys_player_name(p2), &stats[1]);
    if (late)
        printf("note: the built-in AI exceeded the move time by more than 50 ms %d times\n", late);
    fflush(stdout);
}

int cmd_match(int argc, char **argv)
{
    match_opts o = {0};
    bool seeded = false;
    o.games = 2;
    o.movetime = 100;
    o.rules = CT_RULES_DEFAULT;
    o.max_plies = 600;
    cmd_parser p;
    cmd_parse_begin(&p, &match_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        const char *val = p.arg;
        switch (k) {
        case 'h': cmd_help(stdout, &match_usage); return 0;
        case 'v': o.verbose = true; break;
        case OPT_P1: o.p1_spec = val; break;
        case OPT_P2: o.p2_spec = val; break;
        case OPT_P1_OPTION:
        case OPT_P2_OPTION:
            if (!add_option(k == OPT_P1_OPTION ? &o.p1_opts : &o.p2_opts,
                            k == OPT_P1_OPTION ? "--p1-option" : "--p2-option", val))
                return 2;
            break;
        case OPT_GAMES: o.games = atoi(val); break;
        case OPT_MOVETIME: o.movetime = atoi(val); break;
        case OPT_DEPTH: o.depth = atoi(val); break;
        case OPT_NODES: o.nodes = strtoull(val, NULL, 10); break;
        case OPT_NODES_JITTER: {
            char *end;
            long pc = strtol(val, &end, 10);
            if (end == val || *end || pc < 0 || pc > 50) {
                fprintf(stderr, "cotuong match: bad --nodes-jitter '%s' (a percent, 0-50)\n", val);
                return 2;
            }
            o.nodes_jitter = (int)pc;
            break;
        }
        case OPT_OPENINGS:
            free(o.file_openings);
            free(o.file_text);
            o.openings = o.file_openings = read_openings(val, &o.n_openings, &o.file_text);
            if (!o.openings || o.n_openings == 0) {
                fprintf(stderr, "cotuong match: %s: %s\n", val,
                        o.openings ? "no opening in the file" : strerror(errno));
                free(o.file_openings);
                free(o.file_text);
                return 1;
            }
            break;
        case OPT_SPRT:
            if (!sprt_parse(val, &o.test)) {
                fprintf(stderr, "cotuong match: bad --sprt '%s' (ELO0,ELO1[,ALPHA,BETA], ELO0 < ELO1)\n", val);
                return 2;
            }
            o.sprt = true;
            break;
        case OPT_MAX_PLIES: o.max_plies = atoi(val); break;
        case OPT_VARIANT:
            if (!cmd_parse_variant(val, &o.coup)) {
                fprintf(stderr, "cotuong match: unknown variant '%s' (standard, coup)\n", val);
                return 2;
            }
            break;
        case OPT_SEED: {
            char *end;
            o.seed = strtoull(val, &end, 10);
            if (end == val || *end) {
                fprintf(stderr, "cotuong match: bad seed '%s' (a number)\n", val);
                return 2;
            }
            seeded = true;
            break;
        }
        case OPT_PGN: o.pgn_path = val; break;
        case OPT_CLOCK:
            if (!parse_clock(val, &o.base_ms, &o.inc_ms)) {
                fprintf(stderr, "cotuong match: bad clock '%s' (BASE+INC in seconds, e.g. 1+0.1)\n", val);
                return 2;
            }
            break;
        case OPT_RULES:
            if (ct_rules_from_name(val, &o.rules) != CT_OK) {
                fprintf(stderr, "cotuong match: unknown rule set '%s'\n", val);
                return 2;
            }
            break;
        case CMD_OPERAND:
            fprintf(stderr, "cotuong match: unexpected argument '%s'\n", val);
            cmd_help(stderr, &match_usage);
            return 2;
        default: return 2;
        }
    }
    if (!o.openings) {
        o.openings = openings;
        o.n_openings = N_BUILTIN_OPENINGS;
    }
    if (!o.p1_spec || !o.p2_spec || o.games < 1 || o.movetime < 1 || o.max_plies < 10 || o.depth < 0) {
        cmd_help(stderr, &match_usage);
        return 2;
    }
    /* Ctrl-C, SIGTERM, SIGHUP: a wait returns at once; the engines are in sessions of their
     * own (they do not get the terminal's signals) and the one thinking is stopped by the
     * wake. */
    if (o.coup && o.openings != openings) {
        fprintf(stderr, "cotuong match: cờ úp starts from its deal: --openings cannot be used\n");
        return 2;
    }
    if (o.nodes_jitter && !o.nodes) {
        fprintf(stderr, "cotuong match: --nodes-jitter varies --nodes: give both\n");
        return 2;
    }
    if ((o.coup || o.nodes_jitter) && !seeded)
        o.seed = (uint64_t)time(NULL) * 0x9E3779B97F4A7C15ULL ^ (uint64_t)sys_now_ms();
    sys_player_spec_parse(o.p1_spec, &o.spec[0], NULL, 0);
    sys_player_spec_parse(o.p2_spec, &o.spec[1], NULL, 0);
    sys_signals_install();
    sys_signals_set_wake(stop_thinking);
    ct_book *book = sys_player_load_book(NULL);
    char err[256];
    sys_player *p1 = sys_player_new(o.p1_spec, book, err, sizeof err);
    sys_player *p2 = p1 ? sys_player_new(o.p2_spec, book, err, sizeof err) : NULL;
    FILE *pgn = NULL;
    bool ready = p1 && p2;
    if (!ready)
        fprintf(stderr, "cotuong match: player %d: %s\n", p1 ? 2 : 1, err);
    else
        ready = apply_options(p1, &o.p1_opts, 1) && apply_options(p2, &o.p2_opts, 2);
    for (int i = 0; ready && o.coup && i < 2; i++) {
        sys_player *pl = i ? p2 : p1;
        if (sys_player_is_engine(pl) && !sys_player_speaks_coup(pl)) {
            fprintf(stderr, "cotuong match: player %d: cờ úp needs a UCI engine that speaks the "
                            "Jieqi dialect (not UCCI or xboard)\n", i + 1);
            ready = false;
        }
    }
    if (ready && o.pgn_path && !(pgn = fopen(o.pgn_path, "w"))) {
        fprintf(stderr, "cotuong match: %s: %s\n", o.pgn_path, strerror(errno));
        ready = false;
    }
    if (!ready) {
        sys_player_free(p1);
        sys_player_free(p2);
        ct_book_free(book);
        free(o.file_openings);
        free(o.file_text);
        return 1;
    }
    const char *limit = o.base_ms ? "clock" : o.nodes ? "fixed nodes" : o.depth ? "fixed depth" : "movetime";
    if (o.coup)
        printf("match: %s vs %s, %d games, %s, rules %s, variant coup (Jieqi), deals from seed "
               "%llu\n", sys_player_name(p1), sys_player_name(p2), o.games, limit,
               ct_rules_name(o.rules), (unsigned long long)o.seed);
    else
        printf("match: %s vs %s, %d games, %s, rules %s, %d openings\n", sys_player_name(p1),
               sys_player_name(p2), o.games, limit, ct_rules_name(o.rules), o.n_openings);
    if (o.nodes_jitter)
        printf("nodes: %llu +/- %d%% a move, drawn from seed %llu\n", (unsigned long long)o.nodes,
               o.nodes_jitter, (unsigned long long)o.seed);
    for (int i = 0; i < o.p1_opts.n + o.p2_opts.n; i++) {
        bool first = i < o.p1_opts.n;
        const engine_options *eo = first ? &o.p1_opts : &o.p2_opts;
        int k = first ? i : i - o.p1_opts.n;
        printf("option: player %d: %s = %s\n", first ? 1 : 2, eo->name[k], eo->value[k]);
    }
    if (o.sprt)
        printf("sprt: H0 elo %.1f, H1 elo %.1f, alpha %.3f, beta %.3f: bounds %.2f .. %.2f\n",
               o.test.elo0, o.test.elo1, o.test.alpha, o.test.beta, sprt_lower(&o.test),
               sprt_upper(&o.test));
    fflush(stdout);
    int w = 0, d = 0, l = 0, late = 0;
    move_stats stats[2]; /* player 1, player 2 */
    memset(stats, 0, sizeof stats);
    int64_t t0 = sys_now_ms();
    game *gm = xmalloc(sizeof *gm);
    game_init(gm);
    for (int g = 1; g <= o.games && !sys_signal_pending(); g++) {
        bool p1_red = (g % 2) == 1;
        move_stats *by_side[2];
        by_side[CT_RED] = &stats[p1_red ? 0 : 1];
        by_side[CT_BLACK] = &stats[p1_red ? 1 : 0];
        int s = play_game(gm, &o, p1_red ? p1 : p2, p1_red ? p2 : p1, g, pgn, &late, by_side);
        if (s == GAME_INTERRUPTED) {
            printf("interrupted: game %d was not finished and does not count\n", g);
            break;
        }
        if (!p1_red)
            s = 2 - s;
        if (s == 2)
            w++;
        else if (s == 1)
            d++;
        else
            l++;
        if (o.sprt) {
            double llr = sprt_llr(&o.test, w, d, l);
            printf("sprt: after %d games +%d =%d -%d: LLR %.2f (%.2f .. %.2f)\n", g, w, d, l, llr,
                   sprt_lower(&o.test), sprt_upper(&o.test));
            if (llr >= sprt_upper(&o.test) || llr <= sprt_lower(&o.test)) {
                printf("sprt: %s accepted: player 1 is %s %.1f Elo\n", llr > 0 ? "H1" : "H0",
                       llr > 0 ? "at least about" : "not more than about",
                       llr > 0 ? o.test.elo1 : o.test.elo0);
                break;
            }
        }
    }
    game_free(gm); /* closes the seats; the players stay open until the end */
    free(gm);
    print_summary(&o, p1, p2, w, d, l, t0, late, stats);
    if (pgn)
        fclose(pgn);
    sys_player_free(p1); /* quit, then killed if it lingers: no engine outlives the match */
    sys_player_free(p2);
    ct_book_free(book);
    free(o.file_openings);
    free(o.file_text);
    return sys_signal_pending() ? 128 + sys_signal_pending() : 0;
}
