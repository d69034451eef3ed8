/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the themes as tables: in dark, light and monochrome, with 8 and 256 colours,
 * Red and Black pieces differ, and so do the cursor, the targets, the last move (with Red
 * and Black still apart on it) and check; Black is never white on the default background;
 * every colour on a colour reads at 4.5:1 or more (WCAG contrast, 256 colours);
 * the terminal's background answers (OSC 11, COLORFGBG) pick the right theme; the board's
 * roles cost few bytes per cursor step. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "ui/theme.h"

typedef struct {
    short fg, bg;
    attr_t attr;
} style;

static style st(ui_theme_kind t, ui_role r, bool wide)
{
    style s;
    ui_role_style(t, r, wide, &s.fg, &s.bg, &s.attr);
    return s;
}

static bool same(style a, style b)
{
    return a.fg == b.fg && a.bg == b.bg && a.attr == b.attr;
}

static const ui_theme_kind themes[] = {UI_THEME_DARK, UI_THEME_LIGHT, UI_THEME_MONO};

START_TEST(test_roles_distinguishable)
{
    ui_theme_kind t = themes[_i / 2];
    bool wide = _i % 2;
    /* Pieces: Red and Black, plain and on the last move. */
    ck_assert(!same(st(t, UI_RED, wide), st(t, UI_BLACK, wide)));
    ck_assert(!same(st(t, UI_LAST_RED, wide), st(t, UI_LAST_BLACK, wide)));
    ck_assert(!same(st(t, UI_LAST_RED, wide), st(t, UI_RED, wide)));
    ck_assert(!same(st(t, UI_LAST_BLACK, wide), st(t, UI_BLACK, wide)));
    /* The marks on the board differ from each other and from plain pieces. */
    ui_role marks[] = {UI_CURSOR, UI_SELECTED, UI_TARGET, UI_CAPTURE, UI_LAST_BLACK, UI_CHECK, UI_HINT,
                       UI_SELECTED_RED};
    int n = (int)(sizeof marks / sizeof marks[0]);
    for (int i = 0; i < n; i++) {
        ck_assert_msg(!same(st(t, marks[i], wide), st(t, UI_BLACK, wide)), "mark %d", i);
        ck_assert_msg(!same(st(t, marks[i], wide), st(t, UI_RED, wide)), "mark %d", i);
        for (int j = i + 1; j < n; j++)
            ck_assert_msg(!same(st(t, marks[i], wide), st(t, marks[j], wide)), "marks %d %d", i, j);
    }
    if (t != UI_THEME_MONO) {
        /* On the last move a piece keeps its colour: Red's foreground is Red's. */
        ck_assert_int_eq(st(t, UI_LAST_RED, wide).fg, st(t, UI_RED, wide).fg);
        ck_assert_int_ne(st(t, UI_LAST_BLACK, wide).fg, st(t, UI_LAST_RED, wide).fg);
        /* Never white (nor bold white) text on the default background. */
        for (int r = 1; r < UI_ROLE_COUNT; r++) {
            style s = st(t, (ui_role)r, wide);
            if (s.bg == -1)
                ck_assert_msg(s.fg != COLOR_WHITE && s.fg != 231 && s.fg != 15 && s.fg != 255,
                              "role %d is white on the default background", r);
        }
    }
}
END_TEST

/* The xterm 256-colour palette as sRGB: the 16 system colours, the 6x6x6 cube, the greys. */
static void xterm_rgb(int c, double rgb[3])
{
    static const int sys[16][3] = {{0, 0, 0},       {205, 0, 0},   {0, 205, 0},   {205, 205, 0},
                                   {0, 0, 238},     {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
                                   {127, 127, 127}, {255, 0, 0},   {0, 255, 0},   {255, 255, 0},
                                   {92, 92, 255},   {255, 0, 255}, {0, 255, 255}, {255, 255, 255}};
    static const int level[6] = {0, 95, 135, 175, 215, 255};
    for (int k = 0; k < 3; k++) {
        if (c < 16)
            rgb[k] = sys[c][k];
        else if (c < 232)
            rgb[k] = level[(k == 0 ? (c - 16) / 36 : k == 1 ? (c - 16) / 6 : c - 16) % 6];
        else
            rgb[k] = 8 + 10 * (c - 232);
    }
}

/* WCAG relative luminance and contrast ratio. */
static double luminance(int c)
{
    double rgb[3], lin[3];
    xterm_rgb(c, rgb);
    for (int k = 0; k < 3; k++) {
        double v = rgb[k] / 255.0;
        lin[k] = v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

static double contrast(int a, int b)
{
    double la = luminance(a), lb = luminance(b);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* Every role drawn in a colour on a colour reads at 4.5:1 or more with 256 colours (a Red
 * piece on the dark theme's last-move square was red 196 on blue 24: 1.8:1). */
START_TEST(test_contrast)
{
    ck_assert(contrast(196, 24) < 2.0); /* the measure itself: the old pair */
    ck_assert(contrast(16, 231) > 20.0);
    ui_theme_kind t = _i == 0 ? UI_THEME_DARK : UI_THEME_LIGHT;
    for (int r = 1; r < UI_ROLE_COUNT; r++) {
        style s = st(t, (ui_role)r, true);
        if (s.fg < 0 || s.bg < 0)
            continue; /* the terminal's own colour: not ours to measure */
        ck_assert_msg(contrast(s.fg, s.bg) >= 4.5, "theme %d role %d: %d on %d is %.2f:1", t, r,
                      s.fg, s.bg, contrast(s.fg, s.bg));
    }
    /* A Red piece selected or on the last move keeps a red foreground. */
    ui_role reds[] = {UI_SELECTED_RED, UI_LAST_RED};
    for (int i = 0; i < 2; i++) {
        double rgb[3];
        xterm_rgb(st(t, reds[i], true).fg, rgb);
        ck_assert_msg(rgb[0] > 2 * rgb[1] && rgb[0] > 2 * rgb[2] && rgb[0] >= 150, "role %d not red",
                      reds[i]);
    }
}
END_TEST

/* Without colours a Black king in check is not marked as Red's pieces are (reverse video). */
START_TEST(test_mono_check)
{
    style red = st(UI_THEME_MONO, UI_RED, false), black_check = st(UI_THEME_MONO, UI_CHECK_BLACK, false);
    ck_assert(red.attr & A_REVERSE);
    ck_assert(!(black_check.attr & A_REVERSE));
    ck_assert(!same(st(UI_THEME_MONO, UI_CHECK, false), black_check));
    ck_assert(!same(st(UI_THEME_MONO, UI_SELECTED_RED, false), st(UI_THEME_MONO, UI_SELECTED, false)));
}
END_TEST

START_TEST(test_detection)
{
    ck_assert_int_eq(ui_theme_from_osc11("\033]11;rgb:ffff/ffff/ffff\033\\"), UI_THEME_LIGHT);
    ck_assert_int_eq(ui_theme_from_osc11("\033]11;rgb:0000/0000/0000\a"), UI_THEME_DARK);
    ck_assert_int_eq(ui_theme_from_osc11("\033]11;rgb:fdfd/f6f6/e3e3\033\\"), UI_THEME_LIGHT); /* solarized light */
    ck_assert_int_eq(ui_theme_from_osc11("\033]11;rgb:0000/2b2b/3636\033\\"), UI_THEME_DARK);  /* solarized dark */
    ck_assert_int_eq(ui_theme_from_osc11("\033]11;rgb:ff/ff/ff\a"), UI_THEME_LIGHT);
    ck_assert_int_eq(ui_theme_from_osc11(""), UI_THEME_AUTO);
    ck_assert_int_eq(ui_theme_from_osc11("\033]11;rgb:zz/00/00\a"), UI_THEME_AUTO);
    ck_assert_int_eq(ui_theme_from_colorfgbg("15;0"), UI_THEME_DARK);
    ck_assert_int_eq(ui_theme_from_colorfgbg("0;15"), UI_THEME_LIGHT);
    ck_assert_int_eq(ui_theme_from_colorfgbg("0;default;7"), UI_THEME_LIGHT);
    ck_assert_int_eq(ui_theme_from_colorfgbg("7"), UI_THEME_AUTO);
    ck_assert_int_eq(ui_theme_from_colorfgbg(NULL), UI_THEME_AUTO);
    ck_assert_int_eq(ui_theme_parse("Light"), UI_THEME_LIGHT);
    ck_assert_int_eq(ui_theme_parse("colour"), UI_THEME_AUTO);
    ck_assert_int_eq(ui_theme_parse("pink"), -1);
}
END_TEST

/* What a cursor step costs on the wire (scripts/measure-ui, 1.4 KB per keyboard move at
 * most): curses turns an attribute off by resetting all of them and sending both colours
 * again, and selects a colour above 15 in 11 bytes instead of 5. So in both colour themes
 * the grid is bold like every piece and mark a cursor passes over, and in the dark theme the
 * grid, the targets and the cursor's foreground are colours 0-15. */
START_TEST(test_wire_cost)
{
    ui_theme_kind t = _i == 0 ? UI_THEME_DARK : UI_THEME_LIGHT;
    ui_role board[] = {UI_GRID, UI_RED, UI_BLACK, UI_CURSOR, UI_TARGET, UI_CAPTURE, UI_LAST_RED,
                       UI_LAST_BLACK, UI_SELECTED, UI_SELECTED_RED};
    for (size_t i = 0; i < sizeof board / sizeof board[0]; i++)
        ck_assert_msg(st(t, board[i], true).attr == A_BOLD, "theme %d role %d not bold alone", t,
                      board[i]);
    if (t == UI_THEME_DARK) {
        ck_assert_int_lt(st(t, UI_GRID, true).fg, 16);
        ck_assert_int_lt(st(t, UI_TARGET, true).fg, 16);
        ck_assert_int_lt(st(t, UI_CURSOR, true).fg, 16);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("theme");
    TCase *tc = tcase_create("theme");
    tcase_add_loop_test(tc, test_roles_distinguishable, 0, 6);
    tcase_add_test(tc, test_detection);
    tcase_add_loop_test(tc, test_contrast, 0, 2);
    tcase_add_test(tc, test_mono_check);
    tcase_add_loop_test(tc, test_wire_cost, 0, 2);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
