/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the Open screen: the saved games of the games folder, newest first, with their
 * players, result and date (sys/gamelist.c), and a first row to type any path instead.
 * Enter (or a click) opens the game in the review. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sys/gamelist.h"
#include "sys/i18n.h"
#include "sys/savefile.h"
#include "sys/xmalloc.h"
#include "tui/controller.h"
#include "tui/session.h"
#include "ui/draw.h"

/* How many files are listed (the newest); the others are still a path away. */
#define OPEN_MAX 500

struct tui_open {
    char dir[1024];
    sys_game_entry *games;
    int n;
    int sel, top; /* row 0 is "type a path" */
    int first_y;  /* screen row of the first list row, for clicks */
};

static void *open_open(ctl *c, const void *arg)
{
    (void)c;
    (void)arg;
    struct tui_open *o = xcalloc(1, sizeof *o);
    if (savefile_games_dir(o->dir, sizeof o->dir) == 0)
        sys_gamelist_scan(o->dir, OPEN_MAX, &o->games, &o->n);
    o->sel = o->n > 0 ? 1 : 0;
    return o;
}

static void open_close(ctl *c, void *st)
{
    (void)c;
    struct tui_open *o = st;
    free(o->games);
    free(o);
}

/* The review takes the list's place: leaving it goes back to what was below the list. */
static void open_path(ctl *c, const char *path)
{
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", path);
    ctl_pop(c); /* this list (o is freed) */
    ctl_review_arg a = {.path = copy};
    ctl_push(c, CTL_MODE_REVIEW, &a); /* on failure the status says why */
}

static void on_path(ctl *c, void *st, const char *text)
{
    struct tui_open *o = st;
    char dir[1100], path[1024];
    snprintf(dir, sizeof dir, "%s/", o->dir);
    session_typed_path(dir, text ? text : "", path, sizeof path);
    if (!path[0] || !strcmp(path, dir))
        return;
    open_path(c, path);
}

/* One row: date, players, result, then the file name. */
static void row_text(const sys_game_entry *e, char *buf, size_t size)
{
    char when[32];
    if (e->date[0] && strncmp(e->date, "????", 4)) {
        snprintf(when, sizeof when, "%.10s", e->date);
    } else {
        struct tm tm;
        localtime_r(&e->mtime, &tm);
        strftime(when, sizeof when, "%Y.%m.%d", &tm);
    }
    if (e->red[0] || e->black[0])
        snprintf(buf, size, "%-10s  %s – %s  %s  (%s)", when, e->red[0] ? e->red : "?",
                 e->black[0] ? e->black : "?", e->result[0] ? e->result : "*", e->name);
    else
        snprintf(buf, size, "%-10s  %s", when, e->name);
}

static void open_draw(ctl *c, void *st, const char *prompt)
{
    (void)prompt;
    struct tui_open *o = st;
    int rows = c->layout.rows, cols = c->layout.cols;
    werase(stdscr);
    ui_put_centre(stdscr, 0, 0, cols, UI_TITLE, _("Open a saved game"));
    char head[1200];
    if (o->n)
        snprintf(head, sizeof head, _("%d game file(s) in %s, newest first:"), o->n, o->dir);
    else
        snprintf(head, sizeof head, _("No saved games in %s yet."), o->dir);
    ui_put(stdscr, 1, 2, cols - 4, UI_DIM, head);
    o->first_y = 3;
    int visible = rows - o->first_y - 3;
    if (visible < 1)
        visible = 1;
    if (o->sel < o->top)
        o->top = o->sel;
    if (o->sel >= o->top + visible)
        o->top = o->sel - visible + 1;
    for (int i = o->top; i <= o->n && i < o->top + visible; i++) {
        char buf[600];
        if (i == 0)
            snprintf(buf, sizeof buf, "%s", _("Type a path…"));
        else
            row_text(&o->games[i - 1], buf, sizeof buf);
        ui_put_pad(stdscr, o->first_y + i - o->top, 2, cols - 4, i == o->sel ? UI_MENU_SEL : UI_NORMAL, buf);
    }
    if (c->status[0])
        ui_put(stdscr, rows - 2, 2, cols - 4, c->status_role, c->status);
    ui_put_centre(stdscr, rows - 1, 0, cols, UI_DIM,
                  _("Up/Down choose, Enter open, Esc back, ? help"));
}

static void choose(ctl *c, struct tui_open *o)
{
    if (o->sel == 0) {
        char dir[1100];
        snprintf(dir, sizeof dir, "%s/", o->dir);
        ctl_prompt_file(c, o, _("Open the game file (PGN or XQF):"), dir, on_path);
        return;
    }
    open_path(c, o->games[o->sel - 1].path);
}

static void open_key(ctl *c, void *st, const ui_event *ev)
{
    struct tui_open *o = st;
    int page = c->layout.rows - 7;
    if (page < 1)
        page = 1;
    switch (ev->req) {
    case REQ_UP: o->sel--; break;
    case REQ_DOWN: o->sel++; break;
    case REQ_PAGE_UP: o->sel -= page; break;
    case REQ_PAGE_DOWN: o->sel += page; break;
    case REQ_TOP: o->sel = 0; break;
    case REQ_BOTTOM: o->sel = o->n; break;
    case REQ_SELECT: choose(c, o); return;
    case REQ_MOUSE: {
        int i = o->top + ev->y - o->first_y;
        if (ev->press && ev->y >= o->first_y && i >= 0 && i <= o->n) {
            o->sel = i;
            choose(c, o);
            return;
        }
        break;
    }
    case REQ_HELP: ctl_push(c, CTL_MODE_HELP, NULL); return;
    case REQ_CANCEL:
    case REQ_QUIT:
        ctl_pop(c);
        return;
    default: break;
    }
    if (o->sel < 0)
        o->sel = 0;
    if (o->sel > o->n)
        o->sel = o->n;
}

const ctl_mode ctl_mode_open = {
    .name = "open",
    .open = open_open,
    .close = open_close,
    .full_screen = true,
    .draw = open_draw,
    .key = open_key,
    .keys = UI_KEYS_MENU,
};
