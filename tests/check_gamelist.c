/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the Open list (src/sys/gamelist.c) over a folder made for the test: newest
 * first, tags of the first game, only .pgn/.xqf files, hostile tag text neutralised, a
 * long game read no further than its head. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>

#include "sys/gamelist.h"

static char dir[] = "/tmp/check_gamelist.XXXXXX";

static void put(const char *name, const char *text, long mtime)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    struct timeval tv[2] = {{mtime, 0}, {mtime, 0}};
    ck_assert_int_eq(utimes(path, tv), 0);
}

START_TEST(test_scan)
{
    ck_assert_ptr_nonnull(mkdtemp(dir));
    put("old.pgn", "[Red \"Hồ Vinh Hoa\"]\n[Black \"Lý Lai Quần\"]\n[Result \"0-1\"]\n"
                   "[Date \"1960.01.01\"]\n\n1. h2e2 h9g7 0-1\n", 1000);
    put("new.PGN", "[Event \"Club\"]\r\n[Red \"Lan\033[2J\"]\r\n[Black \"ai-level-3\"]\r\n"
                   "[Result \"1-0\"]\r\n\r\n1. h2e2 1-0\r\n\r\n[Red \"second\"]\n\n1. h2e2 *\n",
        3000);
    put("notes.txt", "[Red \"not a game\"]\n", 5000);
    put("moves.pgn", "1. h2e2 h9g7\n", 2000); /* no tags at all */
    put("game.xqf", "XQ\x0a binary", 4000);
    /* A game whose first tag lies beyond the head: listed by name only, never read whole. */
    char big[SYS_GAMELIST_HEAD + 200];
    memset(big, ' ', sizeof big);
    memcpy(big + SYS_GAMELIST_HEAD + 10, "[Red \"far\"]\n", 12);
    big[sizeof big - 1] = 0;
    put("far.pgn", big, 500);
    sys_game_entry *g;
    int n;
    ck_assert_int_eq(sys_gamelist_scan(dir, 100, &g, &n), 0);
    ck_assert_int_eq(n, 5);
    ck_assert_str_eq(g[0].name, "game.xqf");
    ck_assert_str_eq(g[1].name, "new.PGN");
    ck_assert_str_eq(g[2].name, "moves.pgn");
    ck_assert_str_eq(g[3].name, "old.pgn");
    ck_assert_str_eq(g[4].name, "far.pgn");
    ck_assert_str_eq(g[1].event, "Club");
    ck_assert_ptr_null(strchr(g[1].red, '\033')); /* neutralised */
    ck_assert(!strncmp(g[1].red, "Lan", 3));
    ck_assert_str_eq(g[1].black, "ai-level-3");
    ck_assert_str_eq(g[1].result, "1-0");
    ck_assert_str_eq(g[3].red, "Hồ Vinh Hoa");
    ck_assert_str_eq(g[3].result, "0-1");
    ck_assert_str_eq(g[3].date, "1960.01.01");
    ck_assert_str_eq(g[2].red, "");
    ck_assert_str_eq(g[4].red, "");
    ck_assert_str_eq(g[0].red, "");
    free(g);
    /* At most max, the newest. */
    ck_assert_int_eq(sys_gamelist_scan(dir, 2, &g, &n), 0);
    ck_assert_int_eq(n, 2);
    ck_assert_str_eq(g[1].name, "new.PGN");
    free(g);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(sys_gamelist_scan(dir, 2, &g, &n), -1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gamelist");
    TCase *tc = tcase_create("gamelist");
    tcase_add_test(tc, test_scan);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
