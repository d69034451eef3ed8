/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the Settings page: every value of the settings file in one list (Up/Down choose,
 * Left/Right or Enter change, the mouse too). Each change is written to the file at once
 * (sys_settings_set: comments kept) and put in force at once where the screen allows it;
 * the language is read when the program starts, and the page says so. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/clock.h"
#include "cotuong/rules.h"
#include "sys/i18n.h"
#include "sys/settings.h"
#include "sys/xmalloc.h"
#include "tui/controller.h"
#include "ui/draw.h"
#include "ui/input.h"
#include "ui/screen.h"

/* One row a setting, in the order shown; the name is the file's. */
enum {
    S_THEME, S_LANGUAGE, S_NOTATION, S_GLYPHS, S_COORDS, S_MOUSE, S_AI_LEVEL, S_RULES,
    S_CLOCK, S_BELL, S_ANALYSIS, S_THREADS, S_REVIEW_SPEED, S_CLIPBOARD, S_BACK, S_N
};

static const char *const names[S_N] = {
    "theme", "language", "notation", "glyphs", "coords", "mouse", "ai_level", "rules",
    "time_control", "bell", "analysis_time", "threads", "review_speed", "clipboard", NULL,
};

static const char *const themes[] = {"auto", "dark", "light", "mono"};
static const char *const languages[] = {"auto", "vi", "en"};
static const char *const clocks[] = {"-", "300", "600+5", "900+10", "1800", "3600+30", "/30"};
static const int analysis_steps[] = {250, 500, 1000, 2000, 5000, 10000, 30000, 60000};
static const int thread_steps[] = {1, 2, 3, 4, 6, 8, 12, 16, 32, 64};
static const int speed_steps[] = {250, 500, 1000, 2000, 3000, 5000, 10000};
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

typedef struct {
    int item, top;          /* the chosen row, the first row shown */
    app_config cfg;         /* what the file holds (language, bell... are nowhere else) */
    ui_theme_kind screen_theme; /* the theme the screen started with (what auto found) */
    bool forced_ascii;      /* the terminal cannot draw wide glyphs: the board stays ASCII */
} settings_state;

/* The index of v in a list of words (0 when absent). */
static int word_index(const char *const *words, int n, const char *v)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(words[i], v))
            return i;
    return 0;
}

/* The step of a list of numbers after (dir > 0) or before v, wrapping. */
static int int_step(const int *steps, int n, int v, int dir)
{
    int i = 0;
    while (i < n && steps[i] < v)
        i++;
    if (dir > 0)
        i = (i < n && steps[i] == v) ? i + 1 : i;
    else
        i--;
    return steps[(i + n) % n];
}

static const char *yes_no(bool b)
{
    return b ? _("on") : _("off");
}

static void value_text(const ctl *c, const settings_state *s, int item, char *buf, size_t size)
{
    const app_config *f = &s->cfg;
    char tc[32];
    switch (item) {
    case S_THEME: {
        /* The file's value, and what is in force when that differs (auto found dark; a
         * --theme of this run). */
        const char *now = ui_theme_name(ui_theme_current());
        if (strcmp(f->theme, now))
            snprintf(buf, size, _("%s (now %s)"), f->theme, now);
        else
            snprintf(buf, size, "%s", f->theme);
        break;
    }
    case S_LANGUAGE: {
        /* The same for the language: auto, or --lang en of this run, or a change made here
         * that is in force at the next start. */
        const char *now = i18n_is_vietnamese() ? "vi" : "en";
        if (strcmp(f->language, now))
            snprintf(buf, size, _("%s (now %s)"), f->language, now);
        else
            snprintf(buf, size, "%s", f->language);
        break;
    }
    case S_NOTATION: snprintf(buf, size, "%s", ct_notation_name(c->set.notation)); break;
    case S_GLYPHS:
        snprintf(buf, size, "%s", ui_glyphs_name(c->set.ascii ? UI_GLYPHS_ASCII : c->set.glyphs));
        break;
    case S_COORDS: snprintf(buf, size, "%s", yes_no(c->set.coords)); break;
    case S_MOUSE: snprintf(buf, size, "%s", yes_no(c->set.mouse)); break;
    case S_AI_LEVEL: snprintf(buf, size, "%d", c->defaults.level); break;
    case S_RULES: snprintf(buf, size, "%s", ct_rules_name(c->defaults.setup.rules)); break;
    case S_CLOCK:
        ct_tc_format(&c->defaults.setup.tc, tc, sizeof tc);
        snprintf(buf, size, "%s", strcmp(tc, "none") ? tc : _("none"));
        break;
    case S_BELL: snprintf(buf, size, "%s", yes_no(f->bell)); break;
    case S_ANALYSIS: snprintf(buf, size, _("%d ms"), c->defaults.analysis_ms); break;
    case S_THREADS: snprintf(buf, size, "%d", c->defaults.setup.threads); break;
    case S_REVIEW_SPEED: snprintf(buf, size, _("%d ms"), c->defaults.autoplay_ms); break;
    case S_CLIPBOARD: snprintf(buf, size, "%s", yes_no(c->clipboard)); break;
    default: buf[0] = 0; break;
    }
}

static const char *label(int item)
{
    static const char *const labels[S_N] = {
        N_("Theme"), N_("Language"), N_("Notation"), N_("Pieces"), N_("Coordinates"),
        N_("Mouse"), N_("AI level"), N_("Rules"), N_("Clock of new games"),
        N_("Bell when the opponent moves"), N_("Analysis time per position"),
        N_("Analysis threads"), N_("Review auto-play step"), N_("Copy to the clipboard (OSC 52)"),
        N_("Back"),
    };
    return _(labels[item]);
}

/* What the chosen row means, shown under the list. */
static const char *note(int item)
{
    switch (item) {
    case S_THEME: return _("auto asks the terminal for its background; mono draws without colours.");
    case S_LANGUAGE: return _("The language changes at the next start of cotuong.");
    case S_CLOCK: return _("Seconds, then + the increment per move; - is no clock.");
    case S_THREADS: return _("More threads search deeper in the same time on a machine with more cores.");
    case S_BACK: return _("Every change is saved to the settings file at once.");
    default: return _("Left/Right or Enter change it; it is saved to the settings file at once.");
    }
}

/* The screen in the theme named (auto: the one the screen started with). */
static void apply_theme(ctl *c, settings_state *s, const char *name)
{
    ui_theme_kind t = (ui_theme_kind)ui_theme_parse(name);
    if (t == UI_THEME_AUTO)
        t = s->screen_theme == UI_THEME_MONO ? UI_THEME_DARK : s->screen_theme;
    c->set.colour = t != UI_THEME_MONO;
    ui_theme_select(t);
    ui_theme_init(c->set.colour);
    ui_theme_select((ui_theme_kind)ui_theme_parse(name));
    clearok(curscr, TRUE); /* every cell again, in the new colours */
}

/* Changes item by one step (dir -1 or 1), puts it in force and writes it to the file. */
static void change(ctl *c, settings_state *s, int item, int dir)
{
    app_config *f = &s->cfg;
    char value[40] = "";
    int i;
    switch (item) {
    case S_THEME:
        i = (word_index(themes, COUNT(themes), f->theme) + COUNT(themes) + dir) % COUNT(themes);
        snprintf(f->theme, sizeof f->theme, "%s", themes[i]);
        apply_theme(c, s, f->theme);
        snprintf(value, sizeof value, "%s", f->theme);
        break;
    case S_LANGUAGE:
        i = (word_index(languages, COUNT(languages), f->language) + COUNT(languages) + dir) %
            COUNT(languages);
        snprintf(f->language, sizeof f->language, "%s", languages[i]);
        snprintf(value, sizeof value, "%s", f->language);
        break;
    case S_NOTATION:
        c->set.notation = (ct_notation)((c->set.notation + CT_NOTATION_AUTO + dir) % CT_NOTATION_AUTO);
        snprintf(value, sizeof value, "%s", ct_notation_name(c->set.notation));
        break;
    case S_GLYPHS: {
        /* ascii is a fourth choice; a terminal that cannot draw wide glyphs stays ascii. */
        int g = c->set.ascii ? UI_GLYPHS_ASCII : (int)c->set.glyphs;
        g = (g + UI_GLYPHS_ASCII + 1 + dir) % (UI_GLYPHS_ASCII + 1);
        if (g == UI_GLYPHS_ASCII) {
            c->set.ascii = true;
        } else {
            c->set.ascii = s->forced_ascii;
            c->set.glyphs = (ui_glyphs)g;
        }
        snprintf(f->glyphs, sizeof f->glyphs, "%s", ui_glyphs_name((ui_glyphs)g));
        snprintf(value, sizeof value, "%s", f->glyphs);
        break;
    }
    case S_COORDS:
        c->set.coords = !c->set.coords;
        snprintf(value, sizeof value, "%s", c->set.coords ? "yes" : "no");
        break;
    case S_MOUSE:
        c->set.mouse = !c->set.mouse;
        if (c->set.mouse)
            ui_input_enable_mouse();
        else
            ui_input_disable_mouse();
        snprintf(value, sizeof value, "%s", c->set.mouse ? "yes" : "no");
        break;
    case S_AI_LEVEL:
        c->defaults.level = (c->defaults.level + 9 + dir) % 10 + 1;
        snprintf(value, sizeof value, "%d", c->defaults.level);
        break;
    case S_RULES:
        c->defaults.setup.rules =
            (ct_rules)((c->defaults.setup.rules + CT_RULES_COUNT + dir) % CT_RULES_COUNT);
        snprintf(value, sizeof value, "%s", ct_rules_name(c->defaults.setup.rules));
        break;
    case S_CLOCK: {
        char now[32];
        ct_tc_format(&c->defaults.setup.tc, now, sizeof now);
        int at = -1;
        for (int k = 0; k < COUNT(clocks) && at < 0; k++) {
            ct_time_control t;
            ct_tc_parse(clocks[k], &t);
            if (!memcmp(&t, &c->defaults.setup.tc, sizeof t))
                at = k;
        }
        at = at < 0 ? (dir > 0 ? 0 : COUNT(clocks) - 1) : (at + COUNT(clocks) + dir) % COUNT(clocks);
        ct_tc_parse(clocks[at], &c->defaults.setup.tc);
        snprintf(value, sizeof value, "%s", clocks[at]);
        break;
    }
    case S_BELL:
        f->bell = !f->bell;
        ui_screen_bell_enable(f->bell);
        snprintf(value, sizeof value, "%s", f->bell ? "on" : "off");
        break;
    case S_ANALYSIS:
        c->defaults.analysis_ms = int_step(analysis_steps, COUNT(analysis_steps), c->defaults.analysis_ms, dir);
        snprintf(value, sizeof value, "%d", c->defaults.analysis_ms);
        break;
    case S_THREADS:
        c->defaults.setup.threads = int_step(thread_steps, COUNT(thread_steps), c->defaults.setup.threads, dir);
        snprintf(value, sizeof value, "%d", c->defaults.setup.threads);
        break;
    case S_REVIEW_SPEED:
        c->defaults.autoplay_ms = int_step(speed_steps, COUNT(speed_steps), c->defaults.autoplay_ms, dir);
        snprintf(value, sizeof value, "%d", c->defaults.autoplay_ms);
        break;
    case S_CLIPBOARD:
        c->clipboard = !c->clipboard;
        snprintf(value, sizeof value, "%s", c->clipboard ? "yes" : "no");
        break;
    default: return;
    }
    char err[700];
    if (sys_settings_set(NULL, names[item], value, err, sizeof err) != 0)
        ctl_status(c, UI_ERROR, _("Setting not saved: %s"), err);
    else if (item == S_LANGUAGE)
        ctl_status(c, UI_STATUS, _("Language %s: in force at the next start."), value);
    else
        ctl_status(c, UI_STATUS, _("Saved: %s = %s"), names[item], value);
}

/* Rows of the list on screen: the title above, the note, the status and the key line below. */
static int list_rows(const ctl *c)
{
    int n = c->layout.rows - 8;
    return n < 1 ? 1 : n;
}

static void keep_visible(const ctl *c, settings_state *s)
{
    int n = list_rows(c);
    if (s->item < s->top)
        s->top = s->item;
    if (s->item >= s->top + n)
        s->top = s->item - n + 1;
    if (s->top > S_N - n)
        s->top = S_N - n < 0 ? 0 : S_N - n;
    if (s->top < 0)
        s->top = 0;
}

static void settings_draw(ctl *c, void *st, const char *prompt)
{
    settings_state *s = st;
    int rows = c->layout.rows, cols = c->layout.cols;
    werase(stdscr);
    keep_visible(c, s);
    ui_put_centre(stdscr, 0, 0, cols, UI_TITLE, _("Settings"));
    /* The label column as wide as the widest label that fits; the values after it. */
    int lw = 0;
    for (int i = 0; i < S_N; i++) {
        int w = ui_strwidth(label(i));
        lw = w > lw ? w : lw;
    }
    int x = cols >= 60 ? (cols - 60) / 2 : 0, width = cols - 2 * x;
    if (lw > width / 2 + 6)
        lw = width / 2 + 6;
    int n = list_rows(c);
    /* Without UTF-8 the marks are ASCII (transliterated they read "<?>" and took the
     * value's room). */
    bool utf8 = ui_locale_is_utf8();
    if (s->top > 0)
        ui_put_centre(stdscr, 1, 0, cols, UI_DIM, utf8 ? "↑" : "^");
    for (int i = s->top, y = 2; i < S_N && y < 2 + n; i++, y++) {
        ui_role role = i == s->item ? UI_MENU_SEL : UI_NORMAL;
        ui_put_pad(stdscr, y, x, width, role, " ");
        ui_put(stdscr, y, x + 1, lw, role, label(i));
        char v[64], line[80];
        value_text(c, s, i, v, sizeof v);
        if (v[0]) {
            snprintf(line, sizeof line, utf8 ? "‹ %s ›" : "< %s >", v);
            ui_put(stdscr, y, x + lw + 3, width - lw - 4, role, line);
        }
    }
    if (s->top + n < S_N)
        ui_put_centre(stdscr, 2 + n, 0, cols, UI_DIM, utf8 ? "↓" : "v");
    ui_put_wrapped(stdscr, rows - 5, 1, cols - 2, 2, UI_DIM, note(s->item));
    if (c->status[0])
        ui_put_status(stdscr, rows - 2, 0, cols, 1, c->status_role, c->status);
    if (prompt) {
        ui_clear_rect(stdscr, rows - 2, 0, 1, cols);
        ui_put_centre(stdscr, rows - 2, 0, cols, UI_MENU_SEL, prompt);
    }
    ui_put_wrapped(stdscr, rows - 1, 0, cols, 1, UI_DIM,
                   _("Up/Down choose, Left/Right or Enter change, Esc back"));
}

static void settings_key(ctl *c, void *st, const ui_event *ev)
{
    settings_state *s = st;
    switch (ev->req) {
    case REQ_UP: s->item = (s->item + S_N - 1) % S_N; break;
    case REQ_DOWN: s->item = (s->item + 1) % S_N; break;
    case REQ_LEFT: change(c, s, s->item, -1); break;
    case REQ_RIGHT: change(c, s, s->item, 1); break;
    case REQ_SELECT:
        if (s->item == S_BACK)
            ctl_pop(c);
        else
            change(c, s, s->item, 1);
        break;
    case REQ_MOUSE:
        if (!ev->press)
            break;
        keep_visible(c, s);
        if (ev->y >= 2 && ev->y < 2 + list_rows(c) && s->top + ev->y - 2 < S_N) {
            s->item = s->top + ev->y - 2;
            if (s->item == S_BACK)
                ctl_pop(c);
            else
                change(c, s, s->item, 1);
        }
        break;
    case REQ_HELP: ctl_push(c, CTL_MODE_HELP, NULL); break;
    case REQ_CANCEL: ctl_pop(c); break;
    case REQ_QUIT: c->quit = true; break;
    default: break;
    }
}

static void *settings_open(ctl *c, const void *arg)
{
    (void)arg;
    settings_state *s = xcalloc(1, sizeof *s);
    config_defaults(&s->cfg);
    config_load(&s->cfg, NULL); /* its problems were told at the start */
    s->screen_theme = ui_theme_current();
    s->forced_ascii = c->set.ascii && strcmp(s->cfg.glyphs, "ascii") != 0;
    c->status[0] = 0;
    return s;
}

static void settings_close(ctl *c, void *st)
{
    (void)c;
    free(st);
}

const ctl_mode ctl_mode_settings = {
    .name = "settings",
    .keys = UI_KEYS_MENU,
    .open = settings_open,
    .close = settings_close,
    .draw = settings_draw,
    .key = settings_key,
    .full_screen = true,
};
