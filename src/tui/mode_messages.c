/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the messages screen (!): the last messages of the status line, each whole and
 * wrapped to the width, the newest at the bottom, so that one the panel had to cut for room
 * (a long path, an error) can always be read. Up/Down and PgUp/PgDn scroll; Esc or q go
 * back. */
#include <stdlib.h>

#include "tui/controller.h"
#include "sys/i18n.h"
#include "sys/xmalloc.h"
#include "ui/draw.h"

/* Rows scrolled back from the newest. */
typedef struct {
    int back;
} messages_state;

/* Rows 2 .. rows - 3 hold the messages. */
static int visible_rows(const ctl *c)
{
    int v = c->layout.rows - 4;
    return v > 1 ? v : 1;
}

/* All the messages' rows, a blank row between two. */
static int total_rows(const ctl *c)
{
    int n = 0;
    for (int i = 0; ctl_log_at(c, i); i++)
        n += ui_wrap_rows(ctl_log_at(c, i), c->layout.cols - 4) + (i > 0);
    return n;
}

static int max_back(const ctl *c)
{
    int m = total_rows(c) - visible_rows(c);
    return m > 0 ? m : 0;
}

static void messages_draw(ctl *c, void *st, const char *prompt)
{
    messages_state *m = st;
    (void)prompt;
    int rows = c->layout.rows, cols = c->layout.cols, vis = visible_rows(c);
    if (m->back > max_back(c))
        m->back = max_back(c);
    werase(stdscr);
    /* From the bottom of the window up, the newest first. */
    int y = 2 + vis + m->back;
    for (int i = c->log_n - 1; i >= 0 && y > 2; i--) {
        const char *msg = ctl_log_at(c, i);
        int n = ui_wrap_rows(msg, cols - 4);
        y -= n;
        ui_put_wrapped(stdscr, y, 2, cols - 4, n, UI_NORMAL, msg);
        y--;
    }
    ui_clear_rect(stdscr, 0, 0, 2, cols);
    ui_clear_rect(stdscr, 2 + vis, 0, rows - 2 - vis, cols);
    ui_put(stdscr, 0, 2, cols - 4, UI_TITLE, _("Messages (the newest last)"));
    if (c->log_n == 0)
        ui_put(stdscr, 2, 2, cols - 4, UI_DIM, _("No message yet."));
    ui_put(stdscr, rows - 1, 2, cols - 4, UI_DIM, _("Esc or q to go back; Up/Down, PgUp/PgDn to scroll."));
}

static void messages_key(ctl *c, void *st, const ui_event *ev)
{
    messages_state *m = st;
    int page = visible_rows(c) - 1;
    switch (ev->req) {
    case REQ_SCROLL_UP: m->back++; break;
    case REQ_SCROLL_DOWN: m->back--; break;
    case REQ_PAGE_UP: m->back += page; break;
    case REQ_PAGE_DOWN: m->back -= page; break;
    case REQ_TOP: m->back = max_back(c); break;
    case REQ_BOTTOM: m->back = 0; break;
    case REQ_QUIT:
    case REQ_CANCEL: ctl_pop(c); return;
    default: break;
    }
    if (m->back > max_back(c))
        m->back = max_back(c);
    if (m->back < 0)
        m->back = 0;
}

static void *messages_open(ctl *c, const void *arg)
{
    (void)c;
    (void)arg;
    return xcalloc(1, sizeof(messages_state));
}

static void messages_close(ctl *c, void *st)
{
    (void)c;
    free(st);
}

const ctl_mode ctl_mode_messages = {
    .name = "messages",
    .open = messages_open,
    .close = messages_close,
    .draw = messages_draw,
    .key = messages_key,
    .keys = UI_KEYS_HELP,
};
