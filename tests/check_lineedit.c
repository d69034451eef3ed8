/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the prompts' line editor without a terminal: movement over multi-byte and
 * combining characters, every deletion key, history, the scrolled window of wide text, and
 * file-name completion in a folder made for the test. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ui/lineedit.h"

static ui_lineedit le;

static void req(ui_req r)
{
    ck_assert_int_ne(ui_le_request(&le, r, 0, NULL, 0), UI_LE_NONE);
}

static void type(const char *s)
{
    for (; *s; s++)
        ui_le_request(&le, REQ_TEXT, (unsigned char)*s, NULL, 0);
}

START_TEST(test_cursor_and_insert)
{
    ui_le_init(&le, "h2e2", NULL);
    ck_assert_uint_eq(le.cur, 4);
    req(REQ_EDIT_HOME);
    type("x");
    ck_assert_str_eq(le.buf, "xh2e2");
    req(REQ_EDIT_END);
    req(REQ_EDIT_LEFT);
    req(REQ_EDIT_LEFT);
    type("-");
    ck_assert_str_eq(le.buf, "xh2-e2");
    req(REQ_EDIT_RIGHT);
    req(REQ_EDIT_RIGHT);
    req(REQ_EDIT_RIGHT); /* at the end already */
    ck_assert_uint_eq(le.cur, le.len);
    ui_le_free(&le);
}
END_TEST

START_TEST(test_multibyte)
{
    /* 炮 is 3 bytes, "ạ" written as a + combining dot below (U+0323) moves as one. */
    ui_le_init(&le, "炮二平五 Pha\xcc\xa3o", NULL);
    req(REQ_EDIT_LEFT); /* before o */
    req(REQ_EDIT_LEFT); /* before a + mark */
    ck_assert_str_eq(le.buf + le.cur, "a\xcc\xa3o");
    req(REQ_EDIT_DELETE);
    ck_assert_str_eq(le.buf, "炮二平五 Pho");
    req(REQ_EDIT_HOME);
    req(REQ_EDIT_RIGHT);
    ck_assert_uint_eq(le.cur, 3);
    req(REQ_EDIT_BACKSPACE);
    ck_assert_str_eq(le.buf, "二平五 Pho");
    ui_le_request(&le, REQ_TEXT, 0x70AE, NULL, 0);
    ck_assert_str_eq(le.buf, "炮二平五 Pho");
    /* Backspace at the start does nothing, control characters are never inserted. */
    req(REQ_EDIT_HOME);
    req(REQ_EDIT_BACKSPACE);
    ui_le_insert(&le, "\033[2J\n");
    ck_assert_str_eq(le.buf, "[2J炮二平五 Pho");
    ui_le_free(&le);
}
END_TEST

START_TEST(test_kills)
{
    ui_le_init(&le, "games/2024/old game.pgn", NULL);
    req(REQ_EDIT_KILL_WORD);
    ck_assert_str_eq(le.buf, "games/2024/old ");
    req(REQ_EDIT_KILL_WORD);
    ck_assert_str_eq(le.buf, "games/2024/");
    req(REQ_EDIT_KILL_WORD);
    ck_assert_str_eq(le.buf, "games/");
    ui_le_free(&le);
    ui_le_init(&le, "abc def", NULL);
    req(REQ_EDIT_HOME);
    req(REQ_EDIT_RIGHT);
    req(REQ_EDIT_RIGHT);
    req(REQ_EDIT_KILL_END);
    ck_assert_str_eq(le.buf, "ab");
    type("XYZ");
    req(REQ_EDIT_LEFT);
    req(REQ_EDIT_KILL_START);
    ck_assert_str_eq(le.buf, "Z");
    ck_assert_uint_eq(le.cur, 0);
    ui_le_free(&le);
}
END_TEST

START_TEST(test_no_length_cap)
{
    ui_le_init(&le, NULL, NULL);
    for (int i = 0; i < 5000; i++)
        type("x");
    ck_assert_uint_eq(strlen(le.buf), 5000);
    ui_le_free(&le);
}
END_TEST

START_TEST(test_history)
{
    ui_history h = {0};
    ui_history_add(&h, "C2.5");
    ui_history_add(&h, "C2.5"); /* the same twice: once */
    ui_history_add(&h, "  ");   /* blank: never */
    ui_history_add(&h, "H2+3");
    ck_assert_int_eq(h.n, 2);
    ui_le_init(&le, "draft", &h);
    req(REQ_HISTORY_PREV);
    ck_assert_str_eq(le.buf, "H2+3");
    req(REQ_HISTORY_PREV);
    ck_assert_str_eq(le.buf, "C2.5");
    req(REQ_HISTORY_PREV); /* the oldest: stays */
    ck_assert_str_eq(le.buf, "C2.5");
    req(REQ_HISTORY_NEXT);
    req(REQ_HISTORY_NEXT);
    ck_assert_str_eq(le.buf, "draft"); /* the line being typed comes back */
    ui_le_free(&le);
    for (int i = 0; i < 2 * UI_HISTORY_MAX; i++) {
        char s[16];
        snprintf(s, sizeof s, "m%d", i);
        ui_history_add(&h, s);
    }
    ck_assert_int_eq(h.n, UI_HISTORY_MAX);
    ck_assert_str_eq(h.items[h.n - 1], "m99");
    ui_history_free(&h);
}
END_TEST

START_TEST(test_view_scrolls_wide_text)
{
    /* Ten Han characters are 20 columns; in 9 columns the cursor at the end shows the last
     * four (8 columns) and itself. */
    ui_le_init(&le, "一二三四五六七八九十", NULL);
    size_t start;
    int col;
    ui_le_view(&le, 9, &start, &col);
    ck_assert_str_eq(le.buf + start, "七八九十");
    ck_assert_int_eq(col, 8);
    req(REQ_EDIT_HOME);
    ui_le_view(&le, 9, &start, &col);
    ck_assert_uint_eq(start, 0);
    ck_assert_int_eq(col, 0);
    ui_le_free(&le);
}
END_TEST

START_TEST(test_complete_path)
{
    char dir[] = "/tmp/check_lineedit.XXXXXX", path[256], msg[512];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    const char *files[] = {"game-one.pgn", "game-two.pgn", "other.pgn", ".hidden"};
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        fclose(fopen(path, "w"));
    }
    snprintf(path, sizeof path, "%s/folder", dir);
    ck_assert_int_eq(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/g", dir);
    ui_le_init(&le, path, NULL);
    le.complete_files = true;
    ck_assert_int_eq(ui_le_request(&le, REQ_COMPLETE, 0, msg, sizeof msg), UI_LE_MANY);
    snprintf(path, sizeof path, "%s/game-", dir);
    ck_assert_str_eq(le.buf, path);
    /* A second Tab lists the choices. */
    ck_assert_int_eq(ui_le_request(&le, REQ_COMPLETE, 0, msg, sizeof msg), UI_LE_LISTED);
    ck_assert(strstr(msg, "game-one.pgn") && strstr(msg, "game-two.pgn") && !strstr(msg, "other"));
    type("t");
    req(REQ_COMPLETE);
    snprintf(path, sizeof path, "%s/game-two.pgn", dir);
    ck_assert_str_eq(le.buf, path);
    ui_le_free(&le);
    /* A folder gets its slash; hidden files only when asked for. */
    snprintf(path, sizeof path, "%s/fo", dir);
    ui_le_init(&le, path, NULL);
    ck_assert_int_eq(ui_le_complete_path(&le, false, msg, sizeof msg), 1);
    snprintf(path, sizeof path, "%s/folder/", dir);
    ck_assert_str_eq(le.buf, path);
    ui_le_free(&le);
    snprintf(path, sizeof path, "%s/", dir);
    ui_le_init(&le, path, NULL);
    ck_assert_int_eq(ui_le_complete_path(&le, true, msg, sizeof msg), 4);
    ck_assert_ptr_null(strstr(msg, ".hidden"));
    ui_le_free(&le);
    /* No such folder: nothing happens. */
    ui_le_init(&le, "/nonexistent/x", NULL);
    ck_assert_int_eq(ui_le_complete_path(&le, false, msg, sizeof msg), 0);
    ck_assert_str_eq(le.buf, "/nonexistent/x");
    ui_le_free(&le);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lineedit");
    TCase *tc = tcase_create("lineedit");
    tcase_add_test(tc, test_cursor_and_insert);
    tcase_add_test(tc, test_multibyte);
    tcase_add_test(tc, test_kills);
    tcase_add_test(tc, test_no_length_cap);
    tcase_add_test(tc, test_history);
    tcase_add_test(tc, test_view_scrolls_wide_text);
    tcase_add_test(tc, test_complete_path);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
