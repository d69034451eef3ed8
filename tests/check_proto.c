/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — the hosted game's line protocol (src/game/proto.c): every message type
 * reads and writes back the same line, malformed and hostile lines are refused or defused,
 * moves are ICCS as the spec's example game writes them, and the reader enforces its line
 * length and rate limits. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/notation.h"
#include "cotuong/pgn.h"
#include "game/proto.h"

/* Lines that must read and write back byte for byte. */
static const char *const good[] = {
    "hello 1 host",
    "hello 1 player",
    "hello 1 player K7QX2M",
    "hello 1 watcher",
    "hello 1 list",
    "hello 2 player",
    "info alice bob online 15+10 42 3 playing",
    "info alice - casual none 0 0 open",
    "info a.b_c-d@e - vn2004 /30 2048 9999 away",
    "seat red alice bob",
    "seat black alice bob",
    "seat watcher alice -",
    "game online 15+10 startpos",
    "game asian none 4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
    "move 1 H2-E2",
    "move 2 H9-G7 899000 900000",
    "move 2048 A0-I9 -1 -1",
    "clock 60000 59000 black",
    "clock -1 -1 stopped",
    "sync 0",
    "sync 37",
    "draw offer",
    "draw accept",
    "draw decline",
    "resign",
    "undo ask 4",
    "undo yes 4",
    "undo no 0",
    "takeback 12",
    "chat hello there",
    "chat xin chào, đi nước hay! 炮二平五",
    "chat ",
    "watchers 0",
    "watchers 17",
    "result 1-0 checkmate",
    "result 0-1 time",
    "result 1/2-1/2 agreement",
    "result * aborted",
    "result * adjourned",
    "peer away",
    "peer back",
    "bye quit",
    "bye version this host speaks version 1",
    "bye refused you are not on the list",
    /* cờ úp */
    "game online 15+10 coup",
    "info alice - online none 0 0 open coup",
    "commit 1d2b3e6eeb916092eff7da322108b056cd1db4bd0dea2df07c261a3014416185",
    "move 1 B2-B9=R",
    "move 2 H7-H0=PxC",
    "move 3 B9-B7xN 899000 900000",
    "disclose RNBAABNRCCPPPPP/rnbaabnrccppppp 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
};

START_TEST(test_round_trip)
{
    const char *line = good[_i];
    proto_msg m;
    char err[128];
    ck_assert_msg(proto_parse(line, strlen(line), &m, err, sizeof err) == 0, "%s: %s", line, err);
    char out[PROTO_LINE_MAX + 1];
    int n = proto_format(&m, out, sizeof out);
    ck_assert_int_eq(n, (int)strlen(line) + 1);
    ck_assert_int_eq(out[n - 1], '\n');
    out[n - 1] = 0;
    ck_assert_str_eq(out, line);
}
END_TEST

/* Lines that must be refused, with a word of the reason expected. */
static const struct {
    const char *line, *why;
} bad[] = {
    {"", "no message word"},
    {"hola 1 player", "unknown message"},
    {"HELLO 1 player", "unknown message"},
    {"hello 1", "wrong number"},
    {"hello 01 player", "bad version"},
    {"hello -1 player", "bad version"},
    {"hello 1 admin", "bad role"},
    {"hello 1 player k7qx2m", "bad game code"},
    {"hello 1 player K7QX2M0", "bad game code"},
    {"hello 1 player K7QX1M", "bad game code"}, /* 1 is not in the code alphabet */
    {"hello  1 player", "empty field"},
    {"hello 1 player ", "empty field"},
    {"move 0 H2-E2", "bad ply"},
    {"move 2049 H2-E2", "bad ply"},
    {"move 01 H2-E2", "bad ply"},
    {"move 1 h2-e2", "bad move"},
    {"move 1 h2e2", "bad move"},
    {"move 1 J2-E2", "bad move"},
    {"move 1 H2-H2", "bad move"},
    {"move 1 H2-E", "bad move"},
    {"move 1 H2-E2 5", "wrong number"},
    {"move 1 H2-E2 5 x", "bad clock"},
    {"move 1 H2-E2 -2 0", "bad clock"},
    {"move 1 H2-E2 999999999999999 0", "bad clock"},
    {"clock 1 2 white", "bad clock side"},
    {"seat red alice", "wrong number"},
    {"seat green alice bob", "bad seat"},
    {"seat red al\xc3\xa9 bob", "bad name"},
    {"seat red aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa bob", "bad name"}, /* 33 bytes */
    {"game online 15+10", "wrong number"},
    {"game chess 15+10 startpos", "bad rules"},
    {"game ONLINE 15+10 startpos", "bad rules"},
    {"game online 15+0 startpos", "bad time control"}, /* canonical is "15" */
    {"game online soon startpos", "bad time control"},
    {"game online none 9/9/9/9/9/9/9/9/9/9 w - - 0 1", "bad FEN"},
    {"game online none rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w - - 0 1",
     "bad FEN"},
    {"draw maybe", "bad draw word"},
    {"resign now", "wrong number"},
    {"undo ask", "wrong number"},
    {"undo perhaps 3", "bad undo word"},
    {"watchers -1", "bad count"},
    {"watchers 10000", "bad count"},
    {"result 2-0 checkmate", "bad result"},
    {"result 1-0 unfinished", "bad reason"},
    {"result 1-0 aborted", "disagree"},
    {"result * checkmate", "disagree"},
    {"result 1-0 adjourned", "adjourned with a result"},
    {"peer gone", "bad peer word"},
    {"bye", "wrong number"},
    {"bye QUIT", "bad bye reason"},
    {"bye averyveryverylongreason", "bad bye reason"},
    {"chat", "wrong number"},
    {"chat \x1b]0;owned\x07", "control character"},
    {"chat \x1b[2J", "control character"},
    {"chat tab\there", "control character"},
    {"chat del\x7f", "control character"},
    {"move 1 H2-E2\r", "control character"},
    {"info alice bob online 15+10 2049 0 playing", "bad number"},
    {"info alice bob online 15+10 1 0 thinking", "bad state"},
    /* cờ úp: a reveal or a capture of no piece, a king, lower case, a second '='; a
     * commitment or a salt not 64 lower-case hex digits; a deal that is not the set */
    {"info alice - online none 0 0 open jieqi", "wrong number"},
    {"move 1 B2-B9=", "bad move"},
    {"move 1 B2-B9=K", "bad move"},
    {"move 1 B2-B9=r", "bad move"},
    {"move 1 B2-B9=R=R", "bad move"},
    {"move 1 B2-B9xNxN", "bad move"},
    {"move 1 B2-B9xQ", "bad move"},
    {"commit 1D2B3E6EEB916092EFF7DA322108B056CD1DB4BD0DEA2DF07C261A3014416185", "bad commitment"},
    {"commit 1d2b", "bad commitment"},
    {"disclose RRBAABNRCCPPPPP/rnbaabnrccppppp 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "bad deal"},
    {"disclose RNBAABNRCCPPPPP/rnbaabnrccppppp 0001", "bad salt"},
    {"disclose RNBAABNRCCPPPPP/rnbaabnrccppppp", "wrong number"},
};

START_TEST(test_refused)
{
    const char *line = bad[_i].line;
    proto_msg m;
    char err[128];
    ck_assert_msg(proto_parse(line, strlen(line), &m, err, sizeof err) == -1, "accepted: %s", line);
    ck_assert_msg(strstr(err, bad[_i].why) != NULL, "%s: '%s' (expected '%s')", line, err,
                  bad[_i].why);
    /* The reason never echoes a control byte of the line. */
    for (const char *p = err; *p; p++)
        ck_assert_msg((unsigned char)*p >= 0x20 && (unsigned char)*p != 0x7f, "%s", err);
}
END_TEST

/* A NUL inside the line is a control byte too (the length, not the NUL, ends a line). */
START_TEST(test_nul_inside)
{
    static const char line[] = "chat a\0b";
    proto_msg m;
    char err[64];
    ck_assert_int_eq(proto_parse(line, sizeof line - 1, &m, err, sizeof err), -1);
}
END_TEST

/* Texts from a peer reach the screen only sanitized: C1 controls (8-bit CSI), bidi
 * overrides and malformed UTF-8 are replaced. */
START_TEST(test_chat_sanitized)
{
    static const struct {
        const char *line, *text;
    } cases[] = {
        {"chat a\xc2\x9b" "2Jb", "a?2Jb"},            /* U+009B, the 8-bit CSI */
        {"chat \xe2\x80\xae" "evil", "?evil"},       /* U+202E RIGHT-TO-LEFT OVERRIDE */
        {"chat \xff\xfe", "\xef\xbf\xbd\xef\xbf\xbd"}, /* malformed: U+FFFD each */
        {"chat \xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd"}, /* overlong '/' */
        {"bye quit \xe2\x81\xa6x", "?x"},            /* U+2066 LEFT-TO-RIGHT ISOLATE */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        proto_msg m;
        char err[64];
        ck_assert_int_eq(proto_parse(cases[i].line, strlen(cases[i].line), &m, err, sizeof err), 0);
        ck_assert_str_eq(m.text, cases[i].text);
    }
}
END_TEST

/* A long text is cut to PROTO_TEXT_MAX bytes, never in the middle of a character, when read
 * and when written. */
START_TEST(test_text_cut)
{
    char line[PROTO_LINE_MAX];
    strcpy(line, "chat ");
    for (int i = 0; i < 200; i++)
        strcat(line, "đ"); /* 2 bytes each: 400 bytes */
    proto_msg m;
    char err[64];
    ck_assert_int_eq(proto_parse(line, strlen(line), &m, err, sizeof err), 0);
    ck_assert_int_eq((int)strlen(m.text), PROTO_TEXT_MAX);
    proto_msg_init(&m, PROTO_CHAT);
    strcpy(m.text, "x");
    for (int i = 0; i < 200; i++)
        strcat(m.text, "đ"); /* 401 bytes: the cut falls inside a character */
    char out[PROTO_LINE_MAX + 1];
    int n = proto_format(&m, out, sizeof out);
    ck_assert_int_eq(n, 5 + PROTO_TEXT_MAX - 1 + 1); /* "chat " + 239 bytes + '\n' */
    ck_assert_int_eq(proto_parse(out, (size_t)n - 1, &m, err, sizeof err), 0);
    ck_assert_int_eq((int)strlen(m.text), PROTO_TEXT_MAX - 1);
}
END_TEST

/* The formatter refuses what the parser would refuse. */
START_TEST(test_format_refuses)
{
    proto_msg m;
    char out[PROTO_LINE_MAX + 1];
    proto_msg_init(&m, PROTO_MOVE);
    m.ply = 1;
    m.move = CT_MOVE(CT_SQ(7, 2), CT_SQ(7, 2));
    ck_assert_int_eq(proto_format(&m, out, sizeof out), -1);
    m.move = CT_MOVE(CT_SQ(7, 2), 0);
    ck_assert_int_eq(proto_format(&m, out, sizeof out), -1);
    m.move = CT_MOVE(CT_SQ(7, 2), CT_SQ(4, 2));
    m.ply = 0;
    ck_assert_int_eq(proto_format(&m, out, sizeof out), -1);
    proto_msg_init(&m, PROTO_SEAT);
    strcpy(m.name[0], "bad name");
    ck_assert_int_eq(proto_format(&m, out, sizeof out), -1);
    proto_msg_init(&m, PROTO_HELLO);
    strcpy(m.code, "abc");
    ck_assert_int_eq(proto_format(&m, out, sizeof out), -1);
    proto_msg_init(&m, PROTO_RESULT);
    m.result = CT_RESULT_RED_WINS;
    m.reason = CT_END_NONE;
    ck_assert_int_eq(proto_format(&m, out, sizeof out), -1);
    proto_msg_init(&m, PROTO_CHAT);
    strcpy(m.text, "\x1b[2J");
    ck_assert_int_gt(proto_format(&m, out, sizeof out), 0);
    ck_assert_str_eq(out, "chat ?[2J\n");
    /* A buffer too small gives -1 and an empty string, never a cut line. */
    proto_msg_init(&m, PROTO_WATCHERS);
    m.count = 12;
    ck_assert_int_eq(proto_format(&m, out, 8), -1);
    ck_assert_str_eq(out, "");
}
END_TEST

/* Moves are ICCS exactly as the spec's example game (§4.5) writes them: the tokens of the
 * file's movetext, read as text here, are the protocol's move fields for the same moves as
 * the PGN reader understood them. */
START_TEST(test_iccs_spec_game)
{
    const char *path = TEST_DATA_DIR "/../../fuzz/corpus/pgn/iccs_45.pgn";
    FILE *fp = fopen(path, "rb");
    ck_assert_msg(fp != NULL, "%s", path);
    char buf[4096];
    size_t len = fread(buf, 1, sizeof buf - 1, fp);
    fclose(fp);
    buf[len] = 0;
    ct_record *games;
    int ngames;
    ct_pgn_error perr;
    ck_assert_int_eq(ct_pgn_read(buf, len, CT_ENC_AUTO, &games, &ngames, NULL, &perr), CT_OK);
    ct_move moves[64];
    int n = ct_record_main_line(&games[0], moves, 64);
    ck_assert_int_eq(n, 16);
    /* The tokens of the movetext: every "X9-X9" word after the tags. */
    const char *p = strstr(buf, "1. ");
    ck_assert_ptr_nonnull(p);
    int k = 0;
    for (; *p && k < n; p++) {
        if (p[0] >= 'A' && p[0] <= 'I' && p[2] == '-' && p[5] != '-') {
            char tok[6];
            memcpy(tok, p, 5);
            tok[5] = 0;
            proto_msg m;
            proto_msg_init(&m, PROTO_MOVE);
            m.ply = k + 1;
            m.move = moves[k];
            char out[64], want[64];
            ck_assert_int_gt(proto_format(&m, out, sizeof out), 0);
            snprintf(want, sizeof want, "move %d %s\n", k + 1, tok);
            ck_assert_str_eq(out, want);
            proto_msg back;
            char err[64];
            ck_assert_int_eq(proto_parse(out, strlen(out) - 1, &back, err, sizeof err), 0);
            ck_assert_int_eq(back.move, moves[k]);
            k++;
            p += 4;
        }
    }
    ck_assert_int_eq(k, n);
    ct_pgn_free_games(games, ngames);
}
END_TEST

/* Every square pair that is a legal move somewhere formats as the core's ICCS renderer
 * writes it (all legal moves of the start and of a middle game). */
START_TEST(test_iccs_core)
{
    static const char *const fens[] = {
        CT_START_FEN,
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    };
    for (size_t f = 0; f < 2; f++) {
        ct_pos pos;
        ck_assert_int_eq(ct_fen_read(&pos, fens[f], NULL), CT_OK);
        ct_move mv[CT_MAX_MOVES];
        int n = ct_gen_legal(&pos, mv);
        ck_assert_int_gt(n, 10);
        for (int i = 0; i < n; i++) {
            char want[16], out[64];
            ct_move_render(&pos, mv[i], CT_NOTATION_ICCS, want, sizeof want);
            proto_msg m;
            proto_msg_init(&m, PROTO_MOVE);
            m.ply = 1;
            m.move = mv[i];
            ck_assert_int_gt(proto_format(&m, out, sizeof out), 0);
            ck_assert_str_eq(out + 7, want[0] ? strcat(want, "\n") : "?");
        }
    }
}
END_TEST

/* ------------------------------------------------------------------ the reader */
static int feed_all(proto_reader *r, const char *s, proto_msg *last, int64_t now, int *count)
{
    size_t len = strlen(s), off = 0;
    int rc = 0;
    *count = 0;
    while (off < len) {
        off += proto_reader_feed(r, s + off, len - off);
        while ((rc = proto_reader_next(r, last, now)) == 1)
            (*count)++;
        if (rc < 0)
            return -1;
    }
    return 0;
}

START_TEST(test_reader_framing)
{
    proto_reader r;
    proto_reader_init(&r, 100, 100);
    proto_msg m;
    /* Split across feeds, byte by byte. */
    const char *s = "move 1 H2-E2\nresign\n";
    int got = 0;
    for (const char *p = s; *p; p++) {
        ck_assert_int_eq((int)proto_reader_feed(&r, p, 1), 1);
        int rc = proto_reader_next(&r, &m, 0);
        ck_assert_int_ge(rc, 0);
        if (rc == 1) {
            ck_assert_int_eq(m.type, got == 0 ? PROTO_MOVE : PROTO_RESIGN);
            got++;
        }
    }
    ck_assert_int_eq(got, 2);
    ck_assert_int_eq(proto_reader_next(&r, &m, 0), 0);
}
END_TEST

START_TEST(test_reader_line_length)
{
    char line[PROTO_LINE_MAX + 8];
    proto_msg m;
    int count;
    /* 511 bytes and '\n' (512): the longest line. */
    proto_reader r;
    proto_reader_init(&r, 10, 10);
    memset(line, 'x', sizeof line);
    memcpy(line, "chat ", 5);
    line[PROTO_LINE_MAX - 1] = '\n';
    line[PROTO_LINE_MAX] = 0;
    ck_assert_int_eq(feed_all(&r, line, &m, 0, &count), 0);
    ck_assert_int_eq(count, 1);
    ck_assert_int_eq(m.type, PROTO_CHAT);
    /* One more byte: refused, and the reader stays failed. */
    proto_reader_init(&r, 10, 10);
    memset(line, 'x', sizeof line);
    memcpy(line, "chat ", 5);
    line[PROTO_LINE_MAX] = '\n';
    line[PROTO_LINE_MAX + 1] = 0;
    ck_assert_int_eq(feed_all(&r, line, &m, 0, &count), -1);
    ck_assert_ptr_nonnull(strstr(r.why, "too long"));
    ck_assert_int_eq(feed_all(&r, "resign\n", &m, 0, &count), -1);
    ck_assert_int_eq(count, 0);
    /* No newline at all: refused once the line limit is passed, not buffered forever. */
    proto_reader_init(&r, 10, 10);
    char big[3 * PROTO_READER_BUF];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = 0;
    ck_assert_int_eq(feed_all(&r, big, &m, 0, &count), -1);
}
END_TEST

START_TEST(test_reader_rate)
{
    proto_reader r;
    proto_reader_init(&r, 5, 10); /* 5 at once, then 10 a second */
    proto_msg m;
    int count;
    ck_assert_int_eq(feed_all(&r, "resign\nresign\nresign\nresign\nresign\n", &m, 1000, &count), 0);
    ck_assert_int_eq(count, 5);
    /* 100 ms later exactly one more is allowed... */
    ck_assert_int_eq(feed_all(&r, "resign\n", &m, 1100, &count), 0);
    ck_assert_int_eq(count, 1);
    /* ...and a second one at the same instant is one too many. */
    ck_assert_int_eq(feed_all(&r, "resign\n", &m, 1100, &count), -1);
    ck_assert_ptr_nonnull(strstr(r.why, "too many"));
    /* A long pause refills only up to the burst. */
    proto_reader_init(&r, 5, 10);
    ck_assert_int_eq(feed_all(&r, "sync 1\n", &m, 0, &count), 0);
    ck_assert_int_eq(feed_all(&r, "resign\nresign\nresign\nresign\nresign\nresign\n", &m, 100000,
                              &count), -1);
    ck_assert_int_eq(count, 5);
}
END_TEST

START_TEST(test_reader_bad_line)
{
    proto_reader r;
    proto_reader_init(&r, 10, 10);
    proto_msg m;
    int count;
    ck_assert_int_eq(feed_all(&r, "resign\nmove 1 Z9-Z9\nresign\n", &m, 0, &count), -1);
    ck_assert_int_eq(count, 1);
    ck_assert_ptr_nonnull(strstr(r.why, "bad move"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("proto");
    TCase *tc = tcase_create("proto");
    tcase_add_loop_test(tc, test_round_trip, 0, (int)(sizeof good / sizeof good[0]));
    tcase_add_loop_test(tc, test_refused, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, test_nul_inside);
    tcase_add_test(tc, test_chat_sanitized);
    tcase_add_test(tc, test_text_cut);
    tcase_add_test(tc, test_format_refuses);
    tcase_add_test(tc, test_iccs_spec_game);
    tcase_add_test(tc, test_iccs_core);
    tcase_add_test(tc, test_reader_framing);
    tcase_add_test(tc, test_reader_line_length);
    tcase_add_test(tc, test_reader_rate);
    tcase_add_test(tc, test_reader_bad_line);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
