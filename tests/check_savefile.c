/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for src/sys/savefile.c (XDG paths, atomic writes, capped reads) and
 * src/sys/resume.c (the resume file through the core's PGN: round trip, hostile and torn
 * input), and the path typed at a prompt (src/tui/session.c). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "sys/resume.h"
#include "tui/session.h"
#include "cotuong/pgn.h"
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
    ck_assert_int_eq(savefile_binary_offset("XQ\x0b\x00\x01", 5), 3);
    ck_assert_int_eq(savefile_binary_offset("abc\0def", 7), 3);
    /* BEL, BS, VT in a text: hostile but readable (the readers replace them and warn) */
    static const char bel[] = "[Event \"x\a\"]\n1. h2e2 {\b\v\x01 bell\a} *\n";
    ck_assert_int_eq(savefile_binary_offset(bel, sizeof bel - 1), -1);
    /* as dense as binary: more than 256 in the first 4 KiB, reported at the first */
    char dense[4096];
    memset(dense, 'a', sizeof dense);
    for (size_t i = 100; i < sizeof dense; i += 15)
        dense[i] = '\x07';
    ck_assert_int_eq(savefile_binary_offset(dense, sizeof dense), 100);
    for (size_t i = 100; i < sizeof dense; i += 15)
        dense[i] = (i / 15) % 2 ? '\x07' : 'a'; /* 133 of them: text */
    ck_assert_int_eq(savefile_binary_offset(dense, sizeof dense), -1);
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

#define END_MARK "; end of the cotuong resume file\n"

static ct_record rec;

static void fill_spec_game(ct_record *r)
{
    ct_record_init(r);
    int node = CT_ROOT;
    for (size_t i = 0; i < sizeof spec_game / sizeof spec_game[0]; i++)
        ck_assert(ct_record_add_move(r, node, ct_move_parse_coord(spec_game[i]), &node) == CT_OK);
}

START_TEST(test_resume_round_trip)
{
    /* Two games (a game in progress, a review above it) with the tags of our own, a
     * comment and a variation: the core's writer and reader carry them all. */
    ct_record two[2];
    fill_spec_game(&two[0]);
    ct_record_set_tag(&two[0], "Red", "Lý \"Lai\" Quần \\ 1");
    ct_record_set_tag(&two[0], "Rules", "vn2004");
    ct_record_set_tag(&two[0], "TimeControl", "10+5");
    ct_record_set_tag(&two[0], "RedClockMs", "512345");
    ct_record_set_tag(&two[0], "BlackPlayer", "ai:7");
    ct_record_set_tag(&two[0], "Mode", "play");
    fill_spec_game(&two[1]);
    ct_record_set_tag(&two[1], "Mode", "review");
    int v;
    ck_assert(ct_record_add_move(&two[1], ct_record_first_child(&two[1], CT_ROOT),
                                 ct_move_parse_coord("b9c7"), &v) == CT_OK);
    ct_record_set_comment(&two[1], v, "a variation {with braces}");
    size_t len;
    char *text = resume_format(two, 2, &len);
    ck_assert_ptr_nonnull(text);
    ck_assert_uint_eq(len, strlen(text));
    ck_assert_msg(strstr(text, "[Format \"ICCS\"]") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "[PlyCount \"16\"]") != NULL, "%s", text);
    ck_assert_msg(len > strlen(END_MARK) && !strcmp(text + len - strlen(END_MARK), END_MARK), "%s", text);
    ct_record *back;
    int n;
    char err[256];
    ck_assert_msg(resume_parse(text, len, &back, &n, err, sizeof err) == 0, "%s", err);
    free(text);
    ck_assert_int_eq(n, 2);
    for (int i = 0; i < 2; i++)
        ck_assert_msg(ct_record_equal(&back[i], &two[i]), "game %d differs after the round trip", i + 1);
    ck_assert_str_eq(ct_record_tag(&back[0], "Red"), "Lý \"Lai\" Quần \\ 1");
    ck_assert_str_eq(ct_record_tag(&back[0], "RedClockMs"), "512345");
    ck_assert_str_eq(ct_record_tag(&back[1], "Mode"), "review");
    /* Replaying gives the final position of the spec. */
    static ct_pos pos;
    ct_record_position(&back[0], ct_record_main_end(&back[0]), &pos);
    char fen[128];
    ct_fen_write(&pos, fen, sizeof fen);
    ck_assert_str_eq(fen, SPEC_FINAL);
    ct_pgn_free_games(back, n);
    ct_record_free(&two[0]);
    ct_record_free(&two[1]);
}
END_TEST

START_TEST(test_resume_from_fen_black_first)
{
    ct_record_init(&rec);
    ck_assert(ct_record_set_start(&rec, "2bakabr1/9/n5nc1/p1p1p1p1p/7r1/2P3P2/P3P3P/C1N1B1N2/9/1R1AKAB1R b - - 2 9", NULL) == CT_OK);
    int node = CT_ROOT;
    ck_assert(ct_record_add_move(&rec, node, ct_move_parse_coord("h5h2"), &node) == CT_OK);
    ck_assert(ct_record_add_move(&rec, node, ct_move_parse_coord("b0b9"), &node) == CT_OK);
    size_t len;
    char *text = resume_format(&rec, 1, &len);
    ct_record *back;
    int n;
    char err[256];
    ck_assert_msg(resume_parse(text, len, &back, &n, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(ct_record_count_moves(&back[0]), 2);
    ck_assert_str_eq(back[0].start_fen, rec.start_fen);
    free(text);
    ct_pgn_free_games(back, n);
    ct_record_free(&rec);
}
END_TEST

typedef struct {
    const char *text;
    const char *want; /* substring of the error */
} bad_case;

static const bad_case bad_cases[] = {
    {"[Game \"Chinese Chess\"]\n\n1. H2-E2 H9-G7\n2. H0-G2", "does not end with the end mark"},
    {"[PlyCount \"3\"]\n1. H2-E2 H9-G7 *\n" END_MARK, "PlyCount says a different number of moves but the file has 2"},
    {"1. H2-E2 H9-G7 *\n" END_MARK, "PlyCount says no number of moves"},
    {"[PlyCount \"2\"]\n1. H2-E2 H2-E2 *\n" END_MARK, "illegal"},
    {"[PlyCount \"1\"]\n1. \033]0;x\033\\ *\n" END_MARK, "game"},
    {"XQ\x0a\x00\x00", "end mark"},
    /* a stray control byte is damage the reader repairs: the game is kept */
    {"[PlyCount \"1\"]\n1. H2-E2 \001 *\n" END_MARK, ""},
    {"[PlyCount \"1\"]\n1. H2-E2 *\n" END_MARK, ""}, /* ok */
};

START_TEST(test_resume_bad_input)
{
    const bad_case *c = &bad_cases[_i];
    char err[256] = "";
    size_t len = strlen(c->text);
    if (c->text[0] == 'X')
        len = 5;
    ct_record *back = NULL;
    int n = 0;
    int r = resume_parse(c->text, len, &back, &n, err, sizeof err);
    if (!c->want[0]) {
        ck_assert_msg(r == 0, "%s", err);
        ct_pgn_free_games(back, n);
        return;
    }
    ck_assert_int_eq(r, -1);
    ck_assert_msg(strstr(err, c->want) != NULL, "got '%s', want '%s'", err, c->want);
    /* Nothing from the file reaches the terminal raw. */
    for (const char *p = err; *p; p++)
        ck_assert_msg((unsigned char)*p >= 0x20, "control byte in '%s'", err);
}
END_TEST

/* Every prefix of a valid file (a torn write) is rejected: never a shorter or wrong game. */
START_TEST(test_resume_torn_prefixes)
{
    ct_record two[2];
    fill_spec_game(&two[0]);
    fill_spec_game(&two[1]);
    size_t len;
    char *text = resume_format(two, 2, &len);
    char err[256];
    for (size_t cut = 0; cut < len - 1; cut++) {
        ct_record *back;
        int n;
        int r = resume_parse(text, cut, &back, &n, err, sizeof err);
        ck_assert_msg(r == -1, "a file cut at %zu of %zu bytes was accepted", cut, len);
    }
    ct_record *back;
    int n;
    ck_assert_int_eq(resume_parse(text, len - 1, &back, &n, err, sizeof err), 0); /* no final \n */
    ck_assert_int_eq(n, 2);
    ct_pgn_free_games(back, n);
    free(text);
    ct_record_free(&two[0]);
    ct_record_free(&two[1]);
}
END_TEST

START_TEST(test_resume_save_load)
{
    make_tmpdir();
    setenv("XDG_STATE_HOME", tmpdir, 1);
    char err[512];
    ct_record *back;
    int n;
    ck_assert_int_eq(resume_load(&back, &n, err, sizeof err), 0); /* none yet */
    fill_spec_game(&rec);
    ct_record_set_tag(&rec, "RedClockMs", "1000");
    ck_assert_int_eq(resume_save(&rec, 1, err, sizeof err), 0);
    ck_assert_int_eq(resume_load(&back, &n, err, sizeof err), 1);
    ck_assert_int_eq(ct_record_count_moves(&back[0]), 16);
    ck_assert_str_eq(ct_record_tag(&back[0], "RedClockMs"), "1000");
    ct_pgn_free_games(back, n);
    ct_record_free(&rec);
    /* A corrupt resume file is an error naming the file. */
    char path[512];
    snprintf(path, sizeof path, "%s/cotuong/resume.pgn", tmpdir);
    write_raw(path, "1. H2-E2 H2-", 12);
    ck_assert_int_eq(resume_load(&back, &n, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "resume.pgn: the file does not end") != NULL, "%s", err);
    resume_discard();
    ck_assert_int_eq(resume_load(&back, &n, err, sizeof err), 0);
    remove_tree();
}
END_TEST

/* The path the user means at a prompt prefilled with the games folder (issue 10: typing
 * "/tmp/x.pgn" after it gave "games//tmp/x.pgn"). */
START_TEST(test_typed_path)
{
    char out[512];
    setenv("HOME", "/home/u", 1);
    session_typed_path("/d/games/", "/d/games//tmp/x.pgn", out, sizeof out);
    ck_assert_str_eq(out, "/tmp/x.pgn");
    session_typed_path("/d/games/", "/d/games/~/x.pgn", out, sizeof out);
    ck_assert_str_eq(out, "/home/u/x.pgn");
    session_typed_path("/d/games/", "/d/games/x.pgn", out, sizeof out);
    ck_assert_str_eq(out, "/d/games/x.pgn");
    session_typed_path("/d/games/", "/other/y.pgn ", out, sizeof out);
    ck_assert_str_eq(out, "/other/y.pgn");
    session_typed_path("/d/games/", "~/z.pgn", out, sizeof out);
    ck_assert_str_eq(out, "/home/u/z.pgn");
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
    tcase_add_test(tc, test_resume_torn_prefixes);
    tcase_add_test(tc, test_resume_save_load);
    tcase_add_test(tc, test_typed_path);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
