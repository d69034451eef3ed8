/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How much work one typed move costs below the UI: the text read by the notation parser,
 * then played by the game model (game_play). The test is linked with -Wl,--wrap for the
 * generator's entry points (see the Makefile), so every call into movegen from another
 * module passes a counter here, in the test, not in the core. Issue 21: the model checked
 * a move's legality four times and the record replayed the game from the root to check it
 * again; move generation must run at most twice for a typed move. */
#include <check.h>
#include <string.h>

#include "game/game.h"
#include "cotuong/movegen.h"
#include "cotuong/notation.h"

/* Calls that generate the moves of a whole side, and calls that check one move (each
 * generates the moves of one piece). */
static int whole_side, one_move;

bool __real_ct_has_legal_move(const ct_pos *pos);
int __real_ct_gen_legal(const ct_pos *pos, ct_move *out);
int __real_ct_gen_pseudo(const ct_pos *pos, ct_move *out);
bool __real_ct_is_legal(const ct_pos *pos, ct_move mv);
bool __real_ct_is_pseudo(const ct_pos *pos, ct_move mv);
bool __wrap_ct_has_legal_move(const ct_pos *pos);
int __wrap_ct_gen_legal(const ct_pos *pos, ct_move *out);
int __wrap_ct_gen_pseudo(const ct_pos *pos, ct_move *out);
bool __wrap_ct_is_legal(const ct_pos *pos, ct_move mv);
bool __wrap_ct_is_pseudo(const ct_pos *pos, ct_move mv);

bool __wrap_ct_has_legal_move(const ct_pos *pos)
{
    whole_side++;
    return __real_ct_has_legal_move(pos);
}

int __wrap_ct_gen_legal(const ct_pos *pos, ct_move *out)
{
    whole_side++;
    return __real_ct_gen_legal(pos, out);
}

int __wrap_ct_gen_pseudo(const ct_pos *pos, ct_move *out)
{
    whole_side++;
    return __real_ct_gen_pseudo(pos, out);
}

bool __wrap_ct_is_legal(const ct_pos *pos, ct_move mv)
{
    one_move++;
    return __real_ct_is_legal(pos, mv);
}

bool __wrap_ct_is_pseudo(const ct_pos *pos, ct_move mv)
{
    one_move++;
    return __real_ct_is_pseudo(pos, mv);
}

/* The first moves of the spec's round-trip game (xiangqi.md §4.5), then 8.马二进三 typed. */
START_TEST(test_one_typed_move)
{
    static const char *const line[] = {"c3c4", "h9g7", "g3g4", "b7c7", "c0e2", "b9a7", "b0c2",
                                        "a9b9", "a0b0", "b9b5", "b2a2", "b5h5", "h2h7", "c7h7"};
    game g;
    game_init(&g);
    g.notation = CT_NOTATION_ZH;
    for (size_t i = 0; i < sizeof line / sizeof line[0]; i++)
        ck_assert_int_eq(game_play(&g, ct_move_parse_coord(line[i]), 0, NULL), GAME_OK);
    whole_side = one_move = 0;
    ct_move mv = CT_NO_MOVE;
    ck_assert_int_eq(ct_move_parse(g.pos, "马二进三", CT_NOTATION_ZH, &mv, NULL), CT_OK);
    int parse_side = whole_side, parse_one = one_move;
    game_report rep;
    ck_assert_int_eq(game_play(&g, mv, 0, &rep), GAME_OK);
    ck_assert_str_eq(rep.text, "马二进三");
    /* The parser checks its one candidate; the model checks the move once, with
     * ct_why_illegal (no generation), and the referee generates the other side's moves
     * once (has it a move left?). */
    ck_assert_int_eq(parse_side, 0);
    ck_assert_int_eq(parse_one, 1);
    ck_assert_msg(whole_side - parse_side == 1, "game_play generated a whole side %d times",
                  whole_side - parse_side);
    ck_assert_msg(one_move - parse_one == 0, "game_play checked single moves %d times",
                  one_move - parse_one);
    ck_assert_int_le(whole_side, 2);
    /* A refused move costs no generation either. */
    whole_side = one_move = 0;
    ck_assert_int_eq(game_play(&g, ct_move_parse_coord("e9e7"), 0, &rep), GAME_ILLEGAL);
    ck_assert_int_eq(rep.why, CT_WHY_PIECE_RULE);
    ck_assert_int_eq(whole_side + one_move, 0);
    game_free(&g);
}
END_TEST

static Suite *typed_move_suite(void)
{
    Suite *s = suite_create("typed_move");
    TCase *tc = tcase_create("cost");
    tcase_add_test(tc, test_one_typed_move);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(typed_move_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
