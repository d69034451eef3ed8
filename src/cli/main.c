/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — entry point: picks the subcommand and handles --help and --version. */
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "sys/i18n.h"
#include "sys/sanitize.h"
#include "config.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary; /* English msgid, shown translated */
    bool screen; /* full-screen (curses draws through the sanitizer itself); host, join and
                  * watch are, on a terminal, and wrap stdio themselves in line mode */
} command;

/* One line per subcommand; the usage text below is generated from it. */
static const command commands[] = {
    {"play", cmd_play, N_("play a game (the default when no command is given)"), true},
    {"perft", cmd_perft, N_("count the leaves of the legal move tree: perft [--fen FEN] [--divide] DEPTH"), false},
    {"moves", cmd_moves, N_("list the legal moves: moves [--fen FEN] [--notation NAME]"), false},
    {"uci", cmd_uci, N_("run as a UCI/UCCI engine on stdin/stdout (the built-in AI)"), false},
    {"bench", cmd_bench, N_("search fixed positions to a fixed depth: bench [--depth N]"), false},
    {"match", cmd_match, N_("play games between two players: match --p1 P --p2 P [options]"), false},
    {"review", cmd_review, N_("review the games of a PGN or XQF file: review FILE"), true},
    {"analyse", cmd_analyse, N_("annotate the moves of a PGN/XQF file with the engine: analyse FILE"), false},
    {"diagram", cmd_diagram, N_("print a position as a text board: diagram [--fen FEN] [--ascii]"), false},
    {"autoplay", cmd_autoplay, N_("test hook: play moves and keep the resume file current"), true},
    {"judge", cmd_judge, N_("replay PGN games under a rule set, print how each ends: judge [--rules NAME] [FILE]..."), false},
    {"convert", cmd_convert, N_("convert games (PGN, XQF, move lists) to PGN: convert [--to NOTATION] [FILE]..."), false},
    {"host", cmd_host, N_("offer a game to another user and play it: host [--for USER,...] [--clock TC]"), true},
    {"games", cmd_games, N_("list the games offered and played in the lobby, one a line"), false},
    {"join", cmd_join, N_("take the free seat of a game in the lobby: join [GAME] [--via USER@HOST]"), true},
    {"watch", cmd_watch, N_("follow a game of the lobby read-only: watch [GAME]"), true},
    {"relay", cmd_relay, N_("connect standard input/output to a game (for join --via over ssh)"), false},
    {"opening", cmd_opening, N_("name the opening of each game (ECCO code): opening [--lang zh|vi|en] [FILE]..."), false},
    {"explore", cmd_explore, N_("the masters' moves in a position: explore [--fen FEN] [--notation X] [MOVE]..."), false},
    {"train", cmd_train, N_("solve exercises (mates, endgames, tactics): train [--list] [ID|--today] [--kind K]"), true},
};

/* The program's own options (before a command; any other option is play's). */
enum { OPT_LANG = CMD_OPT_LONG };

static const cmd_option main_options[] = {
    {"help", 'h', NULL, N_("display this help and exit")},
    {"version", 'V', NULL, N_("output version information and exit")},
    {"lang", OPT_LANG, N_("LANG"), N_("with --help: the language of the help (vi or en)")},
    {0},
};

static const cmd_usage main_usage = {
    .name = "",
    .options = main_options,
    .translated = true,
};

/* In the language of the locale; without UTF-8 (LANG=C) in ASCII ("co tuong"). */
static void usage(FILE *out)
{
    fprintf(out, "%s", _("Usage: cotuong [COMMAND] [OPTION]...\n"
                         "Play cờ tướng (xiangqi, Chinese chess) in the terminal.\n\nCommands:\n"));
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        int col = fprintf(out, "  %-8s", commands[i].name);
        const char *summary = _(commands[i].summary);
        cmd_help_wrap(out, col, col + 1, summary, strlen(summary));
    }
    cmd_help_options(out, &main_usage);
    fprintf(out, "%s", _("\nRun 'cotuong COMMAND --help' for the options of a command.\n"
                         "See cotuong(6) for the keys, notations, rule sets and files.\n"));
}

/* As the GNU coding standards ask: name and version (the version from configure.ac's AC_INIT),
 * the copyright line, the licence and the absence of warranty; then the attribution that the
 * CC BY 4.0 licence of the master-game data asks for wherever users look. */
static void version(void)
{
    printf("cotuong %s\n"
           "Copyright (C) 2026 the cotuong authors\n"
           "License GPL-3.0-or-later: GNU GPL version 3 or later.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n\n"
           "Master games and exercises (the ccpd-* files in %s) are derived from the\n"
           "Chinese Chess Practical Dataset by Yu-Han Tseng, licensed under CC BY 4.0\n"
           "<https://creativecommons.org/licenses/by/4.0/>; selected and converted.\n"
           "The AI's evaluation weights and its network were fitted on the same\n"
           "dataset's master games.\n"
           "Which file comes from where: %s/README.\n",
           PACKAGE_VERSION, DATADIR, DATADIR);
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    if (argc > 1 && argv[1][0] != '-') {
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (!strcmp(argv[1], commands[i].name)) {
                /* one rule for every printing command: nothing from outside drives the
                 * terminal, and a terminal that is not UTF-8 gets ASCII */
                if (!commands[i].screen)
                    sanitize_stdio();
                return commands[i].run(argc - 1, argv + 1);
            }
        i18n_init(NULL);
        sanitize_stdio(); /* the name typed is echoed through the sanitizer */
        fprintf(stderr, _("cotuong: unknown command '%s'\n"), argv[1]);
        fprintf(stderr, "%s", _("Try 'cotuong --help' for more information.\n"));
        return 2;
    }
    /* Only the program's own options: --help (in the language --lang names) or --version.
     * Anything else (no command) is play's. */
    const char *lang = NULL;
    bool help = false, version_asked = false;
    cmd_parser p;
    cmd_parse_begin(&p, &main_usage, argc, argv);
    p.silent = true;
    int k;
    while ((k = cmd_parse_next(&p)) > 0 && k != CMD_OPERAND) {
        if (k == 'h')
            help = true;
        else if (k == 'V')
            version_asked = true;
        else if (k == OPT_LANG)
            lang = p.arg;
    }
    if (k == 0 && help) {
        i18n_init(lang);
        usage(stdout);
        return 0;
    }
    if (k == 0 && version_asked) {
        version();
        return 0;
    }
    return cmd_play(argc, argv);
}
