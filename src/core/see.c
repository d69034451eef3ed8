/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — static exchange evaluation.
 *
 * The exchange is played out on a copy of the board: after each capture the capturing
 * piece stands on the target and its square is empty, and the next capturer of the other
 * side is found on that board anew. So every line effect comes out of the board itself: a
 * rook behind a rook that has just taken (an x-ray) attacks in its turn, a cannon gains a
 * screen when a piece lands between it and the target, loses it when the screen was the
 * piece that took, and needs a new one beyond; a horse whose leg was the capturer is freed;
 * an elephant whose eye emptied comes in.
 *
 * Values: the evaluation's material weights (TN_EVAL_WEIGHTS, the crossed-pawn extra for a
 * pawn over the river), not the search's coarse ordering values: the search compares SEE
 * with margins in centipawns and with the static score, so it must count material as the
 * evaluation does (with the fitted weights an advisor, 47, is worth less than a pawn, 100,
 * and a cannon, 499, more than a horse, 413; a refit moves both together).
 *
 * Kings: a king takes only inside its palace (one orthogonal step). It never takes onto a
 * square the other side still attacks: its value, more than all the other pieces together,
 * makes that capture the worst choice, and each side may stop instead. The flying general
 * is no capture here (it takes only the other king, which never stands on a target).
 * Pins are ignored: a pinned piece, or one whose capture would open the file between the
 * kings, still takes. That errs rarely, costs nothing, and the search plays the moves out. */
#include "see.h"

#include <limits.h>
#include <string.h>

#include "board_internal.h"
#include "cotuong/eval.h"
#include "tunables.h"

static const int material[CT_EVAL_NFEATURES] = TN_EVAL_WEIGHTS;

/* More than all the other pieces together; taking a king ends the exchange. */
enum { SEE_KING_VALUE = 20000 };

int see_piece_value(int side, int type, int sq)
{
    switch (type) {
    case CT_KING: return SEE_KING_VALUE;
    case CT_ADVISOR: return material[CT_F_MAT_ADVISOR];
    case CT_ELEPHANT: return material[CT_F_MAT_ELEPHANT];
    case CT_HORSE: return material[CT_F_MAT_HORSE];
    case CT_ROOK: return material[CT_F_MAT_ROOK];
    case CT_CANNON: return material[CT_F_MAT_CANNON];
    case CT_PAWN:
        return material[CT_F_MAT_PAWN] + (bd_crossed(side, sq) ? material[CT_F_PAWN_CROSSED] : 0);
    default: return 0;
    }
}

/* The least valuable piece of `side` that attacks `target` on board b: its square (0 if
 * none) and, in *value, its value once it stands on the target. */
static int least_attacker(const uint8_t *b, int target, int side, int *value)
{
    const int own = CT_SIDE_FLAG(side);
    int best_sq = 0, best_v = INT_MAX;
#define CONSIDER(sq, type)                                                                 \
    do {                                                                                   \
        int pc_ = b[sq];                                                                   \
        if ((pc_ & 0x30) == own && ct_piece_type(pc_) == (type)) {                         \
            int v_ = see_piece_value(side, type, target);                                  \
            if (v_ < best_v)                                                               \
                best_v = v_, best_sq = (sq);                                               \
        }                                                                                  \
    } while (0)

    /* Pawns: from behind (as the pawn moves), or beside once over the river. */
    CONSIDER(target - (side == CT_RED ? 16 : -16), CT_PAWN);
    if (bd_crossed(side, target)) {
        CONSIDER(target + 1, CT_PAWN);
        CONSIDER(target - 1, CT_PAWN);
    }
    /* Advisors and the king: one step inside the palace (a piece of the palace's side is
     * the only one that can stand next to a palace square inside it). */
    if (bd_in_palace(target))
        for (int i = 0; i < 4; i++) {
            CONSIDER(target + bd_diag[i], CT_ADVISOR);
            if (bd_in_palace(target + bd_orth[i]))
                CONSIDER(target + bd_orth[i], CT_KING);
        }
    /* Elephants: two diagonal steps with an empty eye, on their own half. */
    if (bd_own_half(side, target))
        for (int i = 0; i < 4; i++)
            if (b[target + bd_diag[i]] == 0)
                CONSIDER(target + 2 * bd_diag[i], CT_ELEPHANT);
    /* Horses: the leg of a horse that attacks the target is the target's diagonal
     * neighbour towards the horse. */
    for (int i = 0; i < 4; i++) {
        int d = bd_diag[i], leg = target + d;
        if (b[leg] != 0)
            continue;
        int vertical = d > 0 ? 16 : -16, horizontal = d - vertical;
        CONSIDER(leg + vertical, CT_HORSE);
        CONSIDER(leg + horizontal, CT_HORSE);
    }
    /* Rooks (the first piece along a line) and cannons (the second). */
    for (int i = 0; i < 4; i++) {
        int step = bd_orth[i], sq = target + step;
        while (b[sq] == 0)
            sq += step;
        if (b[sq] == CT_OFFBOARD)
            continue;
        CONSIDER(sq, CT_ROOK);
        sq += step;
        while (b[sq] == 0)
            sq += step;
        if (b[sq] != CT_OFFBOARD)
            CONSIDER(sq, CT_CANNON);
    }
#undef CONSIDER
    *value = best_v;
    return best_sq;
}

int see(const ct_pos *pos, ct_move mv)
{
    int from = CT_FROM(mv), to = CT_TO(mv);
    uint8_t b[CT_BOARD_SIZE];
    memcpy(b, pos->board, sizeof b);
    int pc = b[from], side = CT_PIECE_SIDE(pc);
    int victim = b[to];
    /* gain[d]: the balance of the captures 0..d for the side that made capture d, were the
     * exchange to stop after it; folded back from the end, each side taking the better of
     * stopping and capturing. */
    int gain[40];
    gain[0] = victim ? see_piece_value(side ^ 1, ct_piece_type(victim), to) : 0;
    int on_target = see_piece_value(side, ct_piece_type(pc), to);
    b[to] = (uint8_t)pc;
    b[from] = 0;
    int d = 0, stm = side ^ 1;
    for (;;) {
        int value, sq = least_attacker(b, to, stm, &value);
        if (!sq)
            break;
        d++;
        gain[d] = on_target - gain[d - 1];
        if (on_target >= SEE_KING_VALUE || d == (int)(sizeof gain / sizeof gain[0]) - 1)
            break; /* a king was taken: the exchange (and the game) ends */
        on_target = value;
        b[to] = b[sq];
        b[sq] = 0;
        stm ^= 1;
    }
    while (d > 0) {
        gain[d - 1] = -(gain[d] > -gain[d - 1] ? gain[d] : -gain[d - 1]);
        d--;
    }
    return gain[0];
}

/* The same exchange as see(), asked only whether it reaches the threshold, so it can stop as
 * soon as that is settled: `swap` is what the side that just captured stands to keep above
 * the threshold if the piece it left on the target is taken, and `res` whether the mover
 * reaches the threshold if the exchange stops now. The side to capture next takes only if
 * that turns the answer its way even when its own piece is taken back. */
bool see_ge(const ct_pos *pos, ct_move mv, int threshold)
{
    int from = CT_FROM(mv), to = CT_TO(mv);
    int pc = pos->board[from], victim = pos->board[to], side = CT_PIECE_SIDE(pc);
    int swap = (victim ? see_piece_value(side ^ 1, ct_piece_type(victim), to) : 0) - threshold;
    /* The opponent can stop at once (SEE <= the victim), and taking back the mover never
     * earns it more than the mover (SEE >= victim - mover). */
    if (swap < 0)
        return false;
    swap = see_piece_value(side, ct_piece_type(pc), to) - swap;
    if (swap <= 0)
        return true;
    uint8_t b[CT_BOARD_SIZE];
    memcpy(b, pos->board, sizeof b);
    b[to] = (uint8_t)pc;
    b[from] = 0;
    int stm = side, res = 1;
    bool king_on_target = ct_piece_type(pc) == CT_KING;
    for (;;) {
        stm ^= 1;
        int value, sq = least_attacker(b, to, stm, &value);
        if (!sq)
            break;
        res ^= 1;
        /* Taking a king ends the exchange (and the game). A king that took while the other
         * side still attacks the target is lost so: its side would rather have stopped. */
        if (king_on_target)
            break;
        swap = value - swap;
        if (swap < res)
            break;
        king_on_target = value >= SEE_KING_VALUE;
        b[to] = b[sq];
        b[sq] = 0;
    }
    return res;
}
