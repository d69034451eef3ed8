/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — cờ úp rules (../shared/spec/coup.md): move counts worked out by hand from
 * the spec's rules, perft against the standard game's published counts, and a brute-force
 * cross-check of the generator against a naive legality test written here from the rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/coup.h"
#include "testlib.h"
#include "coup_build.h"

/* ------------------------------------------------------------------ building positions
 * coup_build() (coup_build.h) reads the positions of this file. */

static int count_legal(const ct_coup_pos *p)
{
    ct_move moves[CT_MAX_MOVES];
    return ct_coup_gen_legal(p, moves);
}

static bool has_move(const ct_coup_pos *p, const char *coord)
{
    ct_move moves[CT_MAX_MOVES];
    int n = ct_coup_gen_legal(p, moves);
    ct_move mv = ct_move_parse_coord(coord);
    for (int i = 0; i < n; i++)
        if (moves[i] == mv)
            return true;
    return false;
}

static ct_coup_pos pos, pos2;

/* ------------------------------------------------------------------ hand counts */

/* The start position, Red to move, worked out square by square from the spec's rules (a
 * face-down piece moves as the piece of its square, with that piece's limits):
 *   a0 (rook square): a1 a2 (a3 holds a face-down piece)              2
 *   b0 (horse): leg b1 empty -> a2 c2; legs a0, c0 occupied            2
 *   c0 (elephant): eyes b1, d1 empty -> a2 e2 (own side)               2
 *   d0 (advisor, face down: palace only): e1 (c1 is outside)           1
 *   e0 king: e1 (d0, f0 occupied)                                      1
 *   f0 advisor: e1 / g0 elephant: e2 i2 / h0 horse: g2 i2 / i0: i1 i2   1+2+2+2
 *   b2 (cannon): a2; c2..g2 (5); b3..b6 (4); b1; over the screen b7 the
 *      face-down piece on b9                                          12
 *   h2 (cannon): the mirror                                          12
 *   a3 c3 e3 g3 i3 (pawns): one step forward each                      5
 *   total                                                             44
 * No move can expose the king: the e-file stays closed by e3/e4 and e6. */
START_TEST(test_start_count)
{
    for (uint64_t seed = 0; seed < 8; seed++) {
        ct_coup_deal deal;
        ct_coup_deal_random(&deal, seed);
        ck_assert(ct_coup_deal_ok(&deal));
        ct_coup_start(&pos, seed ? &deal : NULL);
        ck_assert(ct_coup_pos_ok(&pos));
        ck_assert_int_eq(count_legal(&pos), 44);
        ck_assert(has_move(&pos, "b2b9") && has_move(&pos, "d0e1") && !has_move(&pos, "d0c1"));
        /* Black's start is the mirror: 44 too. */
        ct_coup_make(&pos, ct_move_parse_coord("a3a4"), seed ? 0 : CT_PAWN);
        ck_assert_int_eq(count_legal(&pos), 44);
    }
}
END_TEST

typedef struct {
    const char *what;
    const char *spec;
    int side;
    int count;
    const char *must;    /* moves that must be there */
    const char *mustnt;  /* moves that must not */
} hand_case;

/* Each count worked out by hand; the reasoning is beside it. Black's king stands off the
 * e-file where the red king's moves onto its file would be the flying general. */
static const hand_case hand_cases[] = {
    /* Face-down piece on the advisor square d0: only e1 (c1 is outside the palace). King:
     * e1; d0 own; f0 faces the black king on f9 (illegal). 1 + 1. */
    {"face-down advisor square", "e0=K d0=X f9=k", CT_RED, 2, "d0e1 e0e1", "d0c1 e0f0"},
    /* The same piece revealed (an advisor face up) has no area limit: c1 and e1. 2 + 1. */
    {"revealed advisor on d0", "e0=K d0=A f9=k", CT_RED, 3, "d0c1 d0e1", ""},
    /* Revealed advisor on e5, outside any palace: d4 f4 d6 f6. King e1, d0 (f0 faces). */
    {"revealed advisor outside the palace", "e0=K e5=A f9=k", CT_RED, 6, "e5d6 e5f4", "e0f0"},
    /* Face-down piece on the elephant square c0: a2, e2 (eyes b1, d1 empty); king e1, d0. */
    {"face-down elephant square", "e0=K c0=X f9=k", CT_RED, 4, "c0a2 c0e2", ""},
    /* A black pawn across on d1 blocks the eye d1 (c0-e2 gone) and attacks d0, c1, e1: the
     * king has no move (f0 faces f9), so only c0a2 is left. */
    {"elephant eye blocked, king boxed", "e0=K c0=X d1=p f9=k", CT_RED, 1, "c0a2", "c0e2 e0e1"},
    /* Revealed elephant on e4 crosses the river: c2 g2 c6 g6; king e1, d0. */
    {"revealed elephant across the river", "e0=K e4=B f9=k", CT_RED, 6, "e4c6 e4g6", ""},
    /* Revealed elephant on c7 (Black's side): a5 e5 a9 e9 (eyes b6 d6 b8 d8 empty); king 2. */
    {"revealed elephant on the far side", "e0=K c7=B f9=k", CT_RED, 6, "c7e9 c7a9", ""},
    /* A pawn revealed on Red's back rank a0 moves forward only: a1; king e1, d0. */
    {"pawn revealed on the back rank", "e0=K a0=P f9=k", CT_RED, 3, "a0a1", "a0b0"},
    /* A red pawn on Black's back rank b9 (across): a9, c9 (forward is off the board). */
    {"pawn on the far back rank", "e0=K b9=P f9=k", CT_RED, 4, "b9a9 b9c9", ""},
    /* Black's revealed cannon on e6 checks over Red's face-down piece on e3 (a screen as the
     * piece of its square would be). The e3 piece moves as a pawn: e4 keeps the screen, so
     * it stays in check; king: e1 still on the line, d0 and f0 escape (black king on e9 is
     * behind the cannon). 2 moves. */
    {"face-down piece screens a check", "e0=K e3=X e6=c e9=k", CT_RED, 2, "e0d0 e0f0", "e3e4 e0e1"},
    /* Black's rook on a0 pins Red's face-down piece on d0 against the king on e0: d0-e1
     * would open rank 0. King: e1 only (f0 faces the black king on f8). */
    {"face-down piece pinned", "e0=K d0=X a0=r f8=k", CT_RED, 1, "e0e1", "d0e1 e0f0"},
    /* The flying general: the only face-down pieces that can stand between the kings are
     * the pawns of e3/e6, whose one move stays on the file, so they are never pinned there.
     * Black to move: e6e5 (still between), king e8, d9, f9. */
    {"face-down pawn between the kings", "e0=K e6=x e9=k", CT_BLACK, 4, "e6e5 e9e8", ""},
    /* The same with the pawn revealed and across (on e4): it may go sideways, which opens
     * the file: d4 and f4 are illegal, e3 (forward for Black) stays. King e8 d9 f9. */
    {"revealed pawn pinned by the flying general", "e0=K e4=p e9=k", CT_BLACK, 4, "e4e3",
     "e4d4 e4f4"},
    /* Face-down horse on b0 with its leg b1 blocked by a black pawn: c2 via leg c0 is not a
     * horse move from b0 (the only other leg is c0 -> d1: empty leg c0 gives d1, and a2/c2
     * need b1). So the horse has d1 only (and capture b1? not a horse move). King e1 d0. */
    {"face-down horse leg", "e0=K b0=X b1=p f9=k", CT_RED, 3, "b0d1", "b0a2 b0c2"},
};

START_TEST(test_hand)
{
    const hand_case *c = &hand_cases[_i];
    coup_build(&pos, c->side, c->spec);
    ck_assert_msg(count_legal(&pos) == c->count, "%s: %d legal moves, counted %d by hand",
                  c->what, count_legal(&pos), c->count);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", c->must);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        ck_assert_msg(has_move(&pos, t), "%s: %s missing", c->what, t);
    snprintf(buf, sizeof buf, "%s", c->mustnt);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        ck_assert_msg(!has_move(&pos, t), "%s: %s generated", c->what, t);
}
END_TEST

START_TEST(test_screen_is_check)
{
    coup_build(&pos, CT_RED, "e0=K e3=X e6=c e9=k");
    ck_assert(ct_coup_in_check(&pos, CT_RED));
    coup_build(&pos, CT_RED, "e0=K e3=X e6=x e9=k");
    ck_assert(!ct_coup_in_check(&pos, CT_RED));
    /* A revealed advisor gives check from outside its palace: on f8 against e9. */
    coup_build(&pos, CT_BLACK, "e0=K f8=A d9=k");
    ck_assert(!ct_coup_in_check(&pos, CT_BLACK));
    coup_build(&pos, CT_BLACK, "e0=K d8=A e9=k");
    ck_assert(ct_coup_in_check(&pos, CT_BLACK));
    /* A revealed elephant across the river checks (eye f8 empty). */
    coup_build(&pos, CT_BLACK, "d0=K g7=B e9=k");
    ck_assert(ct_coup_in_check(&pos, CT_BLACK));
}
END_TEST

/* ------------------------------------------------------------------ perft
 * Perft counts move choices: a reveal is resolved by the deal, never branched on. With the
 * deal that puts every piece on its own square, the game equals standard xiangqi for the
 * first plies (a revealed advisor or elephant needs two moves of its own to leave its area),
 * so the standard start's published counts 44, 1920, 79666 hold (fairy-stockfish, spec §7). */
START_TEST(test_perft_standard_deal)
{
    ct_coup_deal deal;
    ct_coup_deal_standard(&deal);
    ct_coup_start(&pos, &deal);
    ck_assert_uint_eq(ct_coup_perft(&pos, 1), 44);
    ck_assert_uint_eq(ct_coup_perft(&pos, 2), 1920);
    ck_assert_uint_eq(ct_coup_perft(&pos, 3), 79666);
    ck_assert_int_eq(pos.ply, 0);
    ck_assert(ct_coup_pos_ok(&pos));
}
END_TEST

/* By hand, depth 2 from "e0=K e5=A f9=k" (Red to move, 6 moves, see above); Black's king on
 * f9 has f8 and e9, and e9 is legal only while the e-file is closed:
 *   advisor e5-d4, -f4, -d6, -f6: the file opens, Black has f8 only        4 x 1
 *   king e0-e1: the advisor still closes the file: f8, e9                  2
 *   king e0-d0: the red king is off the file: f8, e9                       2
 *   total 8 */
START_TEST(test_perft_hand)
{
    coup_build(&pos, CT_RED, "e0=K e5=A f9=k");
    ck_assert_uint_eq(ct_coup_perft(&pos, 2), 8);
}
END_TEST

/* A reveal that checks, counted by hand. Red's e3 piece is really a cannon (the standard
 * deal with e3 and b2 swapped): e3-e4 reveals it and it checks e9 over the screen on e6.
 * Black's replies, square by square: the king's e8 stays on the line (one screen: e6) and
 * d9/f9 are its own; e6-e5 leaves one screen (e5); nothing attacks e4. A second screen on
 * e7 or e8 ends the check: the face-down advisors d9-e8 and f9-e8 (palace), the face-down
 * elephants c9-e7 and g9-e7 (eyes d8, f8 empty), the face-down cannons b7-e7 and h7-e7
 * (c7 d7 / g7 f7 empty). No horse, rook or pawn reaches e5, e7 or e8. 6 moves. */
START_TEST(test_reveal_gives_check)
{
    ct_coup_deal deal;
    ct_coup_deal_standard(&deal);
    deal.type[CT_RED][12] = CT_CANNON; /* e3 */
    deal.type[CT_RED][8] = CT_PAWN;    /* b2 */
    ck_assert(ct_coup_deal_ok(&deal));
    ct_coup_start(&pos, &deal);
    ck_assert_int_eq(ct_coup_make(&pos, ct_move_parse_coord("e3e4"), 0), CT_CANNON);
    ck_assert(ct_coup_in_check(&pos, CT_BLACK));
    ck_assert_int_eq(count_legal(&pos), 6);
    const char *replies[] = {"d9e8", "f9e8", "c9e7", "g9e7", "b7e7", "h7e7"};
    for (int i = 0; i < 6; i++)
        ck_assert_msg(has_move(&pos, replies[i]), "%s missing", replies[i]);
    /* The b2 piece is really a pawn, yet while face down it moves as a cannon: b2-b9. */
    ct_coup_unmake(&pos);
    ck_assert(has_move(&pos, "b2b9"));
}
END_TEST

/* ------------------------------------------------------------------ brute force */

/* A naive rule check from the spec, on files and ranks, for the piece on (f0,r0). */
static int sgn(int x) { return (x > 0) - (x < 0); }
static int cell_at(const uint8_t *b, int f, int r)
{
    if (f < 0 || f > 8 || r < 0 || r > 9)
        return CT_OFFBOARD;
    return b[CT_SQ(f, r)];
}
static bool naive_palace(int side, int f, int r)
{
    return f >= 3 && f <= 5 && (side == CT_RED ? r <= 2 : r >= 7);
}

static bool naive_geom(const uint8_t *b, int f0, int r0, int f1, int r1)
{
    int c = cell_at(b, f0, r0), side = (c >> 5) & 1;
    bool down = c & CT_COUP_DOWN;
    int t = down ? ct_coup_home_type((ct_sq)CT_SQ(f0, r0)) : (c & 7);
    int df = f1 - f0, dr = r1 - r0, adf = abs(df), adr = abs(dr);
    int target = cell_at(b, f1, r1);
    if (target == CT_OFFBOARD || (target && ((target >> 5) & 1) == side))
        return false;
    switch (t) {
    case CT_KING:
        return adf + adr == 1 && naive_palace(side, f1, r1);
    case CT_ADVISOR:
        return adf == 1 && adr == 1 && (!down || naive_palace(side, f1, r1));
    case CT_ELEPHANT:
        return adf == 2 && adr == 2 && cell_at(b, f0 + df / 2, r0 + dr / 2) == 0 &&
               (!down || (side == CT_RED ? r1 <= 4 : r1 >= 5));
    case CT_HORSE:
        if (adf == 1 && adr == 2)
            return cell_at(b, f0, r0 + sgn(dr)) == 0;
        if (adf == 2 && adr == 1)
            return cell_at(b, f0 + sgn(df), r0) == 0;
        return false;
    case CT_ROOK:
    case CT_CANNON: {
        if ((df != 0) == (dr != 0))
            return false;
        int n = 0;
        for (int f = f0 + sgn(df), r = r0 + sgn(dr); f != f1 || r != r1; f += sgn(df), r += sgn(dr))
            n += cell_at(b, f, r) != 0;
        if (t == CT_ROOK || target == 0)
            return n == 0;
        return n == 1;
    }
    case CT_PAWN: {
        int fwd = side == CT_RED ? 1 : -1;
        bool across = side == CT_RED ? r0 >= 5 : r0 <= 4;
        return (df == 0 && dr == fwd) || (across && adf == 1 && dr == 0);
    }
    default:
        return false;
    }
}

/* Is the king of `side` attacked (or facing the other king) on board b? */
static bool naive_king_attacked(const uint8_t *b, int side)
{
    int kf = -1, kr = -1, of = -1, or_ = -1;
    for (int f = 0; f < 9; f++)
        for (int r = 0; r < 10; r++) {
            int c = cell_at(b, f, r);
            if (c && !(c & CT_COUP_DOWN) && (c & 7) == CT_KING) {
                if (((c >> 5) & 1) == side)
                    kf = f, kr = r;
                else
                    of = f, or_ = r;
            }
        }
    if (kf == of) {
        int n = 0;
        for (int r = (kr < or_ ? kr : or_) + 1; r < (kr < or_ ? or_ : kr); r++)
            n += cell_at(b, kf, r) != 0;
        if (n == 0)
            return true;
    }
    for (int f = 0; f < 9; f++)
        for (int r = 0; r < 10; r++) {
            int c = cell_at(b, f, r);
            if (c && ((c >> 5) & 1) != side && naive_geom(b, f, r, kf, kr))
                return true;
        }
    return false;
}

static void cross_check(const ct_coup_pos *p)
{
    ct_move moves[CT_MAX_MOVES];
    int n = ct_coup_gen_legal(p, moves);
    int naive = 0;
    ck_assert(ct_coup_in_check(p, p->side) == naive_king_attacked(p->board, p->side));
    for (int f0 = 0; f0 < 9; f0++)
        for (int r0 = 0; r0 < 10; r0++) {
            int c = p->board[CT_SQ(f0, r0)];
            for (int f1 = 0; f1 < 9; f1++)
                for (int r1 = 0; r1 < 10; r1++) {
                    ct_move mv = CT_MOVE(CT_SQ(f0, r0), CT_SQ(f1, r1));
                    bool legal = false;
                    if (c && ((c >> 5) & 1) == p->side && naive_geom(p->board, f0, r0, f1, r1)) {
                        uint8_t b[CT_BOARD_SIZE];
                        memcpy(b, p->board, sizeof b);
                        b[CT_SQ(f1, r1)] = (uint8_t)c;
                        b[CT_SQ(f0, r0)] = 0;
                        legal = !naive_king_attacked(b, p->side);
                    }
                    bool generated = false;
                    for (int i = 0; i < n; i++)
                        generated |= moves[i] == mv;
                    char name[5];
                    ct_move_coord(mv, name);
                    ck_assert_msg(legal == generated, "%s: naive %d, generator %d", name, legal,
                                  generated);
                    ck_assert(ct_coup_is_legal(p, mv) == legal);
                    naive += legal;
                }
        }
    ck_assert_int_eq(naive, n);
}

START_TEST(test_brute_force)
{
    uint64_t rng = 0xC0FFEE + (uint64_t)_i;
    ct_coup_deal deal;
    ct_coup_deal_random(&deal, (uint64_t)_i * 7919);
    ct_coup_start(&pos, &deal);
    uint64_t key0 = pos.key;
    ct_move moves[CT_MAX_MOVES];
    for (int ply = 0; ply < 120; ply++) {
        cross_check(&pos);
        int n = ct_coup_gen_legal(&pos, moves);
        if (n == 0)
            break;
        int t = ct_coup_make(&pos, moves[test_rand(&rng) % (uint64_t)n], 0);
        ck_assert_int_ge(t, 0);
        ck_assert(ct_coup_pos_ok(&pos));
    }
    while (pos.ply > 0) {
        ct_coup_unmake(&pos);
        ck_assert(ct_coup_pos_ok(&pos));
    }
    ck_assert(pos.key == key0);
    ct_coup_start(&pos2, &deal);
    ck_assert(!memcmp(pos.board, pos2.board, sizeof pos.board));
    ck_assert(!memcmp(pos.pool, pos2.pool, sizeof pos.pool));
}
END_TEST

/* ------------------------------------------------------------------ deal, reveal, end */

START_TEST(test_deal_and_reveal)
{
    ct_coup_deal a, b;
    ct_coup_deal_random(&a, 42);
    ct_coup_deal_random(&b, 42);
    ck_assert(!memcmp(&a, &b, sizeof a));
    ct_coup_deal_random(&b, 43);
    ck_assert(memcmp(&a, &b, sizeof a) != 0);
    /* Over many seeds every identity lands on every square (uniform enough to see). */
    int seen[CT_COUP_DEALT][CT_PIECE_TYPES] = {{0}};
    for (uint64_t s = 0; s < 2000; s++) {
        ct_coup_deal_random(&b, s);
        ck_assert(ct_coup_deal_ok(&b));
        for (int i = 0; i < CT_COUP_DEALT; i++)
            seen[i][b.type[CT_BLACK][i]]++;
    }
    for (int i = 0; i < CT_COUP_DEALT; i++)
        for (int t = CT_ADVISOR; t <= CT_PAWN; t++)
            ck_assert_int_gt(seen[i][t], 2000 / 15 * (t == CT_PAWN ? 5 : 2) / 2);

    /* The referee's position reveals from the deal; a view needs the outcome. */
    ct_coup_start(&pos, &a);
    ct_move mv = ct_move_parse_coord("b2b9");
    int real = a.type[CT_RED][8];
    ck_assert_int_eq(ct_coup_make(&pos, mv, 0), real);
    ck_assert(!ct_coup_is_down(&pos, CT_TO(mv)));
    ck_assert_int_eq(ct_coup_acting_type(&pos, CT_TO(mv)), real);
    ck_assert_int_eq(pos.ntaken[CT_BLACK], 1);
    ck_assert_int_eq(pos.taken[CT_BLACK][0], CT_BLACK_FLAG | CT_COUP_DOWN | a.type[CT_BLACK][1]);
    ct_coup_unmake(&pos);
    ck_assert_int_eq(ct_coup_make(&pos, mv, real == CT_ROOK ? CT_PAWN : CT_ROOK), -1);
    ck_assert_int_eq(pos.ply, 0);
    ct_coup_start(&pos, NULL);
    ck_assert_int_eq(ct_coup_make(&pos, mv, 0), -1);
    ck_assert_int_eq(ct_coup_make(&pos, mv, CT_KING), -1);
    ck_assert_int_eq(ct_coup_make(&pos, mv, CT_ROOK), CT_ROOK);
    ck_assert_int_eq(pos.pool[CT_RED][CT_ROOK], 1);
    /* The captured black piece is unknown here: it stays in Black's pool. */
    ck_assert_int_eq(pos.pool[CT_BLACK][CT_HORSE], 2);
    ck_assert_int_eq(ct_coup_play(&pos, ct_move_parse_coord("a6a5"), CT_ROOK), CT_OK);
    ck_assert_int_eq(pos.pool[CT_BLACK][CT_ROOK], 1);
    ck_assert_int_eq(ct_coup_play(&pos, ct_move_parse_coord("b9b8"), CT_PAWN), CT_ERR_INVALID);
    ck_assert_int_eq(ct_coup_play(&pos, ct_move_parse_coord("a0a5"), 0), CT_ERR_ILLEGAL);
    ck_assert(ct_coup_pos_ok(&pos));
}
END_TEST

START_TEST(test_judge)
{
    ct_end_reason why;
    /* Not mate: the rook on e5 checks e9, but a face-down advisor (d9 or f9) can step to e8. */
    coup_build(&pos, CT_BLACK, "d0=K e5=R d9=x f9=x e9=k");
    ck_assert(ct_coup_in_check(&pos, CT_BLACK));
    ck_assert_int_eq(ct_coup_judge(&pos, &why), CT_RESULT_NONE);
    ck_assert_int_eq(count_legal(&pos), 2);
    /* Mate by hand: the horse on c8 checks e9 through the empty leg d8. The king has no
     * square (d9, f9, e8 its own); the face-down advisors may only reach e8 (occupied);
     * the revealed advisor on e8 reaches d7 and f7 (neither blocks d8 nor takes c8). */
    coup_build(&pos, CT_BLACK, "d0=K c8=N d9=x f9=x e8=a e9=k");
    ck_assert_int_eq(count_legal(&pos), 0);
    ck_assert_int_eq(ct_coup_judge(&pos, &why), CT_RESULT_RED_WINS);
    ck_assert_int_eq(why, CT_END_CHECKMATE);
    /* Stalemate (a loss) by hand: the lone king on e9 is not attacked; d9 and e8 are the
     * horse's on c7, f9 the rook's on f1. */
    coup_build(&pos, CT_BLACK, "d0=K f1=R c7=N e9=k");
    ck_assert(!ct_coup_in_check(&pos, CT_BLACK));
    ck_assert_int_eq(ct_coup_judge(&pos, &why), CT_RESULT_RED_WINS);
    ck_assert_int_eq(why, CT_END_STALEMATE);
    /* Repetition: revealed rooks shuffle; the third occurrence is a draw. */
    coup_build(&pos, CT_RED, "d0=K a5=R e9=k i4=r");
    const char *cycle[] = {"a5b5", "i4h4", "b5a5", "h4i4"};
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 4; i++) {
            ck_assert_int_eq(ct_coup_judge(&pos, &why), CT_RESULT_NONE);
            ck_assert_int_eq(ct_coup_play(&pos, ct_move_parse_coord(cycle[i]), 0), CT_OK);
        }
    ck_assert_int_eq(ct_coup_judge(&pos, &why), CT_RESULT_DRAW);
    ck_assert_int_eq(why, CT_END_REPETITION);
    /* Perpetual check: the red rook checks on rank 9 and rank 8 in turn while the black king
     * steps f9-f8-f9; the third occurrence comes with every red move a check: Red loses. */
    coup_build(&pos, CT_RED, "d0=K a8=R f9=k i1=r");
    const char *checks[] = {"a8a9", "f9f8", "a9a8", "f8f9"};
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 4; i++)
            ck_assert_int_eq(ct_coup_play(&pos, ct_move_parse_coord(checks[i]), 0), CT_OK);
    ck_assert_int_eq(ct_coup_judge(&pos, &why), CT_RESULT_BLACK_WINS);
    ck_assert_int_eq(why, CT_END_PERPETUAL_CHECK);
}
END_TEST

/* Plays the four-ply cycle twice from the position built, the verdict checked on the way. */
static ct_result play_cycle_twice(const char *const cycle[4], ct_end_reason *why)
{
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 4; i++) {
            ck_assert_int_eq(ct_coup_judge(&pos, why), CT_RESULT_NONE);
            ck_assert_int_eq(ct_coup_play(&pos, ct_move_parse_coord(cycle[i]), 0), CT_OK);
        }
    return ct_coup_judge(&pos, why);
}

START_TEST(test_perpetual_chase)
{
    ct_end_reason why;
    /* Worked by hand. Red's revealed rook hunts Black's revealed horse, which nothing
     * protects: c2-b2 attacks b7 up the open b file; the horse jumps b7-c5 (leg b6); b2-c2
     * attacks c5 up the c file; the horse jumps back c5-b7 (leg c6). Every red move is a new
     * attack on an unprotected piece that a rook may not simply take back from (a rook on a
     * horse chases only the unprotected), and no move checks; the horse attacks nothing
     * red from b7 (a5 c5 d6 d8 a9 c9) or c5 (b3 d3 a4 e4 a6 e6 b7 d7). The face-down pieces on
     * a3 (Red, a pawn's square) and i6 (Black, a pawn's square) stand aside. The third
     * occurrence: Red chased perpetually and loses. */
    coup_build(&pos, CT_RED, "e0=K c2=R a3=X d9=k b7=n i6=x");
    const char *chase[] = {"c2b2", "b7c5", "b2c2", "c5b7"};
    ck_assert_int_eq(play_cycle_twice(chase, &why), CT_RESULT_BLACK_WINS);
    ck_assert_int_eq(why, CT_END_PERPETUAL_CHASE);
    /* The same dance with b7 guarded by a revealed black advisor on a8 (it steps a8-b7):
     * c2-b2 attacks a protected horse, no chase for a rook; only b2-c2 chases (c5 stays
     * unguarded). Red does not chase with every move: the repetition is a draw. */
    coup_build(&pos, CT_RED, "e0=K c2=R a3=X d9=k b7=n a8=a i6=x");
    ck_assert_int_eq(play_cycle_twice(chase, &why), CT_RESULT_DRAW);
    ck_assert_int_eq(why, CT_END_REPETITION);
    /* A face-down piece guards as the piece it moves as: Black's face-down piece on h7 (a
     * cannon's square) takes back on b7 over the king on e7 (g7 f7 d7 c7 empty), so again
     * only b2-c2 chases: a draw. (Kings on d0 and e7: no flying general.) */
    coup_build(&pos, CT_RED, "d0=K c2=R a3=X e7=k b7=n h7=x i6=x");
    ck_assert_int_eq(play_cycle_twice(chase, &why), CT_RESULT_DRAW);
    ck_assert_int_eq(why, CT_END_REPETITION);
    /* Without the screen on e7 (the king on d9 instead) the face-down cannon guards nothing
     * and Red's chase is perpetual again. */
    coup_build(&pos, CT_RED, "e0=K c2=R a3=X d9=k b7=n h7=x i6=x");
    ck_assert_int_eq(play_cycle_twice(chase, &why), CT_RESULT_BLACK_WINS);
    ck_assert_int_eq(why, CT_END_PERPETUAL_CHASE);
}
END_TEST


/* ------------------------------------------------------------------ information
 * A whole random game, refereed on the full position. Beside it each player and a watcher
 * keep their own position built only from what they are told: the move, what a reveal
 * turned out to be (public), and, for the capturer alone, what a face-down piece it took
 * was. After every move ct_coup_view() of the full position must equal what each of them
 * built: it never holds an identity that viewer was not told. */
static void learn_capture(ct_coup_pos *t, int type)
{
    int owner = t->side; /* after the move the side to move is the owner of the taken piece */
    t->taken[owner][t->ntaken[owner] - 1] |= (uint8_t)type;
    t->hist[t->ply - 1].captured |= (uint8_t)type;
    t->pool[owner][type]--;
}

static void same_view(const ct_coup_pos *a, const ct_coup_pos *b, int viewer, int ply)
{
    ck_assert_msg(!memcmp(a->board, b->board, sizeof a->board), "viewer %d ply %d: board", viewer, ply);
    ck_assert_msg(!memcmp(a->pool, b->pool, sizeof a->pool), "viewer %d ply %d: pool", viewer, ply);
    ck_assert_msg(!memcmp(a->taken, b->taken, sizeof a->taken), "viewer %d ply %d: taken", viewer, ply);
    ck_assert(!memcmp(a->ntaken, b->ntaken, sizeof a->ntaken));
    ck_assert(a->key == b->key && a->side == b->side && a->ply == b->ply);
    ck_assert(a->halfmove == b->halfmove && a->fullmove == b->fullmove);
    ck_assert(!memcmp(a->hist, b->hist, (size_t)a->ply * sizeof a->hist[0]));
}

START_TEST(test_view_whole_game)
{
    static ct_coup_pos full, told[3], view;
    uint64_t rng = 0xFACE + (uint64_t)_i;
    ct_coup_deal deal;
    ct_coup_deal_random(&deal, 1000 + (uint64_t)_i);
    ct_coup_start(&full, &deal);
    for (int v = 0; v < 3; v++)
        ct_coup_start(&told[v], NULL);
    int captured_down = 0;
    ct_move moves[CT_MAX_MOVES];
    for (int ply = 0; ply < 200; ply++) {
        for (int v = 0; v < 3; v++) {
            ct_coup_view(&full, v, &view);
            same_view(&view, &told[v], v, ply);
            ck_assert(ct_coup_pos_ok(&view));
            for (int sq = 0; sq < CT_BOARD_SIZE; sq++)
                ck_assert(!ct_coup_is_down(&view, (ct_sq)sq) || CT_COUP_TYPE(view.board[sq]) == 0);
            /* A view of a view is the same view. */
            ct_coup_pos again;
            ct_coup_view(&view, v, &again);
            same_view(&again, &view, v, ply);
        }
        int n = ct_coup_gen_legal(&full, moves);
        if (n == 0)
            break;
        ct_move mv = moves[test_rand(&rng) % (uint64_t)n];
        int mover = full.side;
        int cap = full.board[CT_TO(mv)];
        int revealed = ct_coup_make(&full, mv, 0);
        ck_assert_int_ge(revealed, 0);
        for (int v = 0; v < 3; v++) {
            ck_assert_int_eq(ct_coup_make(&told[v], mv, revealed), revealed);
            if (cap && (cap & CT_COUP_DOWN) && v == mover)
                learn_capture(&told[v], CT_COUP_TYPE(cap));
        }
        captured_down += cap && (cap & CT_COUP_DOWN);
    }
    /* The games are long enough to take face-down pieces (the asymmetric case). */
    ck_assert_int_gt(captured_down, 0);
}
END_TEST

/* ------------------------------------------------------------------ FEN
 * The start position as the spec quotes it from the Jieqi tools. */
static const char start_fen[] =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1";

START_TEST(test_fen_start)
{
    ct_coup_fen_error err;
    ck_assert_msg(ct_coup_fen_read(&pos, start_fen, &err) == CT_OK, "%s", err.message);
    ct_coup_start(&pos2, NULL);
    ck_assert(!memcmp(pos.board, pos2.board, sizeof pos.board));
    ck_assert(!memcmp(pos.pool, pos2.pool, sizeof pos.pool));
    ck_assert(pos.key == pos2.key && pos.side == CT_RED && pos.fullmove == 1);
    char buf[160];
    ck_assert_int_eq(ct_coup_fen_write(&pos2, buf, sizeof buf), (int)strlen(start_fen));
    ck_assert_str_eq(buf, start_fen);
    /* JieqiBox's newer order: board, side, pool, captured pool, half-moves, move number. */
    ck_assert(ct_coup_fen_read(&pos, "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/"
                                     "XXXXKXXXX w R2r2N2n2B2b2A2a2C2c2P5p5 - 0 1", &err) == CT_OK);
    ck_assert(!memcmp(pos.pool, pos2.pool, sizeof pos.pool));
    /* A position in play: Red's cannon square revealed a rook that took on b9. */
    ck_assert(ct_coup_fen_read(&pos, "xRxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/7X1/9/XXXXKXXXX"
                                     " A2B2N2R1C2P5a2b2n2r2c2p5 b - - 0 1", &err) == CT_OK);
    ck_assert_int_eq(pos.side, CT_BLACK);
    ck_assert_int_eq(ct_coup_acting_type(&pos, ct_sq_parse("b9")), CT_ROOK);
    ck_assert_int_eq(ct_coup_pool_count(&pos, CT_RED), 14);
    ck_assert_int_eq(ct_coup_pool_count(&pos, CT_BLACK), 15); /* 14 down + 1 taken unknown */
}
END_TEST

typedef struct {
    const char *fen;
    ct_coup_fen_problem code;
    int side, file, rank, count;
} fen_bad;

static const fen_bad bad_fens[] = {
    /* A face-down piece on e4: no starting square. */
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1",
     CT_COUP_FEN_OK, 0, 0, 0, 0},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/4X4/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1",
     CT_COUP_FEN_DOWN_PLACE, CT_RED, 4, 4, 0},
    /* A Red face-down piece on Black's a6 pawn square. */
    {"xxxxkxxxx/9/1x5x1/X1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1",
     CT_COUP_FEN_DOWN_PLACE, CT_RED, 0, 6, 0},
    /* 15 face-down red pieces, a pool of 14. */
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R1C2P5a2b2n2r2c2p5 w - - 0 1",
     CT_COUP_FEN_POOL_SHORT, CT_RED, 0, 0, 15},
    /* Two red rooks face up and two more in the pool. */
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/RX5XR/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1",
     CT_COUP_FEN_TOO_MANY, CT_RED, 0, 0, 4},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R3C2P5a2b2n2r2c2p5 w - - 0 1",
     CT_COUP_FEN_TOO_MANY, CT_RED, 0, 0, 3},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5k1 w - - 0 1",
     CT_COUP_FEN_POOL_SYNTAX, 0, 0, 0, 0},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - x 1",
     CT_COUP_FEN_HALFMOVE, 0, 0, 0, 0},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 g - - 0 1",
     CT_COUP_FEN_SIDE, 0, 0, 0, 0},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXQXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1",
     CT_COUP_FEN_LETTER, 0, 4, 0, 0},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9 A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1",
     CT_COUP_FEN_RANK_COUNT, 0, 0, 0, 9},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXX1XXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1",
     CT_COUP_FEN_NO_KING, CT_RED, 0, 0, 0},
    /* Kings facing on an open file with Red to move: Black (not to move) is in check. */
    {"4k4/9/9/9/9/9/9/9/9/4K4 - w - - 0 1", CT_COUP_FEN_IN_CHECK, CT_BLACK, 0, 0, 0},
    {"3k5/9/9/9/9/9/9/9/9/4K4 - w", CT_COUP_FEN_OK, 0, 0, 0, 0},
    {"3k5/9/9/9/9/9/9/9/9/4K4", CT_COUP_FEN_FIELD_COUNT, 0, 0, 0, 1},
};

START_TEST(test_fen_refused)
{
    const fen_bad *c = &bad_fens[_i];
    ct_coup_fen_error err;
    memset(&err, 0, sizeof err);
    ct_coup_start(&pos, NULL);
    uint64_t key = pos.key;
    ct_status st = ct_coup_fen_read(&pos, c->fen, &err);
    if (c->code == CT_COUP_FEN_OK) {
        ck_assert_msg(st == CT_OK, "%s: %s", c->fen, err.message);
        return;
    }
    ck_assert_msg(st != CT_OK, "%s accepted", c->fen);
    ck_assert_msg(err.code == c->code, "%s: code %d (%s), expected %d", c->fen, err.code,
                  err.message, c->code);
    ck_assert_int_eq(err.side, c->side);
    ck_assert_int_eq(err.file, c->file);
    ck_assert_int_eq(err.rank, c->rank);
    ck_assert_int_eq(err.count, c->count);
    ck_assert(err.message[0]);
    ck_assert(pos.key == key); /* unchanged */
}
END_TEST

/* A view's FEN reads back to the same view (the FEN has no taken list: those stay out). */
START_TEST(test_fen_round_trip)
{
    static ct_coup_pos full, view, back;
    uint64_t rng = 77;
    ct_coup_deal deal;
    ct_coup_deal_random(&deal, 5);
    ct_coup_start(&full, &deal);
    ct_move moves[CT_MAX_MOVES];
    for (int ply = 0; ply < 150; ply++) {
        for (int v = 0; v < 3; v++) {
            char buf[160];
            ct_coup_view(&full, v, &view);
            ck_assert(ct_coup_fen_write(&view, buf, sizeof buf) < (int)sizeof buf);
            ct_coup_fen_error err;
            ck_assert_msg(ct_coup_fen_read(&back, buf, &err) == CT_OK, "%s: %s", buf, err.message);
            ck_assert(!memcmp(back.board, view.board, sizeof back.board));
            ck_assert(!memcmp(back.pool, view.pool, sizeof back.pool));
            ck_assert(back.key == view.key && back.side == view.side);
            ck_assert(back.halfmove == view.halfmove && back.fullmove == view.fullmove);
            ck_assert(!strchr(buf, '?'));
        }
        int n = ct_coup_gen_legal(&full, moves);
        if (n == 0)
            break;
        ct_coup_make(&full, moves[test_rand(&rng) % (uint64_t)n], 0);
    }
}
END_TEST

static Suite *coup_suite(void)
{
    Suite *s = suite_create("coup");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_start_count);
    tcase_add_loop_test(tc, test_hand, 0, (int)(sizeof hand_cases / sizeof hand_cases[0]));
    tcase_add_test(tc, test_screen_is_check);
    tcase_add_test(tc, test_perft_standard_deal);
    tcase_add_test(tc, test_perft_hand);
    tcase_add_test(tc, test_reveal_gives_check);
    tcase_add_test(tc, test_deal_and_reveal);
    tcase_add_test(tc, test_judge);
    tcase_add_test(tc, test_perpetual_chase);
    tcase_add_loop_test(tc, test_brute_force, 0, 8);
    suite_add_tcase(s, tc);
    tc = tcase_create("view");
    tcase_add_loop_test(tc, test_view_whole_game, 0, 6);
    suite_add_tcase(s, tc);
    tc = tcase_create("fen");
    tcase_add_test(tc, test_fen_start);
    tcase_add_loop_test(tc, test_fen_refused, 0, (int)(sizeof bad_fens / sizeof bad_fens[0]));
    tcase_add_test(tc, test_fen_round_trip);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(coup_suite());
}
