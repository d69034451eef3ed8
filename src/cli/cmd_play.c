/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `play` subcommand (and the default): reads the options, sets up the
 * controller and runs the full-screen game. Game options skip the start menu:
 *   cotuong play --red human --black ai:5 --rules online --clock 15+10 --notation vi */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/theme.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/play_line.h"
#include "tui/controller.h"
#include "tui/lobby_play.h"
#include "cotuong/coup.h"
#include "sys/i18n.h"
#include "tui/modes.h"
#include "tui/session.h"
#include "sys/player.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "ui/draw.h"
#include "ui/screen.h"
#include "cotuong/pgn.h"

enum { OPT_RED = CMD_OPT_LONG, OPT_BLACK, OPT_RULES, OPT_CLOCK, OPT_FEN, OPT_RESUME,
       OPT_NOTATION, OPT_GLYPHS, OPT_ASCII, OPT_COORDS, OPT_FLIP, OPT_LANG, OPT_THEME,
       OPT_NO_COLOR, OPT_NO_MOUSE, OPT_LINE, OPT_VARIANT, OPT_SEED };

static const cmd_option play_options[] = {
    {"red", OPT_RED, N_("PLAYER"), N_("human, ai, ai:LEVEL[:SEED] (level 1-10), uci:CMD,\nucci:CMD or xboard:CMD")},
    {"black", OPT_BLACK, N_("PLAYER"), N_("the same for Black")},
    {"rules", OPT_RULES, N_("NAME"), N_("online (default), asian, vn2004, casual")},
    {"clock", OPT_CLOCK, N_("TC"), N_("time control: 15+10 (minutes+seconds), 5, /30, none")},
    {"fen", OPT_FEN, "FEN", N_("start from this position (cờ úp: x/X are face down, see the manual)")},
    {"resume", OPT_RESUME, NULL, N_("resume the interrupted game (moves, clocks, settings)")},
    {"notation", OPT_NOTATION, "N", N_("vi, vi-long, wxf, zh, zh-hant, iccs, coord")},
    {"glyphs", OPT_GLYPHS, N_("SET"), N_("han (default), vi, wxf letters")},
    {"ascii", OPT_ASCII, NULL, N_("plain ASCII board (automatic without UTF-8)")},
    {"coords", OPT_COORDS, NULL, N_("show the coordinates a-i, 0-9")},
    {"flip", OPT_FLIP, NULL, N_("Black at the bottom")},
    {"lang", OPT_LANG, N_("LANG"), N_("vi or en (default: from the locale)")},
    {"theme", OPT_THEME, N_("T"), N_("dark, light, mono or auto (ask the terminal; default)")},
    {"no-color", OPT_NO_COLOR, NULL, N_("no colours (also when NO_COLOR is set)")},
    {"no-colour", OPT_NO_COLOR, NULL, NULL},
    {"no-mouse", OPT_NO_MOUSE, NULL, N_("do not use the mouse")},
    {"line", OPT_LINE, NULL, N_("plain lines, no screen (a pipe, a screen reader)")},
    {"variant", OPT_VARIANT, "V", N_("standard (cờ tướng, the default) or coup (cờ úp)")},
    {"seed", OPT_SEED, "N", N_("cờ úp: the seed of the deal (default: a new deal)")},
    {"help", 'h', NULL, N_("display this help and exit")},
    {0},
};

static const cmd_usage play_usage = {
    .name = "play",
    .synopsis = N_("[OPTION]..."),
    .about = N_("Play cờ tướng (xiangqi) in the terminal. Without game options the start menu\n"
                "opens.\n"),
    .options = play_options,
    .translated = true,
};

/* Why a cờ úp FEN is refused, in the interface's words (the core's codes; the rarer syntax
 * faults in the core's English). */
static void coup_fen_why(const ct_coup_fen_error *e, char *buf, size_t size)
{
    static const char *const type_word[CT_PIECE_TYPES] = {
        "", N_("kings"), N_("advisors"), N_("elephants"), N_("horses"), N_("rooks"), N_("cannons"), N_("pawns")};
    const char *side = e->side == CT_BLACK ? _("Black") : _("Red");
    int t = e->type > 0 && e->type < CT_PIECE_TYPES ? e->type : 0;
    switch (e->code) {
    case CT_COUP_FEN_DOWN_PLACE:
        snprintf(buf, size, _("a face-down piece of %s on %c%d, not one of its starting squares (a face-down piece has never moved)"),
                 side, 'a' + e->file, e->rank);
        break;
    case CT_COUP_FEN_POOL_SHORT:
        snprintf(buf, size, _("%s has %d face-down pieces, more than the pool holds (the field after the board, e.g. A2B2N2R2C2P5a2b2n2r2c2p5)"),
                 side, e->count);
        break;
    case CT_COUP_FEN_TOO_MANY:
        snprintf(buf, size, _("%s has %d %s face up and in the pool, more than a set has"), side, e->count,
                 _(type_word[t]));
        break;
    case CT_COUP_FEN_POOL_SYNTAX:
        snprintf(buf, size, _("the pool is not letters and counts (A B N R C P, upper case Red), at '%c'"), e->letter);
        break;
    case CT_COUP_FEN_NO_KING:
        snprintf(buf, size, _("%s has %d kings, not one"), side, e->count);
        break;
    case CT_COUP_FEN_KING_PLACE:
        snprintf(buf, size, _("%s's king on %c%d is outside its palace"), side, 'a' + e->file, e->rank);
        break;
    case CT_COUP_FEN_IN_CHECK:
        snprintf(buf, size, _("%s is in check but it is not its move"), side);
        break;
    default: snprintf(buf, size, "%s", e->message); break;
    }
}

/* --fen, read as the variant reads it: false (and why on stderr) when it is refused. */
static bool fen_ok(const game_setup *g)
{
    bool ok;
    if (g->variant == GAME_VARIANT_COUP) {
        ct_coup_pos *check = xmalloc(sizeof *check); /* large (history): not on the stack */
        ct_coup_fen_error err;
        ok = ct_coup_fen_read(check, g->fen, &err) == CT_OK;
        free(check);
        if (!ok) {
            char why[300];
            coup_fen_why(&err, why, sizeof why);
            fprintf(stderr, _("cotuong: bad cờ úp FEN (field %d): %s\n"), err.field, why);
        }
        return ok;
    }
    ct_pos *check = xmalloc(sizeof *check);
    ct_fen_error err;
    ok = ct_fen_read(check, g->fen, &err) == CT_OK;
    free(check);
    if (!ok)
        fprintf(stderr, _("cotuong: bad FEN (field %d): %s\n"), err.field, err.message);
    return ok;
}

/* The program with argv's options; lobby: a game with someone opens instead of the menu. */
static int play_main(int argc, char **argv, const cmd_lobby_screen *lobby)
{
    const char *lang = NULL, *notation = NULL, *glyphs = NULL;
    bool skip_menu = false, ascii = false, flip = false, coords = false;
    bool colour = true, mouse = true, resume = false, line = false, seeded = false;
    /* The settings file first (the options below win over it), then --lang: it decides
     * the language of the other messages. */
    ctl app; /* the frame of the program (its modes keep their own state) */
    app_config cfg;
    ctl_init(&app, tui_modes);
    session_load_settings(&app, &cfg);
    if (cfg.language_given && strcmp(cfg.language, "auto") != 0)
        lang = cfg.language;
    if (cfg.notation_given)
        notation = ct_notation_name(cfg.notation);
    if (cfg.glyphs_given)
        glyphs = cfg.glyphs;
    colour = app.set.colour;
    i18n_init(lang);
    /* The options, then --lang: it decides the language of the help and what follows. */
    const char *lang_opt = NULL;
    bool help = false;
    game_setup *g = &app.defaults.setup;
    cmd_parser p;
    cmd_parse_begin(&p, &play_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        const char *v = p.arg;
        switch (k) {
        case 'h': help = true; break;
        case OPT_RED:
        case OPT_BLACK: {
            int side = k == OPT_RED ? CT_RED : CT_BLACK;
            char why[300];
            if (!sys_player_spec_parse(v, &g->players[side], why, sizeof why) ||
                g->players[side].kind == SYS_PLAYER_REMOTE) {
                fprintf(stderr, _("cotuong: bad player '%s' (human, ai, ai:1-10, uci:CMD, ucci:CMD, xboard:CMD)\n"), v);
                return 2;
            }
            skip_menu = true;
            break;
        }
        case OPT_RULES:
            if (ct_rules_from_name(v, &g->rules) != CT_OK) {
                fprintf(stderr, _("cotuong: unknown rule set '%s' (online, asian, vn2004, casual)\n"), v);
                return 2;
            }
            skip_menu = true;
            break;
        case OPT_CLOCK:
            if (ct_tc_parse(v, &g->tc) != CT_OK) {
                fprintf(stderr, _("cotuong: bad time control '%s' (e.g. 15+10)\n"), v);
                return 2;
            }
            skip_menu = true;
            break;
        case OPT_FEN:
            /* Read once the variant is known (--variant may come after it). */
            if (strlen(v) >= sizeof g->fen) {
                fprintf(stderr, _("cotuong: bad FEN (field %d): %s\n"), 0, _("it is too long"));
                return 2;
            }
            snprintf(g->fen, sizeof g->fen, "%s", v);
            skip_menu = true;
            break;
        case OPT_NOTATION: notation = v; break;
        case OPT_GLYPHS: glyphs = v; break;
        case OPT_LANG: lang_opt = v; break;
        case OPT_RESUME: resume = true; break;
        case OPT_ASCII: ascii = true; break;
        case OPT_COORDS: coords = true; break;
        case OPT_FLIP: flip = true; break;
        case OPT_NO_COLOR: colour = false; break;
        case OPT_THEME: {
            int t = ui_theme_parse(v);
            if (t < 0) {
                fprintf(stderr, _("cotuong: bad theme '%s' (auto, dark, light, mono)\n"), v);
                return 2;
            }
            ui_theme_select((ui_theme_kind)t);
            colour = t != UI_THEME_MONO;
            break;
        }
        case OPT_NO_MOUSE: mouse = false; break;
        case OPT_LINE: line = true; break;
        case OPT_VARIANT:
            if (!strcmp(v, "coup") || !strcmp(v, "jieqi") || !strcmp(v, "cờ úp")) {
                g->variant = GAME_VARIANT_COUP;
            } else if (!strcmp(v, "standard")) {
                g->variant = GAME_VARIANT_STANDARD;
            } else {
                fprintf(stderr, _("cotuong: unknown variant '%s' (standard, coup)\n"), v);
                return 2;
            }
            skip_menu = true;
            break;
        case OPT_SEED: {
            char *end;
            g->coup_seed = strtoull(v, &end, 10);
            if (end == v || *end) {
                fprintf(stderr, _("cotuong: bad seed '%s' (a number)\n"), v);
                return 2;
            }
            seeded = true;
            break;
        }
        case CMD_OPERAND:
            fprintf(stderr, _("cotuong: unexpected argument '%s'\n"), v);
            fprintf(stderr, "%s", _("Try 'cotuong play --help' for more information.\n"));
            return 2;
        default: return 2;
        }
    }
    if (lang_opt)
        i18n_init(lang_opt);
    if (help) {
        cmd_help(stdout, &play_usage);
        return 0;
    }
    /* Settings: notation (Vietnamese compact in the Vietnamese UI, WXF in English), glyphs,
     * ASCII when the locale is not UTF-8 or the terminal cannot draw wide glyphs. */
    app.set.notation = i18n_is_vietnamese() ? CT_NOTATION_VI : CT_NOTATION_WXF;
    if (notation) {
        bool ok;
        app.set.notation = ct_notation_from_name(notation, &ok);
        if (!ok || app.set.notation == CT_NOTATION_AUTO) {
            fprintf(stderr, _("cotuong: unknown notation '%s'\n"), notation);
            return 2;
        }
    }
    if (glyphs) {
        int gs = ui_glyphs_parse(glyphs);
        if (gs < 0) {
            fprintf(stderr, _("cotuong: unknown glyph set '%s' (han, vi, wxf, ascii)\n"), glyphs);
            return 2;
        }
        if (gs == UI_GLYPHS_ASCII)
            ascii = true;
        else
            app.set.glyphs = (ui_glyphs)gs;
    } else if (i18n_is_vietnamese()) {
        app.set.glyphs = UI_GLYPHS_HAN;
    }
    if (g->variant == GAME_VARIANT_COUP && !seeded)
        g->coup_seed = sys_fresh_seed();
    if (g->fen[0] && !fen_ok(g)) /* cờ úp: its face-down pieces are dealt from the pool */
        return 2;
    if (!lobby && play_line_wanted(line)) {
        /* No screen (asked, or not a terminal): the game in plain lines, no terminal probe. */
        play_line_options lo = {.setup = g, .resume = resume, .notation = app.set.notation,
                                .ascii = ascii || app.set.glyphs != UI_GLYPHS_HAN || !ui_locale_is_utf8()};
        int rc = play_line_run(&lo);
        ctl_free(&app);
        return rc;
    }
    const char *term = getenv("TERM");
    bool narrow_term = term && (!strcmp(term, "linux") || !strncmp(term, "vt", 2) || !strcmp(term, "dumb"));
    app.set.ascii = ascii || !ui_locale_is_utf8() || narrow_term;
    /* A terminal that draws a Hán glyph one column wide cannot show the board: ASCII. */
    if (!app.set.ascii && ui_probe_wide_glyphs(300) == 0)
        app.set.ascii = true;
    /* Box-drawing characters drawn two columns wide (a CJK terminal setting): ASCII lines. */
    if (!app.set.ascii && ui_probe_box_width(300) == 2)
        app.set.ascii_lines = true;
    if (coords)
        app.set.coords = true; /* else as the settings say */
    app.set.colour = colour;
    if (!mouse)
        app.set.mouse = false; /* else as the settings say (mouse = yes by default) */
    /* Every option is the default of the games started from the menu too. */
    app.defaults.flip = flip;
    app.set.flip = flip;
    ct_book *book = sys_player_load_book(NULL);
    app.book = book;
    if (lobby) {
        char err[700];
        bool ok = lobby->host     ? tui_lobby_host(&app, lobby->host, lobby->resumed, lobby->save_as,
                                                   err, sizeof err)
                  : lobby->joined ? tui_lobby_attach(&app, lobby->joined, lobby->save_as, err, sizeof err)
                                  : tui_lobby_join(&app, lobby->lobby, lobby->which, lobby->watch,
                                                   lobby->save_as, err, sizeof err);
        if (!ok) {
            fprintf(stderr, "cotuong %s: %s\n", lobby->host ? "host" : lobby->watch ? "watch" : "join", err);
            ctl_free(&app);
            ct_book_free(book);
            return 1;
        }
    } else if (resume) {
        char err[700];
        if (!session_resume(&app, err, sizeof err)) {
            fprintf(stderr, _("cotuong: cannot resume: %s\n"),
                    err[0] ? err : _("there is no interrupted game"));
            ctl_free(&app);
            ct_book_free(book);
            return 1;
        }
    } else if (skip_menu) {
        ctl_play_arg arg = {.setup = g};
        if (!ctl_push(&app, CTL_MODE_PLAY, &arg)) {
            fprintf(stderr, "cotuong: %s\n", app.status);
            ctl_free(&app);
            ct_book_free(book);
            return 1;
        }
    } else {
        ctl_push(&app, CTL_MODE_MENU, NULL);
        session_offer_resume(&app);
    }
    /* Problems in the settings file went to stderr, which the screen hides: the first one
     * is repeated in the status line. */
    if (cfg.nproblems > 0)
        ctl_status(&app, UI_ERROR, _("Settings: %s (%d problem(s), the rest of the file applies)"),
                   cfg.messages[0], cfg.nproblems);
    int rc = ctl_run(&app);
    ctl_free(&app);
    ct_book_free(book);
    return rc;
}

int cmd_play(int argc, char **argv)
{
    return play_main(argc, argv, NULL);
}

int cmd_play_lobby(const cmd_lobby_screen *s)
{
    char *argv[8];
    int argc = 0;
    argv[argc++] = (char *)"play";
    if (s->notation) {
        argv[argc++] = (char *)"--notation";
        argv[argc++] = (char *)s->notation;
    }
    if (s->ascii)
        argv[argc++] = (char *)"--ascii";
    argv[argc] = NULL;
    return play_main(argc, argv, s);
}
