/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — a game with someone through the lobby inside the full-screen play mode (see
 * lobby_play.h): the link polled every tick, its notes in the status line, the keys that
 * need the other side's word (undo, draw) or reach it (chat, resign), the watcher's
 * stepping, and the ways in from the command line, the menu and the resume offer. */
#include "tui/lobby_play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/netgame.h"
#include "sys/gamefile.h"
#include "sys/i18n.h"
#include "sys/sanitize.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "cotuong/pgn.h"
#include "ui/screen.h"

struct tui_lobby {
    netgame n;
    ct_pos view;                 /* the watcher's stepped-back position */
    ct_coup_pos *coup_view;      /* the same in cờ úp (allocated when first stepped back) */
    char lines[1][NETGAME_TEXT_MAX + 32];
    bool turned;                 /* the board was turned for the user's side */
};

static const char *side_name(int side)
{
    return side == CT_RED ? _("Red") : _("Black");
}

/* ------------------------------------------------------------------ open and close */
tui_lobby *tui_lobby_open(ctl *c, const tui_lobby_arg *a, game *g)
{
    tui_lobby *l = xcalloc(1, sizeof *l);
    if (!l)
        return NULL;
    int64_t now = sys_now_ms();
    netgame *n = &l->n;
    if (remote_is_host(a->r)) {
        netgame_host(n, a->r, g, a->setup, a->resumed, now);
        ctl_status(c, UI_STATUS,
                   _("Offered game %s: you play %s. Waiting for an opponent (your own account "
                     "joins with: cotuong join %s)."),
                   remote_id(a->r), side_name(n->me), remote_code(a->r));
    } else {
        netgame_join(n, a->r, g);
        ctl_status(c, UI_STATUS, "%s", _("Connected; waiting for the host's game..."));
    }
    if (a->save_as)
        snprintf(n->save_as, sizeof n->save_as, "%s", a->save_as);
    if (a->grace_s > 0)
        n->grace_ms = (int64_t)a->grace_s * 1000;
    return l;
}

void tui_lobby_close(ctl *c, tui_lobby *l)
{
    (void)c;
    if (!l)
        return;
    netgame_end(&l->n);
    free(l->coup_view);
    free(l);
}

/* ------------------------------------------------------------------ the tick */
static void on_draw_offer(ctl *c, void *st, bool yes)
{
    tui_lobby *l = st;
    char msg[400];
    netgame_answer_draw(&l->n, yes, sys_now_ms(), msg, sizeof msg);
    if (msg[0])
        ctl_status(c, UI_STATUS, "%s", msg);
}

static void on_undo_ask(ctl *c, void *st, bool yes)
{
    tui_lobby *l = st;
    char msg[400];
    netgame_answer_undo(&l->n, yes, sys_now_ms(), msg, sizeof msg);
    ctl_status(c, UI_STATUS, "%s", msg[0] ? msg : yes ? _("Taking back...") : _("Not taken back."));
}

/* The account name of a side's player. */
static const char *account(const netgame *n, int side)
{
    if (n->host)
        return side == n->me ? remote_my_name(n->r) : remote_guest_name(n->r);
    return remote_side_name(n->r, side);
}

/* A game that has ended is saved where the user keeps games, unless --pgn named a file. */
static void save_finished(tui_lobby *l)
{
    netgame *n = &l->n;
    char path[1024], msg[1300];
    if (n->me == PROTO_SEAT_WATCHER || n->save_as[0] || n->saved || !n->r ||
        gamefile_new_path(account(n, CT_RED), account(n, CT_BLACK), path, sizeof path) != 0)
        return;
    netgame_save(n, path, msg, sizeof msg);
}

void tui_lobby_tick(ctl *c, tui_lobby *l)
{
    netgame *n = &l->n;
    int64_t now = sys_now_ms();
    netgame_step(n, now);
    netgame_note nt;
    char res[200] = ""; /* the result, when it came now: what follows is said beside it */
    while (netgame_next_note(n, &nt)) {
        c->dirty = true;
        if (res[0] && (nt.kind == NETGAME_NOTE_INFO || nt.kind == NETGAME_NOTE_ERROR)) {
            /* Cờ úp: the check of the host's deal comes with the result. */
            ctl_status(c, nt.kind == NETGAME_NOTE_ERROR ? UI_ERROR : UI_TITLE, "%s %s", res, nt.text);
            continue;
        }
        switch (nt.kind) {
        case NETGAME_NOTE_OVER: {
            ctl_result_text(n->g->match.result, n->g->match.reason, res, sizeof res);
            save_finished(l);
            ctl_status(c, UI_TITLE, "%s", res);
            ui_screen_bell();
            break;
        }
        case NETGAME_NOTE_ASK:
            /* The question waits above the board; the game goes on below it. */
            if (ctl_current_mode(c) == CTL_MODE_PLAY) {
                char q[NETGAME_TEXT_MAX + 16];
                snprintf(q, sizeof q, "%s (y/n)", nt.text);
                ctl_prompt_yesno(c, l, q, n->draw_to_me ? on_draw_offer : on_undo_ask);
            } else {
                ctl_status(c, UI_STATUS, "%s (D / u)", nt.text);
            }
            ui_screen_bell();
            break;
        case NETGAME_NOTE_CHAT:
            ctl_status(c, UI_STATUS, "%s", nt.text);
            ui_screen_bell();
            break;
        case NETGAME_NOTE_ERROR: ctl_status(c, UI_ERROR, "%s", nt.text); break;
        default: ctl_status(c, UI_STATUS, "%s", nt.text); break;
        }
    }
    if (n->built && !l->turned) {
        /* The user's side at the bottom, once it is known (a joiner: from the snapshot). */
        l->turned = true;
        c->set.flip = n->me == CT_BLACK;
    }
    if (n->stop && n->r) {
        /* The link is gone: the game stays on the screen (q leaves), kept as it was. */
        netgame_end(n);
    }
    /* Come back soon: the other side's words arrive through the link, not the keyboard. */
    ctl_wake_within(c, 40);
    if (n->r && ct_tc_timed(&n->g->tc) && netgame_clock_side(n, now) != PROTO_STOPPED)
        c->dirty = true;
}

void tui_lobby_tick_event(ctl *c, tui_lobby *l, game_tick_event *ev)
{
    (void)c;
    netgame_tick_event(&l->n, ev);
    if (ev->kind == GAME_TICK_NONE && netgame_echo(&l->n, &ev->report)) {
        ev->kind = GAME_TICK_MOVED;
        ev->side = ev->report.mover;
        ev->move = ev->report.move;
    }
    if (ev->kind == GAME_TICK_MOVED)
        l->n.view = l->n.view >= 0 ? l->n.view : -1;
}

bool tui_lobby_send_move(ctl *c, tui_lobby *l, ct_move mv)
{
    char msg[300];
    if (!l->n.r || !netgame_send_move(&l->n, mv, msg, sizeof msg))
        return false;
    ctl_status(c, UI_STATUS, "%s", msg[0] ? msg : _("Waiting for the host's referee to answer your move..."));
    return true;
}

/* ------------------------------------------------------------------ keys */
bool tui_lobby_may_move(ctl *c, tui_lobby *l)
{
    const char *why;
    if (l->n.r && netgame_may_move(&l->n, &why))
        return true;
    ctl_status(c, UI_ERROR, "%s", l->n.r ? why : _("The link has ended: q leaves."));
    return false;
}

static void on_chat(ctl *c, void *st, const char *text)
{
    tui_lobby *l = st;
    char msg[400];
    if (!l->n.r)
        return;
    if (netgame_chat(&l->n, text, msg, sizeof msg))
        ctl_status(c, UI_STATUS, "%s", _("Said."));
    else if (msg[0])
        ctl_status(c, UI_ERROR, "%s", msg);
}

static void on_resign(ctl *c, void *st, bool yes)
{
    tui_lobby *l = st;
    char msg[400];
    if (yes && l->n.r && !netgame_resign(&l->n, sys_now_ms(), msg, sizeof msg))
        ctl_status(c, UI_ERROR, "%s", msg);
}

static void on_leave(ctl *c, void *st, bool yes)
{
    (void)st;
    if (yes)
        c->quit = true;
}

bool tui_lobby_key(ctl *c, tui_lobby *l, const ui_event *ev)
{
    netgame *n = &l->n;
    char msg[400] = "";
    bool watcher = n->me == PROTO_SEAT_WATCHER;
    int64_t now = sys_now_ms();
    if (watcher) {
        /* Stepping through the moves here changes nothing at the players'. */
        switch (ev->req) {
        case REQ_LEFT:
        case REQ_UNDO: netgame_view_step(n, -1, false); break;
        case REQ_RIGHT:
        case REQ_REDO: netgame_view_step(n, 1, false); break;
        case REQ_CANCEL:
        case REQ_SELECT: netgame_view_step(n, 0, false); break;
        case REQ_UP: netgame_view_step(n, 0, true); break;
        case REQ_DOWN: netgame_view_step(n, 0, false); break;
        case REQ_MOUSE:
        case REQ_MOVE_LINE:
        case REQ_HINT:
        case REQ_MOVE_NOW:
        case REQ_RESIGN:
        case REQ_DRAW:
        case REQ_PAUSE:
        case REQ_CHAT:
        case REQ_PACE_FASTER:
        case REQ_PACE_SLOWER:
        case REQ_NEW_GAME:
            ctl_status(c, UI_STATUS, "%s",
                       _("You are watching: Left/Right step through the moves, Esc back to the game."));
            return true;
        case REQ_QUIT: c->quit = true; return true;
        default: return false;
        }
        if (n->view >= 0)
            ctl_status(c, UI_STATUS, _("Move %d of %d (Esc: back to the game)."), n->view,
                       game_plies(n->g));
        else
            ctl_status(c, UI_STATUS, "%s", _("The game as it is played."));
        return true;
    }
    switch (ev->req) {
    case REQ_UNDO:
        if (!n->r)
            break;
        if (n->undo_to_me >= 0)
            on_undo_ask(c, l, true);
        else if (netgame_ask_undo(n, msg, sizeof msg))
            ctl_status(c, UI_STATUS, "%s %s", msg, _("Waiting for your opponent's answer."));
        else
            ctl_status(c, UI_ERROR, "%s", msg);
        return true;
    case REQ_REDO:
    case REQ_HINT:
    case REQ_EXPLORER: /* the masters' moves would be a book at the player's elbow */
    case REQ_MOVE_NOW:
    case REQ_PAUSE:
    case REQ_PACE_FASTER:
    case REQ_PACE_SLOWER:
        ctl_status(c, UI_STATUS, "%s", _("Not in a game with someone: no hints, masters' moves, pause or AI keys here."));
        return true;
    case REQ_DRAW:
        if (!n->r)
            break;
        if (n->draw_to_me)
            on_draw_offer(c, l, true);
        else if (netgame_offer_draw(n, msg, sizeof msg))
            ctl_status(c, UI_STATUS, "%s", msg);
        else
            ctl_status(c, UI_ERROR, "%s", msg);
        return true;
    case REQ_RESIGN:
        if (n->r && !game_over(n->g))
            ctl_prompt_yesno(c, l, _("Resign this game? (y/n)"), on_resign);
        return true;
    case REQ_CHAT:
        if (n->r)
            ctl_prompt_text(c, l, _("Say:"), "", on_chat);
        return true;
    case REQ_NEW_GAME:
    case REQ_QUIT:
        if (n->r && n->built && !game_over(n->g) &&
            (game_plies(n->g) > 0 || !n->host || remote_guest_name(n->r)[0]))
            ctl_prompt_yesno(c, l,
                             n->host ? _("Leave? The game is adjourned and kept for both (cotuong --resume offers it again). (y/n)")
                                     : _("Leave? The host keeps the game; join again to take your seat back. (y/n)"),
                             on_leave);
        else
            c->quit = true;
        return true;
    default: break;
    }
    (void)now;
    return false;
}

/* ------------------------------------------------------------------ the panel */
void tui_lobby_player(const tui_lobby *l, int side, char *buf, size_t size)
{
    const netgame *n = &l->n;
    if (!n->r) {
        snprintf(buf, size, "%s", side_name(side));
        return;
    }
    const char *name = account(n, side);
    if (!name[0] || !strcmp(name, "-"))
        name = _("(free seat)");
    char *s = sanitize_dup(name, 0);
    snprintf(buf, size, "%s: %s%s", side_name(side), s, side == n->me ? _(" (you)") : "");
    free(s);
}

bool tui_lobby_clock(const tui_lobby *l, int side, char *buf, size_t size, bool *running)
{
    const netgame *n = &l->n;
    if (!n->r || !ct_tc_timed(&n->g->tc))
        return false;
    int64_t now = sys_now_ms();
    int64_t ms = netgame_clock(n, side, now);
    if (ms < 0)
        return false;
    int64_t s = (ms + 999) / 1000;
    if (s >= 3600)
        snprintf(buf, size, "%d:%02d:%02d", (int)(s / 3600), (int)(s / 60 % 60), (int)(s % 60));
    else
        snprintf(buf, size, "%02d:%02d", (int)(s / 60), (int)(s % 60));
    *running = netgame_clock_side(n, now) == side;
    return true;
}

int tui_lobby_lines(tui_lobby *l, const char *lines[3])
{
    netgame *n = &l->n;
    int k = 0;
    if (n->r)
        snprintf(l->lines[k], sizeof l->lines[k], _("Watchers: %d  ·  game %s"), n->watchers,
                 remote_id(n->r)[0] ? remote_id(n->r) : "-");
    else
        snprintf(l->lines[k], sizeof l->lines[k], "%s", _("The link has ended."));
    lines[k] = l->lines[k];
    k++;
    /* The last two chat lines, already sanitized. */
    for (int i = n->nchat > 2 ? n->nchat - 2 : 0; i < n->nchat && k < 3; i++, k++)
        lines[k] = n->chat[i];
    for (int i = k; i < 3; i++)
        lines[i] = NULL;
    return k;
}

const char *tui_lobby_footer(const tui_lobby *l)
{
    if (l->n.me == PROTO_SEAT_WATCHER)
        return _("Left/Right step  Esc live  q leave");
    return _("t say D draw u undo R resign q leave");
}

const ct_pos *tui_lobby_view(tui_lobby *l)
{
    return netgame_view_pos(&l->n, &l->view) ? &l->view : NULL;
}

const ct_coup_pos *tui_lobby_coup_view(tui_lobby *l)
{
    if (!l->n.coup || l->n.view < 0)
        return NULL;
    if (!l->coup_view)
        l->coup_view = xmalloc(sizeof *l->coup_view);
    return netgame_view_coup(&l->n, l->coup_view) ? l->coup_view : NULL;
}

bool tui_lobby_bottom_black(const tui_lobby *l)
{
    return l->n.built && l->n.me == CT_BLACK;
}

/* ------------------------------------------------------------------ the ways in */
bool tui_lobby_host(ctl *c, const remote_host_config *cfg, const ct_record *resumed,
                    const char *save_as, char *err, size_t errsize)
{
    remote *r = remote_host_new(cfg, err, errsize);
    if (!r)
        return false;
    game_setup setup;
    netgame_setup_of(cfg, &setup);
    tui_lobby_arg la = {.r = r, .setup = &setup, .resumed = resumed, .save_as = save_as,
                        .grace_s = cfg->grace_s};
    ctl_play_arg a = {.lobby = &la};
    if (!ctl_replace_all(c, CTL_MODE_PLAY, &a)) {
        snprintf(err, errsize, "%s", c->status);
        remote_free(r);
        return false;
    }
    return true;
}

bool tui_lobby_join(ctl *c, const char *lobby, const char *which, bool watch,
                    const char *save_as, char *err, size_t errsize)
{
    remote *r = remote_join(lobby, which, watch, err, errsize);
    return r && tui_lobby_attach(c, r, save_as, err, errsize);
}

bool tui_lobby_attach(ctl *c, remote *r, const char *save_as, char *err, size_t errsize)
{
    tui_lobby_arg la = {.r = r, .save_as = save_as};
    ctl_play_arg a = {.lobby = &la};
    if (!ctl_replace_all(c, CTL_MODE_PLAY, &a)) {
        snprintf(err, errsize, "%s", c->status);
        remote_free(r);
        return false;
    }
    return true;
}

bool tui_lobby_resumable(char *question, size_t size)
{
    ct_record *rec = NULL;
    char path[1100], err[300];
    if (netgame_find_resumable(&rec, path, sizeof path, err, sizeof err) != 0)
        return false;
    const char *guest = ct_record_tag(rec, "LobbyGuest");
    char *g = sanitize_dup(guest ? guest : "?", 0);
    snprintf(question, size, _("Offer the adjourned game with %s again in the lobby? (y/n)"), g);
    free(g);
    ct_pgn_free_games(rec, 1);
    return true;
}

bool tui_lobby_resume(ctl *c, char *err, size_t errsize)
{
    ct_record *rec = NULL;
    char path[1100];
    if (netgame_find_resumable(&rec, path, sizeof path, err, errsize) != 0) {
        if (!err[0])
            snprintf(err, errsize, "%s", _("there is no adjourned game"));
        return false;
    }
    remote_host_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = CT_RULES_DEFAULT;
    netgame_config_of(rec, &cfg);
    bool ok = tui_lobby_host(c, &cfg, rec, NULL, err, errsize);
    ct_pgn_free_games(rec, 1);
    return ok;
}
