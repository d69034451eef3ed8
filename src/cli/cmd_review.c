/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `review` subcommand: opens a PGN (one or many games: a game list first) or
 * XQF file in the review screen. A bad file is reported (file and position) before the
 * screen opens. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/theme.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "tui/controller.h"
#include "sys/i18n.h"
#include "tui/modes.h"
#include "tui/session.h"
#include "sys/gamefile.h"
#include "sys/sanitize.h"
#include "ui/draw.h"

enum { OPT_ASCII = CMD_OPT_LONG, OPT_THEME, OPT_NO_COLOR, OPT_NO_MOUSE, OPT_LANG };

static const cmd_option review_options[] = {
    {"ascii", OPT_ASCII, NULL, N_("plain ASCII board (automatic without UTF-8)")},
    {"theme", OPT_THEME, N_("T"), N_("dark, light, mono or auto (ask the terminal; default)")},
    {"no-color", OPT_NO_COLOR, NULL, N_("no colours (also when NO_COLOR is set)")},
    {"no-colour", OPT_NO_COLOR, NULL, NULL},
    {"no-mouse", OPT_NO_MOUSE, NULL, N_("do not use the mouse")},
    {"lang", OPT_LANG, N_("LANG"), N_("vi or en (default: from the locale)")},
    {"help", 'h', NULL, N_("display this help and exit")},
    {0},
};

static const cmd_usage review_usage = {
    .name = "review",
    .synopsis = N_("[OPTION]... FILE"),
    .about = N_("Review the games of FILE (PGN with one or many games, or XQF): step through\n"
                "the moves and variations, read and write comments, let the engine analyse\n"
                "the position or the whole game, play on from any position, save.\n"
                "Keys: see cotuong(6), section KEYS (or press ? in the review).\n"),
    .options = review_options,
    .translated = true,
};

int cmd_review(int argc, char **argv)
{
    const char *file = NULL, *lang = NULL, *lang_opt = NULL;
    bool ascii = false, colour = true, mouse = true, help = false;
    ctl review_app; /* the frame of the program (its modes keep their own state) */
    app_config cfg;
    ctl_init(&review_app, tui_modes);
    session_load_settings(&review_app, &cfg);
    if (cfg.language_given && strcmp(cfg.language, "auto") != 0)
        lang = cfg.language;
    colour = review_app.set.colour;
    i18n_init(lang);
    /* The options first, then --lang: it decides the language of the help and of the
     * messages after it. */
    cmd_parser p;
    cmd_parse_begin(&p, &review_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case 'h': help = true; break;
        case OPT_ASCII: ascii = true; break;
        case OPT_NO_COLOR: colour = false; break;
        case OPT_THEME: {
            int theme = ui_theme_parse(p.arg);
            if (theme < 0) {
                fprintf(stderr, _("cotuong: bad theme '%s' (auto, dark, light, mono)\n"), p.arg);
                ctl_free(&review_app);
                return 2;
            }
            ui_theme_select((ui_theme_kind)theme);
            colour = theme != UI_THEME_MONO;
            break;
        }
        case OPT_NO_MOUSE: mouse = false; break;
        case OPT_LANG: lang_opt = p.arg; break;
        case CMD_OPERAND:
            if (!file) {
                file = p.arg;
                break;
            }
            fprintf(stderr, _("cotuong review: unexpected argument '%s'\n"), p.arg);
            ctl_free(&review_app);
            return 2;
        default: ctl_free(&review_app); return 2;
        }
    }
    if (lang_opt)
        i18n_init(lang_opt);
    if (help) {
        cmd_help(stdout, &review_usage);
        ctl_free(&review_app);
        return 0;
    }
    if (!file) {
        fprintf(stderr, "%s", _("cotuong review: which file? Usage: cotuong review FILE\n"));
        ctl_free(&review_app);
        return 2;
    }
    review_app.set.notation = cfg.notation_given ? cfg.notation
                              : i18n_is_vietnamese() ? CT_NOTATION_VI : CT_NOTATION_WXF;
    const char *term = getenv("TERM");
    bool narrow_term = term && (!strcmp(term, "linux") || !strncmp(term, "vt", 2) || !strcmp(term, "dumb"));
    review_app.set.ascii = review_app.set.ascii || ascii || !ui_locale_is_utf8() || narrow_term;
    review_app.set.colour = colour;
    if (!mouse)
        review_app.set.mouse = false; /* else as the settings say */
    /* No opening book: the engine's view of a position is its own search. */
    /* A bad file is reported before the screen opens. */
    ct_record *games = NULL;
    int ngames = 0;
    char err[1200], raw[1200];
    gamefile_warnings warn;
    char *coup_text;
    size_t coup_len;
    /* A cờ úp record: the review reads it (through the game model, which checks it against
     * its deal); a bad one is reported from there, before the screen opens. */
    bool coup = session_coup_file(file, &coup_text, &coup_len);
    free(coup_text);
    if (!coup && gamefile_load(file, &games, &ngames, &warn, raw, sizeof raw) != 0) {
        sanitize_text(err, sizeof err, raw, strlen(raw), 0);
        fprintf(stderr, "cotuong review: %s\n", err);
        ctl_free(&review_app);
        return 1;
    }
    ctl_review_arg arg = {.path = file, .games = games, .ngames = ngames, .quit_on_exit = true,
                           .warnings = coup ? NULL : &warn};
    if (!ctl_push(&review_app, CTL_MODE_REVIEW, &arg)) {
        fprintf(stderr, "cotuong review: %s\n", review_app.status);
        ctl_free(&review_app);
        return 1;
    }
    if (cfg.nproblems > 0)
        ctl_status(&review_app, UI_ERROR, _("Settings: %s (%d problem(s), the rest of the file applies)"),
                   cfg.messages[0], cfg.nproblems);
    int rc = ctl_run(&review_app);
    ctl_free(&review_app);
    return rc;
}
