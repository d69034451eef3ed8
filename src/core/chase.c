/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — what counts as a chase (spec §6.2, §6.5) and dead material.
 * A chase is a legal capture by a non-king, non-pawn piece of a target that is not a king
 * or an uncrossed pawn, which either wins value outright (horse/cannon on rook, advisor or
 * elephant on rook/horse/cannon) or hits a piece nothing can legally recapture; a rook held
 * by a horse (AXF ruling 19) does not chase. */
#include "cotuong/rules.h"

#include "chase_internal.h"

static bool pawn_crossed(int side, ct_sq sq)
{
    return side == CT_RED ? CT_SQ_RANK(sq) >= 5 : CT_SQ_RANK(sq) <= 4;
}

/* Chase regardless of protection: the attacker is worth less than the target. */
static bool wins_value(int attacker_type, int target_type)
{
    if (target_type == CT_ROOK && (attacker_type == CT_HORSE || attacker_type == CT_CANNON))
        return true;
    if ((attacker_type == CT_ADVISOR || attacker_type == CT_ELEPHANT) &&
        (target_type == CT_ROOK || target_type == CT_HORSE || target_type == CT_CANNON))
        return true;
    return false;
}

/* AXF ruling 19 (Asian rules, diagrams 39-41): a rook that cannot move because an enemy
 * horse holds it -- it stands on the leg of that horse, whose move over it would take the
 * rook's king -- cannot be perpetually chased, whether or not the horse is protected; and
 * the held rook, which does not move, does not chase the horse it could take. */
bool chase_horse_holds(ct_sq horse, ct_sq king, ct_sq sq)
{
    int df = CT_SQ_FILE(king) - CT_SQ_FILE(horse), dr = CT_SQ_RANK(king) - CT_SQ_RANK(horse);
    if ((dr == 2 || dr == -2) && (df == 1 || df == -1))
        return sq == horse + dr / 2 * 16;
    if ((df == 2 || df == -2) && (dr == 1 || dr == -1))
        return sq == horse + df / 2;
    return false;
}

bool ct_rules_rook_held(const ct_pos *pos, ct_sq sq)
{
    int pc = pos->board[sq];
    if (pc == 0 || pc == CT_OFFBOARD || ct_piece_type(pc) != CT_ROOK)
        return false;
    int side = CT_PIECE_SIDE(pc);
    ct_sq king = ct_pos_king(pos, side);
    int enemy = CT_SIDE_FLAG(side ^ 1);
    for (int slot = CT_SLOT_HORSE; slot < CT_SLOT_HORSE + 2; slot++) {
        ct_sq h = pos->sq_of[enemy + slot];
        if (h && king && chase_horse_holds(h, king, sq))
            return true;
    }
    return false;
}

bool chase_capture_chases(int attacker_type, int target_type, int target_side, ct_move capture,
                          const chase_probe *probe)
{
    if (attacker_type == CT_KING || attacker_type == CT_PAWN || target_type == CT_KING)
        return false;
    if (target_type == CT_PAWN && !pawn_crossed(target_side, CT_TO(capture)))
        return false;
    if (wins_value(attacker_type, target_type))
        return true;
    if (attacker_type == target_type && probe->hits_back(probe->board, capture))
        return false; /* an offer to exchange, not a chase */
    return !probe->recaptured(probe->board, capture);
}

/* With the side to move about to play the capture mv onto `to`: after it, can the
 * captured piece's side legally take back on `to`? */
static bool recapture_exists(void *board, ct_move mv)
{
    ct_pos *pos = board;
    ct_sq to = CT_TO(mv);
    ct_pos_make(pos, mv);
    ct_move caps[CT_MAX_MOVES];
    int n = ct_gen_captures(pos, caps);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        if (CT_TO(caps[i]) == to && ct_is_legal_pseudo(pos, caps[i]))
            found = true;
    ct_pos_unmake(pos);
    return found;
}

/* With the attacker's side to move: could the target (same type as the attacker) legally
 * take the attacker if it were its turn? */
static bool target_hits_back(void *board, ct_move capture)
{
    ct_pos *pos = board;
    ct_pos_make_null(pos);
    bool ok = ct_is_legal(pos, CT_MOVE(CT_TO(capture), CT_FROM(capture)));
    ct_pos_unmake_null(pos);
    return ok;
}

int ct_rules_chased(ct_pos *pos, int by, uint8_t *out, uint8_t *attacker)
{
    /* Three null moves at most are stacked below (switch, hit-back test, none in make). */
    if (pos->ply + 3 >= CT_MAX_HISTORY)
        return 0;
    bool switched = false;
    if (pos->side != by) {
        /* The side not to move may be in check; it still "attacks" what it attacks. */
        ct_pos_make_null(pos);
        switched = true;
    }
    ct_move caps[CT_MAX_MOVES];
    int ncap = ct_gen_captures(pos, caps);
    chase_probe probe = {pos, target_hits_back, recapture_exists};
    uint64_t seen = 0;
    int n = 0;
    for (int i = 0; i < ncap; i++) {
        ct_sq from = CT_FROM(caps[i]), to = CT_TO(caps[i]);
        int a = pos->board[from], t = pos->board[to];
        int at = ct_piece_type(a), tt = ct_piece_type(t);
        if (seen & (1ull << t))
            continue;
        if (!ct_is_legal_pseudo(pos, caps[i]))
            continue; /* a pinned attacker only counts against its pinner */
        if (at == CT_ROOK && ct_rules_rook_held(pos, from))
            continue; /* a held rook does not chase (ruling 19) */
        if (!chase_capture_chases(at, tt, by ^ 1, caps[i], &probe))
            continue;
        seen |= 1ull << t;
        if (n < 16) {
            out[n] = (uint8_t)t;
            if (attacker)
                attacker[n] = (uint8_t)a;
            n++;
        }
    }
    if (switched)
        ct_pos_unmake_null(pos);
    return n;
}

bool ct_rules_insufficient_material(const ct_pos *pos)
{
    for (int pc = 16; pc < 48; pc++) {
        if (!pos->sq_of[pc])
            continue;
        int t = ct_piece_type(pc);
        if (t == CT_ROOK || t == CT_HORSE || t == CT_CANNON || t == CT_PAWN)
            return false;
    }
    return true;
}
