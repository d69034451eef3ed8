/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the saved-games side of the game: settings at start, the resume file kept
 * current after every move, the emergency save on SIGHUP/SIGTERM/SIGINT, resuming, automatic
 * saving of finished games, and the save/open hooks of the controller. */
#include "tui/session.h"
#include "ui/screen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sys/clipboard.h"
#include "sys/gamefile.h"
#include "sys/i18n.h"
#include "sys/resume.h"
#include "game/review.h"
#include "tui/review_mode.h"
#include "sys/sanitize.h"
#include "sys/savefile.h"
#include "cotuong/movegen.h"
#include "cotuong/pgn.h"
#include "ui/draw.h"
#include "ui/input.h"

static bool replaying; /* session_resume replays moves: no resume writes meanwhile */
static app_config *loaded_settings; /* the settings read at start (for clipboard = no) */

/* ---------------------------------------------------------------- players */

static void player_spec(const ctl_player *p, char *buf, size_t size)
{
    if (p->kind == CTL_AI)
        snprintf(buf, size, "ai:%d", p->level);
    else if (p->kind == CTL_ENGINE)
        snprintf(buf, size, "%s", p->command);
    else
        snprintf(buf, size, "human");
}

static void player_name(const ctl_player *p, char *buf, size_t size)
{
    if (p->kind == CTL_AI)
        snprintf(buf, size, "cotuong AI level %d", p->level);
    else if (p->kind == CTL_ENGINE)
        snprintf(buf, size, "%s", p->command);
    else
        snprintf(buf, size, "human");
}

/* ---------------------------------------------------------------- the resume file */

static void game_to_resume(const ctl *c, resume_game *rg)
{
    const ctl_game *g = &c->game;
    resume_game_init(rg);
    if (strcmp(g->start_fen, CT_START_FEN) != 0)
        snprintf(rg->fen, sizeof rg->fen, "%s", g->start_fen);
    snprintf(rg->rules, sizeof rg->rules, "%s", ct_rules_name(g->rules));
    if (ct_tc_timed(&g->tc)) {
        ct_tc_format(&g->tc, rg->time_control, sizeof rg->time_control);
        int64_t now = ctl_now_ms();
        for (int s = 0; s < 2; s++) {
            int64_t left = ct_clock_remaining(&g->clock, s, now);
            rg->clock_ms[s] = left < 0 ? 0 : (long)left;
        }
    }
    for (int s = 0; s < 2; s++) {
        player_spec(&g->players[s], rg->player[s], sizeof rg->player[s]);
    }
    player_name(&g->players[CT_RED], rg->red, sizeof rg->red);
    player_name(&g->players[CT_BLACK], rg->black, sizeof rg->black);
    snprintf(rg->notation, sizeof rg->notation, "%s", ct_notation_name(c->set.notation));
    snprintf(rg->result, sizeof rg->result, "%s", ct_result_string(g->match.result));
    rg->nmoves = g->n_moves;
    memcpy(rg->moves, g->moves, sizeof(ct_move) * (size_t)g->n_moves);
}

static resume_game scratch_resume;

static void write_resume(ctl *c)
{
    char err[600];
    game_to_resume(c, &scratch_resume);
    if (resume_save(&scratch_resume, err, sizeof err) != 0) {
        char *e = sanitize_dup(err, 0);
        ctl_status(c, UI_ERROR, _("Cannot write the resume file: %s"), e);
        free(e);
    }
}

bool session_resume_waiting(void)
{
    char err[600];
    int r = resume_load(&scratch_resume, err, sizeof err);
    return r == 1 && !strcmp(scratch_resume.result, "*") && scratch_resume.nmoves > 0;
}

bool session_resume(ctl *c, char *err, size_t errsize)
{
    static resume_game rg;
    err[0] = '\0';
    int r = resume_load(&rg, err, errsize);
    if (r <= 0)
        return false;
    if (strcmp(rg.result, "*") != 0) {
        snprintf(err, errsize, "%s", _("the last game has finished; nothing to resume"));
        return false;
    }
    ctl_game *g = &c->game;
    /* 1. Settings of the game: start position, rules, clock, players, notation. */
    snprintf(g->start_fen, sizeof g->start_fen, "%s", rg.fen[0] ? rg.fen : CT_START_FEN);
    ct_rules rules;
    if (ct_rules_from_name(rg.rules, &rules) == CT_OK)
        g->rules = rules;
    memset(&g->tc, 0, sizeof g->tc);
    if (rg.time_control[0] && strcmp(rg.time_control, "-") != 0)
        ct_tc_parse(rg.time_control, &g->tc);
    for (int s = 0; s < 2; s++)
        if (!ctl_player_parse(rg.player[s], &g->players[s]))
            g->players[s].kind = CTL_HUMAN;
    bool ok;
    ct_notation n = ct_notation_from_name(rg.notation, &ok);
    if (ok && n != CT_NOTATION_AUTO)
        c->set.notation = n;
    /* 2. A new game with those settings, then the moves through the referee, so that
     *    repetitions and move limits count every earlier position. */
    replaying = true;
    ctl_new_game(c);
    for (int i = 0; i < rg.nmoves; i++) {
        if (!ctl_play_move(c, rg.moves[i])) {
            replaying = false;
            snprintf(err, errsize, _("move %d of the resume file cannot be replayed"), i + 1);
            return false;
        }
    }
    replaying = false;
    /* 3. The clocks as they were (replaying added increments and used no time). */
    if (ct_tc_timed(&g->tc)) {
        for (int s = 0; s < 2; s++)
            if (rg.clock_ms[s] >= 0)
                g->clock.remaining[s] = rg.clock_ms[s];
        g->clock.turn_used = 0;
        g->clock.turn_start = ctl_now_ms();
    }
    g->saved = false;
    ctl_status(c, UI_STATUS, _("Resumed the interrupted game (%d moves)."), rg.nmoves);
    return true;
}

static void on_resume_answer(ctl *c, bool yes)
{
    if (!yes) {
        ctl_status(c, UI_STATUS, "%s", _("The interrupted game stays in the resume file until a new game starts."));
        return;
    }
    char err[600];
    if (session_resume(c, err, sizeof err)) {
        ctl_set_mode(c, CTL_MODE_PLAY);
    } else {
        char *e = sanitize_dup(err, 0);
        ctl_status(c, UI_ERROR, _("Cannot resume: %s"), e);
        free(e);
    }
}

void session_offer_resume(ctl *c)
{
    if (session_resume_waiting())
        ctl_prompt_yesno(c, _("Resume the interrupted game? (y/n)"), on_resume_answer);
}

/* ---------------------------------------------------------------- records */

void session_game_record(const ctl *c, ct_record *r)
{
    const ctl_game *g = &c->game;
    char buf[300], date[16];
    ct_record_init(r);
    if (strcmp(g->start_fen, CT_START_FEN) != 0)
        ct_record_set_start(r, g->start_fen, NULL);
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    ct_record_set_tag(r, "Event", "cotuong");
    ct_record_set_tag(r, "Date", date);
    player_name(&g->players[CT_RED], buf, sizeof buf);
    ct_record_set_tag(r, "Red", buf);
    player_name(&g->players[CT_BLACK], buf, sizeof buf);
    ct_record_set_tag(r, "Black", buf);
    ct_record_set_tag(r, "Rules", ct_rules_name(g->rules));
    if (ct_tc_timed(&g->tc)) {
        ct_tc_format(&g->tc, buf, sizeof buf);
        ct_record_set_tag(r, "TimeControl", buf);
    }
    player_spec(&g->players[CT_RED], buf, sizeof buf);
    ct_record_set_tag(r, "RedPlayer", buf);
    player_spec(&g->players[CT_BLACK], buf, sizeof buf);
    ct_record_set_tag(r, "BlackPlayer", buf);
    ct_record_set_tag(r, "Notation", ct_notation_name(c->set.notation));
    int node = CT_ROOT;
    for (int i = 0; i < g->n_moves; i++)
        if (ct_record_add_move_unchecked(r, node, g->moves[i], &node) != CT_OK)
            break;
    r->result = g->match.result;
    r->termination = g->match.reason;
}

static ct_record save_rec;

static bool save_to(ctl *c, const char *path)
{
    char err[600];
    session_game_record(c, &save_rec);
    int r = gamefile_save(path, &save_rec, CT_NOTATION_ICCS, err, sizeof err);
    ct_record_free(&save_rec);
    if (r != 0) {
        char *e = sanitize_dup(err, 0);
        ctl_status(c, UI_ERROR, _("Not saved: %s"), e);
        free(e);
        return false;
    }
    snprintf(c->game.path, sizeof c->game.path, "%s", path);
    c->game.saved = true;
    char *p = sanitize_dup(path, 0);
    ctl_status(c, UI_STATUS, _("Saved to %s"), p);
    free(p);
    return true;
}

/* ---------------------------------------------------------------- hooks */

static void on_save_name(ctl *c, const char *text)
{
    if (text && *text)
        save_to(c, text);
}

static bool hook_save(ctl *c)
{
    if (c->game.path[0])
        return save_to(c, c->game.path);
    char path[1024];
    if (gamefile_new_path("red", "black", path, sizeof path) != 0)
        path[0] = '\0';
    ctl_prompt_file(c, _("Save the game to:"), path, on_save_name);
    return false;
}

static bool hook_open(ctl *c)
{
    ctl_push_mode(c, CTL_MODE_OPEN); /* the saved games, or a path typed (mode_open.c) */
    return false;
}

static void hook_emergency_save(ctl *c, int sig)
{
    (void)sig;
    /* Only an unfinished game needs it; the moves are on disk already, this adds the
     * clock time since the last move. */
    if (c->game.n_moves > 0 && !ctl_game_over(c))
        write_resume(c);
}

static void hook_game_changed(ctl *c)
{
    if (replaying)
        return;
    ctl_game *g = &c->game;
    if (g->n_moves == 0) {
        resume_discard();
        return;
    }
    if (!ctl_game_over(c)) {
        write_resume(c);
        return;
    }
    /* A finished game is kept: saved in the games folder (once per game), and the resume
     * file goes. */
    if (!g->saved) {
        char path[1024];
        if (g->path[0])
            snprintf(path, sizeof path, "%s", g->path);
        else if (gamefile_new_path("red", "black", path, sizeof path) != 0)
            path[0] = '\0';
        char keep[CTL_STATUS_MAX];
        snprintf(keep, sizeof keep, "%s", c->status);
        ui_role role = c->status_role;
        if (path[0] && save_to(c, path)) {
            char *p = sanitize_dup(path, 0);
            ctl_status(c, role, _("%s Saved to %s"), keep, p);
            free(p);
        }
    }
    resume_discard();
}

static const ctl_hooks hooks = {
    .save = hook_save,
    .open = hook_open,
    .emergency_save = hook_emergency_save,
    .game_changed = hook_game_changed,
};

void session_install(void)
{
    ctl_save_hooks = &hooks;
}

/* ---------------------------------------------------------------- settings */

void session_load_settings(ctl *c, app_config *cfg)
{
    loaded_settings = cfg;
    config_defaults(cfg);
    /* Key actions are the request names in lower case ("undo", "flip"). */
    static const char *names[REQ_MOUSE];
    static char store[REQ_MOUSE][32];
    int n = 0;
    for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
        const char *name = ui_req_name((ui_req)r);
        size_t k = 0;
        for (; name[k] && k + 1 < sizeof store[0]; k++)
            store[n][k] = (char)(name[k] >= 'A' && name[k] <= 'Z' ? name[k] - 'A' + 'a' : name[k]);
        store[n][k] = '\0';
        names[n] = store[n];
        n++;
    }
    config_set_key_actions(names, n);
    config_load(cfg, NULL);
    for (int i = 0; i < cfg->nproblems && i < CONFIG_MAX_MESSAGES; i++)
        fprintf(stderr, "cotuong: %s\n", cfg->messages[i]);
    if (cfg->nproblems > CONFIG_MAX_MESSAGES)
        fprintf(stderr, "cotuong: ... and %d more problems in the settings file\n",
                cfg->nproblems - CONFIG_MAX_MESSAGES);
    c->set.notation = cfg->notation;
    ct_rules rules;
    if (ct_rules_from_name(cfg->rules, &rules) == CT_OK)
        c->game.rules = rules;
    c->game.players[CT_RED].level = c->game.players[CT_BLACK].level = cfg->ai_level;
    int gs = ui_glyphs_parse(cfg->glyphs);
    if (gs == UI_GLYPHS_ASCII)
        c->set.ascii = true;
    else if (gs >= 0)
        c->set.glyphs = (ui_glyphs)gs;
    c->set.colour = strcmp(cfg->theme, "mono") != 0;
    if (ui_theme_parse(cfg->theme) >= 0)
        ui_theme_select((ui_theme_kind)ui_theme_parse(cfg->theme));
    if (cfg->coords_given)
        c->set.coords = cfg->coords;
    ui_screen_bell_enable(cfg->bell);
    if (strcmp(cfg->time_control, "-") != 0)
        ct_tc_parse(cfg->time_control, &c->game.tc);
    for (int i = 0; i < cfg->nkeys; i++) {
        for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
            if (!strcmp(names[r - 1], cfg->keys[i].action))
                ui_key_bind(cfg->keys[i].code, (ui_req)r);
        }
    }
}

/* ---------------------------------------------------------------- sharing */

void session_copy(ctl *c, bool game)
{
    char err[200];
    char *text = NULL;
    size_t len = 0;
    if (loaded_settings && !loaded_settings->clipboard) {
        ctl_status(c, UI_ERROR, "%s", _("Copying is off in the settings (clipboard = no)."));
        return;
    }
    if (game) {
        session_game_record(c, &save_rec);
        ct_status st = ct_pgn_write(&save_rec, c->set.notation, &text, &len);
        ct_record_free(&save_rec);
        if (st != CT_OK) {
            ctl_status(c, UI_ERROR, "%s", _("The game cannot be written as PGN."));
            return;
        }
    } else {
        text = malloc(128);
        if (!text)
            return;
        ct_fen_write(c->game.pos, text, 128);
        len = strlen(text);
    }
    if (clipboard_copy(text, len, err, sizeof err) == 0)
        ctl_status(c, UI_STATUS, "%s", game ? _("Game copied to the clipboard (PGN, OSC 52).")
                                            : _("Position copied to the clipboard (FEN, OSC 52)."));
    else
        ctl_status(c, UI_ERROR, _("Not copied: %s"), err);
    free(text);
}

bool session_clipboard_allowed(void)
{
    return !loaded_settings || loaded_settings->clipboard;
}
