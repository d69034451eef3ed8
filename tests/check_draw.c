/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — tests of the text fitting of src/ui/draw.c on a curses screen that writes to
 * /dev/null: text cut to fit ends in an ellipsis ("..." without UTF-8, "…" with it), down
 * to a room no wider than the ellipsis itself; text that fits is drawn as it is; wrapping
 * (a path after a slash) and the question dialog, whole or with its answer keys. */
#include <check.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "ui/draw.h"
#include "ui/views.h"

static SCREEN *scr;
static FILE *out, *in;

/* A screen on /dev/null in the given locale ("C" or "C.UTF-8"). */
static bool open_screen(const char *locale)
{
    if (!setlocale(LC_ALL, locale))
        return false;
    out = fopen("/dev/null", "w");
    in = fopen("/dev/null", "r");
    ck_assert(out && in);
    scr = newterm("xterm", out, in);
    return scr != NULL;
}

static void close_screen(void)
{
    endwin();
    delscreen(scr);
    fclose(out);
    fclose(in);
}

/* What row y of w shows, as UTF-8, leading and trailing blanks removed. */
static void row_at(WINDOW *w, int y, char *buf, size_t size)
{
    wchar_t wbuf[256];
    int n = mvwinnwstr(w, y, 0, wbuf, 255);
    wbuf[n > 0 ? n : 0] = L'\0';
    size_t len = wcstombs(buf, wbuf, size - 1);
    if (len == (size_t)-1)
        len = 0;
    buf[len] = '\0';
    while (len > 0 && buf[len - 1] == ' ')
        buf[--len] = '\0';
    size_t lead = strspn(buf, " ");
    memmove(buf, buf + lead, len - lead + 1);
}

/* What row 0 of w shows, as UTF-8, trailing blanks removed. */
static void row_text(WINDOW *w, char *buf, size_t size)
{
    wchar_t wbuf[128];
    int n = mvwinnwstr(w, 0, 0, wbuf, 127);
    wbuf[n > 0 ? n : 0] = L'\0';
    size_t len = wcstombs(buf, wbuf, size - 1);
    if (len == (size_t)-1)
        len = 0;
    buf[len] = '\0';
    while (len > 0 && buf[len - 1] == ' ')
        buf[--len] = '\0';
}

static void put_and_read(int maxw, const char *s, int want_used, const char *want)
{
    WINDOW *w = newwin(1, 40, 0, 0);
    ck_assert_ptr_nonnull(w);
    char got[512];
    int used = ui_put(w, 0, 0, maxw, UI_NORMAL, s);
    row_text(w, got, sizeof got);
    ck_assert_msg(!strcmp(got, want), "ui_put(%d, \"%s\") drew \"%s\", wanted \"%s\"", maxw, s, got,
                  want);
    ck_assert_int_eq(used, want_used);
    delwin(w);
}

START_TEST(test_ascii_cut)
{
    ck_assert_msg(open_screen("C"), "no screen on /dev/null (terminfo xterm, locale C)");
    ck_assert(!ui_locale_is_utf8());
    put_and_read(16, "2005 cup 1 of 30", 16, "2005 cup 1 of 30"); /* fits: as it is */
    put_and_read(8, "2005 cup 1 of 30", 7, "2005..."); /* cut, the blank before "..." dropped */
    put_and_read(4, "2005 cup 1 of 30", 4, "2...");
    /* The trainer's source line at 80x24 under LANG=C had 3 columns left: it showed "20". */
    put_and_read(3, "2005 cup 1 of 30", 3, "...");
    put_and_read(2, "2005 cup 1 of 30", 2, "..");
    put_and_read(1, "2005 cup 1 of 30", 1, ".");
    put_and_read(3, "abc", 3, "abc");
    close_screen();
}
END_TEST

START_TEST(test_utf8_cut)
{
    ck_assert_msg(open_screen("C.UTF-8"), "no screen on /dev/null (terminfo xterm, C.UTF-8)");
    ck_assert(ui_locale_is_utf8());
    put_and_read(6, "漢字ab", 6, "漢字ab");
    put_and_read(5, "漢字ab", 5, "漢字…");
    put_and_read(4, "漢字ab", 3, "漢…"); /* a wide glyph does not fit in the last column */
    put_and_read(2, "漢字ab", 1, "…");
    put_and_read(1, "漢字ab", 1, "…");
    put_and_read(1, "x", 1, "x");
    close_screen();
}
END_TEST

/* Wrapping: words stay whole, a path breaks after a slash, a word wider than the room is
 * split (never an endless loop), and the count matches what is drawn. */
START_TEST(test_wrap)
{
    ck_assert_msg(open_screen("C.UTF-8"), "no screen on /dev/null (terminfo xterm, C.UTF-8)");
    const char *q = "/home/user/games/a-file.pgn exists. Replace it? (y/n)";
    WINDOW *w = newwin(6, 20, 0, 0);
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(ui_wrap_rows(q, 20), 3);
    ck_assert_int_eq(ui_put_wrapped(w, 0, 0, 20, 6, UI_NORMAL, q), 3);
    char got[512];
    row_at(w, 0, got, sizeof got);
    ck_assert_str_eq(got, "/home/user/games/");
    row_at(w, 1, got, sizeof got);
    ck_assert_str_eq(got, "a-file.pgn exists.");
    row_at(w, 2, got, sizeof got);
    ck_assert_str_eq(got, "Replace it? (y/n)");
    ck_assert_int_eq(ui_wrap_rows("abcdefghij", 4), 3);
    /* A path's later rows still break after a slash (its first slashes are on a row above). */
    werase(w);
    ck_assert_int_eq(ui_put_wrapped(w, 0, 0, 20, 6, UI_NORMAL, "/tmp/a-long-folder-name/game-file.pgn: 1"), 3);
    row_at(w, 1, got, sizeof got);
    ck_assert_str_eq(got, "a-long-folder-name/");
    row_at(w, 2, got, sizeof got);
    ck_assert_str_eq(got, "game-file.pgn: 1");
    /* "(y/n)" is no path: it stays whole (it broke as "(y/" and "n)"). */
    werase(w);
    ck_assert_int_eq(ui_put_wrapped(w, 0, 0, 20, 6, UI_NORMAL, "game.pgn exists. Replace it? (y/n)"), 2);
    row_at(w, 1, got, sizeof got);
    ck_assert_str_eq(got, "Replace it? (y/n)");
    ck_assert_int_eq(ui_wrap_rows("漢字漢字", 1), 4); /* a glyph wider than the room: one a row */
    delwin(w);
    close_screen();
}
END_TEST

/* The dialog: the whole question on a roomy screen; on one too small for it, its start and
 * its last row, with the answer keys. */
START_TEST(test_dialog)
{
    ck_assert_msg(open_screen("C.UTF-8"), "no screen on /dev/null (terminfo xterm, C.UTF-8)");
    char q[1200], got[512];
    snprintf(q, sizeof q, "%s", "/tmp/");
    for (int i = 0; i < 40; i++)
        strcat(q, "folder/");
    strcat(q, "game.pgn exists. Replace it? (y/n)");
    WINDOW *w = newwin(24, 30, 0, 0);
    ck_assert_ptr_nonnull(w);
    ui_dialog_draw(w, 24, 30, q);
    bool keys = false, start = false;
    for (int y = 0; y < 24; y++) {
        row_at(w, y, got, sizeof got);
        keys = keys || strstr(got, "(y/n)");
        start = start || !strncmp(got, "/tmp/folder/", 12);
    }
    ck_assert_msg(keys && start, "the question's start and its answer keys");
    werase(w);
    ui_dialog_draw(w, 6, 30, q); /* 6 rows: far too few */
    keys = false;
    for (int y = 0; y < 6; y++) {
        row_at(w, y, got, sizeof got);
        keys = keys || strstr(got, "(y/n)");
    }
    ck_assert_msg(keys, "the answer keys on a screen too small for the question");
    delwin(w);
    close_screen();
}
END_TEST

static Suite *draw_suite(void)
{
    Suite *s = suite_create("draw");
    TCase *tc = tcase_create("fit");
    tcase_add_test(tc, test_ascii_cut);
    tcase_add_test(tc, test_utf8_cut);
    tcase_add_test(tc, test_wrap);
    tcase_add_test(tc, test_dialog);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(draw_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
