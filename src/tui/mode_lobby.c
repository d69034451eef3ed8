/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — "Play someone on this computer": the games of the lobby this user may see (as
 * `cotuong games` lists them), to join (a free seat, or one's own seat back) or watch, and
 * hosting a new game (side, clock, who may come). The game itself opens in the play mode
 * (tui/lobby_play.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game/remote.h"
#include "sys/i18n.h"
#include "sys/lobby.h"
#include "sys/sanitize.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "tui/controller.h"
#include "tui/lobby_play.h"
#include "ui/draw.h"

#define LIST_MAX 64

struct tui_lobby_list {
    remote_listing games[LIST_MAX];
    int n;
    int sel;        /* 0..n-1 the games, n "host a new game", n + 1 "refresh" */
    int first_y;
    char err[400];  /* why the lobby cannot be read, "" */
    char me[REMOTE_NAME_MAX];
    bool watch;     /* Left/Right: the chosen game is watched instead of joined */
    /* hosting: the answers so far */
    int side;
    ct_time_control tc;
    bool coup;      /* cờ úp: this program deals and referees, committed to the deal */
};

static void rescan(struct tui_lobby_list *l)
{
    /* Each game answers within a second; a dead host's socket is skipped. */
    l->err[0] = 0;
    l->n = remote_list(lobby_dir(NULL), l->games, LIST_MAX, l->err, sizeof l->err);
    if (l->n < 0)
        l->n = 0;
    if (l->sel > l->n + 1)
        l->sel = l->n + 1;
}

static void *list_open(ctl *c, const void *arg)
{
    (void)c;
    (void)arg;
    struct tui_lobby_list *l = xcalloc(1, sizeof *l);
    lobby_user_name(geteuid(), l->me, sizeof l->me);
    rescan(l);
    l->sel = l->n > 0 ? 0 : l->n;
    return l;
}

static void list_close(ctl *c, void *st)
{
    (void)c;
    free(st);
}

static const char *state_word(int s)
{
    return s == PROTO_OPEN ? _("open") : s == PROTO_PLAYING ? _("playing") : s == PROTO_AWAY ? _("away") : _("over");
}

/* Joined when its seat is free or this user's (coming back), else watched. */
static bool joinable(const struct tui_lobby_list *l, const remote_listing *g)
{
    return g->state != PROTO_OVER && (!strcmp(g->guest, "-") || !strcmp(g->guest, l->me));
}

static void row_text(const struct tui_lobby_list *l, const remote_listing *g, bool sel, char *buf,
                     size_t size)
{
    const char *act = joinable(l, g) && !(sel && l->watch) ? _("[join] ") : _("[watch]");
    char tc[32];
    ct_tc_format(&g->tc, tc, sizeof tc);
    char *host = sanitize_dup(g->host, 0), *guest = sanitize_dup(g->guest, 0);
    snprintf(buf, size, _("%s %-8s  %s against %s  %s  clock %s  move %d  watchers %d  %s"), act, g->id, host,
             strcmp(guest, "-") ? guest : _("(free seat)"), ct_rules_name(g->rules), tc,
             g->ply / 2 + 1, g->watchers, state_word(g->state));
    if (g->coup) {
        size_t k = strlen(buf);
        snprintf(buf + k, size - k, "  %s", _("cờ úp"));
    }
    free(host);
    free(guest);
}

static void list_draw(ctl *c, void *st, const char *prompt)
{
    struct tui_lobby_list *l = st;
    int rows = c->layout.rows, cols = c->layout.cols;
    werase(stdscr);
    ui_put_centre(stdscr, 0, 0, cols, UI_TITLE, _("Play someone on this computer"));
    char head[600];
    char *dir = sanitize_dup(lobby_dir(NULL), 0);
    if (l->err[0])
        snprintf(head, sizeof head, "%s", l->err);
    else if (l->n)
        snprintf(head, sizeof head, _("%d game(s) in the lobby %s:"), l->n, dir);
    else
        snprintf(head, sizeof head, _("No game offered in the lobby %s yet."), dir);
    free(dir);
    /* The lobby's folder and the status are wrapped, never cut. */
    int hrows = ui_put_wrapped(stdscr, 1, 2, cols - 4, 2, l->err[0] ? UI_ERROR : UI_DIM, head);
    l->first_y = 2 + hrows;
    int srows = c->status[0] ? ui_wrap_rows(c->status, cols - 4) : 0;
    if (srows > 3)
        srows = 3;
    for (int i = 0; i < l->n + 2 && l->first_y + i < rows - 2 - srows; i++) {
        char buf[400];
        if (i < l->n)
            row_text(l, &l->games[i], i == l->sel, buf, sizeof buf);
        else
            snprintf(buf, sizeof buf, "%s", i == l->n ? _("Host a new game…") : _("Look again"));
        ui_put_pad(stdscr, l->first_y + i, 2, cols - 4, i == l->sel ? UI_MENU_SEL : UI_NORMAL, buf);
    }
    if (c->status[0])
        ui_put_status(stdscr, rows - 3, 2, cols - 4, srows, c->status_role, c->status);
    if (prompt)
        ui_put_pad(stdscr, rows - 2, 2, cols - 4, UI_MENU_SEL, prompt);
    ui_put_centre(stdscr, rows - 1, 0, cols, UI_DIM,
                  _("Up/Down choose, Left/Right join or watch, Enter go, Esc back, ? help"));
}

/* ------------------------------------------------------------------ hosting */
static void on_for(ctl *c, void *st, const char *text)
{
    struct tui_lobby_list *l = st;
    remote_host_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = c->defaults.setup.rules;
    cfg.tc = l->tc;
    cfg.host_side = l->side;
    cfg.coup = l->coup;
    if (cfg.coup && lobby_random(&cfg.coup_seed, sizeof cfg.coup_seed) != 0)
        cfg.coup_seed = sys_fresh_seed();
    char err[600];
    while (text && *text == ' ')
        text++;
    if (text && *text && lobby_parse_for(text, &cfg.allow, err, sizeof err) != 0) {
        char *e = sanitize_dup(err, 0);
        ctl_status(c, UI_ERROR, "%s", e);
        free(e);
        return;
    }
    /* The list goes: the game takes the screen (l is freed by the replace). */
    if (!tui_lobby_host(c, &cfg, NULL, NULL, err, sizeof err)) {
        char *e = sanitize_dup(err, 0);
        ctl_push(c, CTL_MODE_MENU, NULL);
        ctl_status(c, UI_ERROR, _("Cannot host: %s"), e);
        free(e);
    }
}

static void on_clock(ctl *c, void *st, const char *text)
{
    struct tui_lobby_list *l = st;
    while (text && *text == ' ')
        text++;
    if (ct_tc_parse(text && *text ? text : "none", &l->tc) != CT_OK) {
        ctl_status(c, UI_ERROR, "%s", _("A clock is 15+10 (minutes + seconds a move), 5, /30 or none."));
        return;
    }
    ctl_prompt_text(c, l, _("Only these users may come (names with commas; empty: everyone):"), "",
                    on_for);
}

static void on_side(ctl *c, void *st, const char *text)
{
    struct tui_lobby_list *l = st;
    while (text && *text == ' ')
        text++;
    if (!text || !*text || !strcmp(text, "red") || !strcmp(text, _("red")))
        l->side = CT_RED;
    else if (!strcmp(text, "black") || !strcmp(text, _("black")))
        l->side = CT_BLACK;
    else {
        ctl_status(c, UI_ERROR, "%s", _("Your side is red or black."));
        return;
    }
    char tc[32];
    ct_tc_format(&c->defaults.setup.tc, tc, sizeof tc);
    ctl_prompt_text(c, l, _("Clock (15+10, 5, /30, none):"), tc, on_clock);
}

static void on_variant(ctl *c, void *st, const char *text)
{
    struct tui_lobby_list *l = st;
    while (text && *text == ' ')
        text++;
    if (!text || !*text || !strcmp(text, "standard") || !strcmp(text, "cờ tướng") ||
        !strcmp(text, "co tuong"))
        l->coup = false;
    else if (!strcmp(text, "coup") || !strcmp(text, "cờ úp") || !strcmp(text, "co up") ||
             !strcmp(text, "jieqi"))
        l->coup = true;
    else {
        ctl_status(c, UI_ERROR, "%s", _("The game is cờ tướng (standard) or cờ úp (coup)."));
        return;
    }
    ctl_prompt_text(c, l, _("Your side (red or black):"), "red", on_side);
}

static void choose(ctl *c, struct tui_lobby_list *l)
{
    if (l->sel == l->n + 1) {
        rescan(l);
        return;
    }
    if (l->sel == l->n) {
        ctl_prompt_text(c, l, _("Game: standard (cờ tướng) or coup (cờ úp):"), "standard",
                        on_variant);
        return;
    }
    bool watch = l->watch || !joinable(l, &l->games[l->sel]);
    char id[LOBBY_ID_LEN + 1], err[600];
    snprintf(id, sizeof id, "%s", l->games[l->sel].id);
    if (!tui_lobby_join(c, NULL, id, watch, NULL, err, sizeof err)) {
        char *e = sanitize_dup(err, 0);
        ctl_status(c, UI_ERROR, _("Cannot %s: %s"), watch ? _("watch") : _("join"), e);
        free(e);
    }
}

static void list_key(ctl *c, void *st, const ui_event *ev)
{
    struct tui_lobby_list *l = st;
    switch (ev->req) {
    case REQ_UP: l->sel = l->sel > 0 ? l->sel - 1 : l->n + 1; l->watch = false; break;
    case REQ_DOWN: l->sel = l->sel < l->n + 1 ? l->sel + 1 : 0; l->watch = false; break;
    case REQ_LEFT:
    case REQ_RIGHT: l->watch = !l->watch; break;
    case REQ_TOP: l->sel = 0; break;
    case REQ_BOTTOM: l->sel = l->n + 1; break;
    case REQ_SELECT: choose(c, l); break;
    case REQ_MOUSE: {
        int i = ev->y - l->first_y;
        if (ev->press && i >= 0 && i < l->n + 2) {
            l->sel = i;
            choose(c, l);
        }
        break;
    }
    case REQ_HELP: ctl_push(c, CTL_MODE_HELP, NULL); break;
    case REQ_CANCEL:
    case REQ_QUIT: ctl_pop(c); break;
    default: break;
    }
}

const ctl_mode ctl_mode_lobby = {
    .name = "lobby",
    .open = list_open,
    .close = list_close,
    .full_screen = true,
    .draw = list_draw,
    .key = list_key,
    .keys = UI_KEYS_MENU,
};
