/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `analyse` subcommand: analyses every move of the games in a PGN or XQF file
 * with the built-in engine or an external UCI engine (--engine) and prints per-move
 * annotations (?!, ?, ?? from the thresholds in cotuong/annotate.h), the worst moves of each
 * side and the evaluation as a text chart; with --write, saves the game with the marks and the
 * engine's lines as comments; with --scores, one tab-separated line per move for comparing
 * two analyses (scripts/agreement). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "cli/diagram.h"
#include "game/analysis.h"
#include "sys/engine_proc.h"
#include "sys/gamefile.h"
#include "sys/masters.h"
#include "sys/pgnreport.h"
#include "sys/sanitize.h"
#include "sys/xmalloc.h"
#include "sys/savefile.h"
#include "sys/settings.h"
#include "cotuong/annotate.h"
#include "cotuong/movegen.h"
#include "cotuong/notation.h"
#include "cotuong/pgn.h"
#include "cotuong/rules.h"

/* Options for the external engine: NAME=VALUE texts of --engine-option, split at the '='. */
#define MAX_ENGINE_OPTIONS 32
#define MAX_OPTION_NAME 128

typedef struct {
    ct_notation notation;
    ct_limits lim;
    int worst;
    bool chart, ascii, quiet;
    int game; /* 0 = all */
    const char *write_path;
    const ct_explorer *masters; /* the master-games index, or NULL */
    const char *engine_spec;    /* --engine uci:CMD, or NULL for the built-in engine */
    char opt_name[MAX_ENGINE_OPTIONS][MAX_OPTION_NAME];
    const char *opt_value[MAX_ENGINE_OPTIONS];
    int nopts;
    game_engine_searcher *engine; /* started from engine_spec */
    int engine_scale;             /* --engine-scale: its centipawns' win-chance scale */
    const char *scores_path;
    FILE *scores; /* --scores: one line per move */
} analyse_opts;

/* Renders mv in position pos; falls back to coordinates. */
static void render(const ct_pos *pos, ct_move mv, ct_notation n, char *buf, size_t size)
{
    if (mv == CT_NO_MOVE) {
        snprintf(buf, size, "-");
        return;
    }
    if (ct_move_render(pos, mv, n, buf, size) <= 0) {
        char c[5];
        ct_move_coord(mv, c);
        snprintf(buf, size, "%s", c);
    }
}

/* The engine's line from pos as text, at most max moves. */
static void render_line(const ct_pos *start, const ct_move *pv, int len, int max, ct_notation n,
                        char *buf, size_t size)
{
    ct_pos *pos = xmalloc(sizeof *pos); /* large (its history): not on the stack */
    memcpy(pos, start, sizeof *pos);
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < len && i < max; i++) {
        if (!ct_is_legal(pos, pv[i]))
            break;
        char m[48];
        render(pos, pv[i], n, m, sizeof m);
        int w = snprintf(buf + used, size - used, "%s%s", i ? " " : "", m);
        if (w < 0 || used + (size_t)w >= size)
            break;
        used += (size_t)w;
        ct_pos_make(pos, pv[i]);
    }
    free(pos);
}

static bool show_progress(void *user, int done, int total)
{
    const analyse_opts *o = user;
    if (!o->quiet && isatty(STDERR_FILENO)) {
        fprintf(stderr, "\ranalysing: %d/%d moves", done, total);
        if (done == total)
            fputc('\n', stderr);
    }
    return false;
}

/* One --scores line: game, ply (1-based), move number, the move (notation, then
 * coordinates), mark, loss in win chance (thousandths), best move (coordinates), best and
 * played scores (mover's view), games of the masters' index with the move, loss in
 * centipawns, whether the game was decided before and after the move (1/0). */
static void write_score_line(FILE *f, const ct_pos *pos, int game_no, int ply,
                             const ct_move_annotation *a, ct_notation n)
{
    char num[16], mv[48], coord[8], best[8], bs[16], ps[16];
    snprintf(num, sizeof num, "%d.%s", pos->fullmove, pos->side == CT_BLACK ? ".." : "");
    render(pos, a->played, n, mv, sizeof mv);
    ct_move_coord(a->played, coord);
    if (a->best != CT_NO_MOVE)
        ct_move_coord(a->best, best);
    else
        snprintf(best, sizeof best, "-");
    ct_annotate_score_text(a->best_score, false, bs, sizeof bs);
    ct_annotate_score_text(a->played_score, false, ps, sizeof ps);
    fprintf(f, "%d\t%d\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%u\t%d\t%d\n", game_no, ply, num, mv,
            coord, a->nag ? ct_annotate_mark(a->nag) : "-", a->win_loss, best, bs, ps, a->masters,
            a->loss, a->decided ? 1 : 0);
}

/* What analysing a game needs besides the search: large, so on the heap. */
typedef struct {
    ct_pos start, pos;
    ct_move moves[CT_MAX_HISTORY];
    int nodes[CT_MAX_HISTORY];
} analyse_work;

static int analyse_game_in(analyse_work *wk, ct_search *s, ct_record *rec, int index, int count,
                           const analyse_opts *o)
{
    int n = ct_record_main_line(rec, wk->moves, CT_MAX_HISTORY);
    ct_record_main_line_nodes(rec, wk->nodes, CT_MAX_HISTORY);
    if (n > CT_MAX_HISTORY)
        n = CT_MAX_HISTORY;
    ct_record_start_position(rec, &wk->start);
    /* 1. Header, with every tag text sanitized. */
    char *red = sanitize_dup(ct_record_tag(rec, "Red"), 0);
    char *black = sanitize_dup(ct_record_tag(rec, "Black"), 0);
    char *event = sanitize_dup(ct_record_tag(rec, "Event"), 0);
    printf("Game %d of %d: Red '%s' - Black '%s'%s%s%s, result %s, %d moves\n", index, count,
           red, black, event[0] ? ", event '" : "", event, event[0] ? "'" : "",
           ct_result_string(rec->result), n);
    free(red);
    free(black);
    free(event);
    if (n == 0) {
        printf("No moves to analyse.\n\n");
        return 0;
    }
    ct_move_annotation *ann = xcalloc((size_t)n, sizeof *ann);
    ct_status st;
    int done, rc = 0;
    if (o->engine) {
        sys_engine_new_game(o->engine->engine);
        done = ct_annotate_line_with(game_engine_search, o->engine, o->engine_scale, &wk->start,
                                     wk->moves, n, &o->lim, o->masters, show_progress, (void *)o,
                                     ann, &st);
    } else {
        ct_search_clear(s);
        done = ct_annotate_line(s, &wk->start, wk->moves, n, &o->lim, o->masters, show_progress,
                                (void *)o, ann, &st);
    }
    if (st == CT_ERR_IO) {
        char *why = sanitize_dup(o->engine->why, 0);
        fprintf(stderr, "cotuong analyse: game %d: the engine failed at move %d (%s); analysed "
                        "the first %d\n", index, done + 1, why, done);
        free(why);
        rc = 1;
    } else if (st != CT_OK) {
        fprintf(stderr, "cotuong analyse: game %d: move %d is illegal; analysed the first %d\n",
                index, done + 1, done);
    }
    /* 2. One line per move: number, move, mark, evaluation after it (Red's view), and for
     *    marked moves the loss and the engine's choice with its line. */
    printf("Scores are from Red's point of view, in pawns (a pawn = 1.00); a loss is the "
           "mover's win chance lost, in %%.\n");
    memcpy(&wk->pos, &wk->start, sizeof wk->pos);
    int counts[2][3] = {{0}}, moves_of[2] = {0};
    long loss_sum[2] = {0};
    for (int i = 0; i < done; i++) {
        const ct_move_annotation *a = &ann[i];
        int mover = wk->pos.side;
        char num[16], mv[48], ev[16], best[48], line[256], bs[16];
        snprintf(num, sizeof num, "%d.%s", wk->pos.fullmove, mover == CT_BLACK ? ".." : "");
        render(&wk->pos, a->played, o->notation, mv, sizeof mv);
        ct_annotate_score_text(mover == CT_RED ? a->played_score : -a->played_score, true,
                               ev, sizeof ev);
        printf("%6s %-14s %-2s %7s", num, mv, ct_annotate_mark(a->nag), ev);
        if (a->nag) {
            render(&wk->pos, a->best, o->notation, best, sizeof best);
            ct_annotate_score_text(mover == CT_RED ? a->best_score : -a->best_score, true,
                                   bs, sizeof bs);
            render_line(&wk->pos, a->pv, a->pv_len, 6, o->notation, line, sizeof line);
            printf("  loss %.1f%%; best %s %s (%s)", a->win_loss / 10.0, best, bs, line);
            counts[mover][a->nag == CT_NAG_INACCURACY ? 0 : a->nag == CT_NAG_MISTAKE ? 1 : 2]++;
        }
        if (a->masters)
            printf("  masters' move (%u games)", a->masters);
        printf("\n");
        if (o->scores)
            write_score_line(o->scores, &wk->pos, index, i + 1, a, o->notation);
        loss_sum[mover] += a->win_loss;
        moves_of[mover]++;
        ct_pos_make(&wk->pos, a->played);
    }
    /* 3. Summary per side and the worst moves. */
    for (int side = CT_RED; side <= CT_BLACK; side++) {
        printf("%s: inaccuracies (?!) %d, mistakes (?) %d, blunders (?\?) %d; average loss "
               "%.1f%%\n",
               side == CT_RED ? "Red" : "Black", counts[side][0], counts[side][1],
               counts[side][2], moves_of[side] ? loss_sum[side] / 10.0 / moves_of[side] : 0.0);
    }
    int worst[32];
    int k = o->worst < 32 ? o->worst : 32;
    for (int side = CT_RED; side <= CT_BLACK && k > 0; side++) {
        int w = ct_annotate_worst(ann, done, wk->start.side, side, k, worst);
        printf("Worst moves of %s:", side == CT_RED ? "Red" : "Black");
        if (w == 0)
            printf(" none");
        for (int j = 0; j < w; j++) {
            /* Replay to the move to render it. */
            memcpy(&wk->pos, &wk->start, sizeof wk->pos);
            for (int i = 0; i < worst[j]; i++)
                ct_pos_make(&wk->pos, wk->moves[i]);
            char mv[48];
            render(&wk->pos, wk->moves[worst[j]], o->notation, mv, sizeof mv);
            printf("%s %d.%s %s%s (-%.1f%%)", j ? "," : "", wk->pos.fullmove,
                   wk->pos.side == CT_BLACK ? ".." : "", mv, ct_annotate_mark(ann[worst[j]].nag),
                   ann[worst[j]].win_loss / 10.0);
        }
        printf("\n");
    }
    /* 4. The chart. */
    if (o->chart) {
        int *ev = xmalloc(sizeof(int) * (size_t)done);
        for (int i = 0; i < done; i++)
            ev[i] = ann[i].eval_red;
        char chart[32768];
        int height = 8;
        ct_annotate_chart(ev, done, 500, 60, height, o->ascii, chart, sizeof chart);
        printf("Evaluation over the game (Red above the middle, Black below; full scale 5 "
               "pawns):\n");
        char *line = chart;
        for (int r = 0; r < height && *line; r++) {
            char *nl = strchr(line, '\n');
            if (nl)
                *nl = '\0';
            const char *label = r == 0 ? "+5 |" : r == height / 2 - 1 ? " 0 |" : r == height - 1 ? "-5 |" : "   |";
            printf("%s%s\n", label, line);
            line = nl ? nl + 1 : line + strlen(line);
        }
        free(ev);
    }
    /* 5. Marks and engine lines into the record, for --write. */
    if (o->write_path) {
        memcpy(&wk->pos, &wk->start, sizeof wk->pos);
        for (int i = 0; i < done; i++) {
            const ct_move_annotation *a = &ann[i];
            if (a->nag) {
                char best[48], line[256], bs[16], text[400];
                render(&wk->pos, a->best, o->notation, best, sizeof best);
                int red_best = wk->pos.side == CT_RED ? a->best_score : -a->best_score;
                ct_annotate_score_text(red_best, true, bs, sizeof bs);
                render_line(&wk->pos, a->pv, a->pv_len, 6, o->notation, line, sizeof line);
                ct_record_set_nag(rec, wk->nodes[i], a->nag);
                const char *old = ct_record_comment(rec, wk->nodes[i]);
                snprintf(text, sizeof text, "%s%sengine: best %s %s, loss %.1f%% (%s)",
                         old ? old : "", old && old[0] ? " " : "", best, bs, a->win_loss / 10.0,
                         line);
                ct_record_set_comment(rec, wk->nodes[i], text);
            }
            ct_pos_make(&wk->pos, a->played);
        }
    }
    printf("\n");
    free(ann);
    return rc;
}

static int analyse_game(ct_search *s, ct_record *rec, int index, int count,
                        const analyse_opts *o)
{
    analyse_work *w = xmalloc(sizeof *w); /* large (positions with history): not on the stack */
    int status = analyse_game_in(w, s, rec, index, count, o);
    free(w);
    return status;
}

enum { OPT_GAME = CMD_OPT_LONG, OPT_TIME, OPT_DEPTH, OPT_NODES, OPT_NOTATION, OPT_WORST,
       OPT_NO_CHART, OPT_ASCII, OPT_QUIET, OPT_WRITE, OPT_ENGINE, OPT_ENGINE_OPTION, OPT_SCORES,
       OPT_ENGINE_SCALE };

static const cmd_option analyse_options[] = {
    {"game", OPT_GAME, "N", "only the N-th game of the file"},
    {"time", OPT_TIME, "MS", "search time per position (default: analysis_time, 1000)"},
    {"depth", OPT_DEPTH, "D", "search depth per position instead of a time (reproducible)"},
    {"nodes", OPT_NODES, "N", "nodes per position instead of a time (reproducible under load)"},
    {"engine", OPT_ENGINE, "uci:CMD", "analyse with an external UCI engine instead of the\n"
                                      "built-in one"},
    {"engine-option", OPT_ENGINE_OPTION, "NAME=VALUE", "set an option the engine offers\n"
                                                       "(\"Threads=1\"; repeatable)"},
    {"engine-scale", OPT_ENGINE_SCALE, "CP", "the engine's centipawns that give the mover a\n"
                                            "73% win chance (default 200, the built-in's;\n"
                                            "Pikafish-HCE: 81)"},
    {"notation", OPT_NOTATION, "N", "vi, vi-long, wxf, zh, zh-hant, iccs, coord (default: the\n"
                                    "setting)"},
    {"worst", OPT_WORST, "K", "list the worst K moves of each side (default 3)"},
    {"no-chart", OPT_NO_CHART, NULL, "no evaluation chart"},
    {"ascii", OPT_ASCII, NULL, "ASCII only"},
    {"quiet", OPT_QUIET, NULL, "no progress on standard error"},
    {"write", OPT_WRITE, "OUT", "save the games with the marks and engine lines as comments"},
    {"scores", OPT_SCORES, "OUT", "write one tab-separated line per move (mark, loss, scores)\n"
                                  "for scripts/agreement"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage analyse_usage = {
    .name = "analyse",
    .synopsis = "FILE [--game N] [--time MS | --depth D | --nodes N]\n"
                "                       [--notation N] [--engine uci:CMD\n"
                "                       [--engine-option NAME=VALUE]...\n"
                "                       [--engine-scale CP]]\n"
                "                       [--worst K] [--no-chart] [--ascii] [--write OUT.pgn]\n"
                "                       [--scores OUT.tsv]",
    .about = "Analyse every move of the games in FILE (PGN or XQF) with the built-in engine\n"
             "and print each move with its evaluation; marks ?! ? ?? for moves that lose at\n"
             "least 6%, 12% or 30% of the mover's win chance against the engine's best move\n"
             "(then shown with its line), confirmed by a deeper search; none when the game\n"
             "was decided (85% or more for one side) before and after the move; a move\n"
             "masters played there (the master-games index) only for a loss of 18% or more;\n"
             "the worst K moves of each side (default 3) and the evaluation as a chart.\n"
             "The win chance of a score is the logistic fitted on master games' results. With\n"
             "--engine, an external UCI engine's scores make the same marks (the move played\n"
             "scored with searchmoves), on the win-chance scale of --engine-scale.\n",
    .options = analyse_options,
};

/* Adds "NAME=VALUE" to the engine's options; false (with a message) when it is not one. */
static bool add_option(analyse_opts *o, const char *spec)
{
    const char *eq = strchr(spec, '=');
    bool clean = true;
    for (const char *q = spec; *q; q++)
        if ((unsigned char)*q < 0x20 || *q == 0x7F)
            clean = false; /* a newline would be a protocol line of its own */
    if (!eq || eq == spec || !eq[1] || !clean || o->nopts == MAX_ENGINE_OPTIONS ||
        eq - spec >= MAX_OPTION_NAME) {
        char *shown = sanitize_dup(spec, 0);
        fprintf(stderr, "cotuong analyse: bad --engine-option '%s' (NAME=VALUE, both non-empty, "
                        "no control characters, a name under %d bytes, at most %d)\n",
                shown, MAX_OPTION_NAME, MAX_ENGINE_OPTIONS);
        free(shown);
        return false;
    }
    size_t n = (size_t)(eq - spec);
    memcpy(o->opt_name[o->nopts], spec, n);
    o->opt_name[o->nopts][n] = 0;
    o->opt_value[o->nopts++] = eq + 1;
    return true;
}

/* Starts --engine and sets its options into o->engine; false with a message. */
static bool start_engine(analyse_opts *o)
{
    sys_engine_proto proto;
    const char *command;
    char err[512];
    if (!sys_engine_parse_spec(o->engine_spec, &proto, &command) || proto != SYS_PROTO_UCI) {
        char *shown = sanitize_dup(o->engine_spec, 0);
        fprintf(stderr, "cotuong analyse: --engine needs uci:COMMAND (a UCI engine: the move "
                        "played is scored with searchmoves), not '%s'\n", shown);
        free(shown);
        return false;
    }
    o->engine = xcalloc(1, sizeof *o->engine);
    o->engine->engine = sys_engine_start(proto, command, err, sizeof err);
    if (!o->engine->engine) {
        char *e = sanitize_dup(err, 0);
        fprintf(stderr, "cotuong analyse: the engine did not start: %s\n", e);
        free(e);
        return false;
    }
    for (int i = 0; i < o->nopts; i++) {
        if (!sys_engine_set_option(o->engine->engine, o->opt_name[i], o->opt_value[i], err,
                                   sizeof err)) {
            char *e = sanitize_dup(err, 0);
            fprintf(stderr, "cotuong analyse: %s\n", e);
            free(e);
            return false;
        }
    }
    return true;
}

static void stop_engine(analyse_opts *o)
{
    if (!o->engine)
        return;
    if (o->engine->engine)
        sys_engine_free(o->engine->engine);
    free(o->engine);
    o->engine = NULL;
}

static int analyse_main(app_config *cfg, int argc, char **argv)
{
    analyse_opts o;
    memset(&o, 0, sizeof o);
    config_defaults(cfg);
    config_load(cfg, NULL);
    for (int i = 0; i < cfg->nproblems && i < CONFIG_MAX_MESSAGES; i++)
        fprintf(stderr, "cotuong: %s\n", cfg->messages[i]);
    o.notation = cfg->notation;
    ct_limits_init(&o.lim);
    o.lim.movetime_ms = cfg->analysis_ms;
    o.worst = 3;
    o.chart = true;
    o.ascii = !diagram_locale_is_utf8() || !strcmp(cfg->glyphs, "ascii");
    const char *file = NULL;
    cmd_parser p;
    cmd_parse_begin(&p, &analyse_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case 'h': cmd_help(stdout, &analyse_usage); return 0;
        case OPT_GAME:
            o.game = atoi(p.arg);
            if (o.game < 1) {
                fprintf(stderr, "cotuong analyse: --game needs a number from 1\n");
                return 2;
            }
            break;
        case OPT_TIME:
            o.lim.movetime_ms = atoi(p.arg);
            o.lim.depth = 0;
            o.lim.nodes = 0;
            if (o.lim.movetime_ms < 1) {
                fprintf(stderr, "cotuong analyse: --time needs milliseconds\n");
                return 2;
            }
            break;
        case OPT_DEPTH:
            o.lim.depth = atoi(p.arg);
            o.lim.movetime_ms = 0;
            o.lim.nodes = 0;
            if (o.lim.depth < 1 || o.lim.depth > 60) {
                fprintf(stderr, "cotuong analyse: --depth needs a number from 1 to 60\n");
                return 2;
            }
            break;
        case OPT_NODES: {
            char *end;
            unsigned long long v = strtoull(p.arg, &end, 10);
            if (end == p.arg || *end || p.arg[0] == '-' || v < 1 || v > 1000000000000ULL) {
                fprintf(stderr, "cotuong analyse: --nodes needs a number from 1\n");
                return 2;
            }
            o.lim.nodes = v;
            o.lim.movetime_ms = 0;
            o.lim.depth = 0;
            break;
        }
        case OPT_ENGINE: o.engine_spec = p.arg; break;
        case OPT_ENGINE_OPTION:
            if (!add_option(&o, p.arg))
                return 2;
            break;
        case OPT_SCORES: o.scores_path = p.arg; break;
        case OPT_ENGINE_SCALE: {
            char *end;
            long v = strtol(p.arg, &end, 10);
            if (end == p.arg || *end || v < 10 || v > 10000) {
                fprintf(stderr, "cotuong analyse: --engine-scale needs centipawns from 10 to "
                                "10000\n");
                return 2;
            }
            o.engine_scale = (int)v;
            break;
        }
        case OPT_NOTATION: {
            bool ok = false;
            o.notation = ct_notation_from_name(p.arg, &ok);
            if (!ok || o.notation == CT_NOTATION_AUTO) {
                char *s = sanitize_dup(p.arg, 0);
                fprintf(stderr, "cotuong analyse: unknown notation '%s'\n", s);
                free(s);
                return 2;
            }
            break;
        }
        case OPT_WORST: o.worst = atoi(p.arg); break;
        case OPT_NO_CHART: o.chart = false; break;
        case OPT_ASCII: o.ascii = true; break;
        case OPT_QUIET: o.quiet = true; break;
        case OPT_WRITE: o.write_path = p.arg; break;
        case CMD_OPERAND:
            if (!file) {
                file = p.arg;
                break;
            } else {
                char *s = sanitize_dup(p.arg, 0);
                fprintf(stderr, "cotuong analyse: unexpected argument '%s'\n", s);
                free(s);
                cmd_help(stderr, &analyse_usage);
                return 2;
            }
        default: return 2;
        }
    }
    if (!file) {
        cmd_help(stderr, &analyse_usage);
        return 2;
    }
    ct_record *games;
    int ngames;
    char err[1024];
    gamefile_warnings warn;
    if (gamefile_load(file, &games, &ngames, &warn, err, sizeof err) != 0) {
        fprintf(stderr, "cotuong analyse: %s\n", err);
        return 1;
    }
    pgnreport_gamefile_warnings(stderr, "cotuong analyse", file, &warn);
    if (o.game > ngames) {
        fprintf(stderr, "cotuong analyse: the file has %d game%s\n", ngames, ngames == 1 ? "" : "s");
        gamefile_free(games, ngames);
        return 2;
    }
    if ((o.nopts || o.engine_scale) && !o.engine_spec) {
        fprintf(stderr, "cotuong analyse: --engine-option and --engine-scale need --engine\n");
        gamefile_free(games, ngames);
        return 2;
    }
    if (o.engine_spec && !start_engine(&o)) {
        stop_engine(&o);
        gamefile_free(games, ngames);
        return 1;
    }
    if (o.scores_path) {
        o.scores = fopen(o.scores_path, "w");
        if (!o.scores) {
            char *shown = sanitize_dup(o.scores_path, 0);
            fprintf(stderr, "cotuong analyse: %s: %s\n", shown, strerror(errno));
            free(shown);
            stop_engine(&o);
            gamefile_free(games, ngames);
            return 1;
        }
        char *shown = sanitize_dup(file, 0);
        fprintf(o.scores, "# cotuong analyse %s; engine %s; win-chance scale %d cp; per "
                          "position: ", shown,
                o.engine ? sys_engine_name(o.engine->engine) : "built-in",
                o.engine_scale ? o.engine_scale : CT_ANN_WIN_SCALE_CP);
        free(shown);
        if (o.lim.nodes)
            fprintf(o.scores, "%llu nodes\n", (unsigned long long)o.lim.nodes);
        else if (o.lim.depth)
            fprintf(o.scores, "depth %d\n", o.lim.depth);
        else
            fprintf(o.scores, "%d ms\n", o.lim.movetime_ms);
        fprintf(o.scores, "# game\tply\tnumber\tmove\tcoord\tmark\tloss\tbest\tbest_score"
                          "\tplayed_score\tmasters\tloss_cp\tdecided\n");
    }
    ct_search *s = NULL;
    if (!o.engine) {
        s = ct_search_new(32);
        if (!s) {
            fprintf(stderr, "cotuong analyse: out of memory\n");
            gamefile_free(games, ngames);
            return 1;
        }
        ct_search_set_threads(s, cfg->threads); /* the settings file's threads */
    } else {
        char *name = sanitize_dup(sys_engine_name(o.engine->engine), 0);
        printf("Engine: %s\n", name);
        free(name);
    }
    /* Masters' moves are marked only for a loss a deeper search proves (annotate.h). */
    sys_masters *masters = sys_masters_load(NULL, err, sizeof err);
    o.masters = masters ? masters->x : NULL;
    int rc = 0;
    for (int g = 0; g < ngames; g++) {
        if (!o.game || o.game == g + 1)
            rc |= analyse_game(s, &games[g], g + 1, ngames, &o);
        if (o.scores)
            fflush(o.scores);
        if (o.engine && rc)
            break; /* a failed engine is not asked again */
    }
    if (s)
        ct_search_free(s);
    stop_engine(&o);
    sys_masters_free(masters);
    if (o.scores && fclose(o.scores) != 0) {
        char *shown = sanitize_dup(o.scores_path, 0);
        fprintf(stderr, "cotuong analyse: %s: %s\n", shown, strerror(errno));
        free(shown);
        rc = 1;
    }
    if (o.write_path && rc == 0) {
        /* One file with every analysed game, written atomically. */
        size_t total = 0;
        char *all = NULL;
        for (int g = 0; g < ngames && rc == 0; g++) {
            if (o.game && o.game != g + 1)
                continue;
            char *text;
            size_t len;
            if (ct_pgn_write(&games[g], o.notation, &text, &len) != CT_OK) {
                fprintf(stderr, "cotuong analyse: game %d cannot be written\n", g + 1);
                rc = 1;
                break;
            }
            all = xrealloc(all, total + len + 2);
            memcpy(all + total, text, len);
            total += len;
            all[total++] = '\n';
            free(text);
        }
        if (rc == 0 && savefile_write_atomic(o.write_path, all, total, err, sizeof err) != 0) {
            char *e = sanitize_dup(err, 0);
            fprintf(stderr, "cotuong analyse: %s\n", e);
            free(e);
            rc = 1;
        }
        free(all);
    }
    gamefile_free(games, ngames);
    return rc;
}

int cmd_analyse(int argc, char **argv)
{
    app_config *cfg = xmalloc(sizeof *cfg); /* large (its messages): not on the stack */
    int status = analyse_main(cfg, argc, argv);
    free(cfg);
    return status;
}
