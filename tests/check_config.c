/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for the settings file reader (src/sys/settings.c): values, defaults, and every kind
 * of error reported as FILE:LINE and otherwise ignored. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
    ck_assert_int_eq(cfg.threads, 1);
    ck_assert_int_eq(parse("# comment\n\n notation = wxf  # trailing\nrules=vn2004\r\n"
                           "ai_level = 10\nglyphs = ASCII\ntheme = mono\nlanguage = en\n"
                           "time_control = 600+5\nreview_speed = 250\nanalysis_time = 3000\n"
                           "clipboard = off\nthreads = 4\n"),
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
    ck_assert_int_eq(cfg.threads, 4);
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
    {"threads = 0\n", "conf:1: bad value '0' for threads (a number from 1 to 64)"},
    {"threads = 65\n", "conf:1: bad value '65' for threads"},
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

static bool known_action(const char *a)
{
    return !strcmp(a, "undo") || !strcmp(a, "flip");
}

static bool known_key(const char *k)
{
    return strlen(k) == 1 || !strcmp(k, "C-z") || !strcmp(k, "F2");
}

static const config_keyrules rules = {known_action, known_key};

START_TEST(test_errors)
{
    const bad_case *c = &bad_cases[_i];
    config_defaults(&cfg);
    cfg.keyrules = &rules;
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
    ck_assert_str_eq(cfg.theme, "auto");
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
    /* Without rules, names are kept as written; a later line for an action wins. */
    ck_assert_int_eq(parse("key.undo = u\nkey.flip = F2\nkey.undo = C-z\n"), 0);
    ck_assert_int_eq(cfg.nkeys, 2);
    ck_assert_str_eq(cfg.keys[0].action, "undo");
    ck_assert_str_eq(cfg.keys[0].key, "C-z");
    ck_assert_str_eq(cfg.keys[1].key, "F2");
    ck_assert_int_eq(parse("key.undo =\nkey.undo = 0123456789abcdef\n"), 2);
    ck_assert_int_eq(cfg.nkeys, 0);
    /* The interface's rules: an unknown action or key is reported with its line. */
    config_defaults(&cfg);
    cfg.keyrules = &rules;
    const char *text = "key.fly = x\nkey.flip = x\nkey.undo = Up\n";
    ck_assert_int_eq(config_parse(&cfg, "conf", text, strlen(text)), 2);
    ck_assert_str_eq(cfg.messages[0], "conf:1: unknown action 'fly' in key.fly");
    ck_assert_str_eq(cfg.messages[1],
                     "conf:3: bad key 'Up' (a character, C-x, Up, Enter, F1, ...)");
    ck_assert_int_eq(cfg.nkeys, 1);
    ck_assert_str_eq(cfg.keys[0].key, "x");
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
    ck_assert_msg(config_parse(&cfg, "example", out, strlen(out)) == 0, "%s", cfg.messages[0]);
    /* Missing file: no problem. Unreadable kinds: one problem naming the file. */
    config_defaults(&cfg);
    ck_assert_int_eq(config_load(&cfg, "/nonexistent/cotuong/config"), 0);
    ck_assert_int_eq(config_load(&cfg, "/dev/null"), 1);
    ck_assert_msg(strstr(cfg.messages[0], "/dev/null: not a regular file") != NULL, "%s",
                  cfg.messages[0]);
}
END_TEST

/* ---------------------------------------------------------------- writing settings */

static char *edit(const char *text, const char *name, const char *value)
{
    size_t n;
    char *out = sys_settings_edit(text, strlen(text), name, value, &n);
    ck_assert_ptr_nonnull(out);
    ck_assert_uint_eq(n, strlen(out));
    return out;
}

START_TEST(test_edit_keeps_everything_else)
{
    const char *text = "# my settings\n"
                       "\n"
                       "  notation = wxf   # I like WXF\n"
                       "frobnicate = 3\n"          /* unknown: kept */
                       "glyphs=vi\n"
                       "notation = zh\n"           /* the last one counts */
                       "#ai_level = 5\n"
                       "key.undo = z\n";
    char *out = edit(text, "notation", "vi");
    ck_assert_str_eq(out, "# my settings\n\n  notation = wxf   # I like WXF\nfrobnicate = 3\n"
                          "glyphs=vi\nnotation = vi\n#ai_level = 5\nkey.undo = z\n");
    free(out);
    /* The indentation and the trailing comment of the replaced line stay. */
    out = edit("  notation = wxf   # I like WXF\n", "notation", "coord");
    ck_assert_str_eq(out, "  notation = coord   # I like WXF\n");
    free(out);
    /* A commented-out example: the new line goes right after it. */
    out = edit(text, "ai_level", "7");
    ck_assert(strstr(out, "#ai_level = 5\nai_level = 7\nkey.undo = z\n") != NULL);
    free(out);
    /* Nowhere: appended, after a newline the file lacked. */
    out = edit("glyphs = vi", "coords", "no");
    ck_assert_str_eq(out, "glyphs = vi\ncoords = no\n");
    free(out);
    out = edit("", "coords", "no");
    ck_assert_str_eq(out, "coords = no\n");
    free(out);
    /* "notation_x" and "# notation" in a comment are not the setting. */
    out = edit("notation_x = 1\nrules = casual # notation = zh\n", "notation", "wxf");
    ck_assert_str_eq(out, "notation_x = 1\nrules = casual # notation = zh\nnotation = wxf\n");
    free(out);
}
END_TEST

START_TEST(test_edit_round_trip)
{
    /* Whatever is written reads back as the value, with no new problem. */
    static const char *const sets[][2] = {
        {"notation", "wxf"}, {"glyphs", "ascii"}, {"ai_level", "3"}, {"theme", "mono"},
        {"time_control", "600+5"}, {"clipboard", "no"}, {"key.forward", "z"},
        {"coords", "no"}, {"bell", "on"},
    };
    char *text = strdup("# example\nfoo = bar\n");
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        char *next = edit(text, sets[i][0], sets[i][1]);
        free(text);
        text = next;
    }
    /* Set twice: still one line. */
    char *next = edit(text, "notation", "zh");
    free(text);
    text = next;
    ck_assert_ptr_null(strstr(strstr(text, "notation") + 1, "notation"));
    config_defaults(&cfg);
    config_parse(&cfg, "conf", text, strlen(text));
    ck_assert_int_eq(cfg.nproblems, 1); /* foo, unknown, kept */
    ck_assert_int_eq(cfg.notation, CT_NOTATION_ZH);
    ck_assert_str_eq(cfg.glyphs, "ascii");
    ck_assert_int_eq(cfg.ai_level, 3);
    ck_assert_str_eq(cfg.theme, "mono");
    ck_assert_str_eq(cfg.time_control, "600+5");
    ck_assert(!cfg.clipboard);
    ck_assert(!cfg.coords);
    ck_assert(cfg.bell);
    ck_assert_int_eq(cfg.nkeys, 1);
    ck_assert(strstr(text, "# example\nfoo = bar\n") == text);
    free(text);
}
END_TEST


static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    static char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

START_TEST(test_set_writes_the_file)
{
    char tmpdir[] = "/tmp/check_config.XXXXXX", path[256], err[300], cmd[600];
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    snprintf(path, sizeof path, "%s/sub/config", tmpdir);
    /* A new file, in a folder that does not exist yet. */
    ck_assert_int_eq(sys_settings_set(path, "notation", "wxf", err, sizeof err), 0);
    ck_assert_str_eq(slurp(path), "notation = wxf\n");
    FILE *f = fopen(path, "a");
    fputs("# mine\nweird line\n", f);
    fclose(f);
    ck_assert_int_eq(sys_settings_set(path, "notation", "zh", err, sizeof err), 0);
    ck_assert_int_eq(sys_settings_set(path, "coords", "no", err, sizeof err), 0);
    ck_assert_str_eq(slurp(path), "notation = zh\n# mine\nweird line\ncoords = no\n");
    /* Values that would not read back as themselves are refused, the file untouched. */
    ck_assert_int_eq(sys_settings_set(path, "notation", "zh\nrules = casual", err, sizeof err), -1);
    ck_assert_int_eq(sys_settings_set(path, "notation", "zh # x", err, sizeof err), -1);
    ck_assert_str_eq(slurp(path), "notation = zh\n# mine\nweird line\ncoords = no\n");
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(test_set_failure_leaves_the_old_file)
{
    char tmpdir[] = "/tmp/check_config.XXXXXX", path[256], err[300], cmd[600];
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    /* Binary data: not ours to rewrite. */
    snprintf(path, sizeof path, "%s/config", tmpdir);
    FILE *f = fopen(path, "wb");
    fwrite("notation = vi\n\0\1\2", 1, 17, f);
    fclose(f);
    ck_assert_int_eq(sys_settings_set(path, "notation", "wxf", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "binary") != NULL, "%s", err);
    f = fopen(path, "rb");
    char back[32];
    ck_assert_uint_eq(fread(back, 1, sizeof back, f), 17);
    fclose(f);
    ck_assert(!memcmp(back, "notation = vi\n\0\1\2", 17));
    /* The path is a folder: the write fails with the path named, and no temporary file is
     * left beside it. */
    snprintf(path, sizeof path, "%s/dir", tmpdir);
    ck_assert_int_eq(mkdir(path, 0700), 0);
    ck_assert_int_eq(sys_settings_set(path, "notation", "wxf", err, sizeof err), -1);
    ck_assert_msg(strstr(err, path) != NULL, "%s", err);
    snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | wc -l) -eq 2", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
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
    tcase_add_test(tc, test_edit_keeps_everything_else);
    tcase_add_test(tc, test_edit_round_trip);
    tcase_add_test(tc, test_set_writes_the_file);
    tcase_add_test(tc, test_set_failure_leaves_the_old_file);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
