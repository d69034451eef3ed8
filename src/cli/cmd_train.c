/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `train` subcommand: the exercise set as a list (--list), the trainer screen
 * on a terminal, and a line mode when standard input or output is not a terminal (one
 * command or move per line, one answer per line: for scripts and tests). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "game/trainer.h"
#include "sys/exercises.h"
#include "sys/i18n.h"
#include "sys/sanitize.h"
#include "sys/xmalloc.h"
#include "tui/controller.h"
#include "tui/modes.h"
#include "tui/session.h"
#include "ui/draw.h"
#include "cotuong/movegen.h"

enum { OPT_LIST = CMD_OPT_LONG, OPT_TODAY, OPT_DATE, OPT_KIND, OPT_DIFFICULTY, OPT_EXERCISES,
       OPT_NOTATION, OPT_LANG };

static const cmd_option train_options[] = {
    {"list", OPT_LIST, NULL, "print the set: id, kind, goal, difficulty (1-5)"},
    {"today", OPT_TODAY, NULL, "open the puzzle of the day (the same for everyone on a date)"},
    {"date", OPT_DATE, "D", "the date of --today, YYYY-MM-DD (default: today)"},
    {"kind", OPT_KIND, "K", "only mate, endgame, tactic or middlegame"},
    {"difficulty", OPT_DIFFICULTY, "D", "only difficulty D (1-5)"},
    {"exercises", OPT_EXERCISES, "F", "the set's file (default: the installed\n"
                                      "ccpd-exercises.txt)"},
    {"notation", OPT_NOTATION, "N", "line mode: how moves are written (default coord)"},
    {"lang", OPT_LANG, "L", "the screen's language (en, vi)"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage train_usage = {
    .name = "train",
    .synopsis = "[--list] [ID | --today] [--kind K] [--difficulty D]\n"
                "                     [--date YYYY-MM-DD] [--exercises FILE] [--notation N]\n"
                "                     [--lang L]",
    .about = "Solve the exercises of the CCPD archive (mating exercises, endgames, tactics,\n"
             "middlegame positions), each validated by the engine: play the side to move,\n"
             "the engine defends; a move is accepted when it keeps the goal within its bound.\n"
             "ID opens that exercise (e.g. m7).\n",
    .after = "On a terminal the trainer screen opens; otherwise lines are read from standard\n"
             "input: a move in any notation, hint, retry, solution, next, prev, quit.\n"
             "Progress: $XDG_STATE_HOME/cotuong/train. Exercises derived from the Chinese\n"
             "Chess Practical Dataset by Yu-Han Tseng, CC BY 4.0 (see cotuong(6)).\n",
    .options = train_options,
};

static bool matches(const ct_exercise *ex, int kind, int difficulty)
{
    return (kind < 0 || (int)ex->kind == kind) && (difficulty == 0 || ex->difficulty == difficulty);
}

static void move_text(const ct_pos *pos, ct_move mv, ct_notation n, char *buf, size_t size)
{
    char coord[5];
    ct_move_coord(mv, coord);
    if (n == CT_NOTATION_COORD || ct_move_render(pos, mv, n, buf, size) < 0 || !buf[0])
        snprintf(buf, size, "%s", coord);
}

static void print_header(const ct_exercise *ex, bool daily)
{
    char goal[128], title[200];
    game_trainer_goal_text(ex, goal, sizeof goal);
    sanitize_text(title, sizeof title, ex->title, strlen(ex->title), 0);
    printf("exercise %s (%s, difficulty %d%s): %s\n", ex->id, ct_ex_kind_name(ex->kind),
           ex->difficulty, daily ? ", puzzle of the day" : "", goal);
    printf("fen %s\n", ex->fen);
    if (title[0])
        printf("source %s\n", title);
    fflush(stdout);
}

/* The line mode: reads commands until quit or the end of input. */
static int line_mode(const ct_exset *set, const int *list, int nlist, int at, int daily,
                     sys_train_progress *prog, int day, ct_notation nt)
{
    game_trainer t;
    bool have = false, failed_recorded = false;
    char line[512], err[4300];
    for (;;) {
        if (!have) {
            if (!game_trainer_start(&t, &set->ex[list[at]])) {
                fprintf(stderr, "cotuong train: out of memory\n");
                return 1;
            }
            have = true;
            failed_recorded = false;
            print_header(t.ex, list[at] == daily);
        }
        if (!fgets(line, sizeof line, stdin))
            break;
        line[strcspn(line, "\r\n")] = '\0';
        char *cmd = line;
        while (*cmd == ' ' || *cmd == '\t')
            cmd++;
        if (!*cmd)
            continue;
        if (!strcmp(cmd, "quit"))
            break;
        if (!strcmp(cmd, "next") || !strcmp(cmd, "prev")) {
            at = (at + (cmd[0] == 'n' ? 1 : -1) + nlist) % nlist;
            game_trainer_free(&t);
            have = false;
            continue;
        }
        if (!strcmp(cmd, "retry")) {
            game_trainer_retry(&t);
            failed_recorded = false;
            printf("retry: %s\n", t.ex->fen);
        } else if (!strcmp(cmd, "hint")) {
            ct_move mv = game_trainer_hint(&t);
            char sq[3], text[CT_MOVE_TEXT_MAX];
            if (mv == CT_NO_MOVE) {
                printf("hint: none (solved)\n");
            } else if (t.hint_level == 1) {
                ct_sq_name(CT_FROM(mv), sq);
                printf("hint: the piece on %s\n", sq);
            } else {
                move_text(&t.pos, mv, nt, text, sizeof text);
                printf("hint: %s\n", text);
            }
        } else if (!strcmp(cmd, "solution")) {
            t.shown = true;
            if (t.state != TRAINER_SOLVED && !failed_recorded) {
                failed_recorded = true;
                sys_train_progress_record(prog, t.ex->id, false, false, day, err, sizeof err);
            }
            ct_pos p = t.start;
            printf("solution:");
            for (int i = 0; i < t.ex->nsolution; i++) {
                char text[CT_MOVE_TEXT_MAX];
                move_text(&p, t.ex->solution[i], nt, text, sizeof text);
                printf(" %s", text);
                ct_pos_make(&p, t.ex->solution[i]);
            }
            printf("\n");
        } else {
            ct_move mv = CT_NO_MOVE;
            ct_parse_error pe;
            if (ct_move_parse(&t.pos, cmd, nt, &mv, &pe) != CT_OK)
                ct_move_parse(&t.pos, cmd, CT_NOTATION_AUTO, &mv, &pe);
            char *s = sanitize_dup(cmd, 0);
            if (!mv || !ct_is_legal(&t.pos, mv)) {
                printf("illegal: %s\n", s);
                free(s);
                fflush(stdout);
                continue;
            }
            ct_pos before = t.pos;
            char text[CT_MOVE_TEXT_MAX], rt[CT_MOVE_TEXT_MAX];
            move_text(&before, mv, nt, text, sizeof text);
            ct_move reply;
            switch (game_trainer_move(&t, mv, &reply)) {
            case TRAINER_REFUSED:
                printf(t.ex->goal == CT_GOAL_MATE ? "refused: %s does not mate in time; try again\n"
                                                   : "refused: %s lets the win go; try again\n",
                       text);
                if (!failed_recorded) {
                    failed_recorded = true;
                    sys_train_progress_record(prog, t.ex->id, false, false, day, err, sizeof err);
                }
                break;
            case TRAINER_ACCEPTED:
                ct_pos_make(&before, mv);
                move_text(&before, reply, nt, rt, sizeof rt);
                if (t.ex->goal == CT_GOAL_MATE)
                    printf("accepted: %s; reply %s; mate in %d to go\n", text, rt,
                           game_trainer_left(&t));
                else
                    printf("accepted: %s; reply %s; %d to go\n", text, rt, game_trainer_left(&t));
                break;
            case TRAINER_DONE:
                printf("solved: %s\n", text);
                if (sys_train_progress_record(prog, t.ex->id, true,
                                              !t.refused && !t.hinted && !t.shown, day, err,
                                              sizeof err) != 0) {
                    char *e = sanitize_dup(err, 0);
                    fprintf(stderr, "cotuong train: progress not saved: %s\n", e);
                    free(e);
                }
                break;
            case TRAINER_OVER: printf("over: already solved (retry, next)\n"); break;
            default: printf("illegal: %s\n", s); break;
            }
            free(s);
        }
        fflush(stdout);
    }
    if (have)
        game_trainer_free(&t);
    return 0;
}

static bool parse_date(const char *s, int *day)
{
    int y, m, d;
    char extra;
    if (sscanf(s, "%4d-%2d-%2d%c", &y, &m, &d, &extra) != 3 || y < 1 || m < 1 || m > 12 ||
        d < 1 || d > 31)
        return false;
    *day = y * 10000 + m * 100 + d;
    return true;
}

int cmd_train(int argc, char **argv)
{
    const char *id = NULL, *file = NULL, *lang = NULL;
    bool list = false, today = false;
    int kind = -1, difficulty = 0, day = 0;
    ct_notation nt = CT_NOTATION_COORD;
    cmd_parser p;
    cmd_parse_begin(&p, &train_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case 'h': cmd_help(stdout, &train_usage); return 0;
        case OPT_LIST: list = true; break;
        case OPT_TODAY: today = true; break;
        case OPT_KIND:
            kind = ct_ex_kind_parse(p.arg);
            if (kind < 0) {
                char *s = sanitize_dup(p.arg, 0);
                fprintf(stderr, "cotuong train: unknown kind '%s' (mate, endgame, tactic, middlegame)\n", s);
                free(s);
                return 2;
            }
            break;
        case OPT_DIFFICULTY:
            if (strlen(p.arg) != 1 || p.arg[0] < '1' || p.arg[0] > '0' + CT_EX_DIFFICULTIES) {
                fprintf(stderr, "cotuong train: the difficulty is 1 to 5\n");
                return 2;
            }
            difficulty = p.arg[0] - '0';
            break;
        case OPT_DATE:
            if (!parse_date(p.arg, &day)) {
                fprintf(stderr, "cotuong train: the date is YYYY-MM-DD\n");
                return 2;
            }
            break;
        case OPT_LANG: lang = p.arg; break;
        case OPT_EXERCISES: file = p.arg; break;
        case OPT_NOTATION: {
            bool ok;
            nt = ct_notation_from_name(p.arg, &ok);
            if (!ok || nt == CT_NOTATION_AUTO) {
                fprintf(stderr, "cotuong train: unknown notation\n");
                return 2;
            }
            break;
        }
        case CMD_OPERAND:
            if (!id) {
                id = p.arg;
                break;
            } else {
                char *s = sanitize_dup(p.arg, 0);
                fprintf(stderr, "cotuong train: unexpected argument '%s'\n", s);
                free(s);
                return 2;
            }
        default: return 2;
        }
    }
    ct_exset set;
    char err[4300];
    if (sys_exercises_load(file, &set, err, sizeof err) != 0) {
        char *s = sanitize_dup(err, 0);
        fprintf(stderr, "cotuong train: %s\n", s);
        free(s);
        return 1;
    }
    if (!day)
        day = sys_train_today();
    int daily = sys_train_of_day(&set, day);
    if (list) {
        for (int i = 0; i < set.n; i++) {
            const ct_exercise *ex = &set.ex[i];
            if (!matches(ex, kind, difficulty))
                continue;
            char goal[128];
            game_trainer_goal_text(ex, goal, sizeof goal);
            printf("%-6s %-10s %-24s %d\n", ex->id, ct_ex_kind_name(ex->kind), goal, ex->difficulty);
        }
        ct_exset_free(&set);
        return 0;
    }
    int want = id ? ct_exset_find(&set, id) : today ? daily : -1;
    if (id && want < 0) {
        char *s = sanitize_dup(id, 0);
        fprintf(stderr, "cotuong train: no exercise '%s' (cotuong train --list)\n", s);
        free(s);
        ct_exset_free(&set);
        return 1;
    }
    if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
        ct_exset_free(&set);
        ctl train_app; /* the frame of the program (its modes keep their own state) */
        app_config cfg;
        ctl_init(&train_app, tui_modes);
        session_load_settings(&train_app, &cfg);
        if (!lang && cfg.language_given && strcmp(cfg.language, "auto"))
            lang = cfg.language;
        i18n_init(lang);
        train_app.set.notation = cfg.notation_given ? cfg.notation
                                 : i18n_is_vietnamese() ? CT_NOTATION_VI : CT_NOTATION_WXF;
        const char *term = getenv("TERM");
        bool narrow = term && (!strcmp(term, "linux") || !strncmp(term, "vt", 2) || !strcmp(term, "dumb"));
        train_app.set.ascii = train_app.set.ascii || !ui_locale_is_utf8() || narrow;
        ctl_train_arg arg = {.exercises = file, .id = id, .kind = kind, .difficulty = difficulty,
                             .day = day, .today = today, .quit_on_exit = true};
        if (!ctl_push(&train_app, CTL_MODE_TRAIN, &arg)) {
            fprintf(stderr, "cotuong train: %s\n", train_app.status);
            ctl_free(&train_app);
            return 1;
        }
        int rc = ctl_run(&train_app);
        ctl_free(&train_app);
        return rc;
    }
    /* Line mode: the filtered list, starting at the exercise asked for (filter dropped
     * when it is outside), else the first. */
    int *idx = xmalloc(sizeof(int) * (size_t)(set.n ? set.n : 1));
    int n = 0, at = 0;
    for (int i = 0; i < set.n; i++)
        if (matches(&set.ex[i], kind, difficulty) || (want >= 0 && i == want)) {
            if (i == want)
                at = n;
            idx[n++] = i;
        }
    int rc = 0;
    if (!n) {
        fprintf(stderr, "cotuong train: no exercise matches\n");
        rc = 1;
    } else {
        sys_train_progress prog;
        if (sys_train_progress_load(&prog, NULL, err, sizeof err) != 0) {
            char *s = sanitize_dup(err, 0);
            fprintf(stderr, "cotuong train: %s (progress not saved)\n", s);
            free(s);
        }
        rc = line_mode(&set, idx, n, at, daily, &prog, day, nt);
        sys_train_progress_free(&prog);
    }
    free(idx);
    ct_exset_free(&set);
    return rc;
}
