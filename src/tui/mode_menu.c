/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the start menu: new game (hot-seat, against the AI, AI against AI), open a saved
 * game, settings, help, quit; a set-up page for the game's players, rules and clock. Items
 * are chosen with the arrows and Enter, values changed with Left/Right, or with the mouse. */
#include <stdio.h>
#include <string.h>

#include "tui/controller.h"
#include "tui/prefs.h"
#include "sys/i18n.h"
#include "ui/draw.h"

enum { PAGE_MAIN, PAGE_SETUP, PAGE_SETTINGS };
enum { KIND_HOTSEAT, KIND_VS_AI, KIND_WATCH };

static const char *const clock_choices[] = {"none", "5+0", "10+5", "15+10", "30+0", "60+30"};
#define N_CLOCKS ((int)(sizeof clock_choices / sizeof clock_choices[0]))

/* Items of each page. */
enum {
    MAIN_HOTSEAT, MAIN_VS_AI, MAIN_WATCH, MAIN_OPEN, MAIN_SETTINGS, MAIN_HELP, MAIN_QUIT, MAIN_N
};
enum { SET_SIDE, SET_LEVEL, SET_RED_LEVEL, SET_RULES, SET_CLOCK, SET_START, SET_BACK, SET_N };
enum { OPT_NOTATION, OPT_GLYPHS, OPT_COORDS, OPT_BACK, OPT_N };

static int page_items(const ctl *c)
{
    return c->menu_page == PAGE_MAIN ? MAIN_N : c->menu_page == PAGE_SETUP ? SET_N : OPT_N;
}

/* Whether a set-up item applies to the kind of game. */
static bool setup_visible(const ctl *c, int item)
{
    switch (item) {
    case SET_SIDE: return c->menu_kind == KIND_VS_AI;
    case SET_LEVEL: return c->menu_kind != KIND_HOTSEAT;
    case SET_RED_LEVEL: return c->menu_kind == KIND_WATCH;
    default: return true;
    }
}

static bool item_visible(const ctl *c, int item)
{
    return c->menu_page != PAGE_SETUP || setup_visible(c, item);
}

static void item_text(const ctl *c, int item, char *buf, size_t size)
{
    const ctl_game *g = &c->game;
    if (c->menu_page == PAGE_MAIN) {
        static const char *const main_items[MAIN_N] = {
            N_("New game: two players on this computer"),
            N_("New game: against the AI"),
            N_("Watch the AI play itself"),
            N_("Open a saved game"),
            N_("Settings"),
            N_("Help"),
            N_("Quit"),
        };
        snprintf(buf, size, "%s", _(main_items[item]));
        return;
    }
    if (c->menu_page == PAGE_SETUP) {
        switch (item) {
        case SET_SIDE:
            snprintf(buf, size, _("You play: %s"), c->menu_side == CT_RED ? _("Red") : _("Black"));
            break;
        case SET_LEVEL:
            snprintf(buf, size, c->menu_kind == KIND_WATCH ? _("Black AI level: %d") : _("AI level: %d"),
                     g->players[CT_BLACK].level);
            break;
        case SET_RED_LEVEL:
            snprintf(buf, size, _("Red AI level: %d"), g->players[CT_RED].level);
            break;
        case SET_RULES: snprintf(buf, size, _("Rules: %s"), ct_rules_name(g->rules)); break;
        case SET_CLOCK:
            snprintf(buf, size, _("Clock: %s"), c->menu_clock ? clock_choices[c->menu_clock] : _("none"));
            break;
        case SET_START: snprintf(buf, size, "%s", _("Start the game")); break;
        case SET_BACK: snprintf(buf, size, "%s", _("Back")); break;
        }
        return;
    }
    switch (item) {
    case OPT_NOTATION:
        snprintf(buf, size, _("Notation: %s"), ct_notation_name(c->set.notation));
        break;
    case OPT_GLYPHS:
        snprintf(buf, size, _("Pieces: %s"), ui_glyphs_name(c->set.ascii ? UI_GLYPHS_ASCII : c->set.glyphs));
        break;
    case OPT_COORDS:
        snprintf(buf, size, _("Coordinates: %s"), c->set.coords ? _("on") : _("off"));
        break;
    case OPT_BACK: snprintf(buf, size, "%s", _("Back")); break;
    }
}

static int menu_top(const ctl *c)
{
    int n = page_items(c);
    int top = (c->layout.rows - n * 2) / 2;
    return top < 3 ? 3 : top;
}

static void menu_draw(ctl *c)
{
    int rows = c->layout.rows, cols = c->layout.cols;
    werase(stdscr);
    const char *title = c->menu_page == PAGE_SETTINGS ? _("Settings")
                        : c->menu_page == PAGE_SETUP ? _("New game")
                                                     : _("Cờ tướng — xiangqi");
    int top = menu_top(c);
    ui_put_centre(stdscr, top - 2, 0, cols, UI_TITLE, title);
    int n = page_items(c);
    for (int i = 0, y = top; i < n; i++) {
        if (!item_visible(c, i))
            continue;
        char buf[160];
        item_text(c, i, buf, sizeof buf);
        char line[200];
        snprintf(line, sizeof line, "  %s  ", buf);
        ui_put_centre(stdscr, y, 0, cols, i == c->menu_item ? UI_MENU_SEL : UI_NORMAL, line);
        y += rows >= 2 * n + 6 ? 2 : 1;
    }
    if (c->status[0])
        ui_put_centre(stdscr, rows - 3, 0, cols, c->status_role, c->status);
    ui_put_centre(stdscr, rows - 1, 0, cols, UI_DIM,
                  _("Up/Down choose, Left/Right change, Enter select, ? help, q quit"));
}

static void cycle(ctl *c, int item, int dir)
{
    ctl_game *g = &c->game;
    if (c->menu_page == PAGE_SETUP) {
        switch (item) {
        case SET_SIDE: c->menu_side = !c->menu_side; break;
        case SET_LEVEL:
            g->players[CT_BLACK].level = (g->players[CT_BLACK].level + 9 + dir) % 10 + 1;
            tui_prefs_save(c, "ai_level");
            break;
        case SET_RED_LEVEL: g->players[CT_RED].level = (g->players[CT_RED].level + 9 + dir) % 10 + 1; break;
        case SET_RULES:
            g->rules = (ct_rules)((g->rules + CT_RULES_COUNT + dir) % CT_RULES_COUNT);
            tui_prefs_save(c, "rules");
            break;
        case SET_CLOCK: c->menu_clock = (c->menu_clock + N_CLOCKS + dir) % N_CLOCKS; break;
        }
    } else if (c->menu_page == PAGE_SETTINGS) {
        switch (item) {
        case OPT_NOTATION:
            c->set.notation = (ct_notation)((c->set.notation + CT_NOTATION_AUTO + dir) % CT_NOTATION_AUTO);
            tui_prefs_save(c, "notation");
            break;
        case OPT_GLYPHS:
            if (!c->set.ascii)
                c->set.glyphs = (ui_glyphs)((c->set.glyphs + UI_GLYPHS_ASCII + dir) % UI_GLYPHS_ASCII);
            tui_prefs_save(c, "glyphs");
            break;
        case OPT_COORDS: c->set.coords = !c->set.coords; tui_prefs_save(c, "coords"); break;
        }
    }
}

static void start_game(ctl *c)
{
    ctl_game *g = &c->game;
    int level_black = g->players[CT_BLACK].level, level_red = g->players[CT_RED].level;
    for (int s = 0; s < 2; s++)
        g->players[s].kind = CTL_HUMAN;
    if (c->menu_kind == KIND_VS_AI) {
        int ai = !c->menu_side;
        g->players[ai].kind = CTL_AI;
        g->players[ai].level = level_black;
    } else if (c->menu_kind == KIND_WATCH) {
        g->players[CT_RED].kind = g->players[CT_BLACK].kind = CTL_AI;
        g->players[CT_RED].level = level_red;
        g->players[CT_BLACK].level = level_black;
    }
    ct_tc_parse(clock_choices[c->menu_clock], &g->tc);
    c->set.flip = c->menu_kind == KIND_VS_AI && c->menu_side == CT_BLACK;
    ctl_new_game(c);
    ctl_set_mode(c, CTL_MODE_PLAY);
}

static void go_page(ctl *c, int page)
{
    c->menu_page = page;
    c->menu_item = 0;
    while (!item_visible(c, c->menu_item))
        c->menu_item++;
}

static void choose(ctl *c, int item)
{
    if (c->menu_page == PAGE_MAIN) {
        switch (item) {
        case MAIN_HOTSEAT: c->menu_kind = KIND_HOTSEAT; go_page(c, PAGE_SETUP); break;
        case MAIN_VS_AI: c->menu_kind = KIND_VS_AI; go_page(c, PAGE_SETUP); break;
        case MAIN_WATCH: c->menu_kind = KIND_WATCH; go_page(c, PAGE_SETUP); break;
        case MAIN_OPEN:
            if (ctl_save_hooks && ctl_save_hooks->open) {
                if (ctl_save_hooks->open(c))
                    ctl_set_mode(c, CTL_MODE_PLAY);
            } else {
                ctl_status(c, UI_ERROR, "%s", _("Opening games is not available in this build."));
            }
            break;
        case MAIN_SETTINGS: go_page(c, PAGE_SETTINGS); break;
        case MAIN_HELP: ctl_push_mode(c, CTL_MODE_HELP); break;
        case MAIN_QUIT: c->quit = true; break;
        }
    } else if (c->menu_page == PAGE_SETUP) {
        if (item == SET_START)
            start_game(c);
        else if (item == SET_BACK)
            go_page(c, PAGE_MAIN);
        else
            cycle(c, item, 1);
    } else {
        if (item == OPT_BACK)
            go_page(c, PAGE_MAIN);
        else
            cycle(c, item, 1);
    }
}

static void step(ctl *c, int dir)
{
    int n = page_items(c), i = c->menu_item;
    do
        i = (i + n + dir) % n;
    while (!item_visible(c, i));
    c->menu_item = i;
}

static void menu_key(ctl *c, const ui_event *ev)
{
    c->status[0] = 0;
    switch (ev->req) {
    case REQ_UP: step(c, -1); break;
    case REQ_DOWN: step(c, 1); break;
    case REQ_LEFT: cycle(c, c->menu_item, -1); break;
    case REQ_RIGHT: cycle(c, c->menu_item, 1); break;
    case REQ_SELECT: choose(c, c->menu_item); break;
    case REQ_MOUSE: {
        if (!ev->press)
            break;
        int rows = c->layout.rows, n = page_items(c);
        int gap = rows >= 2 * n + 6 ? 2 : 1;
        for (int i = 0, y = menu_top(c); i < n; i++) {
            if (!item_visible(c, i))
                continue;
            if (ev->y == y) {
                c->menu_item = i;
                choose(c, i);
                break;
            }
            y += gap;
        }
        break;
    }
    case REQ_HELP: ctl_push_mode(c, CTL_MODE_HELP); break;
    case REQ_CANCEL:
        if (c->menu_page != PAGE_MAIN)
            go_page(c, PAGE_MAIN);
        break;
    case REQ_QUIT: c->quit = true; break;
    default: break;
    }
}

static void menu_enter(ctl *c)
{
    go_page(c, PAGE_MAIN);
}

const ctl_mode ctl_mode_menu = {
    .name = "menu",
    .enter = menu_enter,
    .draw = menu_draw,
    .key = menu_key,
    .keys = UI_KEYS_MENU,
};
