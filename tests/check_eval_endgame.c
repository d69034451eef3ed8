/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the endgame scale of the evaluation: when the side ahead lacks the material to
 * force mate, ct_eval shrinks its lead to a small band around 0 (keeping the sign), and
 * leaves the lead of a side that can win alone. Every class is checked with either side to
 * move, with colours swapped and with the board mirrored left-right.
 *
 * Cross-checks: each position was also given to Fairy-Stockfish (UCI_Variant xiangqi,
 * go depth 20) when this test was written; its depth-20 figure is quoted by the position.
 * A win shows as a mate score there; a draw as a score that finds no mate (its own
 * material count, when it has no rule for the class, or near 0 when it has). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/eval.h"
#include "cotuong/net.h"
#include "cotuong/position.h"

/* In centipawns: the least material lead of the stronger side in each test position, the
 * lead a drawn class may keep, and the least a winning one keeps. */
enum { MATERIAL_LEAD = 150, DRAW_BAND = 100, WIN_LEAD = 300 };

static ct_pos pos;

static void load(const char *fen)
{
    ct_fen_error err;
    ck_assert_msg(ct_fen_read(&pos, fen, &err) == CT_OK, "bad FEN %s", fen);
}

/* The evaluation from Red's side, and the weighted sum of the features before any scale
 * (what the tuner's linear model sees), also from Red's side. */
static int red_eval(void)
{
    int v = ct_eval(&pos);
    return pos.side == CT_RED ? v : -v;
}

static long red_linear(void)
{
    int f[CT_EVAL_NFEATURES];
    const int *w = ct_eval_default_weights();
    ct_eval_features(&pos, f);
    long sum = 0, pst = 0;
    for (int i = 0; i < CT_EVAL_NFEATURES; i++) {
        if (ct_eval_divisor(i) == 1)
            sum += (long)w[i] * f[i];
        else
            pst += (long)w[i] * f[i];
    }
    return sum + pst / (100 * CT_EVAL_PHASE_MAX);
}

/* The correction network's part, from Red's side: it counts before the scale, with the sum. */
static int red_net(void)
{
    int v = ct_net_eval(&pos);
    return pos.side == CT_RED ? v : -v;
}

/* The board part of a FEN with colours swapped (ranks reversed, letter case swapped) and
 * the side to move set; or mirrored left-right (each rank reversed). */
static void board_variant(const char *board, bool swap_colours, bool mirror, char side,
                          char *out, size_t size)
{
    char rows[10][16];
    int n = 0;
    const char *p = board;
    while (n < 10) {
        size_t len = strcspn(p, "/");
        ck_assert_uint_lt(len, sizeof rows[0]);
        memcpy(rows[n], p, len);
        rows[n][len] = '\0';
        n++;
        if (!p[len])
            break;
        p += len + 1;
    }
    ck_assert_int_eq(n, 10);
    char buf[128] = "";
    for (int r = 0; r < 10; r++) {
        char row[16];
        strcpy(row, rows[swap_colours ? 9 - r : r]);
        size_t len = strlen(row);
        for (size_t i = 0; i < len; i++) {
            char c = mirror ? rows[swap_colours ? 9 - r : r][len - 1 - i] : row[i];
            if (swap_colours && c >= 'a' && c <= 'z')
                c = (char)(c - 'a' + 'A');
            else if (swap_colours && c >= 'A' && c <= 'Z')
                c = (char)(c - 'A' + 'a');
            row[i] = c;
        }
        strcat(buf, row);
        if (r < 9)
            strcat(buf, "/");
    }
    snprintf(out, size, "%s %c - - 0 1", buf, side);
}

typedef enum { DRAWN, WINNING, BEHIND } verdict;

/* Checks one class. `board` has Red as the side with the extra material. A DRAWN class
 * scores within DRAW_BAND of 0 and keeps the sign of the lead; a WINNING one keeps its whole
 * weighted sum with the network's part (the weighted sum alone at least WIN_LEAD). BEHIND:
 * Red is behind and the score is the plain sum with the network's part, whatever Red's own
 * chances. The eight variants: either side to move, the
 * colours swapped or not, mirrored or not. */
static void check_class(const char *board, verdict expect)
{
    for (int v = 0; v < 8; v++) {
        bool swap = v & 1, mirror = v & 2;
        char side = (v & 4) ? 'b' : 'w';
        char fen[160];
        board_variant(board, swap, mirror, side, fen, sizeof fen);
        load(fen);
        int lead = swap ? -red_eval() : red_eval();
        long linear = swap ? -red_linear() : red_linear();
        long total = linear + (swap ? -red_net() : red_net());
        if (expect == BEHIND) {
            ck_assert_msg(linear < 0 && lead == total, "%s: scored %d, sum %ld", fen, lead,
                          total);
            continue;
        }
        ck_assert_msg(linear >= MATERIAL_LEAD, "%s: weighted sum %ld, expected a lead", fen,
                      linear);
        if (expect == DRAWN)
            ck_assert_msg(lead > 0 && lead <= DRAW_BAND, "%s: drawn class scored %d (sum %ld)",
                          fen, lead, linear);
        else
            ck_assert_msg(lead == total && linear >= WIN_LEAD,
                          "%s: winning class scored %d, sum %ld", fen, lead, total);
    }
}

START_TEST(test_no_mating_force)
{
    /* Advisors and elephants never cross the river: they cannot mate
     * (FSF: cp 383, no mate). */
    check_class("3k5/9/9/9/9/9/9/9/9/2BAKAB2", DRAWN);
    /* An old pawn (on the last rank) moves only along it, so a king on the upper two ranks
     * of its palace is out of its reach for ever (FSF: cp 0). Defenders do not help it. */
    check_class("3P5/4k4/9/9/9/9/9/9/9/3K5", DRAWN);
    check_class("P2k5/9/9/9/9/9/9/9/9/2BAKAB2", DRAWN);
    /* One rank lower the pawn still wins against a bare king (FSF: mate in 4). */
    check_class("9/3P5/4k4/9/9/9/9/9/9/3K5", WINNING);
}
END_TEST

START_TEST(test_lone_cannon_bare_king)
{
    /* A cannon with no screen on the board never gives check (FSF: cp 267, no mate; kings
     * never screen for it). */
    check_class("4k4/9/9/9/9/9/9/9/1C7/3K5", DRAWN);
    /* One advisor is a screen enough: cannon and advisor beat a bare king (FSF: mate 5). */
    check_class("3k5/9/9/9/9/9/9/9/1C7/3AK4", WINNING);
}
END_TEST

START_TEST(test_lone_piece_full_defenders)
{
    /* A lone rook against two advisors and two elephants: the classic fortress
     * (FSF: cp 15), with the rook's own advisors and elephants too (FSF: cp 462, no mate:
     * they never cross the river). */
    check_class("2bakab2/9/9/9/9/9/9/9/1R7/3K5", DRAWN);
    check_class("2bakab2/9/9/9/9/9/9/9/1R2A4/2BK1AB2", DRAWN);
    /* Less than the full set falls: rook against two advisors (FSF: mate 13). */
    check_class("3aka3/9/9/9/9/9/9/9/1R7/3K5", WINNING);
    /* A second attacker breaks it: rook and crossed pawn (FSF: cp 353 and rising). */
    check_class("2bakab2/9/9/2P6/9/9/9/9/1R7/3K5", WINNING);
    /* A lone horse (FSF: cp 0; with its own set cp 221, no mate) ... */
    check_class("2bakab2/9/9/9/9/9/9/9/1N7/3K5", DRAWN);
    check_class("2bakab2/9/9/9/9/9/9/9/1N2A4/2BK1AB2", DRAWN);
    /* ... which beats a bare king (FSF: mate 6). */
    check_class("4k4/9/9/9/9/9/9/9/1N7/3K5", WINNING);
    /* A lone cannon (FSF: cp -115; with its own set cp 224, no mate). */
    check_class("2bakab2/9/9/9/9/9/9/9/1C7/3K5", DRAWN);
    check_class("2bakab2/9/9/9/9/9/9/9/1C2A4/2BK1AB2", DRAWN);
    /* A lone pawn, here with its own full set (FSF: cp 103, no mate) ... which beats a bare
     * king (FSF: mate 4). */
    check_class("2bakab2/9/9/2P6/9/9/9/9/4A4/2BK1AB2", DRAWN);
    check_class("4k4/9/9/2P6/9/9/9/9/9/3K5", WINNING);
}
END_TEST

START_TEST(test_only_the_lead_is_scaled)
{
    /* Red's lone rook against a full set would be drawn, but here Black also has a horse,
     * a cannon and a pawn: Black leads and can win, so nothing is scaled. The scale follows
     * the side ahead, never the side to move. */
    check_class("2bakab2/9/1n5c1/9/p8/9/9/9/1R7/3K5", BEHIND);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("eval_endgame");
    TCase *tc = tcase_create("eval_endgame");
    tcase_add_test(tc, test_no_mating_force);
    tcase_add_test(tc, test_lone_cannon_bare_king);
    tcase_add_test(tc, test_lone_piece_full_defenders);
    tcase_add_test(tc, test_only_the_lead_is_scaled);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
