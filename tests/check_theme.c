/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the themes as tables: in dark, light and monochrome, with 8 and 256 colours,
 * Red and Black pieces differ, and so do the cursor, the targets, the last move (with Red
 * and Black still apart on it) and check; Black is never white on the default background;
 * the terminal's background answers (OSC 11, COLORFGBG) pick the right theme. */
#include <check.h>
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
    ui_role marks[] = {UI_CURSOR, UI_SELECTED, UI_TARGET, UI_CAPTURE, UI_LAST_BLACK, UI_CHECK, UI_HINT};
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

int main(void)
{
    Suite *s = suite_create("theme");
    TCase *tc = tcase_create("theme");
    tcase_add_loop_test(tc, test_roles_distinguishable, 0, 6);
    tcase_add_test(tc, test_detection);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
