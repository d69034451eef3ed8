/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for the settings file reader (src/sys/settings.c): values, defaults, and every kind
 * of error reported as FILE:LINE and otherwise ignored. */
#include <check.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/settings.h"

static app_config cfg;

static int parse(const char *text)
{
    config_defaults(&cfg);
    return config_parse(&cfg, "conf", text, strlen(text));
}

START_TEST(test_defaults_and_values)
{
    ck_assert_int_eq(parse(""), 0);
    ck_assert_int_eq(cfg.notation, CT_NOTATION_VI);
    ck_assert_str_eq(cfg.rules, "online");
    ck_assert_str_eq(cfg.glyphs, "han");
    ck_assert_int_eq(parse("# comment\n\n notation = wxf  # trailing\nrules=vn2004\r\n"
                           "ai_level = 10\nglyphs = ASCII\ntheme = mono\nlanguage = en\n"
                           "time_control = 600+5\nreview_speed = 250\nanalysis_time = 3000\n"
                           "clipboard = off\n"),
                     0);
    ck_assert_int_eq(cfg.notation, CT_NOTATION_WXF);
    ck_assert_str_eq(cfg.rules, "vn2004");
    ck_assert_int_eq(cfg.ai_level, 10);
    ck_assert_str_eq(cfg.glyphs, "ascii");
    ck_assert_str_eq(cfg.theme, "mono");
    ck_assert_str_eq(cfg.language, "en");
    ck_assert_str_eq(cfg.time_control, "600+5");
    ck_assert_int_eq(cfg.autoplay_ms, 250);
    ck_assert_int_eq(cfg.analysis_ms, 3000);
    ck_assert(!cfg.clipboard);
}
END_TEST

typedef struct {
    const char *text;
    const char *want; /* the first message */
} bad_case;

static const bad_case bad_cases[] = {
    {"colour = red\n", "conf:1: unknown setting 'colour'"},
    {"\n\nnotation = klingon\n", "conf:3: bad value 'klingon' for notation"},
    {"notation = auto\n", "conf:1: bad value 'auto' for notation"},
    {"rules = fide\n", "conf:1: bad value 'fide' for rules"},
    {"ai_level = 11\n", "conf:1: bad value '11' for ai_level (a number from 1 to 10)"},
    {"ai_level = 5x\n", "conf:1: bad value '5x' for ai_level"},
    {"glyphs = emoji\n", "conf:1: bad value 'emoji' for glyphs"},
    {"time_control = 10+\n", "conf:1: bad value '10+' for time_control"},
    {"time_control = 0\n", "conf:1: bad value '0' for time_control"},
    {"clipboard = maybe\n", "conf:1: bad value 'maybe' for clipboard"},
    {"just words\n", "conf:1: 'just words' is not of the form name = value"},
    {"= x\n", "conf:1: a setting name is missing before '='"},
    {"theme =\n", "conf:1: no value for 'theme'"},
    {"key.undo = Hyper-Z\n", "conf:1: bad key 'Hyper-Z'"},
    {"key. = u\n", "conf:1: a key binding needs an action"},
    /* escape sequences in a bad value are neutralised in the message */
    {"theme = \033[31mred\n", "conf:1: bad value '?[31mred' for theme"},
    {"\033]0;x\033\\ = 1\n", "conf:1: unknown setting '?]0;x?\\'"},
    {"a\0b = 1\n", "conf:1: binary data (byte 0x00 at offset 1)"},
};

START_TEST(test_errors)
{
    const bad_case *c = &bad_cases[_i];
    config_defaults(&cfg);
    size_t len = strlen(c->text);
    if (c->text[0] == 'a' && c->text[1] == '\0')
        len = 8;
    int n = config_parse(&cfg, "conf", c->text, len);
    ck_assert_int_ge(n, 1);
    ck_assert_msg(strstr(cfg.messages[0], c->want) == cfg.messages[0], "got '%s', want '%s'",
                  cfg.messages[0], c->want);
    /* The defaults stay in force. */
    ck_assert_int_eq(cfg.notation, CT_NOTATION_VI);
    ck_assert_int_eq(cfg.ai_level, 5);
    ck_assert_str_eq(cfg.theme, "colour");
    ck_assert(cfg.clipboard);
}
END_TEST

START_TEST(test_bad_lines_do_not_stop_good_ones)
{
    ck_assert_int_eq(parse("notation = zh\nbogus = 1\nai_level = 0\nrules = casual\n"), 2);
    ck_assert_int_eq(cfg.notation, CT_NOTATION_ZH);
    ck_assert_str_eq(cfg.rules, "casual");
    ck_assert_int_eq(cfg.ai_level, 5);
    ck_assert_str_eq(cfg.messages[0], "conf:2: unknown setting 'bogus'");
    ck_assert_msg(strstr(cfg.messages[1], "conf:3: bad value '0' for ai_level") != NULL, "%s",
                  cfg.messages[1]);
}
END_TEST

START_TEST(test_keys)
{
    ck_assert_int_eq(config_key_code("u"), 'u');
    ck_assert_int_eq(config_key_code("C-x"), 24);
    ck_assert_int_eq(config_key_code("Up"), KEY_UP);
    ck_assert_int_eq(config_key_code("pgdn"), KEY_NPAGE);
    ck_assert_int_eq(config_key_code("F12"), KEY_F(12));
    ck_assert_int_eq(config_key_code("F13"), -1);
    ck_assert_int_eq(config_key_code(" "), -1);
    ck_assert_int_eq(config_key_code("ab"), -1);
    ck_assert_int_eq(parse("key.undo = u\nkey.flip = F2\nkey.undo = C-z\n"), 0);
    ck_assert_int_eq(cfg.nkeys, 2);
    ck_assert_str_eq(cfg.keys[0].action, "undo");
    ck_assert_int_eq(cfg.keys[0].code, 26);
    ck_assert_int_eq(cfg.keys[1].code, KEY_F(2));
    static const char *const actions[] = {"undo", "flip"};
    config_set_key_actions(actions, 2);
    ck_assert_int_eq(parse("key.fly = x\nkey.flip = x\n"), 1);
    ck_assert_str_eq(cfg.messages[0], "conf:1: unknown action 'fly' in key.fly");
    config_set_key_actions(NULL, 0);
}
END_TEST

START_TEST(test_many_problems_counted)
{
    char text[2000] = "";
    for (int i = 0; i < 40; i++)
        strcat(text, "nope = 1\n");
    ck_assert_int_eq(parse(text), 40);
    ck_assert_int_eq(cfg.nproblems, 40);
    ck_assert_str_eq(cfg.messages[CONFIG_MAX_MESSAGES - 1], "conf:16: unknown setting 'nope'");
}
END_TEST

START_TEST(test_load_files)
{
    /* The shipped example is all comments and must read without a problem. */
    config_defaults(&cfg);
    ck_assert_int_eq(config_load(&cfg, TEST_DATA_DIR "/../../assets/config.example"), 0);
    /* The same example with every setting uncommented must also be clean. */
    char *data = NULL;
    size_t cap = 0;
    FILE *f = fopen(TEST_DATA_DIR "/../../assets/config.example", "r");
    ck_assert_ptr_nonnull(f);
    char out[8192] = "";
    ssize_t n;
    int settings = 0;
    while ((n = getline(&data, &cap, f)) > 0) {
        if (data[0] == '#' && data[1] != ' ' && data[1] != '\n') {
            strcat(out, data + 1);
            settings++;
        }
    }
    free(data);
    fclose(f);
    ck_assert_int_ge(settings, 10);
    config_defaults(&cfg);
    ck_assert_int_eq(config_parse(&cfg, "example", out, strlen(out)), 0);
    /* Missing file: no problem. Unreadable kinds: one problem naming the file. */
    config_defaults(&cfg);
    ck_assert_int_eq(config_load(&cfg, "/nonexistent/cotuong/config"), 0);
    ck_assert_int_eq(config_load(&cfg, "/dev/null"), 1);
    ck_assert_msg(strstr(cfg.messages[0], "/dev/null: not a regular file") != NULL, "%s",
                  cfg.messages[0]);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("config");
    TCase *tc = tcase_create("config");
    tcase_add_test(tc, test_defaults_and_values);
    tcase_add_loop_test(tc, test_errors, 0, (int)(sizeof bad_cases / sizeof bad_cases[0]));
    tcase_add_test(tc, test_bad_lines_do_not_stop_good_ones);
    tcase_add_test(tc, test_keys);
    tcase_add_test(tc, test_many_problems_counted);
    tcase_add_test(tc, test_load_files);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
