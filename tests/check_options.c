/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the option tables of the commands (cli/options.c): argv read in order with
 * operands among the options, --name=value, "--", negative numbers as operands when a
 * command says so, the errors, and the help written from the same table. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"

enum { K_FEN = CMD_OPT_LONG, K_DIVIDE };

static const cmd_option opts[] = {
    {"fen", K_FEN, "FEN", "the position"},
    {"divide", K_DIVIDE, NULL, "one line per move\nand a total"},
    {"verbose", 'v', NULL, "say more"},
    {"help", 'h', NULL, "display this help and exit"},
    {"no-colour", 'c', NULL, NULL},
    {0},
};

static const cmd_usage usage = {
    .name = "perft",
    .synopsis = "[--fen FEN] DEPTH",
    .about = "Counts.\n",
    .after = "The end.\n",
    .options = opts,
    .numbers = true,
};

/* Parses argv (NULL-terminated, argv[0] the command) into "key:arg" words, one string. */
static void run(const cmd_usage *u, const char *const *args, char *out, size_t size)
{
    char *argv[16];
    int argc = 0;
    for (; args[argc]; argc++)
        argv[argc] = (char *)args[argc];
    argv[argc] = NULL;
    cmd_parser p;
    cmd_parse_begin(&p, u, argc, argv);
    p.silent = true;
    out[0] = 0;
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        char w[64];
        if (k < 0) {
            snprintf(w, sizeof w, "ERR ");
            strncat(out, w, size - strlen(out) - 1);
            break;
        }
        snprintf(w, sizeof w, "%d:%s ", k < CMD_OPT_LONG ? k : k - CMD_OPT_LONG + 1000,
                 p.arg ? p.arg : "-");
        strncat(out, w, size - strlen(out) - 1);
    }
}

#define RUN(...)                                                                               \
    do {                                                                                       \
        const char *const a_[] = {"perft", __VA_ARGS__, NULL};                                 \
        run(&usage, a_, got, sizeof got);                                                      \
    } while (0)

START_TEST(test_order_and_forms)
{
    char got[256];
    RUN("--fen", "X Y", "3", "--divide");
    ck_assert_str_eq(got, "1000:X Y 1:3 1001:- ");
    RUN("--fen=A", "-v", "2");
    ck_assert_str_eq(got, "1000:A 118:- 1:2 ");
    RUN("--div", "4"); /* an unambiguous prefix */
    ck_assert_str_eq(got, "1001:- 1:4 ");
    RUN("--", "--fen", "-");
    ck_assert_str_eq(got, "1:--fen 1:- ");
    RUN("-1", "--divide"); /* a negative number is an operand here */
    ck_assert_str_eq(got, "1:-1 1001:- ");
    RUN("--no-colour");
    ck_assert_str_eq(got, "99:- ");
}
END_TEST

START_TEST(test_errors)
{
    char got[256];
    RUN("--fen");
    ck_assert_str_eq(got, "ERR ");
    RUN("--frob", "2");
    ck_assert_str_eq(got, "ERR ");
    RUN("--divide=3");
    ck_assert_str_eq(got, "ERR ");
    RUN("-x");
    ck_assert_str_eq(got, "ERR ");
    /* without .numbers, -1 is an unknown option */
    cmd_usage plain = usage;
    plain.numbers = false;
    const char *const a[] = {"perft", "-1", NULL};
    run(&plain, a, got, sizeof got);
    ck_assert_str_eq(got, "ERR ");
}
END_TEST

START_TEST(test_help_from_the_table)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cmd_help(f, &usage);
    fclose(f);
    ck_assert_str_eq(text, "Usage: cotuong perft [--fen FEN] DEPTH\n"
                           "Counts.\n"
                           "\n"
                           "Options:\n"
                           "  --fen FEN           the position\n"
                           "  --divide            one line per move\n"
                           "                      and a total\n"
                           "  -v, --verbose       say more\n"
                           "  -h, --help          display this help and exit\n"
                           "The end.\n");
    free(text);
}
END_TEST

/* cmd_help_wrap writes s from the cursor's column: returns what it wrote. */
static char *wrapped(int col, int indent, const char *s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cmd_help_wrap(f, col, indent, s, strlen(s));
    fclose(f);
    return text;
}

START_TEST(test_help_wraps_at_the_width)
{
    /* 57 columns of room from column 22: the words that fit, the rest below */
    char *t = wrapped(10, 22,
                      "human, ai, ai:LEVEL[:SEED] (level 1-10), uci:CMD, ucci:CMD or xboard:CMD");
    ck_assert_str_eq(t, "            human, ai, ai:LEVEL[:SEED] (level 1-10), uci:CMD,\n"
                        "                      ucci:CMD or xboard:CMD\n");
    free(t);
    /* columns, not bytes: 57 letters with diacritics fit; a bracket keeps its words together */
    t = wrapped(22, 22, "đđđđđđđđđđ đđđđđđđđđđ đđđđđđđđđđ đđđđđđđđđđ đđđđđđđđđđ [--via X]");
    ck_assert_str_eq(t, "đđđđđđđđđđ đđđđđđđđđđ đđđđđđđđđđ đđđđđđđđđđ đđđđđđđđđđ\n"
                        "                      [--via X]\n");
    free(t);
    /* a word longer than the room stays whole, on a line of its own */
    t = wrapped(0, 70, "a 0123456789abcdef b");
    ck_assert_str_eq(t, "                                                                      a\n"
                        "                                                                      0123456789abcdef\n"
                        "                                                                      b\n");
    free(t);
    /* what fits is written as it is */
    t = wrapped(4, 6, "short");
    ck_assert_str_eq(t, "  short\n");
    free(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("options");
    TCase *tc = tcase_create("options");
    tcase_add_test(tc, test_order_and_forms);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_help_from_the_table);
    tcase_add_test(tc, test_help_wraps_at_the_width);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
