/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for src/sys/savefile.c (XDG paths, atomic writes, capped reads) and
 * src/sys/resume.c (the resume file's PGN: round trip, hostile and torn input). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "sys/resume.h"
#include "sys/savefile.h"
#include "cotuong/movegen.h"

static char tmpdir[256];

static void make_tmpdir(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/check_savefile.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void remove_tree(void)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

static void write_raw(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    fclose(f);
}

/* ---------------------------------------------------------------- paths */

START_TEST(test_xdg_paths)
{
    char buf[512];
    setenv("HOME", "/home/u", 1);
    setenv("XDG_DATA_HOME", "/x/data", 1);
    setenv("XDG_STATE_HOME", "/x/state", 1);
    setenv("XDG_CONFIG_HOME", "/x/config", 1);
    ck_assert_int_eq(savefile_games_dir(buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "/x/data/cotuong/games");
    ck_assert_int_eq(savefile_resume_path(buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "/x/state/cotuong/resume.pgn");
    ck_assert_int_eq(savefile_config_path(buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "/x/config/cotuong/config");
    /* Unset or relative XDG values fall back to HOME (the XDG spec ignores relative paths). */
    unsetenv("XDG_DATA_HOME");
    setenv("XDG_STATE_HOME", "relative/state", 1);
    setenv("XDG_CONFIG_HOME", "", 1);
    ck_assert_int_eq(savefile_games_dir(buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "/home/u/.local/share/cotuong/games");
    ck_assert_int_eq(savefile_data_dir(buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "/home/u/.local/share/cotuong");
    ck_assert_int_eq(savefile_resume_path(buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "/home/u/.local/state/cotuong/resume.pgn");
    ck_assert_int_eq(savefile_config_path(buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "/home/u/.config/cotuong/config");
    /* No HOME and no XDG variable: no path. Too small a buffer: no path. */
    unsetenv("HOME");
    ck_assert_int_eq(savefile_games_dir(buf, sizeof buf), -1);
    setenv("HOME", "/home/u", 1);
    ck_assert_int_eq(savefile_games_dir(buf, 10), -1);
}
END_TEST

/* ---------------------------------------------------------------- atomic write */

START_TEST(test_atomic_write_replaces)
{
    make_tmpdir();
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/a/b/game.pgn", tmpdir);
    ck_assert_int_eq(savefile_write_atomic(path, "first", 5, err, sizeof err), 0);
    ck_assert_int_eq(savefile_write_atomic(path, "second!", 7, err, sizeof err), 0);
    char *data;
    size_t len;
    ck_assert_int_eq(savefile_read(path, 100, &data, &len, err, sizeof err), 0);
    ck_assert_uint_eq(len, 7);
    ck_assert_str_eq(data, "second!");
    free(data);
    /* The new directories are private, the file is 0600, and no temporary file is left. */
    char dir[512];
    snprintf(dir, sizeof dir, "%s/a/b", tmpdir);
    struct stat st;
    ck_assert_int_eq(stat(dir, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0700);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0600);
    ck_assert_int_eq(savefile_clean_temps(path), 0);
    remove_tree();
}
END_TEST

START_TEST(test_atomic_write_failure_keeps_old)
{
    make_tmpdir();
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/game.pgn", tmpdir);
    ck_assert_int_eq(savefile_write_atomic(path, "old", 3, err, sizeof err), 0);
    /* A directory in the way of the rename: the write fails, the message names the file,
     * and nothing is left behind. */
    char blocked[512];
    snprintf(blocked, sizeof blocked, "%s/dir.pgn", tmpdir);
    ck_assert_int_eq(mkdir(blocked, 0700), 0);
    char sub[600];
    snprintf(sub, sizeof sub, "%s/x", blocked);
    write_raw(sub, "x", 1);
    ck_assert_int_eq(savefile_write_atomic(blocked, "new", 3, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "dir.pgn") != NULL, "%s", err);
    ck_assert_int_eq(savefile_clean_temps(blocked), 0);
    /* A file where a parent directory should be. */
    char bad[600];
    snprintf(bad, sizeof bad, "%s/game.pgn/inner.pgn", tmpdir);
    ck_assert_int_eq(savefile_write_atomic(bad, "new", 3, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "Not a directory") != NULL, "%s", err);
    char *data;
    size_t len;
    ck_assert_int_eq(savefile_read(path, 100, &data, &len, err, sizeof err), 0);
    ck_assert_str_eq(data, "old");
    free(data);
    remove_tree();
}
END_TEST

START_TEST(test_clean_temps)
{
    make_tmpdir();
    char path[512], t1[600], t2[600], other[600];
    snprintf(path, sizeof path, "%s/resume.pgn", tmpdir);
    snprintf(t1, sizeof t1, "%s/.resume.pgn.Ab3dEf", tmpdir);
    snprintf(t2, sizeof t2, "%s/.resume.pgn.123456", tmpdir);
    snprintf(other, sizeof other, "%s/.resume.pgn.keep-me", tmpdir);
    write_raw(t1, "torn", 4);
    write_raw(t2, "", 0);
    write_raw(other, "x", 1);
    /* Fresh temporary files may be another instance's write in progress: kept. */
    ck_assert_int_eq(savefile_clean_temps(path), 0);
    /* Stale ones (older than SAVEFILE_STALE_SECONDS) go; other names stay. */
    struct timeval old[2] = {{1000000000, 0}, {1000000000, 0}};
    ck_assert_int_eq(utimes(t1, old), 0);
    ck_assert_int_eq(utimes(t2, old), 0);
    ck_assert_int_eq(utimes(other, old), 0);
    ck_assert_int_eq(savefile_clean_temps(path), 2);
    ck_assert_int_eq(access(t1, F_OK), -1);
    ck_assert_int_eq(access(other, F_OK), 0);
    remove_tree();
}
END_TEST

/* ---------------------------------------------------------------- capped read */

START_TEST(test_read_limits)
{
    make_tmpdir();
    char path[512], err[512];
    char *data;
    size_t len;
    snprintf(path, sizeof path, "%s/big.pgn", tmpdir);
    char block[1000];
    memset(block, 'x', sizeof block);
    write_raw(path, block, sizeof block);
    ck_assert_int_eq(savefile_read(path, 1000, &data, &len, err, sizeof err), 0);
    ck_assert_uint_eq(len, 1000);
    free(data);
    ck_assert_int_eq(savefile_read(path, 999, &data, &len, err, sizeof err), -1);
    ck_assert_ptr_null(data);
    ck_assert_msg(strstr(err, "big.pgn: file is too large (1000 bytes") != NULL, "%s", err);
    /* A sparse 17 MiB file is refused without being read. */
    snprintf(path, sizeof path, "%s/huge.pgn", tmpdir);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fseek(f, (long)(17 << 20), SEEK_SET);
    fputc('x', f);
    fclose(f);
    ck_assert_int_eq(savefile_read(path, SAVEFILE_MAX_BYTES, &data, &len, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "the limit is 16 MiB") != NULL, "%s", err);
    /* Missing file, directory, device. */
    snprintf(path, sizeof path, "%s/missing.pgn", tmpdir);
    ck_assert_int_eq(savefile_read(path, 100, &data, &len, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "missing.pgn: No such file") != NULL, "%s", err);
    ck_assert_int_eq(savefile_read(tmpdir, 100, &data, &len, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "is a directory") != NULL, "%s", err);
    ck_assert_int_eq(savefile_read("/dev/zero", 100, &data, &len, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not a regular file") != NULL, "%s", err);
    remove_tree();
}
END_TEST

START_TEST(test_binary_offset)
{
    ck_assert_int_eq(savefile_binary_offset("[Game \"x\"]\r\n\t1. H2-E2\f", 22), -1);
    ck_assert_int_eq(savefile_binary_offset("XQ\x0b\x00\x01", 5), 2);
    ck_assert_int_eq(savefile_binary_offset("abc\0def", 7), 3);
    /* ESC is text here: the sanitizer deals with it when it is shown. */
    ck_assert_int_eq(savefile_binary_offset("a\033[1m", 5), -1);
}
END_TEST

/* ---------------------------------------------------------------- resume PGN */

/* The round-trip game of spec §4.5 (from the XQF 1.0 sample), in coordinates. */
static const char *const spec_game[] = {"c3c4", "h9g7", "g3g4", "b7c7", "c0e2", "b9a7",
                                        "b0c2", "a9b9", "a0b0", "b9b5", "b2a2", "b5h5",
                                        "h2h7", "c7h7", "h0g2", "i9h9"};
#define SPEC_FINAL "2bakabr1/9/n5nc1/p1p1p1p1p/7r1/2P3P2/P3P3P/C1N1B1N2/9/1R1AKAB1R w - - 2 9"

static resume_game game, back;

static void fill_spec_game(resume_game *g)
{
    resume_game_init(g);
    for (size_t i = 0; i < sizeof spec_game / sizeof spec_game[0]; i++)
        g->moves[g->nmoves++] = ct_move_parse_coord(spec_game[i]);
}

START_TEST(test_resume_round_trip)
{
    fill_spec_game(&game);
    strcpy(game.red, "Lý \"Lai\" Quần \\ 1");
    strcpy(game.black, "ai level 7");
    strcpy(game.rules, "vn2004");
    strcpy(game.time_control, "600+5");
    game.clock_ms[CT_RED] = 512345;
    game.clock_ms[CT_BLACK] = 3;
    strcpy(game.player[CT_BLACK], "ai:7");
    strcpy(game.notation, "wxf");
    strcpy(game.date, "2026.11.29");
    size_t len;
    char *text = resume_format(&game, &len);
    ck_assert_uint_eq(len, strlen(text));
    ck_assert_msg(strstr(text, "[Format \"ICCS\"]") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "1. C3-C4 H9-G7\n") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "[Red \"Lý \\\"Lai\\\" Quần \\\\ 1\"]") != NULL, "%s", text);
    char err[256];
    ck_assert_int_eq(resume_parse(text, len, &back, err, sizeof err), 0);
    free(text);
    ck_assert_int_eq(back.nmoves, game.nmoves);
    ck_assert_mem_eq(back.moves, game.moves, sizeof(ct_move) * (size_t)game.nmoves);
    ck_assert_str_eq(back.red, game.red);
    ck_assert_str_eq(back.rules, "vn2004");
    ck_assert_str_eq(back.time_control, "600+5");
    ck_assert_int_eq(back.clock_ms[CT_RED], 512345);
    ck_assert_int_eq(back.clock_ms[CT_BLACK], 3);
    ck_assert_str_eq(back.player[CT_RED], "human");
    ck_assert_str_eq(back.player[CT_BLACK], "ai:7");
    ck_assert_str_eq(back.notation, "wxf");
    ck_assert_str_eq(back.result, "*");
    /* Replaying gives the final position of the spec. */
    static ct_pos pos;
    ct_pos_start(&pos);
    for (int i = 0; i < back.nmoves; i++)
        ck_assert_int_eq(ct_pos_play(&pos, back.moves[i]), CT_OK);
    char fen[128];
    ct_fen_write(&pos, fen, sizeof fen);
    ck_assert_str_eq(fen, SPEC_FINAL);
}
END_TEST

START_TEST(test_resume_from_fen_black_first)
{
    resume_game_init(&game);
    strcpy(game.fen, SPEC_FINAL);
    /* From the §4.5 final position with Black to move: replace side and number. */
    strcpy(game.fen, "2bakabr1/9/n5nc1/p1p1p1p1p/7r1/2P3P2/P3P3P/C1N1B1N2/9/1R1AKAB1R b - - 2 9");
    game.moves[game.nmoves++] = ct_move_parse_coord("h5h2");
    game.moves[game.nmoves++] = ct_move_parse_coord("b0b9");
    size_t len;
    char *text = resume_format(&game, &len);
    ck_assert_msg(strstr(text, "9... H5-H2\n10. B0-B9") != NULL, "%s", text);
    char err[256];
    ck_assert_int_eq(resume_parse(text, len, &back, err, sizeof err), 0);
    ck_assert_int_eq(back.nmoves, 2);
    ck_assert_str_eq(back.fen, game.fen);
    free(text);
}
END_TEST

typedef struct {
    const char *text;
    const char *want; /* substring of the error */
} bad_case;

static const bad_case bad_cases[] = {
    {"[Game \"Chinese Chess\"]\n\n1. H2-E2 H9-G7\n2. H0-G2", "line 4, column 9: the file ends before the result"},
    {"[Game \"Chinese Chess\"\n", "line 2, column 1: ']' expected"},
    {"[Game \"Chinese Chess]\n*", "line 1, column 22: the value of tag Game is not closed"},
    {"[PlyCount \"3\"]\n1. H2-E2 H9-G7 *\n", "PlyCount says 3 moves but the file has 2"},
    {"1. H2-E2 H2-E2 *", "line 1, column 10: move 2 'H2-E2' is not legal here"},
    {"1. H2-E9 *", "line 1, column 4: move 1 'H2-E9' is not legal here"},
    {"1. Zz-99 *", "line 1, column 4: 'Zz-99' is not an ICCS move"},
    {"1. \033]0;x\033\\ *", "line 1, column 4: '?]0;x?\\' is not an ICCS move"},
    {"1. H2-E2 {never closed *", "line 1, column 10: comment '{' is never closed"},
    {"1. H2-E2 (1... H9-G7 *", "line 1, column 10: variation '(' is never closed"},
    {"XQ\x0a\x00\x00", "line 2, column 1: binary data (byte 0x00 at offset 3)"},
    {"[FEN \"9/9/9 w\"]\n*", "bad FEN tag"},
    {"1. H2-E2 *\n[Game \"Chinese Chess\"]", ""}, /* ok: the result ends the game */
};

START_TEST(test_resume_bad_input)
{
    const bad_case *c = &bad_cases[_i];
    char err[256] = "";
    size_t len = strlen(c->text);
    if (c->text[0] == 'X')
        len = 5;
    int r = resume_parse(c->text, len, &back, err, sizeof err);
    if (!c->want[0]) {
        ck_assert_msg(r == 0, "%s", err);
        return;
    }
    ck_assert_int_eq(r, -1);
    ck_assert_msg(strstr(err, c->want) != NULL, "got '%s', want '%s'", err, c->want);
}
END_TEST

START_TEST(test_resume_lenient_movetext)
{
    /* Comments, NAGs, variations, glued numbers, marks and lower-case coordinates. */
    const char *t = "[Game \"Chinese Chess\"]\n; a comment line\n1.H2-E2! {centre} $1 "
                    "(1. C3-C4) 1... h9g7?! 2. H0-G2 1-0\n";
    char err[256];
    ck_assert_msg(resume_parse(t, strlen(t), &back, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(back.nmoves, 3);
    ck_assert_str_eq(back.result, "*"); /* no Result tag: the tag decides, not the token */
    ck_assert_int_eq(back.moves[1], ct_move_parse_coord("h9g7"));
}
END_TEST

/* Every prefix of a valid file (a torn write) is rejected or, when it ends exactly on a
 * boundary that is itself complete, read as a complete shorter file: never a wrong game. */
START_TEST(test_resume_torn_prefixes)
{
    fill_spec_game(&game);
    size_t len;
    char *text = resume_format(&game, &len);
    char err[256];
    for (size_t cut = 0; cut < len - 1; cut++) {
        int r = resume_parse(text, cut, &back, err, sizeof err);
        ck_assert_msg(r == -1, "a file cut at %zu of %zu bytes was accepted", cut, len);
    }
    ck_assert_int_eq(resume_parse(text, len - 1, &back, err, sizeof err), 0); /* no final \n */
    free(text);
}
END_TEST

START_TEST(test_resume_save_load)
{
    make_tmpdir();
    setenv("XDG_STATE_HOME", tmpdir, 1);
    char err[512];
    ck_assert_int_eq(resume_load(&back, err, sizeof err), 0); /* none yet */
    fill_spec_game(&game);
    game.clock_ms[CT_RED] = 1000;
    ck_assert_int_eq(resume_save(&game, err, sizeof err), 0);
    ck_assert_int_eq(resume_load(&back, err, sizeof err), 1);
    ck_assert_int_eq(back.nmoves, 16);
    ck_assert_int_eq(back.clock_ms[CT_RED], 1000);
    /* A corrupt resume file is an error naming the file and position. */
    char path[512];
    snprintf(path, sizeof path, "%s/cotuong/resume.pgn", tmpdir);
    write_raw(path, "1. H2-E2 H2-", 12);
    ck_assert_int_eq(resume_load(&back, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "resume.pgn: line 1, column 10:") != NULL, "%s", err);
    resume_discard();
    ck_assert_int_eq(resume_load(&back, err, sizeof err), 0);
    remove_tree();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("savefile");
    TCase *tc = tcase_create("savefile");
    tcase_add_test(tc, test_xdg_paths);
    tcase_add_test(tc, test_atomic_write_replaces);
    tcase_add_test(tc, test_atomic_write_failure_keeps_old);
    tcase_add_test(tc, test_clean_temps);
    tcase_add_test(tc, test_read_limits);
    tcase_add_test(tc, test_binary_offset);
    tcase_add_test(tc, test_resume_round_trip);
    tcase_add_test(tc, test_resume_from_fen_black_first);
    tcase_add_loop_test(tc, test_resume_bad_input, 0, (int)(sizeof bad_cases / sizeof bad_cases[0]));
    tcase_add_test(tc, test_resume_lenient_movetext);
    tcase_add_test(tc, test_resume_torn_prefixes);
    tcase_add_test(tc, test_resume_save_load);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
