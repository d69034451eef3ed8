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

typedef struct {
    ct_move *out;
    int n;
} move_sink;

static inline void emit(move_sink *s, int from, int to)
{
    s->out[s->n++] = CT_MOVE(from, to);
}

/* Steps to a square that is empty or holds an enemy (own pieces and off-board are refused
 * by the side flag, which CT_OFFBOARD carries for both sides). */
static inline void step(const ct_pos *pos, move_sink *s, int from, int to, int own, bool caps)
{
    int t = pos->board[to];
    if (t & own)
        return;
    if (caps && !t)
        return;
    emit(s, from, to);
}

/* Slides along one line. `m` holds the line's occupancy, `at` the origin's bit index,
 * `stride` the square distance between neighbouring bits. */
static inline void slide(const ct_pos *pos, move_sink *s, int from, unsigned m, int at, int stride,
                         int own, bool cannon, bool caps)
{
    /* Upwards along the line (increasing bit index). */
    unsigned hi = m & (~0u << (at + 1));
    int b = lowest_bit(hi);
    if (!caps)
        for (int i = at + 1; i < b; i++)
            emit(s, from, from + (i - at) * stride);
    if (cannon) {
        hi &= hi - 1;
        b = lowest_bit(hi);
    }
    int to = from + (b - at) * stride;
    int t = pos->board[to];
    if (t && !(t & own))
        emit(s, from, to);

    /* Downwards. */
    unsigned lo = m & ((1u << at) - 1);
    b = highest_bit(lo);
    if (!caps)
        for (int i = at - 1; i > b; i--)
            emit(s, from, from - (at - i) * stride);
    if (cannon) {
        lo &= ~(1u << b);
        b = highest_bit(lo);
    }
    to = from - (at - b) * stride;
    t = pos->board[to];
    if (t && !(t & own))
        emit(s, from, to);
}

static void gen_piece(const ct_pos *pos, move_sink *s, int pc, bool caps)
{
    int from = pos->sq_of[pc];
    int side = CT_PIECE_SIDE(pc);
    int own = CT_SIDE_FLAG(side);
    switch (ct_piece_type(pc)) {
    case CT_KING:
        for (int i = 0; i < 4; i++)
            if (bd_in_palace(from + bd_orth[i]))
                step(pos, s, from, from + bd_orth[i], own, caps);
        break;
    case CT_ADVISOR:
        for (int i = 0; i < 4; i++)
            if (bd_in_palace(from + bd_diag[i]))
                step(pos, s, from, from + bd_diag[i], own, caps);
        break;
    case CT_ELEPHANT:
        for (int i = 0; i < 4; i++) {
            int eye = from + bd_diag[i], to = eye + bd_diag[i];
            if (pos->board[eye] == 0 && bd_own_half(side, to))
                step(pos, s, from, to, own, caps);
        }
        break;
    case CT_HORSE:
        for (int i = 0; i < 4; i++) {
            if (pos->board[from + bd_horse_leg[i]] != 0)
                continue;
            step(pos, s, from, from + bd_horse_to[i][0], own, caps);
            step(pos, s, from, from + bd_horse_to[i][1], own, caps);
        }
        break;
    case CT_ROOK:
    case CT_CANNON: {
        bool cannon = ct_piece_type(pc) == CT_CANNON;
        int row = CT_SQ_ROW(from), col = CT_SQ_COL(from);
        slide(pos, s, from, row_mask(pos, row), col, 1, own, cannon, caps);
        slide(pos, s, from, col_mask(pos, col), row, 16, own, cannon, caps);
        break;
    }
    case CT_PAWN: {
        int fwd = side == CT_RED ? 16 : -16;
        step(pos, s, from, from + fwd, own, caps);
        if (bd_crossed(side, from)) {
            step(pos, s, from, from + 1, own, caps);
            step(pos, s, from, from - 1, own, caps);
        }
        break;
    }
    default:
        break;
    }
}

static int gen(const ct_pos *pos, ct_move *out, bool caps)
{
    move_sink s = {out, 0};
    int base = CT_SIDE_FLAG(pos->side);
    for (int pc = base; pc < base + 16; pc++)
        if (pos->sq_of[pc])
            gen_piece(pos, &s, pc, caps);
    return s.n;
}

int ct_gen_pseudo(const ct_pos *pos, ct_move *out) { return gen(pos, out, false); }
int ct_gen_captures(const ct_pos *pos, ct_move *out) { return gen(pos, out, true); }

/* ---------------------------------------------------------------------------------------
 * Attacks */

/* Is `target` attacked by side `by` once the piece on `from` has moved to `to`?
 * from = to = 0 asks about the position as it stands (square 0 is off the board and on no
 * line of interest). A piece arriving on `to` is the mover's: it blocks and it screens, and
 * whatever stood there is gone. */
static bool attacked_after(const ct_pos *pos, int target, int by, int from, int to)
{
    const int enemy = CT_SIDE_FLAG(by);
    const int row = CT_SQ_ROW(target), col = CT_SQ_COL(target);
#define PIECE_AT(sq) ((sq) == to ? 0 : pos->board[sq])
#define IS_ENEMY(pc, type) (((pc) & 0x30) == enemy && ct_piece_type(pc) == (type))
#define OCCUPIED(sq) ((sq) == to || ((sq) != from && pos->board[sq] != 0))

    /* 1. Rooks, cannons and the facing king along the target's row and column. */
    unsigned rm = row_mask(pos, row), cm = col_mask(pos, col);
    if (CT_SQ_ROW(from) == row)
        rm &= ~(1u << CT_SQ_COL(from));
    if (CT_SQ_COL(from) == col)
        cm &= ~(1u << CT_SQ_ROW(from));
    if (CT_SQ_ROW(to) == row)
        rm |= 1u << CT_SQ_COL(to);
    if (CT_SQ_COL(to) == col)
        cm |= 1u << CT_SQ_ROW(to);

    int base = row << 4;
    unsigned hi = rm & (~0u << (col + 1)), lo = rm & ((1u << col) - 1);
    int pc = PIECE_AT(base + lowest_bit(hi));
    if (IS_ENEMY(pc, CT_ROOK))
        return true;
    pc = PIECE_AT(base + lowest_bit(hi & (hi - 1)));
    if (IS_ENEMY(pc, CT_CANNON))
        return true;
    int b = highest_bit(lo);
    pc = PIECE_AT(base + b);
    if (IS_ENEMY(pc, CT_ROOK))
        return true;
    pc = PIECE_AT(base + highest_bit(lo & ~(1u << b)));
    if (IS_ENEMY(pc, CT_CANNON))
        return true;

    hi = cm & (~0u << (row + 1));
    lo = cm & ((1u << row) - 1);
    pc = PIECE_AT((lowest_bit(hi) << 4) + col);
    if (IS_ENEMY(pc, CT_ROOK) || IS_ENEMY(pc, CT_KING))
        return true;
    pc = PIECE_AT((lowest_bit(hi & (hi - 1)) << 4) + col);
    if (IS_ENEMY(pc, CT_CANNON))
        return true;
    b = highest_bit(lo);
    pc = PIECE_AT((b << 4) + col);
    if (IS_ENEMY(pc, CT_ROOK) || IS_ENEMY(pc, CT_KING))
        return true;
    pc = PIECE_AT((highest_bit(lo & ~(1u << b)) << 4) + col);
    if (IS_ENEMY(pc, CT_CANNON))
        return true;

    /* 2. Horses: the leg of a horse attacking the target is the target's diagonal neighbour
     * on the horse's side, so one empty diagonal neighbour opens two horse squares. */
    for (int i = 0; i < 4; i++) {
        int d = bd_diag[i], leg = target + d;
        if (OCCUPIED(leg))
            continue;
        int vertical = d > 0 ? 16 : -16, horizontal = d - vertical;
        pc = PIECE_AT(leg + vertical);
        if (IS_ENEMY(pc, CT_HORSE))
            return true;
        pc = PIECE_AT(leg + horizontal);
        if (IS_ENEMY(pc, CT_HORSE))
            return true;
    }

    /* 3. Pawns: one step behind the target as seen by the pawn, or beside it once crossed. */
    pc = PIECE_AT(target + (by == CT_RED ? -16 : 16));
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

/* Can a move from `from` to `to` change any attack on the king at `ksq`? Only by emptying
 * a square on the king's row or column or one of its diagonal neighbours (a horse leg), or
 * by arriving on the king's row or column (as a cannon screen). */
static inline bool touches_king(int ksq, int from, int to)
{
    int kr = CT_SQ_ROW(ksq), kc = CT_SQ_COL(ksq);
    int dr = CT_SQ_ROW(from) - kr, dc = CT_SQ_COL(from) - kc;
    if (dr == 0 || dc == 0 || ((dr == 1 || dr == -1) && (dc == 1 || dc == -1)))
        return true;
    return CT_SQ_ROW(to) == kr || CT_SQ_COL(to) == kc;
}

static inline bool legal_after(const ct_pos *pos, ct_move mv, int ksq, bool in_check)
{
    int from = CT_FROM(mv), to = CT_TO(mv);
    if (from == ksq)
        return !attacked_after(pos, to, pos->side ^ 1, from, to);
    if (!in_check && !touches_king(ksq, from, to))
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
    move_sink s = {moves, 0};
    gen_piece(pos, &s, pc, false);
    for (int i = 0; i < s.n; i++)
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
