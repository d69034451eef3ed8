/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — the position: make/unmake restore everything, the incremental Zobrist key
 * equals the key computed from scratch, transpositions share a key, and checked play. */
#include <string.h>

#include "testlib.h"

static ct_pos pos, copy;

/* Keys computed by the hash before make read them from a table. */
#define KING_E0_KEY 0x95fd9453d7a77b3fULL
#define BLACK_TO_MOVE_KEY 0x4a476b57b4159846ULL

/* Everything make/unmake must restore (the history array beyond ply is scratch). */
static void assert_same(const ct_pos *a, const ct_pos *b)
{
    ck_assert(memcmp(a->board, b->board, sizeof a->board) == 0);
    ck_assert(memcmp(a->sq_of, b->sq_of, sizeof a->sq_of) == 0);
    ck_assert(memcmp(a->row_occ, b->row_occ, sizeof a->row_occ) == 0);
    ck_assert(memcmp(a->col_occ, b->col_occ, sizeof a->col_occ) == 0);
    ck_assert(a->key == b->key);
    ck_assert_int_eq(a->side, b->side);
    ck_assert_int_eq(a->halfmove, b->halfmove);
    ck_assert_int_eq(a->fullmove, b->fullmove);
    ck_assert_int_eq(a->ply, b->ply);
}

START_TEST(test_make_unmake_restores)
{
    uint64_t rng = 99 + (uint64_t)_i;
    ct_pos_start(&pos);
    ct_move moves[CT_MAX_MOVES];
    for (int ply = 0; ply < 150; ply++) {
        int n = ct_gen_legal(&pos, moves);
        if (n == 0)
            break;
        memcpy(&copy, &pos, sizeof pos);
        for (int i = 0; i < n; i++) {
            ct_pos_make(&pos, moves[i]);
            ck_assert(ct_pos_ok(&pos));
            ck_assert(pos.key == ct_pos_compute_key(&pos));
            ck_assert(!ct_in_check(&pos, pos.side ^ 1)); /* legal: mover's king is safe */
            ct_pos_unmake(&pos);
            assert_same(&pos, &copy);
        }
        ct_pos_make_null(&pos);
        ck_assert(pos.key == ct_pos_compute_key(&pos));
        ct_pos_unmake_null(&pos);
        assert_same(&pos, &copy);
        ct_pos_make(&pos, moves[test_rand(&rng) % (uint64_t)n]);
    }
}
END_TEST

/* make reads the keys from a table that the compiler folds from the hash; every entry must
 * equal the hash (ct_zobrist_piece), or opening-book keys and stored hashes would change. */
START_TEST(test_key_table_equals_hash)
{
    for (int side = CT_RED; side <= CT_BLACK; side++)
        for (int type = CT_KING; type <= CT_PAWN; type++)
            for (int r = 0; r < CT_RANKS; r++)
                for (int f = 0; f < CT_FILES; f++) {
                    ct_pos_clear(&pos);
                    ck_assert_int_eq(ct_pos_put(&pos, side, type, (ct_sq)CT_SQ(f, r)), CT_OK);
                    ck_assert(pos.key == ct_zobrist_piece(side, type, (ct_sq)CT_SQ(f, r)));
                }
    /* Two values fixed before the table existed: the red king on e0 and Black to move. */
    ck_assert(ct_zobrist_piece(CT_RED, CT_KING, (ct_sq)CT_SQ(4, 0)) == KING_E0_KEY);
    ck_assert(ct_zobrist_side() == BLACK_TO_MOVE_KEY);
}
END_TEST

START_TEST(test_counters)
{
    ct_pos_start(&pos);
    ct_pos_make(&pos, ct_move_parse_coord("h2e2"));
    ck_assert_int_eq(pos.halfmove, 1);
    ck_assert_int_eq(pos.fullmove, 1);
    ct_pos_make(&pos, ct_move_parse_coord("h9g7"));
    ck_assert_int_eq(pos.halfmove, 2);
    ck_assert_int_eq(pos.fullmove, 2);
    char fen[128];
    ct_fen_write(&pos, fen, sizeof fen);
    /* spec §7.2 M1: the position after 1.h2e2 h9g7 */
    ck_assert_str_eq(fen, "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
    ct_pos_make(&pos, ct_move_parse_coord("e2e6")); /* cannon takes the pawn: clock resets */
    ck_assert_int_eq(pos.halfmove, 0);
    ct_pos_unmake(&pos);
    ck_assert_int_eq(pos.halfmove, 2);
}
END_TEST

START_TEST(test_transposition_same_key)
{
    static const char *const a[] = {"h2e2", "h9g7", "b0c2", "b9c7"};
    static const char *const b[] = {"b0c2", "b9c7", "h2e2", "h9g7"};
    ct_pos_start(&pos);
    for (int i = 0; i < 4; i++)
        ck_assert(ct_pos_play(&pos, ct_move_parse_coord(a[i])) == CT_OK);
    uint64_t ka = pos.key;
    ct_pos_start(&pos);
    for (int i = 0; i < 4; i++)
        ck_assert(ct_pos_play(&pos, ct_move_parse_coord(b[i])) == CT_OK);
    ck_assert(ka == pos.key);
    /* and a different position has a different key */
    ct_pos_unmake(&pos);
    ck_assert(ka != pos.key);
}
END_TEST

START_TEST(test_play_checks_legality)
{
    ct_pos_start(&pos);
    ck_assert(ct_pos_play(&pos, ct_move_parse_coord("h2h8")) == CT_ERR_ILLEGAL); /* blocked */
    ck_assert(ct_pos_play(&pos, ct_move_parse_coord("h6h5")) == CT_ERR_ILLEGAL); /* empty */
    ck_assert(ct_pos_play(&pos, ct_move_parse_coord("h9g7")) == CT_ERR_ILLEGAL); /* Black's */
    ck_assert(ct_pos_play(&pos, 0xFFFF) == CT_ERR_ILLEGAL);
    ck_assert(ct_pos_play(&pos, CT_NO_MOVE) == CT_ERR_ILLEGAL);
    ck_assert_int_eq(pos.ply, 0);
    /* the cannon takes the horse over the black cannon on h7 */
    ck_assert(ct_pos_play(&pos, ct_move_parse_coord("h2h9")) == CT_OK);
    ck_assert_int_eq(pos.ply, 1);
}
END_TEST

START_TEST(test_why_illegal)
{
    static const struct {
        const char *fen, *move;
        ct_illegal_reason why;
    } cases[] = {
        {CT_START_FEN, "e5e6", CT_WHY_NO_PIECE},
        {CT_START_FEN, "h9g7", CT_WHY_NOT_YOURS},
        {CT_START_FEN, "a0b0", CT_WHY_OWN_PIECE},
        {CT_START_FEN, "a3b3", CT_WHY_RIVER},
        {CT_START_FEN, "a3a2", CT_WHY_PAWN_BACKWARD},
        {CT_START_FEN, "c0a2", CT_WHY_LEGAL},
        {CT_START_FEN, "c0e2", CT_WHY_LEGAL},
        {CT_START_FEN, "h2h8", CT_WHY_BLOCKED},
        /* T2: cannon b2 takes b9 over b7, but b7 itself has no screen */
        {"1r3k3/9/1n2c4/9/4p4/9/4P4/1C2C4/9/1N2K4 w - - 0 1", "b2b7", CT_WHY_CANNON_SCREEN},
        {"1r3k3/9/1n2c4/9/4p4/9/4P4/1C2C4/9/1N2K4 w - - 0 1", "b2b9", CT_WHY_LEGAL},
        {CT_START_FEN, "a0a5", CT_WHY_BLOCKED},
        {CT_START_FEN, "d0d1", CT_WHY_PIECE_RULE},
        {CT_START_FEN, "e0e1", CT_WHY_LEGAL},
        /* T3: the red horse e4 has legs e5 and d4 blocked */
        {"4k4/9/9/9/4p4/3RN4/9/4n4/4A4/5K3 w - - 0 1", "e4d6", CT_WHY_HORSE_LEG},
        {"4k4/9/9/9/4p4/3RN4/9/4n4/4A4/5K3 w - - 0 1", "e4c5", CT_WHY_HORSE_LEG},
        /* T3: the advisor e1 may not move: it blocks the black horse's leg */
        {"4k4/9/9/9/4p4/3RN4/9/4n4/4A4/5K3 w - - 0 1", "e1d0", CT_WHY_KING_IN_CHECK},
        /* T4: elephant c4 -> e2 eye d3 blocked */
        {"3k5/5n3/4b4/9/6b2/2B6/3N5/9/5C3/4K1B2 w - - 0 1", "c4e2", CT_WHY_ELEPHANT_EYE},
        /* T1: the horse between the generals may not leave the file */
        {"r3k4/9/1c7/9/4N4/p8/9/9/9/3AK4 w - - 0 1", "e5d7", CT_WHY_KINGS_FACING},
        {"r3k4/9/1c7/9/4N4/p8/9/9/9/3AK4 w - - 0 1", "e0e1", CT_WHY_LEGAL},
        /* king may not leave the palace */
        {"r3k4/9/1c7/9/4N4/p8/9/9/9/5K3 w - - 0 1", "f0g0", CT_WHY_PALACE},
    };
    const char *fen = cases[_i].fen;
    ck_assert(ct_fen_read(&pos, fen, NULL) == CT_OK);
    ct_move mv = ct_move_parse_coord(cases[_i].move);
    ck_assert_msg(ct_why_illegal(&pos, mv) == cases[_i].why, "%s %s: reason %d, expected %d", fen,
                  cases[_i].move, ct_why_illegal(&pos, mv), cases[_i].why);
    ck_assert(ct_is_legal(&pos, mv) == (cases[_i].why == CT_WHY_LEGAL));
}
END_TEST

START_TEST(test_coordinates)
{
    char name[5];
    ct_move mv = ct_move_parse_coord("h2e2");
    ck_assert_int_eq(CT_FROM(mv), CT_SQ(7, 2));
    ck_assert_int_eq(CT_TO(mv), CT_SQ(4, 2));
    ct_move_coord(mv, name);
    ck_assert_str_eq(name, "h2e2");
    ck_assert_int_eq(ct_move_parse_coord("h2e"), CT_NO_MOVE);
    ck_assert_int_eq(ct_move_parse_coord("j2e2"), CT_NO_MOVE);
    ck_assert_int_eq(ct_move_parse_coord("h2e2x"), CT_NO_MOVE);
    ck_assert_int_eq(ct_move_parse_coord(""), CT_NO_MOVE);
    ct_move_coord(CT_NO_MOVE, name);
    ck_assert_str_eq(name, "0000");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("position");
    TCase *tc = tcase_create("position");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_make_unmake_restores, 0, 8);
    tcase_add_test(tc, test_key_table_equals_hash);
    tcase_add_test(tc, test_counters);
    tcase_add_test(tc, test_transposition_same_key);
    tcase_add_test(tc, test_play_checks_legality);
    tcase_add_loop_test(tc, test_why_illegal, 0, 20);
    tcase_add_test(tc, test_coordinates);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
