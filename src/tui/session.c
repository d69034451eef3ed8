/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — files and settings for the modes: the settings file applied at start, the
 * resume file read back into the modes it names, saving a game, the path typed at a
 * prompt, opening a file into the review, copying through the terminal. */
#include "tui/session.h"
#include "tui/lobby_play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "sys/clipboard.h"
#include "sys/exercises.h"
#include "sys/gamefile.h"
#include "sys/i18n.h"
#include "sys/readall.h"
#include "sys/resume.h"
#include "sys/sanitize.h"
#include "sys/savefile.h"
#include "sys/xmalloc.h"
#include "cotuong/coup_pgn.h"
#include "cotuong/pgn.h"
#include "ui/draw.h"
#include "ui/input.h"
#include "ui/screen.h"
#include "ui/theme.h"
#include "tui/prefs.h"

/* ---------------------------------------------------------------- settings */
/* Key bindings name a request ("undo", any case) and a key ("C-z"): the key tables say
 * which exist, so the settings reader reports a bad one with its line. */
static bool action_known(const char *action)
{
    return ui_req_from_name(action) != REQ_NONE;
}

static bool key_known(const char *key)
{
    return ui_key_code(key) >= 0;
}

static const config_keyrules key_rules = {action_known, key_known};

void session_load_settings(ctl *c, app_config *cfg)
{
    config_defaults(cfg);
    cfg->keyrules = &key_rules;
    config_load(cfg, NULL);
    for (int i = 0; i < cfg->nproblems && i < CONFIG_MAX_MESSAGES; i++)
        fprintf(stderr, "cotuong: %s\n", cfg->messages[i]);
    if (cfg->nproblems > CONFIG_MAX_MESSAGES)
        fprintf(stderr, "cotuong: ... and %d more problems in the settings file\n",
                cfg->nproblems - CONFIG_MAX_MESSAGES);
    c->set.notation = cfg->notation;
    ct_rules rules;
    if (ct_rules_from_name(cfg->rules, &rules) == CT_OK)
        c->defaults.setup.rules = rules;
    c->defaults.level = cfg->ai_level;
    c->defaults.setup.threads = cfg->threads;
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
    c->set.mouse = cfg->mouse;
    if (strcmp(cfg->time_control, "-") != 0)
        ct_tc_parse(cfg->time_control, &c->defaults.setup.tc);
    c->clipboard = cfg->clipboard;
    if (cfg->analysis_ms > 0)
        c->defaults.analysis_ms = cfg->analysis_ms;
    if (cfg->autoplay_ms > 0)
        c->defaults.autoplay_ms = cfg->autoplay_ms;
    for (int i = 0; i < cfg->nkeys; i++)
        ui_key_bind(ui_key_code(cfg->keys[i].key), ui_req_from_name(cfg->keys[i].action));
}

void session_setting_changed(ctl *c, const char *name)
{
    tui_prefs_save(c, name); /* $XDG_CONFIG_HOME/cotuong/config, comments kept */
}

/* ---------------------------------------------------------------- the resume file */
static const char *mode_of(const ct_record *r)
{
    const char *m = ct_record_tag(r, "Mode");
    return m ? m : "play";
}

/* Whether the resume file holds a game or review to resume; *quit_only: all of them were
 * left by a deliberate quit (Interrupted: quit), none by a signal or a crash. */
static bool resume_waiting(bool *quit_only)
{
    char err[700];
    ct_record *recs;
    int n;
    *quit_only = true;
    if (resume_load(&recs, &n, err, sizeof err) != 1)
        return false;
    bool any = false;
    for (int i = 0; i < n; i++) {
        if (!strcmp(mode_of(&recs[i]), "review-game"))
            continue; /* part of the review before it */
        bool review = !strcmp(mode_of(&recs[i]), "review");
        /* A cờ úp game keeps its moves in a tag (CoupLine), not in the tree. */
        const char *coup_line = ct_record_tag(&recs[i], "CoupLine");
        bool moved = ct_record_count_moves(&recs[i]) > 0 || (coup_line && coup_line[0]);
        if (review || (recs[i].result == CT_RESULT_NONE && moved)) {
            any = true;
            const char *why = ct_record_tag(&recs[i], "Interrupted");
            if (!why || strcmp(why, "quit") != 0)
                *quit_only = false;
        }
    }
    ct_pgn_free_games(recs, n);
    return any;
}

bool session_resume(ctl *c, char *err, size_t errsize)
{
    ct_record *recs;
    int n;
    err[0] = '\0';
    if (resume_load(&recs, &n, err, errsize) != 1) {
        /* No local game: an adjourned lobby game is offered again in the lobby. */
        char lerr[700];
        if (tui_lobby_resume(c, lerr, sizeof lerr))
            return true;
        if (!err[0])
            snprintf(err, errsize, "%s", lerr);
        return false;
    }
    bool opened = false, first = true;
    for (int i = 0; i < n; i++) {
        ct_record *r = &recs[i];
        if (!strcmp(mode_of(r), "review")) {
            char source[1024] = "";
            const char *s = ct_record_tag(r, "Source");
            if (s)
                snprintf(source, sizeof source, "%s", s);
            /* The file's other changed games follow it. */
            int more = 0;
            while (i + 1 + more < n && !strcmp(mode_of(&recs[i + 1 + more]), "review-game"))
                more++;
            ctl_review_arg a = {.path = source[0] ? source : NULL, .resume = r,
                                .more = more ? &recs[i + 1] : NULL, .nmore = more};
            i += more;
            opened |= first ? ctl_replace_all(c, CTL_MODE_REVIEW, &a) : ctl_push(c, CTL_MODE_REVIEW, &a);
        } else {
            if (r->result != CT_RESULT_NONE || !strcmp(mode_of(r), "review-game"))
                continue;
            ctl_play_arg a = {.resume = r};
            opened |= first ? ctl_replace_all(c, CTL_MODE_PLAY, &a) : ctl_push(c, CTL_MODE_PLAY, &a);
        }
        first = !opened;
    }
    ct_pgn_free_games(recs, n);
    if (!opened && !err[0])
        snprintf(err, errsize, "%s", c->status[0] ? c->status : _("the last game has finished; nothing to resume"));
    return opened;
}

static void on_resume_answer(ctl *c, void *st, bool yes)
{
    (void)st;
    if (!yes) {
        ctl_status(c, UI_STATUS, "%s", _("The interrupted game stays in the resume file until a new game starts."));
        return;
    }
    char err[700];
    if (!session_resume(c, err, sizeof err)) {
        char *e = sanitize_dup(err, 0);
        ctl_status(c, UI_ERROR, _("Cannot resume: %s"), e);
        free(e);
    }
}

static void on_lobby_answer(ctl *c, void *st, bool yes)
{
    (void)st;
    char err[700];
    if (yes && !tui_lobby_resume(c, err, sizeof err)) {
        char *e = sanitize_dup(err, 0);
        ctl_status(c, UI_ERROR, _("Cannot resume: %s"), e);
        free(e);
    }
}

void session_offer_resume(ctl *c)
{
    char q[300];
    bool quit_only;
    if (resume_waiting(&quit_only) && quit_only)
        /* Left on purpose (q, confirmed): said, not asked, so the menu answers at once. */
        ctl_status(c, UI_STATUS, "%s", _("The game you left is kept: cotuong --resume plays it on."));
    else if (resume_waiting(&quit_only))
        ctl_prompt_yesno(c, NULL, _("Resume the interrupted game? (y/n)"), on_resume_answer);
    else if (tui_lobby_resumable(q, sizeof q))
        ctl_prompt_yesno(c, NULL, q, on_lobby_answer);
}

/* ---------------------------------------------------------------- cờ úp records */
bool session_coup_file(const char *path, char **text, size_t *len)
{
    *text = NULL;
    *len = 0;
    char *buf = readall_path(path, READALL_MAX_BYTES, len);
    if (!buf)
        return false;
    /* The tag on a line of its own among the first game's tags, as coup_pgn.h writes it (a
     * file of cờ tướng games with a cờ úp game further on stays a file of cờ tướng). */
    const char *tag = "[Variant \"" CT_COUP_VARIANT "\"]";
    bool tags = false;
    const char *start = !strncmp(buf, "\xEF\xBB\xBF", 3) ? buf + 3 : buf; /* a BOM */
    for (const char *p = start; *p;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        while (n > 0 && (*p == ' ' || *p == '\t' || *p == '\r')) {
            p++;
            n--;
        }
        if (n > 0 && *p == '[') {
            tags = true;
            if (!strncmp(p, tag, strlen(tag))) {
                *text = buf;
                return true;
            }
        } else if (n > 0 || tags) {
            break; /* the movetext, or the blank line after the tags */
        }
        if (!end)
            break;
        p = end + 1;
    }
    free(buf);
    *len = 0;
    return false;
}

/* ---------------------------------------------------------------- paths and saving */
void session_typed_path(const char *dir, const char *text, char *out, size_t size)
{
    while (*text == ' ')
        text++;
    size_t dl = dir ? strlen(dir) : 0;
    /* Typed after the prefilled folder: an absolute path or one from home is meant as it is. */
    if (dl > 0 && !strncmp(text, dir, dl) && (text[dl] == '/' || text[dl] == '~'))
        text += dl;
    else if (dl > 1 && dir[dl - 1] == '/' && !strncmp(text, dir, dl - 1) && text[dl - 1] == '/' &&
             (text[dl] == '/' || text[dl] == '~'))
        text += dl;
    if (text[0] == '~' && (text[1] == '/' || !text[1])) {
        const char *home = getenv("HOME");
        snprintf(out, size, "%s%s", home ? home : "", text + 1);
        return;
    }
    snprintf(out, size, "%s", text);
    /* Trailing blanks are not part of a file name typed at a prompt. */
    size_t n = strlen(out);
    while (n > 0 && out[n - 1] == ' ')
        out[--n] = '\0';
}

void session_games_dir(char *buf, size_t size)
{
    if (savefile_games_dir(buf, size) != 0 || strlen(buf) + 2 > size)
        buf[0] = '\0';
    else
        strcat(buf, "/");
}

void session_new_game_path(const game *g, char *buf, size_t size)
{
    char red[64], black[64];
    sys_player_spec_name(&g->setup.players[CT_RED], red, sizeof red);
    sys_player_spec_name(&g->setup.players[CT_BLACK], black, sizeof black);
    if (gamefile_new_path(red, black, buf, size) != 0)
        buf[0] = '\0';
}

bool session_file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void on_replace_answer(ctl *c, void *st, bool yes)
{
    (void)st;
    if (yes && c->save_ask.write)
        c->save_ask.write(c, c->save_ask.st, c->save_ask.path);
    else
        ctl_status(c, UI_STATUS, "%s", _("Not saved."));
    c->save_ask.write = NULL;
}

void session_save_as(ctl *c, void *st, const char *typed, const char *current, ctl_write_fn write)
{
    char dir[1024];
    char *path = c->save_ask.path;
    size_t size = sizeof c->save_ask.path;
    session_games_dir(dir, sizeof dir);
    session_typed_path(dir, typed, path, size);
    if (!path[0]) {
        ctl_status(c, UI_STATUS, "%s", _("Not saved."));
        return;
    }
    if ((!current || strcmp(path, current) != 0) && session_file_exists(path)) {
        c->save_ask.write = write;
        c->save_ask.st = st;
        char *p = sanitize_dup(path, 0);
        size_t qsize = strlen(p) + 400;
        char *q = xmalloc(qsize);
        snprintf(q, qsize, _("%s exists. Replace it? (y/n)"), p);
        ctl_prompt_yesno(c, st, q, on_replace_answer);
        free(q);
        free(p);
        return;
    }
    write(c, st, path);
}

bool session_save_game(ctl *c, game *g, const char *path)
{
    char err[1200], date[16];
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    game_fill_tags(g, date);
    if (gamefile_save(path, &g->rec, CT_NOTATION_ICCS, err, sizeof err) != 0) {
        char *e = sanitize_dup(err, 0);
        ctl_status(c, UI_ERROR, _("Not saved: %s"), e);
        free(e);
        return false;
    }
    game_mark_saved(g, path);
    char *p = sanitize_dup(path, 0);
    ctl_status(c, UI_STATUS, _("Saved to %s"), p);
    free(p);
    return true;
}

void session_open_prompt(ctl *c)
{
    ctl_push(c, CTL_MODE_OPEN, NULL); /* the saved games, newest first, or a path typed */
}

/* ---------------------------------------------------------------- sharing */
void session_copy(ctl *c, const ct_record *rec, const ct_pos *pos, bool whole_game)
{
    char err[200];
    char *text = NULL;
    size_t len = 0;
    if (!c->clipboard) {
        ctl_status(c, UI_ERROR, "%s", _("Copying is off in the settings (clipboard = no)."));
        return;
    }
    if (whole_game) {
        if (ct_pgn_write(rec, c->set.notation, &text, &len) != CT_OK) {
            ctl_status(c, UI_ERROR, "%s", _("The game cannot be written as PGN."));
            return;
        }
    } else {
        text = xmalloc(128);
        if (!text)
            return;
        ct_fen_write(pos, text, 128);
        len = strlen(text);
    }
    if (clipboard_copy(text, len, err, sizeof err) == 0)
        ctl_status(c, UI_STATUS, "%s", whole_game ? _("Game copied to the clipboard (PGN, OSC 52).")
                                                  : _("Position copied to the clipboard (FEN, OSC 52)."));
    else
        ctl_status(c, UI_ERROR, _("Not copied: %s"), err);
    free(text);
}

/* ---------------------------------------------------------------- the trainer */
void session_train_goal_text(const ct_exercise *ex, char *buf, size_t size)
{
    ct_pos pos;
    ct_fen_error fe;
    bool black = ct_fen_read(&pos, ex->fen, &fe) == CT_OK && pos.side == CT_BLACK;
    if (ex->goal == CT_GOAL_MATE)
        snprintf(buf, size, black ? _("Black to move, mate in %d") : _("Red to move, mate in %d"),
                 ex->moves);
    else
        snprintf(buf, size, "%s", black ? _("Black to move and win") : _("Red to move and win"));
}

void session_train_daily_line(char *buf, size_t size)
{
    ct_exset set;
    char err[4300];
    buf[0] = '\0';
    if (sys_exercises_load(NULL, &set, err, sizeof err) != 0)
        return;
    int i = sys_train_of_day(&set, sys_train_today());
    if (i >= 0) {
        char goal[128];
        session_train_goal_text(&set.ex[i], goal, sizeof goal);
        snprintf(buf, size, _("Puzzle of the day: %s, %s"), set.ex[i].id, goal);
    }
    ct_exset_free(&set);
}
