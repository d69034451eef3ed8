/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the key tables: each group binds a key once, every request has help and a key,
 * the review keys the help once lacked are there, the wheel and the settings' bindings go
 * through the tables, and the KEYS section of man/cotuong.6 is exactly what the tables
 * generate (run with --print-man to print it). */
#include <check.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/requests.h"

/* Roff escaping of a line: "-" -> "\-", "\" -> "\e". */
static void roff(const char *s, char *out, size_t size)
{
    size_t o = 0;
    for (; *s && o + 3 < size; s++) {
        if (*s == '-' || *s == '\\') {
            out[o++] = '\\';
            out[o++] = *s == '-' ? '-' : 'e';
        } else {
            out[o++] = *s;
        }
    }
    out[o] = 0;
}

/* The generated part of the KEYS section. */
static void print_man(FILE *f)
{
    for (int g = 0; g < UI_KEYS_COUNT; g++) {
        fprintf(f, ".SS %s\n", ui_keygroup_title((ui_keygroup)g));
        for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
            char keys[160], rk[320], help[256];
            if (!ui_keys_of((ui_keygroup)g, (ui_req)r, keys, sizeof keys))
                continue;
            roff(keys, rk, sizeof rk);
            roff(ui_req_help((ui_req)r), help, sizeof help);
            fprintf(f, ".TP\n.B \"%s\"\n%s\n", rk, help);
        }
    }
}

#define MAN_MARK ".\\\" Generated from src/ui/keymap.c: build/tests/check_keys --print-man\n"

static char *load_man(void)
{
    /* TEST_DATA_DIR is <source>/tests/data: the manual is <source>/man/cotuong.6. */
    char path[4096];
    snprintf(path, sizeof path, "%s", TEST_DATA_DIR);
    char *t = strstr(path, "/tests/data");
    ck_assert_ptr_nonnull(t);
    snprintf(t, sizeof path - (size_t)(t - path), "/man/cotuong.6");
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char buf[1 << 18];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

START_TEST(test_man_keys_generated)
{
    char *man = load_man();
    char *sec = strstr(man, "\n.SH KEYS\n");
    ck_assert_msg(sec != NULL, "man page has no KEYS section");
    char *mark = strstr(sec, MAN_MARK);
    ck_assert_msg(mark != NULL, "KEYS section lacks the line: %s", MAN_MARK);
    mark += strlen(MAN_MARK);
    char *end = strstr(mark, "\n.SH ");
    ck_assert_ptr_nonnull(end);
    char *want = NULL;
    size_t wlen = 0;
    FILE *f = open_memstream(&want, &wlen);
    print_man(f);
    fclose(f);
    size_t have = (size_t)(end + 1 - mark);
    ck_assert_msg(have == wlen && !memcmp(mark, want, wlen),
                  "man/cotuong.6 KEYS differs from the key tables; regenerate with "
                  "build/tests/check_keys --print-man");
    free(want);
}
END_TEST

START_TEST(test_no_key_bound_twice_in_a_group)
{
    int n;
    const ui_keybinding *km = ui_keymap(&n);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            ck_assert_msg(km[i].key != km[j].key || !(km[i].groups & km[j].groups),
                          "key %d bound twice (%s, %s)", km[i].key, ui_req_name(km[i].req),
                          ui_req_name(km[j].req));
}
END_TEST

START_TEST(test_every_request_has_help_and_key)
{
    for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
        char keys[160];
        int len = 0;
        ck_assert_ptr_nonnull(ui_req_help((ui_req)r));
        for (int g = 0; g < UI_KEYS_COUNT; g++)
            len += ui_keys_of((ui_keygroup)g, (ui_req)r, keys, sizeof keys);
        ck_assert_msg(len > 0, "request %s has no key", ui_req_name((ui_req)r));
    }
}
END_TEST

/* The review keys the old help left out are in the review group, with their meaning. */
static const struct {
    int key;
    ui_req req;
} review_keys[] = {
    {'\t', REQ_ENTER_VAR}, {'x', REQ_LEAVE_VAR}, {';', REQ_COMMENT},
    {'P', REQ_PLAY_ON_AI}, {'A', REQ_ANALYSE_GAME}, {'V', REQ_PROMOTE},
    {'y', REQ_COPY_GAME}, {'Y', REQ_COPY_POS}, {KEY_DC, REQ_DELETE_MOVE},
    {KEY_PPAGE, REQ_PREV_GAME}, {KEY_NPAGE, REQ_NEXT_GAME}, {KEY_RIGHT, REQ_FORWARD},
    {KEY_HOME, REQ_FIRST}, {'5', REQ_VARIATION}, {'?', REQ_HELP},
};

START_TEST(test_review_group)
{
    int i = _i;
    ck_assert_int_eq(ui_key_request(UI_KEYS_REVIEW, review_keys[i].key), review_keys[i].req);
    char keys[160];
    ck_assert_int_gt(ui_keys_of(UI_KEYS_REVIEW, review_keys[i].req, keys, sizeof keys), 0);
}
END_TEST

START_TEST(test_groups_differ)
{
    /* PgUp scrolls the history in a game and changes games in review. */
    ck_assert_int_eq(ui_key_request(UI_KEYS_PLAY, KEY_PPAGE), REQ_SCROLL_UP);
    ck_assert_int_eq(ui_key_request(UI_KEYS_REVIEW, KEY_PPAGE), REQ_PREV_GAME);
    ck_assert_int_eq(ui_key_request(UI_KEYS_HELP, KEY_PPAGE), REQ_PAGE_UP);
    /* Review keys mean nothing in a game. */
    ck_assert_int_eq(ui_key_request(UI_KEYS_PLAY, 'V'), REQ_NONE);
    ck_assert_int_eq(ui_key_request(UI_KEYS_PLAY, 'u'), REQ_UNDO);
    ck_assert_int_eq(ui_key_request(UI_KEYS_REVIEW, 'u'), REQ_NONE);
    /* Questions: y/c yes, n/k no. */
    ck_assert_int_eq(ui_key_request(UI_KEYS_YESNO, 'c'), REQ_YES);
    ck_assert_int_eq(ui_key_request(UI_KEYS_YESNO, 'k'), REQ_NO);
}
END_TEST

START_TEST(test_wheel)
{
    ck_assert_int_eq(ui_key_request(UI_KEYS_PLAY, UI_KEY_WHEEL_UP), REQ_SCROLL_UP);
    ck_assert_int_eq(ui_key_request(UI_KEYS_PLAY, UI_KEY_WHEEL_DOWN), REQ_SCROLL_DOWN);
    ck_assert_int_eq(ui_key_request(UI_KEYS_REVIEW, UI_KEY_WHEEL_UP), REQ_BACK);
    ck_assert_int_eq(ui_key_request(UI_KEYS_REVIEW, UI_KEY_WHEEL_DOWN), REQ_FORWARD);
    ck_assert_int_eq(ui_key_request(UI_KEYS_HELP, UI_KEY_WHEEL_DOWN), REQ_SCROLL_DOWN);
    ck_assert_int_eq(ui_key_request(UI_KEYS_MENU, UI_KEY_WHEEL_DOWN), REQ_DOWN);
}
END_TEST

START_TEST(test_text_prompt_takes_every_printable_key)
{
    for (int k = 32; k < 127; k++) {
        ui_event ev = {.key = k};
        ui_event_regroup(&ev, UI_KEYS_EDIT);
        ck_assert_msg(ev.req == REQ_TEXT, "'%c' is not text in a prompt", k);
    }
    ui_event ev = {.key = 0x70AE}; /* 炮 */
    ui_event_regroup(&ev, UI_KEYS_EDIT);
    ck_assert_int_eq(ev.req, REQ_TEXT);
    ev = (ui_event){.key = 'u' & 0x1f};
    ui_event_regroup(&ev, UI_KEYS_EDIT);
    ck_assert_int_eq(ev.req, REQ_EDIT_KILL_START);
}
END_TEST

START_TEST(test_key_names)
{
    /* The names of cotuong(6), key.ACTION = KEY. */
    ck_assert_int_eq(ui_key_code("u"), 'u');
    ck_assert_int_eq(ui_key_code("C-x"), 24);
    ck_assert_int_eq(ui_key_code("Up"), KEY_UP);
    ck_assert_int_eq(ui_key_code("pgdn"), KEY_NPAGE);
    ck_assert_int_eq(ui_key_code("Esc"), 27);
    ck_assert_int_eq(ui_key_code("F1"), KEY_F(1));
    ck_assert_int_eq(ui_key_code("F12"), KEY_F(12));
    ck_assert_int_eq(ui_key_code("F13"), -1);
    ck_assert_int_eq(ui_key_code("F0"), -1);
    ck_assert_int_eq(ui_key_code("F1x"), -1);
    ck_assert_int_eq(ui_key_code(" "), -1);
    ck_assert_int_eq(ui_key_code("ab"), -1);
    ck_assert_int_eq(ui_key_code(""), -1);
}
END_TEST

START_TEST(test_user_binding)
{
    ui_key_unbind_all();
    /* key.forward = z: z steps forward in review, and means nothing in a game. */
    ck_assert(ui_key_bind('z', ui_req_from_name("forward")));
    ck_assert_int_eq(ui_key_request(UI_KEYS_REVIEW, 'z'), REQ_FORWARD);
    ck_assert_int_eq(ui_key_request(UI_KEYS_PLAY, 'z'), REQ_NONE);
    /* key.undo = f takes f from flip in a game only, and the help says so. */
    ck_assert(ui_key_bind('f', REQ_UNDO));
    ck_assert_int_eq(ui_key_request(UI_KEYS_PLAY, 'f'), REQ_UNDO);
    ck_assert_int_eq(ui_key_request(UI_KEYS_REVIEW, 'f'), REQ_FLIP);
    char keys[160];
    ui_keys_of(UI_KEYS_PLAY, REQ_UNDO, keys, sizeof keys);
    ck_assert_str_eq(keys, "u, f");
    ck_assert_int_eq(ui_keys_of(UI_KEYS_PLAY, REQ_FLIP, keys, sizeof keys), 0);
    ui_keys_of(UI_KEYS_REVIEW, REQ_FORWARD, keys, sizeof keys);
    ck_assert_str_eq(keys, "Right, l, Enter, Space, z");
    /* A name that is no request binds nothing. */
    ck_assert_int_eq(ui_req_from_name("nonesuch"), REQ_NONE);
    ck_assert(!ui_key_bind('z', REQ_NONE));
    ui_key_unbind_all();
    ck_assert_int_eq(ui_key_request(UI_KEYS_PLAY, 'f'), REQ_FLIP);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--print-man")) {
        print_man(stdout);
        return 0;
    }
    Suite *s = suite_create("keys");
    TCase *tc = tcase_create("keys");
    tcase_add_test(tc, test_man_keys_generated);
    tcase_add_test(tc, test_no_key_bound_twice_in_a_group);
    tcase_add_test(tc, test_every_request_has_help_and_key);
    tcase_add_loop_test(tc, test_review_group, 0, (int)(sizeof review_keys / sizeof review_keys[0]));
    tcase_add_test(tc, test_groups_differ);
    tcase_add_test(tc, test_wheel);
    tcase_add_test(tc, test_text_prompt_takes_every_printable_key);
    tcase_add_test(tc, test_key_names);
    tcase_add_test(tc, test_user_binding);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
