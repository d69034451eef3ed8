/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the start menu: back to the game in progress (when one waits below), new game
 * (hot-seat, against the AI, AI against AI), open a saved game, the trainer (with the
 * puzzle of the day under the title), settings, help, quit; a
 * set-up page for the game's players, rules and clock, starting from the `play` options.
 * Items are chosen with the arrows and Enter, values changed with Left/Right, or with the
 * mouse. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/i18n.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "tui/controller.h"
#include "tui/session.h"
#include "ui/draw.h"

enum { PAGE_MAIN, PAGE_SETUP };
enum { KIND_HOTSEAT, KIND_VS_AI, KIND_WATCH };

static const char *const clock_choices[] = {"none", "5+0", "10+5", "15+10", "30+0", "60+30", "/30"};
#define N_CLOCKS ((int)(sizeof clock_choices / sizeof clock_choices[0]))

enum {
    MAIN_BACK, MAIN_HOTSEAT, MAIN_VS_AI, MAIN_WATCH, MAIN_OPEN, MAIN_EDIT, MAIN_TRAIN,
    MAIN_SETTINGS, MAIN_HELP, MAIN_SOMEONE, MAIN_QUIT, MAIN_N
};
/* The set-up page in the order shown: watching the AI, Red's level comes before Black's. */
enum { SET_VARIANT, SET_SIDE, SET_RED_LEVEL, SET_LEVEL, SET_RULES, SET_CLOCK, SET_START, SET_BACK, SET_N };

typedef struct {
    int page, item, kind, side;
    bool coup;              /* the game chosen: cờ úp (true) or cờ tướng */
    int level[2];
    ct_rules rules;
    int clock;              /* index into the choices; -1: the time control of the options */
    ct_time_control tc;     /* the options' time control */
    char tc_text[32];
    char daily[200];        /* the puzzle of the day line, "" without the exercises */
} menu_state;

static int page_items(const menu_state *m)
{
    return m->page == PAGE_MAIN ? MAIN_N : SET_N;
}

static bool item_visible(const ctl *c, const menu_state *m, int item)
{
    if (m->page == PAGE_MAIN)
        return item != MAIN_BACK || ctl_find(c, CTL_MODE_PLAY) != NULL;
    switch (item) {
    case SET_SIDE: return m->kind == KIND_VS_AI;
    case SET_LEVEL: return m->kind != KIND_HOTSEAT;
    case SET_RED_LEVEL: return m->kind == KIND_WATCH;
    default: return true;
    }
}

static const char *clock_text(const menu_state *m)
{
    return m->clock < 0 ? m->tc_text : m->clock == 0 ? _("none") : clock_choices[m->clock];
}

static void item_text(const ctl *c, const menu_state *m, int item, char *buf, size_t size)
{
    (void)c;
    if (m->page == PAGE_MAIN) {
        static const char *const main_items[MAIN_N] = {
            N_("Back to the game in progress"),
            N_("New game: two players on this computer"),
            N_("New game: against the AI"),
            N_("Watch the AI play itself"),
            N_("Open a saved game"),
            N_("Set up a position"),
            N_("Trainer: exercises and the puzzle of the day"),
            N_("Settings"),
            N_("Help"),
            N_("Play someone on this computer"),
            N_("Quit"),
        };
        snprintf(buf, size, "%s", _(main_items[item]));
        return;
    }
    if (m->page == PAGE_SETUP) {
        switch (item) {
        case SET_VARIANT: snprintf(buf, size, _("Game: %s"), m->coup ? _("Cờ úp (face down)") : _("Cờ tướng")); break;
        case SET_SIDE: snprintf(buf, size, _("You play: %s"), m->side == CT_RED ? _("Red") : _("Black")); break;
        case SET_LEVEL:
            snprintf(buf, size, m->kind == KIND_WATCH ? _("Black AI level: %d") : _("AI level: %d"),
                     m->level[CT_BLACK]);
            break;
        case SET_RED_LEVEL: snprintf(buf, size, _("Red AI level: %d"), m->level[CT_RED]); break;
        case SET_RULES: snprintf(buf, size, _("Rules: %s"), ct_rules_name(m->rules)); break;
        case SET_CLOCK: snprintf(buf, size, _("Clock: %s"), clock_text(m)); break;
        case SET_START: snprintf(buf, size, "%s", _("Start the game")); break;
        case SET_BACK: snprintf(buf, size, "%s", _("Back")); break;
        }
    }
}

static int visible_items(const ctl *c, const menu_state *m)
{
    int n = 0;
    for (int i = 0; i < page_items(m); i++)
        n += item_visible(c, m, i);
    return n;
}

static int menu_top(const ctl *c, const menu_state *m)
{
    int n = visible_items(c, m);
    int top = (c->layout.rows - n * 2) / 2;
    return top < 3 ? 3 : top;
}

static int row_gap(const ctl *c, const menu_state *m)
{
    return c->layout.rows >= 2 * visible_items(c, m) + 6 ? 2 : 1;
}

static void menu_draw(ctl *c, void *st, const char *prompt)
{
    menu_state *m = st;
    int rows = c->layout.rows, cols = c->layout.cols;
    werase(stdscr);
    const char *title = m->page == PAGE_SETUP ? _("New game") : _("Cờ tướng — xiangqi");
    int top = menu_top(c, m);
    ui_put_centre(stdscr, top - 2, 0, cols, UI_TITLE, title);
    if (m->page == PAGE_MAIN && m->daily[0])
        ui_put_centre(stdscr, top - 1, 0, cols, UI_DIM, m->daily);
    for (int i = 0, y = top; i < page_items(m); i++) {
        if (!item_visible(c, m, i))
            continue;
        char buf[200], line[240];
        item_text(c, m, i, buf, sizeof buf);
        snprintf(line, sizeof line, "  %s  ", buf);
        ui_put_centre(stdscr, y, 0, cols, i == m->item ? UI_MENU_SEL : UI_NORMAL, line);
        y += row_gap(c, m);
    }
    if (c->status[0])
        ui_put_centre(stdscr, rows - 3, 0, cols, c->status_role, c->status);
    if (prompt) {
        ui_clear_rect(stdscr, rows - 2, 0, 1, cols);
        ui_put_centre(stdscr, rows - 2, 0, cols, UI_MENU_SEL, prompt);
    }
    ui_put_centre(stdscr, rows - 1, 0, cols, UI_DIM,
                  _("Up/Down choose, Left/Right change, Enter select, ? help, q quit"));
}

static void cycle(ctl *c, menu_state *m, int item, int dir)
{
    if (m->page == PAGE_SETUP) {
        switch (item) {
        case SET_VARIANT: m->coup = !m->coup; break;
        case SET_SIDE: m->side = !m->side; break;
        case SET_LEVEL:
            m->level[CT_BLACK] = (m->level[CT_BLACK] + 9 + dir) % 10 + 1;
            c->defaults.level = m->level[CT_BLACK];
            session_setting_changed(c, "ai_level");
            break;
        case SET_RED_LEVEL: m->level[CT_RED] = (m->level[CT_RED] + 9 + dir) % 10 + 1; break;
        case SET_RULES:
            m->rules = (ct_rules)((m->rules + CT_RULES_COUNT + dir) % CT_RULES_COUNT);
            c->defaults.setup.rules = m->rules;
            session_setting_changed(c, "rules");
            break;
        case SET_CLOCK: {
            int lo = m->tc_text[0] ? -1 : 0, span = N_CLOCKS - lo;
            m->clock = (m->clock - lo + span + dir) % span + lo;
            break;
        }
        }
    }
}

/* A new game from the set-up page on top of the `play` options (start position, flip,
 * the engines given): what the page does not show comes from the options. */
static void start_game(ctl *c, menu_state *m)
{
    game_setup s = c->defaults.setup;
    s.rules = m->rules;
    /* Cờ úp: a deal of its own each time, from its own start. */
    s.variant = m->coup ? GAME_VARIANT_COUP : GAME_VARIANT_STANDARD;
    if (m->coup) {
        s.coup_dealt = false;
        s.coup_seed = sys_fresh_seed();
        s.fen[0] = 0;
    } else if (c->defaults.setup.variant == GAME_VARIANT_COUP) {
        s.fen[0] = 0; /* play --variant coup --fen: a cờ úp position, no start for cờ tướng */
    }
    if (m->clock >= 0)
        ct_tc_parse(clock_choices[m->clock], &s.tc);
    else
        s.tc = m->tc;
    for (int side = 0; side < 2; side++) {
        sys_player_spec *p = &s.players[side];
        bool ai = m->kind == KIND_WATCH || (m->kind == KIND_VS_AI && side != m->side);
        if (!ai) {
            sys_player_spec_human(p);
        } else if (p->kind != SYS_PLAYER_ENGINE) {
            memset(p, 0, sizeof *p);
            p->kind = SYS_PLAYER_AI;
            p->level = m->kind == KIND_WATCH ? m->level[side] : m->level[CT_BLACK];
        }
    }
    c->defaults.level = m->level[CT_BLACK];
    ctl_play_arg arg = {.setup = &s};
    ctl_replace_all(c, CTL_MODE_PLAY, &arg);
}

static void go_page(const ctl *c, menu_state *m, int page)
{
    m->page = page;
    /* The set-up page opens on its first choice after the game (cờ tướng or cờ úp), which
     * keeps the keys to the players and the clock as they were. */
    m->item = page == PAGE_SETUP ? SET_VARIANT + 1 : 0;
    while (!item_visible(c, m, m->item))
        m->item++;
}

/* Back on the main page from a sub-page, the cursor is on the entry that opened it. */
static void back_to_main(const ctl *c, menu_state *m)
{
    static const int entry_of_kind[] = {MAIN_HOTSEAT, MAIN_VS_AI, MAIN_WATCH};
    int from = entry_of_kind[m->kind];
    go_page(c, m, PAGE_MAIN);
    m->item = from;
}

static void choose(ctl *c, menu_state *m, int item)
{
    if (m->page == PAGE_MAIN) {
        switch (item) {
        case MAIN_BACK: ctl_pop(c); break;
        case MAIN_HOTSEAT: m->kind = KIND_HOTSEAT; go_page(c, m, PAGE_SETUP); break;
        case MAIN_VS_AI: m->kind = KIND_VS_AI; go_page(c, m, PAGE_SETUP); break;
        case MAIN_WATCH: m->kind = KIND_WATCH; go_page(c, m, PAGE_SETUP); break;
        case MAIN_OPEN: session_open_prompt(c); break;
        case MAIN_EDIT: ctl_push(c, CTL_MODE_EDIT, NULL); break;
        case MAIN_TRAIN: ctl_push(c, CTL_MODE_TRAIN, NULL); break;
        case MAIN_SETTINGS: ctl_push(c, CTL_MODE_SETTINGS, NULL); break;
        case MAIN_HELP: ctl_push(c, CTL_MODE_HELP, NULL); break;
        case MAIN_SOMEONE: ctl_push(c, CTL_MODE_LOBBY, NULL); break;
        case MAIN_QUIT: c->quit = true; break;
        }
    } else {
        if (item == SET_START)
            start_game(c, m);
        else if (item == SET_BACK)
            back_to_main(c, m);
        else
            cycle(c, m, item, 1);
    }
}

static void step(const ctl *c, menu_state *m, int dir)
{
    int n = page_items(m), i = m->item;
    do
        i = (i + n + dir) % n;
    while (!item_visible(c, m, i));
    m->item = i;
}

static void menu_key(ctl *c, void *st, const ui_event *ev)
{
    menu_state *m = st;
    c->status[0] = 0;
    switch (ev->req) {
    case REQ_UP: step(c, m, -1); break;
    case REQ_DOWN: step(c, m, 1); break;
    case REQ_LEFT: cycle(c, m, m->item, -1); break;
    case REQ_RIGHT: cycle(c, m, m->item, 1); break;
    case REQ_SELECT: choose(c, m, m->item); break;
    case REQ_MOUSE:
        if (!ev->press)
            break;
        for (int i = 0, y = menu_top(c, m); i < page_items(m); i++) {
            if (!item_visible(c, m, i))
                continue;
            if (ev->y == y) {
                m->item = i;
                choose(c, m, i);
                break;
            }
            y += row_gap(c, m);
        }
        break;
    case REQ_HELP: ctl_push(c, CTL_MODE_HELP, NULL); break;
    case REQ_CANCEL:
        if (m->page != PAGE_MAIN)
            back_to_main(c, m);
        else if (ctl_find(c, CTL_MODE_PLAY))
            ctl_pop(c); /* back to the game in progress */
        break;
    case REQ_QUIT: c->quit = true; break;
    default: break;
    }
}

static void *menu_open(ctl *c, const void *arg)
{
    (void)arg;
    menu_state *m = xcalloc(1, sizeof *m);
    if (!m)
        return NULL;
    const game_setup *d = &c->defaults.setup;
    m->rules = d->rules;
    m->coup = d->variant == GAME_VARIANT_COUP;
    m->level[CT_RED] = m->level[CT_BLACK] = c->defaults.level;
    for (int s = 0; s < 2; s++)
        if (d->players[s].kind == SYS_PLAYER_AI)
            m->level[s] = d->players[s].level;
    m->side = c->defaults.flip ? CT_BLACK : CT_RED; /* --flip: you play Black */
    session_train_daily_line(m->daily, sizeof m->daily);
    /* The clock of the options (or the settings) is the first choice when not in the list. */
    char text[32];
    ct_tc_format(&d->tc, text, sizeof text);
    m->tc = d->tc;
    m->clock = -1;
    for (int i = 0; i < N_CLOCKS; i++) {
        ct_time_control t;
        ct_tc_parse(clock_choices[i], &t);
        if (!memcmp(&t, &d->tc, sizeof t))
            m->clock = i;
    }
    if (m->clock < 0)
        snprintf(m->tc_text, sizeof m->tc_text, "%s", text);
    go_page(c, m, PAGE_MAIN);
    return m;
}

static void menu_close(ctl *c, void *st)
{
    (void)c;
    free(st);
}

const ctl_mode ctl_mode_menu = {
    .name = "menu",
    .keys = UI_KEYS_MENU,
    .open = menu_open,
    .close = menu_close,
    .draw = menu_draw,
    .key = menu_key,
    .full_screen = true,
};
