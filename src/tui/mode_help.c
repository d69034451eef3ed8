/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the help screen, generated from the request list and the key table of the screen
 * it was opened from (play, review or the menu): one line per request with all its keys, in
 * the order of the list, then the keys of text prompts and questions. */
#include <stdio.h>
#include <string.h>

#include "tui/controller.h"
#include "sys/i18n.h"
#include "ui/draw.h"

/* Key names in the interface language ("Up" is "Lên" in Vietnamese). */
static const char *key_tr(const char *name)
{
    return _(name);
}

/* The key group of the mode the help was opened from. */
static ui_keygroup below_keys(const ctl *c)
{
    return ctl_below_keys(c);
}

/* The help as lines: a group title (keys == NULL) or a request with its keys. Calls line()
 * for each; returns the number of lines. */
typedef void (*help_line_fn)(ctl *c, int n, const char *keys, const char *text);

static int help_lines(ctl *c, help_line_fn line)
{
    ui_keygroup groups[3] = {below_keys(c), UI_KEYS_EDIT, UI_KEYS_YESNO};
    int n = 0;
    for (int gi = 0; gi < 3; gi++) {
        if (gi > 0 && line)
            line(c, n, NULL, "");
        if (gi > 0)
            n++;
        if (line)
            line(c, n, NULL, _(ui_keygroup_title(groups[gi])));
        n++;
        for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
            char keys[128];
            if (!ui_keys_of_tr(groups[gi], (ui_req)r, keys, sizeof keys, key_tr))
                continue;
            if (line)
                line(c, n, keys, _(ui_req_help((ui_req)r)));
            n++;
        }
        if (groups[gi] == UI_KEYS_PLAY || groups[gi] == UI_KEYS_REVIEW) {
            if (line)
                line(c, n, NULL, groups[gi] == UI_KEYS_REVIEW
                                     ? _("Mouse: a click on a move goes there; the wheel steps through the moves.")
                                     : _("Mouse: click a piece, then the point it goes to; the wheel scrolls the history."));
            n++;
            if (line)
                line(c, n, NULL, _("Typed moves: Vietnamese P2-5, WXF C2.5, Chinese 炮二平五, coordinates h2e2."));
            n++;
        }
    }
    return n;
}

/* Rows of the screen the lines go on: 2 .. rows - 3. */
static int visible_rows(const ctl *c)
{
    int v = c->layout.rows - 4;
    return v > 1 ? v : 1;
}

static int max_scroll(ctl *c)
{
    int m = help_lines(c, NULL) - visible_rows(c);
    return m > 0 ? m : 0;
}

/* The width of the keys column: the longest keys of the screen's groups, at most a third of
 * the screen. */
static int keys_width(const ctl *c)
{
    ui_keygroup groups[3] = {below_keys(c), UI_KEYS_EDIT, UI_KEYS_YESNO};
    int w = 8;
    for (int gi = 0; gi < 3; gi++)
        for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
            char keys[128];
            if (ui_keys_of_tr(groups[gi], (ui_req)r, keys, sizeof keys, key_tr) && ui_strwidth(keys) > w)
                w = ui_strwidth(keys);
        }
    return w < c->layout.cols / 3 ? w : c->layout.cols / 3;
}

static void draw_line(ctl *c, int n, const char *keys, const char *text)
{
    int y = 2 + n - c->help_scroll, cols = c->layout.cols, keyw = keys_width(c);
    if (y < 2 || y >= 2 + visible_rows(c))
        return;
    if (!keys) {
        ui_put(stdscr, y, 2, cols - 4, UI_TITLE, text);
        return;
    }
    ui_put(stdscr, y, 2, keyw, UI_MENU_SEL, keys);
    ui_put(stdscr, y, 2 + keyw + 1, cols - keyw - 5, UI_NORMAL, text);
}

static void help_draw(ctl *c, void *st, const char *prompt)
{
    (void)st;
    (void)prompt;
    int rows = c->layout.rows, cols = c->layout.cols;
    if (c->help_scroll > max_scroll(c)) /* the window grew */
        c->help_scroll = max_scroll(c);
    werase(stdscr);
    ui_put(stdscr, 0, 2, cols - 4, UI_TITLE, _("Cờ tướng — keys"));
    help_lines(c, draw_line);
    char foot[200];
    int total = help_lines(c, NULL), last = c->help_scroll + visible_rows(c);
    snprintf(foot, sizeof foot, _("Esc, q or ? to go back; Up/Down, PgUp/PgDn to scroll (%d-%d of %d)."),
             c->help_scroll + 1, last < total ? last : total, total);
    ui_put(stdscr, rows - 1, 2, cols - 4, UI_DIM, foot);
}

static void help_key(ctl *c, void *st, const ui_event *ev)
{
    (void)st;
    int page = visible_rows(c) - 1, max = max_scroll(c);
    switch (ev->req) {
    case REQ_SCROLL_UP: c->help_scroll--; break;
    case REQ_SCROLL_DOWN: c->help_scroll++; break;
    case REQ_PAGE_UP: c->help_scroll -= page; break;
    case REQ_PAGE_DOWN: c->help_scroll += page; break;
    case REQ_TOP: c->help_scroll = 0; break;
    case REQ_BOTTOM: c->help_scroll = max; break;
    case REQ_QUIT:
    case REQ_CANCEL:
        ctl_pop(c);
        return;
    default: break;
    }
    /* Stop at both ends: no scrolling past the last line. */
    if (c->help_scroll > max)
        c->help_scroll = max;
    if (c->help_scroll < 0)
        c->help_scroll = 0;
}

static void *help_open(ctl *c, const void *arg)
{
    (void)arg;
    c->help_scroll = 0;
    return c; /* the scroll lives in ctl */
}

const ctl_mode ctl_mode_help = {
    .name = "help",
    .open = help_open,
    .draw = help_draw,
    .key = help_key,
    .keys = UI_KEYS_HELP,
};
