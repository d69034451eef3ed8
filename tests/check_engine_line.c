/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for the parser of an external engine's output (src/sys/engine_proc.c
 * sys_engine_parse_line): the score and the depth of real engines' lines (Fairy-Stockfish
 * 11.1's `info`, MaxQi 4.8G's right-aligned xboard thinking output, both captured from the
 * Debian packages), and the lines whose depth is not a finished iteration. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sys/engine_proc.h"

typedef struct {
    sys_engine_proto proto;
    const char *line;
    sys_engine_line_kind kind;
    int score, depth;
} line_case;

static const line_case cases[] = {
    /* Fairy-Stockfish 11.1, xiangqi, go movetime 300 from the start */
    {SYS_PROTO_UCI,
     "info depth 8 seldepth 9 multipv 1 score cp 54 nodes 12536 nps 72883 tbhits 0 time 172 pv c1e3 b10c8",
     SYS_ENGINE_LINE_SCORE, 54, 8},
    /* seldepth comes first: its number is not the depth */
    {SYS_PROTO_UCI, "info seldepth 30 depth 12 score cp -7 pv h2e2", SYS_ENGINE_LINE_SCORE, -7, 12},
    /* an aspiration fail: a score, not a finished iteration */
    {SYS_PROTO_UCI, "info depth 18 seldepth 33 multipv 1 score cp 40 lowerbound nodes 1200",
     SYS_ENGINE_LINE_SCORE, 40, -1},
    {SYS_PROTO_UCI, "info depth 18 seldepth 33 score cp 30 upperbound", SYS_ENGINE_LINE_SCORE, 30, -1},
    /* progress lines without a score, and free text */
    {SYS_PROTO_UCI, "info depth 18 currmove h2e2 currmovenumber 1", SYS_ENGINE_LINE_OTHER, 0, -1},
    {SYS_PROTO_UCI, "info string depth 99 score cp 1", SYS_ENGINE_LINE_OTHER, 0, -1},
    {SYS_PROTO_UCI, "info depth 5 score cp 3 string depth 99", SYS_ENGINE_LINE_SCORE, 3, 5},
    {SYS_PROTO_UCI, "info depth 99999999999 score cp 3", SYS_ENGINE_LINE_SCORE, 3, ENGINE_MAX_DEPTH},
    {SYS_PROTO_UCI, "info depth -4 score cp 3", SYS_ENGINE_LINE_SCORE, 3, -1},
    {SYS_PROTO_UCCI, "info depth 7 score 25 pv h2e2", SYS_ENGINE_LINE_SCORE, 25, 7},
    /* MaxQi 4.8G after h2e2, time 400: ply, score, time, nodes, pv */
    {SYS_PROTO_XBOARD, " 4      9        4       8485 h9g7", SYS_ENGINE_LINE_SCORE, 9, 4},
    {SYS_PROTO_XBOARD, "12    -31      210     903412 h9g7 h0g2", SYS_ENGINE_LINE_SCORE, -31, 12},
    {SYS_PROTO_XBOARD, "-1    440        0          1 b7b0", SYS_ENGINE_LINE_OTHER, 0, -1},
    {SYS_PROTO_XBOARD, "# root hit 3 18 ffffff88", SYS_ENGINE_LINE_OTHER, 0, -1},
    {SYS_PROTO_XBOARD, "move h9g7", SYS_ENGINE_LINE_MOVE, 0, -1},
};

START_TEST(test_line)
{
    const line_case *c = &cases[_i];
    int score = 0, depth = 123;
    const char *mv = NULL;
    sys_engine_line_kind k = sys_engine_parse_line(c->proto, c->line, &score, &depth, &mv);
    ck_assert_msg(k == c->kind, "'%s': kind %d, wanted %d", c->line, k, c->kind);
    ck_assert_msg(depth == c->depth, "'%s': depth %d, wanted %d", c->line, depth, c->depth);
    if (k == SYS_ENGINE_LINE_SCORE)
        ck_assert_msg(score == c->score, "'%s': score %d, wanted %d", c->line, score, c->score);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("engine_line");
    TCase *tc = tcase_create("engine_line");
    tcase_add_loop_test(tc, test_line, 0, (int)(sizeof cases / sizeof cases[0]));
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
