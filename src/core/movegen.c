/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — move generation and attack detection.
 * Pseudo-legal moves come from the padded mailbox (steps) and the row/column occupancy
 * masks (slides); legality is decided by an attack test on the position as it would be
 * after the move, skipped when the move cannot touch any line into the mover's king. */
#include "cotuong/movegen.h"

#include "board_internal.h"

/* Row/column occupancy masks carry two sentinel bits beyond each edge of the board, so the
 * first and second blockers of a slide always exist; they map to CT_OFFBOARD squares. */
#define ROW_SENTINELS ((1u << 1) | (1u << 2) | (1u << 12) | (1u << 13))
#define COL_SENTINELS ((1u << 1) | (1u << 2) | (1u << 13) | (1u << 14))

static inline int lowest_bit(unsigned m) { return __builtin_ctz(m); }
static inline int highest_bit(unsigned m) { return 31 - __builtin_clz(m); }

static inline uint16_t row_mask(const ct_pos *pos, int row)
{
    return (uint16_t)(pos->row_occ[row] | ROW_SENTINELS);
}
static inline uint16_t col_mask(const ct_pos *pos, int col)
{
    return (uint16_t)(pos->col_occ[col] | COL_SENTINELS);
}

/* ---------------------------------------------------------------------------------------
 * Generation */

/* Each generator appends to `out` and returns the end of what it wrote; `caps` (a constant
 * at every inlined call) keeps captures only. */
#define GEN_INLINE static inline __attribute__((always_inline))

/* Steps to a square that is empty or holds an enemy (own pieces and off-board are refused
 * by the side flag, which CT_OFFBOARD carries for both sides). */
GEN_INLINE ct_move *step(const ct_pos *pos, ct_move *out, int from, int to, int own, bool caps)
{
    int t = pos->board[to];
    if ((t & own) || (caps && !t))
        return out;
    *out = CT_MOVE(from, to);
    return out + 1;
}

/* Slides along one line. `m` holds the line's occupancy, `at` the origin's bit index,
 * `stride` the square distance between neighbouring bits. */
GEN_INLINE ct_move *slide(const ct_pos *pos, ct_move *out, int from, unsigned m, int at,
                          int stride, int own, bool cannon, bool caps)
{
    /* Upwards along the line (increasing bit index). */
    unsigned hi = m & (~0u << (at + 1));
    int b = lowest_bit(hi);
    if (!caps)
        for (int i = at + 1; i < b; i++)
            *out++ = CT_MOVE(from, from + (i - at) * stride);
    if (cannon) {
        hi &= hi - 1;
        b = lowest_bit(hi);
    }
    int to = from + (b - at) * stride;
    int t = pos->board[to];
    if (t && !(t & own))
        *out++ = CT_MOVE(from, to);

    /* Downwards. */
    unsigned lo = m & ((1u << at) - 1);
    b = highest_bit(lo);
    if (!caps)
        for (int i = at - 1; i > b; i--)
            *out++ = CT_MOVE(from, from - (at - i) * stride);
    if (cannon) {
        lo &= ~(1u << b);
        b = highest_bit(lo);
    }
    to = from - (at - b) * stride;
    t = pos->board[to];
    if (t && !(t & own))
        *out++ = CT_MOVE(from, to);
    return out;
}

/* The palace squares as a table (one load where bd_in_palace compares rows and columns). */
#define PALACE_ROW(r) [CT_SQ(3, r)] = 1, [CT_SQ(4, r)] = 1, [CT_SQ(5, r)] = 1
static const uint8_t palace_square[CT_BOARD_SIZE] = {
    PALACE_ROW(0), PALACE_ROW(1), PALACE_ROW(2), PALACE_ROW(7), PALACE_ROW(8), PALACE_ROW(9),
};
#undef PALACE_ROW

GEN_INLINE ct_move *gen_king(const ct_pos *pos, ct_move *out, int from, int own, bool caps)
{
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        if (palace_square[from + bd_orth[i]])
            out = step(pos, out, from, from + bd_orth[i], own, caps);
    return out;
}

GEN_INLINE ct_move *gen_advisor(const ct_pos *pos, ct_move *out, int from, int own, bool caps)
{
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        if (palace_square[from + bd_diag[i]])
            out = step(pos, out, from, from + bd_diag[i], own, caps);
    return out;
}

GEN_INLINE ct_move *gen_elephant(const ct_pos *pos, ct_move *out, int from, int side, bool caps)
{
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++) {
        int eye = from + bd_diag[i], to = eye + bd_diag[i];
        if (pos->board[eye] == 0 && bd_own_half(side, to))
            out = step(pos, out, from, to, CT_SIDE_FLAG(side), caps);
    }
    return out;
}

GEN_INLINE ct_move *gen_horse(const ct_pos *pos, ct_move *out, int from, int own, bool caps)
{
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++) {
        if (pos->board[from + bd_horse_leg[i]] != 0)
            continue;
        out = step(pos, out, from, from + bd_horse_to[i][0], own, caps);
        out = step(pos, out, from, from + bd_horse_to[i][1], own, caps);
    }
    return out;
}

GEN_INLINE ct_move *gen_slider(const ct_pos *pos, ct_move *out, int from, int own, bool cannon,
                               bool caps)
{
    int row = CT_SQ_ROW(from), col = CT_SQ_COL(from);
    out = slide(pos, out, from, row_mask(pos, row), col, 1, own, cannon, caps);
    return slide(pos, out, from, col_mask(pos, col), row, 16, own, cannon, caps);
}

GEN_INLINE ct_move *gen_pawn(const ct_pos *pos, ct_move *out, int from, int side, bool caps)
{
    int own = CT_SIDE_FLAG(side);
    out = step(pos, out, from, from + (side == CT_RED ? 16 : -16), own, caps);
    if (bd_crossed(side, from)) {
        out = step(pos, out, from, from + 1, own, caps);
        out = step(pos, out, from, from - 1, own, caps);
    }
    return out;
}

/* The moves of the piece with index pc (which stands on the board). */
static int gen_piece(const ct_pos *pos, ct_move *out, int pc)
{
    int from = pos->sq_of[pc];
    int side = CT_PIECE_SIDE(pc), own = CT_SIDE_FLAG(side);
    ct_move *end = out;
    switch (ct_piece_type(pc)) {
    case CT_KING: end = gen_king(pos, out, from, own, false); break;
    case CT_ADVISOR: end = gen_advisor(pos, out, from, own, false); break;
    case CT_ELEPHANT: end = gen_elephant(pos, out, from, side, false); break;
    case CT_HORSE: end = gen_horse(pos, out, from, own, false); break;
    case CT_ROOK: end = gen_slider(pos, out, from, own, false, false); break;
    case CT_CANNON: end = gen_slider(pos, out, from, own, true, false); break;
    case CT_PAWN: end = gen_pawn(pos, out, from, side, false); break;
    default: break;
    }
    return (int)(end - out);
}

/* A side's moves piece by piece in slot order (king, advisors, elephants, horses, rooks,
 * cannons, pawns): the order the search has always seen, which its move ordering breaks ties
 * by. Each slot range holds one type, so no switch on the type is needed. */
GEN_INLINE int gen(const ct_pos *pos, ct_move *out, bool caps)
{
    int side = pos->side, own = CT_SIDE_FLAG(side);
    const uint8_t *sq_of = pos->sq_of + own;
    ct_move *end = out;
    if (sq_of[CT_SLOT_KING])
        end = gen_king(pos, end, sq_of[CT_SLOT_KING], own, caps);
    for (int slot = CT_SLOT_ADVISOR; slot < CT_SLOT_ADVISOR + 2; slot++)
        if (sq_of[slot])
            end = gen_advisor(pos, end, sq_of[slot], own, caps);
    for (int slot = CT_SLOT_ELEPHANT; slot < CT_SLOT_ELEPHANT + 2; slot++)
        if (sq_of[slot])
            end = gen_elephant(pos, end, sq_of[slot], side, caps);
    for (int slot = CT_SLOT_HORSE; slot < CT_SLOT_HORSE + 2; slot++)
        if (sq_of[slot])
            end = gen_horse(pos, end, sq_of[slot], own, caps);
    for (int slot = CT_SLOT_ROOK; slot < CT_SLOT_ROOK + 2; slot++)
        if (sq_of[slot])
            end = gen_slider(pos, end, sq_of[slot], own, false, caps);
    for (int slot = CT_SLOT_CANNON; slot < CT_SLOT_CANNON + 2; slot++)
        if (sq_of[slot])
            end = gen_slider(pos, end, sq_of[slot], own, true, caps);
    for (int slot = CT_SLOT_PAWN; slot < CT_SLOT_PAWN + 5; slot++)
        if (sq_of[slot])
            end = gen_pawn(pos, end, sq_of[slot], side, caps);
    return (int)(end - out);
}

int ct_gen_pseudo(const ct_pos *pos, ct_move *out) { return gen(pos, out, false); }
int ct_gen_captures(const ct_pos *pos, ct_move *out) { return gen(pos, out, true); }

/* ---------------------------------------------------------------------------------------
 * Attacks */

/* Horse attacks by displacement (attacked square minus horse square, plus 33): the step
 * from the horse to its leg, 0 when the displacement is no horse move. */
#define HORSE_DELTA_BIAS 33
static const int8_t horse_leg_by_delta[2 * HORSE_DELTA_BIAS + 1] = {
    [HORSE_DELTA_BIAS + 33] = 16, [HORSE_DELTA_BIAS + 31] = 16,  [HORSE_DELTA_BIAS + 18] = 1,
    [HORSE_DELTA_BIAS + 14] = -1, [HORSE_DELTA_BIAS - 33] = -16, [HORSE_DELTA_BIAS - 31] = -16,
    [HORSE_DELTA_BIAS - 18] = -1, [HORSE_DELTA_BIAS - 14] = 1,
};

/* Bits strictly between bit indices a and b (a != b). */
static inline unsigned bits_between(int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return (1u << hi) - (2u << lo);
}

/* Occupancy of the squares strictly between `a` and `b` on one row once the piece on `from`
 * has moved to `to`, as bits of that row; likewise for a column. */
static inline unsigned row_between(const ct_pos *pos, int a, int b, int from, int to)
{
    int row = CT_SQ_ROW(a);
    unsigned m = pos->row_occ[row];
    if (from && CT_SQ_ROW(from) == row)
        m &= ~(1u << CT_SQ_COL(from));
    if (to && CT_SQ_ROW(to) == row)
        m |= 1u << CT_SQ_COL(to);
    return m & bits_between(CT_SQ_COL(a), CT_SQ_COL(b));
}
static inline unsigned col_between(const ct_pos *pos, int a, int b, int from, int to)
{
    int col = CT_SQ_COL(a);
    unsigned m = pos->col_occ[col];
    if (from && CT_SQ_COL(from) == col)
        m &= ~(1u << CT_SQ_ROW(from));
    if (to && CT_SQ_COL(to) == col)
        m |= 1u << CT_SQ_ROW(to);
    return m & bits_between(CT_SQ_ROW(a), CT_SQ_ROW(b));
}

/* Is `target` attacked by side `by` once the piece on `from` has moved to `to`?
 * from = to = 0 asks about the position as it stands (square 0 is off the board and on no
 * line of interest). A piece arriving on `to` is the mover's (the side not `by`): it blocks
 * and it screens, and whatever stood there is gone. Each enemy piece that could attack is
 * looked up in the piece list (few of them stand on the target's lines), rather than the
 * board scanned from the target. A captured piece's square is 0: off the target's row and
 * column, and too far for a horse. Inlined at every call so that ct_in_check, the caller
 * that counts (once a node), folds from = to = 0 away: hence the tests of from and to
 * against 0 before they adjust the lines (square 0 is on no line and no leg). */
static inline __attribute__((always_inline)) bool attacked_after(const ct_pos *pos, int target,
                                                                 int by, int from, int to)
{
    const int enemy = CT_SIDE_FLAG(by);
    const uint8_t *sq_of = pos->sq_of + enemy;
#define PIECE_AT(sq) (to && (sq) == to ? 0 : pos->board[sq])
#define IS_ENEMY(pc, type) (((pc) & 0x30) == enemy && ct_piece_type(pc) == (type))
#define OCCUPIED(sq) ((to && (sq) == to) || ((!from || (sq) != from) && pos->board[sq] != 0))
#define SAME_ROW(a, b) ((((a) ^ (b)) & 0xf0) == 0)
#define SAME_COL(a, b) ((((a) ^ (b)) & 0x0f) == 0)

    /* 1. Horses: a horse move away, its leg empty. (The loops are unrolled: a handful of
     * pieces each, at every node.) */
#pragma GCC unroll 2
    for (int slot = CT_SLOT_HORSE; slot < CT_SLOT_HORSE + 2; slot++) {
        int sq = sq_of[slot];
        unsigned d = (unsigned)(target - sq + HORSE_DELTA_BIAS);
        if (d > 2 * HORSE_DELTA_BIAS || !horse_leg_by_delta[d] || sq == to)
            continue;
        if (!OCCUPIED(sq + horse_leg_by_delta[d]))
            return true;
    }

    /* 2. Rooks (nothing between), cannons (one screen), and the facing king (nothing
     * between on the column). */
#pragma GCC unroll 4
    for (int slot = CT_SLOT_ROOK; slot < CT_SLOT_CANNON + 2; slot++) {
        int sq = sq_of[slot];
        unsigned m;
        if (SAME_ROW(sq, target))
            m = row_between(pos, target, sq, from, to);
        else if (SAME_COL(sq, target))
            m = col_between(pos, target, sq, from, to);
        else
            continue;
        if (sq == to || sq == target)
            continue;
        if (slot < CT_SLOT_CANNON ? m == 0 : m != 0 && (m & (m - 1)) == 0)
            return true;
    }
    int ksq = sq_of[CT_SLOT_KING];
    if (SAME_COL(ksq, target) && ksq != to && ksq != target &&
        col_between(pos, target, ksq, from, to) == 0)
        return true;

    /* 3. Pawns: one step behind the target as seen by the pawn, or beside it once crossed. */
    int pc = PIECE_AT(target + (by == CT_RED ? -16 : 16));
    if (IS_ENEMY(pc, CT_PAWN))
        return true;
    if (bd_crossed(by, target)) {
        pc = PIECE_AT(target + 1);
        if (IS_ENEMY(pc, CT_PAWN))
            return true;
        pc = PIECE_AT(target - 1);
        if (IS_ENEMY(pc, CT_PAWN))
            return true;
    }
    return false;
#undef PIECE_AT
#undef IS_ENEMY
#undef OCCUPIED
#undef SAME_ROW
#undef SAME_COL
}

bool ct_sq_attacked(const ct_pos *pos, ct_sq sq, int by)
{
    return attacked_after(pos, sq, by, 0, 0);
}

bool ct_in_check(const ct_pos *pos, int side)
{
    return attacked_after(pos, ct_pos_king(pos, side), side ^ 1, 0, 0);
}

/* ---------------------------------------------------------------------------------------
 * Legality */

static inline bool legal_after(const ct_pos *pos, ct_move mv, int ksq, bool in_check)
{
    int from = CT_FROM(mv), to = CT_TO(mv);
    if (from == ksq)
        return !attacked_after(pos, to, pos->side ^ 1, from, to);
    if (!in_check && !bd_touches_lines(ksq, from, to))
        return true;
    return !attacked_after(pos, ksq, pos->side ^ 1, from, to);
}

static int filter_legal(const ct_pos *pos, ct_move *moves, int n)
{
    int ksq = ct_pos_king(pos, pos->side);
    bool check = ct_in_check(pos, pos->side);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (legal_after(pos, moves[i], ksq, check))
            moves[k++] = moves[i];
    return k;
}

int ct_gen_legal(const ct_pos *pos, ct_move *out)
{
    return filter_legal(pos, out, gen(pos, out, false));
}

bool ct_is_legal_pseudo(const ct_pos *pos, ct_move mv)
{
    int ksq = ct_pos_king(pos, pos->side);
    return legal_after(pos, mv, ksq, ct_in_check(pos, pos->side));
}

bool ct_is_pseudo(const ct_pos *pos, ct_move mv)
{
    int from = CT_FROM(mv), to = CT_TO(mv);
    if (!ct_sq_on_board(from) || !ct_sq_on_board(to))
        return false;
    int pc = pos->board[from];
    if (pc == 0 || CT_PIECE_SIDE(pc) != pos->side)
        return false;
    ct_move moves[CT_MAX_MOVES];
    int n = gen_piece(pos, moves, pc);
    for (int i = 0; i < n; i++)
        if (moves[i] == mv)
            return true;
    return false;
}

bool ct_is_legal(const ct_pos *pos, ct_move mv)
{
    return ct_is_pseudo(pos, mv) && ct_is_legal_pseudo(pos, mv);
}

bool ct_has_legal_move(const ct_pos *pos)
{
    ct_move moves[CT_MAX_MOVES];
    int n = gen(pos, moves, false);
    int ksq = ct_pos_king(pos, pos->side);
    bool check = ct_in_check(pos, pos->side);
    for (int i = 0; i < n; i++)
        if (legal_after(pos, moves[i], ksq, check))
            return true;
    return false;
}

/* ---------------------------------------------------------------------------------------
 * Reasons, for messages: the piece rules first, then king safety. */

static int sign(int x) { return (x > 0) - (x < 0); }

/* Pieces strictly between two squares on one line. */
static int between(const ct_pos *pos, int a, int b)
{
    int d = CT_SQ_ROW(a) == CT_SQ_ROW(b) ? sign(b - a) : 16 * sign(b - a);
    int n = 0;
    for (int sq = a + d; sq != b; sq += d)
        n += pos->board[sq] != 0;
    return n;
}

ct_illegal_reason ct_why_illegal(const ct_pos *pos, ct_move mv)
{
    int from = CT_FROM(mv), to = CT_TO(mv);
    if (!ct_sq_on_board(from) || !ct_sq_on_board(to))
        return CT_WHY_PIECE_RULE;
    int pc = pos->board[from];
    if (pc == 0)
        return CT_WHY_NO_PIECE;
    int side = CT_PIECE_SIDE(pc);
    if (side != pos->side)
        return CT_WHY_NOT_YOURS;
    if (pos->board[to] != 0 && CT_PIECE_SIDE(pos->board[to]) == side)
        return CT_WHY_OWN_PIECE;
    int df = CT_SQ_FILE(to) - CT_SQ_FILE(from), dr = CT_SQ_RANK(to) - CT_SQ_RANK(from);
    int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
    switch (ct_piece_type(pc)) {
    case CT_KING:
        if (adf + adr != 1)
            return CT_WHY_PIECE_RULE;
        if (!bd_in_palace(to))
            return CT_WHY_PALACE;
        break;
    case CT_ADVISOR:
        if (adf != 1 || adr != 1)
            return CT_WHY_PIECE_RULE;
        if (!bd_in_palace(to))
            return CT_WHY_PALACE;
        break;
    case CT_ELEPHANT:
        if (adf != 2 || adr != 2)
            return CT_WHY_PIECE_RULE;
        if (!bd_own_half(side, to))
            return CT_WHY_RIVER;
        if (pos->board[(from + to) / 2] != 0)
            return CT_WHY_ELEPHANT_EYE;
        break;
    case CT_HORSE: {
        if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1)))
            return CT_WHY_PIECE_RULE;
        int leg = adr == 2 ? from + 16 * sign(dr) : from + sign(df);
        if (pos->board[leg] != 0)
            return CT_WHY_HORSE_LEG;
        break;
    }
    case CT_ROOK:
        if (df != 0 && dr != 0)
            return CT_WHY_PIECE_RULE;
        if (between(pos, from, to) != 0)
            return CT_WHY_BLOCKED;
        break;
    case CT_CANNON:
        if (df != 0 && dr != 0)
            return CT_WHY_PIECE_RULE;
        if (pos->board[to] == 0 && between(pos, from, to) != 0)
            return CT_WHY_BLOCKED;
        if (pos->board[to] != 0 && between(pos, from, to) != 1)
            return CT_WHY_CANNON_SCREEN;
        break;
    case CT_PAWN: {
        int fwd = side == CT_RED ? 1 : -1;
        if (adf + adr != 1)
            return CT_WHY_PIECE_RULE;
        if (dr == -fwd)
            return CT_WHY_PAWN_BACKWARD;
        if (df != 0 && !bd_crossed(side, from))
            return CT_WHY_RIVER;
        break;
    }
    default:
        return CT_WHY_PIECE_RULE;
    }
    if (ct_is_legal_pseudo(pos, mv))
        return CT_WHY_LEGAL;
    /* The king is attacked afterwards: say whether it is only the facing kings. */
    int ksq = from == ct_pos_king(pos, side) ? to : ct_pos_king(pos, side);
    int eksq = ct_pos_king(pos, side ^ 1);
    if (CT_SQ_COL(ksq) == CT_SQ_COL(eksq)) {
        int n = 0, d = 16 * sign(eksq - ksq);
        for (int sq = ksq + d; sq != eksq; sq += d)
            n += sq == to || (sq != from && pos->board[sq] != 0);
        if (n == 0)
            return CT_WHY_KINGS_FACING;
    }
    return CT_WHY_KING_IN_CHECK;
}

/* ---------------------------------------------------------------------------------------
 * Perft */

uint64_t ct_perft(ct_pos *pos, int depth)
{
    ct_move moves[CT_MAX_MOVES];
    if (depth <= 0)
        return 1;
    int n = ct_gen_legal(pos, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        ct_pos_make(pos, moves[i]);
        total += ct_perft(pos, depth - 1);
        ct_pos_unmake(pos);
    }
    return total;
}
