/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the controller: the mode stack (each frame a mode and its own state), the main
 * loop (input with a short timeout so seats, clocks and resizes are served; every mode
 * ticks, the top one gets the keys), the status line, prompts, and the texts every screen
 * uses. It knows no mode: tui/modes.c gives it the table. */
#include "tui/controller.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/i18n.h"
#include "sys/masters.h"
#include "sys/sanitize.h"
#include "sys/signals.h"
#include "sys/systime.h"
#include "cotuong/movegen.h"
#include "ui/draw.h"
#include "ui/input.h"
#include "ui/screen.h"
#include "ui/views.h"

/* ------------------------------------------------------------------ set-up */
void ctl_init(ctl *c, const ctl_mode *const *modes)
{
    memset(c, 0, sizeof *c);
    c->modes = modes;
    c->set.notation = CT_NOTATION_DEFAULT;
    c->set.glyphs = UI_GLYPHS_HAN;
    c->set.colour = true;
    c->set.mouse = true;
    c->clipboard = true;
    c->status_role = UI_STATUS;
    game_setup_default(&c->defaults.setup);
    c->defaults.level = 5;
    c->defaults.analysis_ms = 1000;
    c->defaults.autoplay_ms = 1000;
    game_autosave_init(&c->saver);
}

static void close_top(ctl *c)
{
    ctl_frame *f = &c->frames[--c->n_frames];
    const ctl_mode *m = c->modes[f->id];
    if (m->close)
        m->close(c, f->st);
    f->st = NULL;
}

/* Tells the mode now on top, and the ones below a full screen, whether they are covered. */
static void update_cover(ctl *c)
{
    bool covered = false;
    for (int i = c->n_frames - 1; i >= 0; i--) {
        const ctl_mode *m = c->modes[c->frames[i].id];
        if (m->cover)
            m->cover(c, c->frames[i].st, covered);
        if (m->full_screen)
            covered = true;
    }
}

void ctl_free(ctl *c)
{
    while (c->n_frames > 0)
        close_top(c);
    ui_history_free(&c->prompt_history[0]);
    ui_history_free(&c->prompt_history[1]);
    sys_masters_free(c->masters);
    c->masters = NULL;
}

/* ------------------------------------------------------------------ the stack */
bool ctl_push(ctl *c, ctl_mode_id id, const void *arg)
{
    if (c->n_frames >= CTL_MODE_STACK)
        return false;
    const ctl_mode *m = c->modes[id];
    void *st = m->open ? m->open(c, arg) : NULL;
    if (m->open && !st)
        return false;
    c->frames[c->n_frames].id = id;
    c->frames[c->n_frames].st = st;
    c->n_frames++;
    update_cover(c);
    c->dirty = true;
    return true;
}

void ctl_pop(ctl *c)
{
    if (c->n_frames > 1)
        close_top(c);
    update_cover(c);
    c->dirty = true;
}

bool ctl_work_below(const ctl *c)
{
    for (int i = c->n_frames - 2; i >= 0; i--) {
        const ctl_frame *f = &c->frames[i];
        if (f->id == CTL_MODE_MENU)
            return false;
        const ctl_mode *m = c->modes[f->id];
        if (m->unsaved && m->unsaved(c, f->st))
            return true;
    }
    return false;
}

bool ctl_replace_all(ctl *c, ctl_mode_id id, const void *arg)
{
    while (c->n_frames > 0)
        close_top(c);
    return ctl_push(c, id, arg);
}

ctl_mode_id ctl_current_mode(const ctl *c)
{
    return c->n_frames ? c->frames[c->n_frames - 1].id : CTL_MODE_MENU;
}

void *ctl_find(const ctl *c, ctl_mode_id id)
{
    for (int i = c->n_frames - 1; i >= 0; i--)
        if (c->frames[i].id == id)
            return c->frames[i].st;
    return NULL;
}

static void draw_frame(ctl *c, int i, const char *prompt)
{
    const ctl_frame *f = &c->frames[i];
    c->modes[f->id]->draw(c, f->st, prompt);
}

void ctl_draw_below(ctl *c, const char *prompt)
{
    if (c->n_frames > 1)
        draw_frame(c, c->n_frames - 2, prompt);
    else
        werase(stdscr);
}

ctl_mode_id ctl_below_id(const ctl *c)
{
    return c->n_frames > 1 ? c->frames[c->n_frames - 2].id : CTL_MODE_MENU;
}

ui_keygroup ctl_below_keys(const ctl *c)
{
    return c->n_frames > 1 ? c->modes[c->frames[c->n_frames - 2].id]->keys : UI_KEYS_PLAY;
}

/* ------------------------------------------------------------------ status and prompts */
/* A message into the ring, unless it repeats the last one. */
static void log_status(ctl *c)
{
    if (!c->status[0])
        return;
    const char *last = ctl_log_at(c, c->log_n - 1);
    if (last && !strcmp(last, c->status))
        return;
    int slot = (c->log_head + c->log_n) % CTL_LOG_MAX;
    if (c->log_n == CTL_LOG_MAX)
        c->log_head = (c->log_head + 1) % CTL_LOG_MAX;
    else
        c->log_n++;
    memcpy(c->log[slot], c->status, sizeof c->log[slot]);
}

const char *ctl_log_at(const ctl *c, int i)
{
    return i >= 0 && i < c->log_n ? c->log[(c->log_head + i) % CTL_LOG_MAX] : NULL;
}

void ctl_status(ctl *c, ui_role role, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->status, sizeof c->status, fmt, ap);
    va_end(ap);
    c->status_role = role;
    c->dirty = true;
    log_status(c);
}

void ctl_status_live(ctl *c, ui_role role, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->status, sizeof c->status, fmt, ap);
    va_end(ap);
    c->status_role = role;
    c->dirty = true;
}

void ctl_prompt_text(ctl *c, void *st, const char *title, const char *initial, ctl_text_fn done)
{
    ctl_prompt_arg a = {title, initial, &c->prompt_history[0], false, done, NULL, st, false};
    ctl_push(c, CTL_MODE_PROMPT, &a);
}

void ctl_prompt_move(ctl *c, void *st, const char *title, ctl_text_fn done)
{
    ctl_prompt_arg a = {title, "", &c->prompt_history[0], false, done, NULL, st, true};
    ctl_push(c, CTL_MODE_PROMPT, &a);
}

void ctl_prompt_file(ctl *c, void *st, const char *title, const char *initial, ctl_text_fn done)
{
    ctl_prompt_arg a = {title, initial, &c->prompt_history[1], true, done, NULL, st, false};
    ctl_push(c, CTL_MODE_PROMPT, &a);
}

void ctl_prompt_yesno(ctl *c, void *st, const char *question, ctl_yesno_fn done)
{
    ctl_prompt_arg a = {question, NULL, NULL, false, NULL, done, st, false};
    ctl_push(c, CTL_MODE_PROMPT, &a);
}

/* ------------------------------------------------------------------ texts */
int ctl_history_rows(const ctl *c, const ct_pos *start, ct_pos *scratch, const ct_move *line, int n,
                     ui_history_line *rows, int max, int width)
{
    /* Red's column: at least 10, and one more than its widest move, so that Black's move
     * never runs into it. */
    int colw = 10, blackw = 0;
    *scratch = *start;
    for (int i = 0; i < n; i++) {
        char t[CT_MOVE_TEXT_MAX];
        ctl_move_text(c, scratch, line[i], t, sizeof t);
        int w = ui_strwidth(t) + 1;
        if (scratch->side == CT_RED)
            colw = w > colw ? w : colw;
        else
            blackw = w > blackw ? w : blackw;
        ct_pos_make(scratch, line[i]);
    }
    /* "%3d. " + Red's column + Black's move: one move a row when that is too wide (vi-long
     * at 65x23 cut Black's moves to "M…"). */
    bool single = 5 + colw + blackw > width;
    *scratch = *start;
    int k = 0, moveno = scratch->fullmove;
    for (int i = 0; i < n && (k < max || (!single && scratch->side != CT_RED)); i++) {
        char t[CT_MOVE_TEXT_MAX];
        ctl_move_text(c, scratch, line[i], t, sizeof t);
        if (single) {
            snprintf(rows[k].text, sizeof rows[k].text, "%3d%s %s", moveno,
                     scratch->side == CT_RED ? "." : "...", t);
            rows[k++].current = false;
        } else if (scratch->side == CT_RED || i == 0) {
            ui_history_line *l = &rows[k++];
            const char *red = scratch->side == CT_RED ? t : "...";
            int pad = colw - ui_strwidth(red);
            snprintf(l->text, sizeof l->text, "%3d. %s%*s", moveno, red, pad > 0 ? pad : 0, "");
            if (scratch->side != CT_RED) {
                size_t len = strlen(l->text);
                snprintf(l->text + len, sizeof l->text - len, " %s", t);
            }
            l->current = false;
        } else {
            ui_history_line *l = &rows[k - 1];
            size_t len = strlen(l->text);
            snprintf(l->text + len, sizeof l->text - len, " %s", t);
        }
        if (i == n - 1)
            rows[k - 1].current = true;
        if (scratch->side == CT_BLACK)
            moveno++;
        ct_pos_make(scratch, line[i]);
    }
    return k;
}

void ctl_move_text(const ctl *c, const ct_pos *pos, ct_move mv, char *buf, size_t size)
{
    /* a terminal that cannot show Hán gets the Chinese notation's ASCII form */
    if (ct_move_render(pos, mv, sanitize_notation(c->set.notation), buf, size) >= 0 && buf[0])
        return;
    char coord[6];
    ct_move_coord(mv, coord);
    snprintf(buf, size, "%s", coord);
}

const char *ctl_reason_text(ct_end_reason r)
{
    switch (r) {
    case CT_END_CHECKMATE: return _("checkmate");
    case CT_END_STALEMATE: return _("stalemate");
    case CT_END_REPETITION: return _("repetition");
    case CT_END_PERPETUAL_CHECK: return _("perpetual check");
    case CT_END_PERPETUAL_CHASE: return _("perpetual chase");
    case CT_END_MOVE_LIMIT: return _("move limit without capture");
    case CT_END_MATERIAL: return _("no attacking pieces left");
    case CT_END_RESIGNATION: return _("resignation");
    case CT_END_AGREEMENT: return _("agreement");
    case CT_END_TIME: return _("time");
    case CT_END_ABORTED: return _("aborted");
    default: return "";
    }
}

void ctl_result_text(ct_result result, ct_end_reason reason, char *buf, size_t size)
{
    const char *why = ctl_reason_text(reason);
    switch (result) {
    case CT_RESULT_RED_WINS:
        if (why[0])
            snprintf(buf, size, _("Red wins (%s)."), why);
        else
            snprintf(buf, size, "%s", _("Red wins."));
        break;
    case CT_RESULT_BLACK_WINS:
        if (why[0])
            snprintf(buf, size, _("Black wins (%s)."), why);
        else
            snprintf(buf, size, "%s", _("Black wins."));
        break;
    case CT_RESULT_DRAW:
        if (why[0])
            snprintf(buf, size, _("Draw (%s)."), why);
        else
            snprintf(buf, size, "%s", _("Draw."));
        break;
    default:
        if (why[0])
            snprintf(buf, size, _("Game over (%s)."), why);
        else
            snprintf(buf, size, "%s", _("The game goes on."));
        break;
    }
}

/* Why a typed move was refused, in the interface language (the core's message is English:
 * it is shown as it is in the English interface, where it says more). An illegal move and
 * a move in the other side's notation get the same words in every notation. */
static const char *parse_error_text(const ct_parse_error *err, int side)
{
    if (err->kind == CT_PARSE_ILLEGAL ||
        (err->kind == CT_PARSE_NO_PIECE && err->reason != CT_WHY_LEGAL))
        return ctl_why_text(err->reason);
    if (err->kind == CT_PARSE_WRONG_SIDE)
        return side == CT_RED ? _("that is Black's notation (digits); it is Red's turn")
                              : _("that is Red's notation (numerals); it is Black's turn");
    if (!i18n_is_vietnamese() && err->message[0])
        return err->message;
    switch (err->kind) {
    case CT_PARSE_EMPTY: return _("nothing typed");
    case CT_PARSE_UNKNOWN_PIECE: return _("unknown piece");
    case CT_PARSE_NO_PIECE: return _("no such piece on that file");
    case CT_PARSE_BAD_MARKER: return _("the front/rear marker does not fit the pieces there");
    case CT_PARSE_NO_MOVE: return _("that piece cannot move so");
    case CT_PARSE_AMBIGUOUS: return _("several pieces can make that move");
    case CT_PARSE_CLASH: return _("notations disagree: choose one with n");
    default: return err->message[0] ? _(err->message) : _("not a move in any notation");
    }
}

/* The core's constant messages for a move it cannot read, marked for translation. */
static const char *const core_parse_messages[] __attribute__((unused)) = {
    N_("expected a direction: . (tiến), / (thoái) or - (bình)"),
    N_("expected a number 1 to 9 after the direction"),
    N_("the piece needs a file number or a marker (t, g, s)"),
};

ct_move ctl_read_move(const ctl *c, const ct_pos *pos, const char *text, char *msg, size_t size)
{
    ct_move mv = CT_NO_MOVE;
    ct_parse_error err;
    if (ct_move_parse(pos, text, c->set.notation, &mv, &err) != CT_OK) {
        /* Any notation: its move, or its reason when it read the text and the chosen
         * notation did not (炮五平四 with WXF chosen: no cannon on that file, not a WXF
         * syntax error about a Hán character). */
        ct_parse_error any;
        if (ct_move_parse(pos, text, CT_NOTATION_AUTO, &mv, &any) == CT_OK ||
            c->set.notation == CT_NOTATION_AUTO ||
            (!ct_parse_was_read(err.kind) && ct_parse_was_read(any.kind)))
            err = any;
    }
    /* Coordinates nothing else read (a9a5 in any notation): the model says why not. */
    if (!mv && !ct_parse_was_read(err.kind))
        mv = ct_move_parse_coord(text);
    if (!mv) {
        char *t = sanitize_dup(text, 0);
        if (err.kind == CT_PARSE_AMBIGUOUS || err.kind == CT_PARSE_CLASH)
            snprintf(msg, size, _("The move \"%s\" is ambiguous: %s."), t,
                     parse_error_text(&err, pos->side));
        else if (ct_parse_was_read(err.kind))
            snprintf(msg, size, _("Illegal: %s."), parse_error_text(&err, pos->side));
        else
            snprintf(msg, size, _("Cannot read the move \"%s\": %s."), t,
                     parse_error_text(&err, pos->side));
        free(t);
    }
    return mv;
}

const char *ctl_why_text(ct_illegal_reason why)
{
    switch (why) {
    case CT_WHY_NO_PIECE: return _("there is no piece there");
    case CT_WHY_NOT_YOURS: return _("that piece is not yours");
    case CT_WHY_OWN_PIECE: return _("you cannot take your own piece");
    case CT_WHY_PIECE_RULE: return _("the piece does not move that way");
    case CT_WHY_HORSE_LEG: return _("the horse's leg is blocked");
    case CT_WHY_ELEPHANT_EYE: return _("the elephant's eye is blocked");
    case CT_WHY_RIVER: return _("that piece cannot cross the river so");
    case CT_WHY_PALACE: return _("that piece must stay in the palace");
    case CT_WHY_BLOCKED: return _("the path is blocked");
    case CT_WHY_CANNON_SCREEN: return _("a cannon captures over exactly one piece");
    case CT_WHY_PAWN_BACKWARD: return _("a pawn never moves backwards");
    case CT_WHY_KING_IN_CHECK: return _("your king would be in check");
    case CT_WHY_KINGS_FACING: return _("the two kings would face each other");
    default: return _("the move is not legal");
    }
}

void ctl_autosave_news(ctl *c)
{
    if (c->saver.error[0]) {
        char *e = sanitize_dup(c->saver.error, 0);
        ctl_status(c, UI_ERROR, _("Cannot write the resume file: %s"), e);
        free(e);
        c->saver.error[0] = '\0';
    }
    if (c->saver.saved[0]) {
        char keep[CTL_STATUS_MAX];
        snprintf(keep, sizeof keep, "%s", c->status);
        char *p = sanitize_dup(c->saver.saved, 0);
        ctl_status(c, c->status_role, _("%s Saved to %s"), keep, p);
        free(p);
        c->saver.saved[0] = '\0';
    }
}

void ctl_wake_within(ctl *c, int ms)
{
    if (ms > 0 && (c->wake_ms == 0 || ms < c->wake_ms))
        c->wake_ms = ms;
}

/* ------------------------------------------------------------------ the loop */
static void apply_resize(ctl *c)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    ui_layout_compute(&c->layout, rows, cols);
    c->dirty = true;
}

/* How long the loop may wait for a key: short while a seat thinks or a clock runs. */
static int wait_ms(const ctl *c)
{
    int ms = c->wake_ms > 0 && c->wake_ms < 500 ? c->wake_ms : 500;
    for (int i = 0; i < c->saver.n; i++) {
        const game *g = c->saver.games[i];
        if (game_thinking(g) || (g->seats[0] || g->seats[1] ? !game_over(g) && !g->paused : false))
            ms = ms < 40 ? ms : 40;
        else if (ct_tc_timed(&g->tc) && !game_over(g) && !g->paused && !g->review)
            ms = ms < 200 ? ms : 200;
    }
    return ms;
}

int ctl_run(ctl *c)
{
    if (!ui_screen_open(c->set.colour, c->set.mouse))
        return 1;
    apply_resize(c);
    if (c->n_frames == 0)
        ctl_push(c, CTL_MODE_MENU, NULL);
    int sig = 0;
    while (!c->quit) {
        /* 1. Signals first: save with the clocks as they are, leave through the normal exit. */
        if ((sig = sys_signal_pending()) != 0) {
            game_autosave_write(&c->saver, sys_now_ms(), "signal");
            c->quit = true; /* closing the modes writes nothing more */
            break;
        }
        /* 2. Every mode advances (seats' moves, clocks), bottom first. */
        c->wake_ms = 0;
        for (int i = 0; i < c->n_frames && !c->quit; i++) {
            const ctl_mode *m = c->modes[c->frames[i].id];
            if (m->tick)
                m->tick(c, c->frames[i].st);
        }
        if (c->quit)
            break;
        /* 3. Draw only when something changed; curses sends only the changed cells. */
        if (c->dirty) {
            if (c->layout.size == UI_SIZE_TOO_SMALL) {
                char msg[256];
                int min_rows, min_cols;
                ui_layout_min_size(&min_rows, &min_cols);
                snprintf(msg, sizeof msg,
                         _("The terminal is too small (%dx%d): the board needs at least %dx%d. "
                           "Enlarge the window, or press q to quit."),
                         c->layout.cols, c->layout.rows, min_cols, min_rows);
                ui_too_small_draw(stdscr, c->layout.rows, c->layout.cols, msg);
            } else {
                draw_frame(c, c->n_frames - 1, NULL);
            }
            wnoutrefresh(stdscr);
            doupdate();
            c->dirty = false;
        }
        /* 4. One input event for the top mode. */
        const ctl_mode *top = c->modes[ctl_current_mode(c)];
        ui_event ev;
        if (!ui_input_read(stdscr, wait_ms(c), top->keys, &ev))
            continue;
        if (ev.req == REQ_RESIZE) {
            apply_resize(c);
            continue;
        }
        if (ev.req == REQ_REDRAW) {
            clearok(curscr, TRUE);
            c->dirty = true;
            continue;
        }
        if (c->layout.size == UI_SIZE_TOO_SMALL) {
            ui_event_regroup(&ev, UI_KEYS_PLAY);
            if (ev.req == REQ_QUIT)
                c->quit = true;
            continue;
        }
        /* The messages screen opens the same way over every screen that binds its key. */
        if (ev.req == REQ_MESSAGES && ctl_current_mode(c) != CTL_MODE_MESSAGES)
            ctl_push(c, CTL_MODE_MESSAGES, NULL);
        else
            top->key(c, c->frames[c->n_frames - 1].st, &ev);
        c->dirty = true;
    }
    /* A deliberate quit: the games in progress stay in the resume file, their clocks
     * charged with the time of the move in progress. */
    if (!sig)
        game_autosave_write(&c->saver, sys_now_ms(), "quit");
    ui_screen_close();
    return sig ? 128 + sig : 0;
}
