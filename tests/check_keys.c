/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the key table against the manual: every request that has keys must appear in
 * the KEYS section of man/cotuong.6 as `.B "KEYS"` followed by its help text, with the same
 * keys in the same order; and the table must bind no key twice. Run with --print-man to
 * print the section as it should read. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/requests.h"


static void keys_of(ui_req req, char *buf, size_t size)
{
    int n;
    const ui_keybinding *km = ui_keymap(&n);
    buf[0] = 0;
    for (int i = 0; i < n; i++)
        if (km[i].req == req && km[i].name) {
            size_t len = strlen(buf);
            snprintf(buf + len, size - len, "%s%s", len ? ", " : "", km[i].name);
        }
}

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

static char *man_text;

static void load_man(void)
{
    /* TEST_DATA_DIR is <source>/tests/data (it need not exist): the manual is
     * <source>/man/cotuong.6. */
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
    man_text = buf;
}

START_TEST(test_man_lists_every_key)
{
    load_man();
    const char *keys_sec = strstr(man_text, "\n.SH KEYS\n");
    ck_assert_msg(keys_sec != NULL, "man page has no KEYS section");
    int listed = 0;
    for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
        char keys[128], rk[256], help[256], want[600];
        keys_of((ui_req)r, keys, sizeof keys);
        if (!keys[0])
            continue;
        roff(keys, rk, sizeof rk);
        roff(ui_req_help((ui_req)r), help, sizeof help);
        snprintf(want, sizeof want, "\n.TP\n.B \"%s\"\n%s\n", rk, help);
        ck_assert_msg(strstr(keys_sec, want) != NULL, "man page KEYS lacks:%s", want);
        listed++;
    }
    ck_assert_int_ge(listed, 20);
}
END_TEST

START_TEST(test_no_key_bound_twice)
{
    int n;
    const ui_keybinding *km = ui_keymap(&n);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            ck_assert_msg(km[i].key != km[j].key, "key %d bound twice", km[i].key);
}
END_TEST

START_TEST(test_every_request_has_help_and_key)
{
    for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
        char keys[128];
        ck_assert_ptr_nonnull(ui_req_help((ui_req)r));
        keys_of((ui_req)r, keys, sizeof keys);
        ck_assert_msg(keys[0] != 0, "request %s has no key", ui_req_name((ui_req)r));
    }
}
END_TEST

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--print-man")) {
        printf(".SH KEYS\n");
        for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
            char keys[128], rk[256], help[256];
            keys_of((ui_req)r, keys, sizeof keys);
            roff(keys, rk, sizeof rk);
            roff(ui_req_help((ui_req)r), help, sizeof help);
            printf(".TP\n.B \"%s\"\n%s\n", rk, help);
        }
        return 0;
    }
    Suite *s = suite_create("keys");
    TCase *tc = tcase_create("keys");
    tcase_add_test(tc, test_man_lists_every_key);
    tcase_add_test(tc, test_no_key_bound_twice);
    tcase_add_test(tc, test_every_request_has_help_and_key);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
