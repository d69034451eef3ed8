/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the engine's evaluation (ct_eval) against its reference, the weighted sum of
 * the feature vector (ct_eval_weighted with the built-in weights, which is what the tuner
 * fits): ct_eval computes the same terms its own faster way and takes the piece-square sums
 * from the position, which make/unmake keep up to date. The two must agree on every
 * position; random games (some hungry for captures, to reach the endgames and their
 * scale) give the positions, each also with colours swapped and mirrored left-right, where
 * the score of the side to move must not change. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "cotuong/eval.h"
#include "cotuong/movegen.h"
#include "cotuong/position.h"
#include "testlib.h"

enum { GAMES = 400, MAX_PLIES = 240 };

static int reference(const ct_pos *pos)
{
    return ct_eval_weighted(pos, ct_eval_default_weights());
}

/* The position with colours swapped (ranks reversed, letter case swapped, the other side to
 * move) or mirrored left-right (each rank reversed), through its FEN. */
static void variant(const ct_pos *pos, bool swap_colours, bool mirror, ct_pos *out)
{
    char fen[128], ranks[10][16], board[128] = "";
    ck_assert_int_lt(ct_fen_write(pos, fen, sizeof fen), (int)sizeof fen);
    const char *p = fen;
    for (int r = 0; r < 10; r++) {
        size_t len = strcspn(p, "/ ");
        ck_assert_uint_lt(len, sizeof ranks[r]);
        memcpy(ranks[r], p, len);
        ranks[r][len] = '\0';
        p += len + 1;
    }
    char side = *p;
    for (int r = 0; r < 10; r++) {
        const char *rank = ranks[swap_colours ? 9 - r : r];
        size_t len = strlen(rank), at = strlen(board);
        for (size_t i = 0; i < len; i++) {
            char c = rank[mirror ? len - 1 - i : i];
            if (swap_colours && c >= 'a' && c <= 'z')
                c = (char)(c - 'a' + 'A');
            else if (swap_colours && c >= 'A' && c <= 'Z')
                c = (char)(c - 'A' + 'a');
            board[at + i] = c;
        }
        board[at + len] = r < 9 ? '/' : '\0';
        board[at + len + 1] = '\0';
    }
    char out_fen[160];
    snprintf(out_fen, sizeof out_fen, "%s %c", board,
             swap_colours ? (side == 'w' ? 'b' : 'w') : side);
    ct_fen_error err;
    ck_assert_msg(ct_fen_read(out, out_fen, &err) == CT_OK, "%s: %s", out_fen, err.message);
}

/* ct_eval against the reference on pos and its three variants; counts the positions. */
static void check_position(const ct_pos *pos, long *checked)
{
    static ct_pos other;
    int v = ct_eval(pos);
    ck_assert_msg(v == reference(pos), "ct_eval %d, reference %d", v, reference(pos));
    for (int k = 1; k < 4; k++) {
        variant(pos, k & 1, k & 2, &other);
        ck_assert_int_eq(ct_eval(&other), reference(&other));
        ck_assert_msg(ct_eval(&other) == v, "variant %d scores %d, the position %d", k,
                      ct_eval(&other), v);
    }
    (*checked)++;
}

START_TEST(test_random_games)
{
    static ct_pos pos, start;
    ct_move moves[CT_MAX_MOVES];
    uint64_t rng = 0x6576616c66617374ULL;
    long checked = 0, endgames = 0;
    for (int game = 0; game < GAMES; game++) {
        ct_pos_start(&pos);
        start = pos;
        /* Every other game takes whatever it can, to reach thin material quickly. */
        bool greedy = game & 1;
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            check_position(&pos, &checked);
            int n = ct_gen_legal(&pos, moves);
            if (n == 0)
                break;
            ct_move mv = moves[test_rand(&rng) % (uint64_t)n];
            if (greedy) {
                ct_move caps[CT_MAX_MOVES];
                int nc = 0;
                for (int i = 0; i < n; i++)
                    if (pos.board[CT_TO(moves[i])])
                        caps[nc++] = moves[i];
                if (nc)
                    mv = caps[test_rand(&rng) % (uint64_t)nc];
            }
            ct_pos_make(&pos, mv);
            ck_assert(ct_pos_ok(&pos)); /* which checks the piece-square sums too */
            if (ct_pos_count(&pos, CT_RED, CT_ROOK) + ct_pos_count(&pos, CT_BLACK, CT_ROOK) == 0)
                endgames++;
        }
        /* Unmaking restores the sums exactly. */
        while (pos.ply > 0)
            ct_pos_unmake(&pos);
        ck_assert(ct_pos_ok(&pos));
        ck_assert(pos.pst == start.pst);
    }
    ck_assert_int_gt(checked, 40000);
    ck_assert_int_gt(endgames, 5000);
}
END_TEST

/* A null move changes nothing but the side to move (and the tempo term). */
START_TEST(test_null_move)
{
    static ct_pos pos;
    ct_pos_start(&pos);
    int v = ct_eval(&pos);
    ct_pos_make_null(&pos);
    ck_assert(ct_pos_ok(&pos));
    ck_assert_int_eq(ct_eval(&pos), reference(&pos));
    ct_pos_unmake_null(&pos);
    ck_assert_int_eq(ct_eval(&pos), v);
}
END_TEST

/* Positions the random games hardly reach: the endgame scale's classes and the
 * cannon-screen and rook-file terms at their edges. */
START_TEST(test_chosen_positions)
{
    static const char *const fens[] = {
        "3k5/9/9/9/9/9/9/9/9/4K4 w",          /* bare kings */
        "3k5/9/9/9/9/9/9/9/4C4/4K4 w",        /* lone cannon */
        "3k5/9/9/9/9/9/9/9/4C4/3AK4 b",       /* cannon with an advisor */
        "2bakab2/9/9/9/9/9/9/9/9/R2K5 w",     /* lone rook against full defenders */
        "2bakab2/9/9/9/9/9/9/9/9/N2K5 w",     /* lone horse against full defenders */
        "P2k5/9/9/9/9/9/9/9/9/4K4 w",         /* old pawn only */
        "1P2k4/9/9/9/9/9/9/9/9/3K5 b",        /* old pawn, the other side to move */
        "4k4/4a4/4c4/9/9/9/9/4C4/9/4K4 w",    /* cannons facing over screens */
        "4k4/9/9/9/3R5/9/9/9/9/3K5 w",        /* rook on the palace file, path clear */
        "3ak4/4a4/9/9/9/9/9/9/4R4/3K5 w",     /* rook on the palace file, path blocked */
        "4k4/9/9/2PPP4/9/9/9/9/9/3K5 w",      /* connected crossed pawns */
        "3k5/3PPP3/9/9/9/9/9/9/9/4K4 b",      /* pawns in the palace */
        CT_START_FEN,
    };
    static ct_pos pos;
    long checked = 0;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        ct_fen_error err;
        ck_assert_msg(ct_fen_read(&pos, fens[i], &err) == CT_OK, "%s: %s", fens[i], err.message);
        check_position(&pos, &checked);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("eval_fast");
    TCase *tc = tcase_create("eval_fast");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_random_games);
    tcase_add_test(tc, test_null_move);
    tcase_add_test(tc, test_chosen_positions);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
