/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the help screen, generated from the request list and the key table: one line
 * per request with all its keys, in the order of the list. */
#include <stdio.h>
#include <string.h>

#include "tui/controller.h"
#include "sys/i18n.h"
#include "ui/draw.h"

/* Keys of a request joined with ", " ("Up, k"). */
static void keys_of(ui_req req, char *buf, size_t size)
{
    int n;
    const ui_keybinding *km = ui_keymap(&n);
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        if (km[i].req != req || !km[i].name)
            continue;
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "%s%s", len ? ", " : "", km[i].name);
    }
    /* Keys bound in the settings file. */
    const ui_keybinding *uk = ui_keymap_user(&n);
    for (int i = 0; i < n; i++) {
        if (uk[i].req != req)
            continue;
        const char *name = keyname(uk[i].key);
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "%s%s", len ? ", " : "", name ? name : "?");
    }
}

static void help_draw(ctl *c)
{
    int rows = c->layout.rows, cols = c->layout.cols;
    werase(stdscr);
    ui_put(stdscr, 0, 2, cols - 4, UI_TITLE, _("Cờ tướng — keys"));
    int y = 2 - c->help_scroll;
    int keyw = 18;
    for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
        char keys[96];
        keys_of((ui_req)r, keys, sizeof keys);
        if (!keys[0])
            continue;
        if (y >= 2 && y < rows - 2) {
            ui_put(stdscr, y, 2, keyw, UI_MENU_SEL, keys);
            ui_put(stdscr, y, 2 + keyw + 1, cols - keyw - 5, UI_NORMAL, _(ui_req_help((ui_req)r)));
        }
        y++;
    }
    if (y >= 2 && y < rows - 2)
        ui_put(stdscr, y, 2, cols - 4, UI_NORMAL,
               _("Mouse: click a piece, then click the point it goes to."));
    y++;
    if (y >= 2 && y < rows - 2)
        ui_put(stdscr, y, 2, cols - 4, UI_NORMAL,
               _("Typed moves: Vietnamese P2-5, WXF C2.5, Chinese 炮二平五, coordinates h2e2."));
    ui_put(stdscr, rows - 1, 2, cols - 4, UI_DIM, _("Esc, q or ? to go back; Up/Down to scroll."));
}

static void help_key(ctl *c, const ui_event *ev)
{
    switch (ev->req) {
    case REQ_UP:
    case REQ_SCROLL_UP:
        if (c->help_scroll > 0)
            c->help_scroll--;
        break;
    case REQ_DOWN:
    case REQ_SCROLL_DOWN:
        if (c->help_scroll < REQ_MOUSE)
            c->help_scroll++;
        break;
    case REQ_CANCEL:
    case REQ_QUIT:
    case REQ_HELP:
    case REQ_SELECT:
        ctl_pop_mode(c);
        break;
    default:
        break;
    }
}

static void help_enter(ctl *c)
{
    c->help_scroll = 0;
}

const ctl_mode ctl_mode_help = {
    .name = "help",
    .enter = help_enter,
    .draw = help_draw,
    .key = help_key,
};
