/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `review` subcommand: opens a PGN (one or many games: a game list first) or
 * XQF file in the review screen. A bad file is reported (file and position) before the
 * screen opens. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/theme.h"
#include "cli/commands.h"
#include "tui/controller.h"
#include "sys/i18n.h"
#include "tui/modes.h"
#include "tui/session.h"
#include "sys/gamefile.h"
#include "sys/sanitize.h"
#include "ui/draw.h"

int cmd_review(int argc, char **argv)
{
    const char *file = NULL, *lang = NULL;
    bool ascii = false, colour = true, mouse = true;
    ctl review_app; /* the frame of the program (its modes keep their own state) */
    app_config cfg;
    ctl_init(&review_app, tui_modes);
    session_load_settings(&review_app, &cfg);
    if (cfg.language_given && strcmp(cfg.language, "auto") != 0)
        lang = cfg.language;
    colour = review_app.set.colour;
    /* --lang first: it decides the language of the help and of the messages. */
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--lang"))
            lang = argv[i + 1];
    i18n_init(lang);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            printf("%s", _("Usage: cotuong review [--ascii] [--theme T] [--no-color] [--no-mouse] [--lang LANG] FILE\n"
                           "Review the games of FILE (PGN with one or many games, or XQF): step through\n"
                           "the moves and variations, read and write comments, let the engine analyse\n"
                           "the position or the whole game, play on from any position, save.\n"
                           "Keys: see cotuong(6), section KEYS (or press ? in the review).\n"));
            return 0;
        } else if (!strcmp(a, "--ascii")) {
            ascii = true;
        } else if (!strcmp(a, "--no-color") || !strcmp(a, "--no-colour")) {
            colour = false;
        } else if (!strcmp(a, "--theme") && i + 1 < argc && ui_theme_parse(argv[i + 1]) >= 0) {
            int t = ui_theme_parse(argv[++i]);
            ui_theme_select((ui_theme_kind)t);
            colour = t != UI_THEME_MONO;
        } else if (!strcmp(a, "--no-mouse")) {
            mouse = false;
        } else if (!strcmp(a, "--lang") && i + 1 < argc) {
            lang = argv[++i];
        } else if (a[0] != '-' && !file) {
            file = a;
        } else {
            fprintf(stderr, _("cotuong review: unexpected argument '%s'\n"), a);
            return 2;
        }
    }
    if (!file) {
        fprintf(stderr, "%s", _("cotuong review: which file? Usage: cotuong review FILE\n"));
        return 2;
    }
    review_app.set.notation = cfg.notation_given ? cfg.notation
                              : i18n_is_vietnamese() ? CT_NOTATION_VI : CT_NOTATION_WXF;
    const char *term = getenv("TERM");
    bool narrow_term = term && (!strcmp(term, "linux") || !strncmp(term, "vt", 2) || !strcmp(term, "dumb"));
    review_app.set.ascii = review_app.set.ascii || ascii || !ui_locale_is_utf8() || narrow_term;
    review_app.set.colour = colour;
    review_app.set.mouse = mouse;
    /* No opening book: the engine's view of a position is its own search. */
    /* A bad file is reported before the screen opens. */
    ct_record *games;
    int ngames;
    char err[1200], raw[1200];
    gamefile_warnings warn;
    if (gamefile_load(file, &games, &ngames, &warn, raw, sizeof raw) != 0) {
        sanitize_text(err, sizeof err, raw, strlen(raw), 0);
        fprintf(stderr, "cotuong review: %s\n", err);
        ctl_free(&review_app);
        return 1;
    }
    ctl_review_arg arg = {.path = file, .games = games, .ngames = ngames, .quit_on_exit = true,
                           .warnings = &warn};
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
