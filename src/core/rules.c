/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the referee: rule sets, adjudication of a move (mate, stalemate, repetition
 * with perpetual check and chase, move limit, dead material), the search's quick
 * repetition test, and the game-level result (resignation, draw offers, time). */
#include <string.h>

#include "cotuong/rules.h"

/* ------------------------------------------------------------------ rule sets */
static const char *const rules_names[CT_RULES_COUNT] = {"online", "asian", "vn2004", "casual"};

/* Asian rules: a side's checks beyond this many since the last capture are not counted. */
#define ASIAN_CHECK_CAP 10

static bool ascii_ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = (*a >= 'A' && *a <= 'Z') ? (char)(*a - 'A' + 'a') : *a;
        if (x != *b)
            return false;
    }
    return *a == *b;
}

ct_status ct_rules_from_name(const char *name, ct_rules *out)
{
    if (!name)
        return CT_ERR_NOT_FOUND;
    for (int i = 0; i < CT_RULES_COUNT; i++)
        if (ascii_ieq(name, rules_names[i])) {
            *out = (ct_rules)i;
            return CT_OK;
        }
    return CT_ERR_NOT_FOUND;
}

const char *ct_rules_name(ct_rules rules)
{
    return (unsigned)rules < CT_RULES_COUNT ? rules_names[rules] : "?";
}

int ct_rules_move_limit(ct_rules rules)
{
    switch (rules) {
    case CT_RULES_ONLINE:
    case CT_RULES_ASIAN:
        return 120;
    case CT_RULES_VN2004:
        return 100;
    default:
        return 0;
    }
}

bool ct_rules_limit_is_claim(ct_rules rules)
{
    return rules == CT_RULES_VN2004;
}

/* ------------------------------------------------------------------ results */
const char *ct_result_string(ct_result result)
{
    switch (result) {
    case CT_RESULT_RED_WINS:
        return "1-0";
    case CT_RESULT_BLACK_WINS:
        return "0-1";
    case CT_RESULT_DRAW:
        return "1/2-1/2";
    default:
        return "*";
    }
}

ct_status ct_result_parse(const char *text, ct_result *out)
{
    static const ct_result all[] = {CT_RESULT_NONE, CT_RESULT_RED_WINS, CT_RESULT_BLACK_WINS,
                                    CT_RESULT_DRAW};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (text && strcmp(text, ct_result_string(all[i])) == 0) {
            *out = all[i];
            return CT_OK;
        }
    return CT_ERR_SYNTAX;
}

const char *ct_end_reason_name(ct_end_reason reason)
{
    static const char *const names[] = {
        [CT_END_NONE] = "unfinished",
        [CT_END_CHECKMATE] = "checkmate",
        [CT_END_STALEMATE] = "stalemate",
        [CT_END_REPETITION] = "repetition",
        [CT_END_PERPETUAL_CHECK] = "perpetual-check",
        [CT_END_PERPETUAL_CHASE] = "perpetual-chase",
        [CT_END_MOVE_LIMIT] = "move-limit",
        [CT_END_MATERIAL] = "material",
        [CT_END_RESIGNATION] = "resignation",
        [CT_END_AGREEMENT] = "agreement",
        [CT_END_TIME] = "time",
        [CT_END_ABORTED] = "aborted",
    };
    return (unsigned)reason < sizeof names / sizeof names[0] ? names[reason] : "?";
}

/* ------------------------------------------------------------------ judging */
static void game_over(ct_verdict *v, ct_end_reason reason, int loser)
{
    v->flags |= CT_ADJ_GAME_OVER;
    v->reason = reason;
    v->loser = loser;
    v->result = loser < 0 ? CT_RESULT_DRAW : ct_result_loss_of(loser);
}

/* The pieces `by` chases in pos; *held receives those of them that are rooks held by a
 * horse (ruling 19: chased anew by every move, since they cannot escape). */
static uint64_t chase_mask(ct_pos *pos, int by, uint8_t attacker_of[48], uint64_t *held)
{
    uint8_t targets[16], attackers[16];
    int n = ct_rules_chased(pos, by, targets, attackers);
    uint64_t m = 0;
    if (held)
        *held = 0;
    for (int i = 0; i < n; i++) {
        m |= 1ull << targets[i];
        if (attacker_of)
            attacker_of[targets[i]] = attackers[i];
        if (held && ct_rules_rook_held(pos, pos->sq_of[targets[i]]))
            *held |= 1ull << targets[i];
    }
    return m;
}

/* What the replay of the plies [start, pos->ply) found. */
typedef struct {
    int checks_all[2];    /* side checked on every one of its moves in the cycle */
    int moves[2];         /* moves of each side in the cycle */
    uint64_t chased[2];   /* intersection of the newly chased sets of each side */
    uint8_t attacker_of[2][48];
    int checks_since_capture[2];
} replay_info;

/* Unmakes back to `start`, then replays forward, recomputing hist[].in_check, counting each
 * side's checks, and (from `cycle` on, when chases is set) the newly chased sets. */
static void replay(ct_pos *pos, int start, int cycle, bool chases, replay_info *ri)
{
    int end = pos->ply;
    ct_move moves[CT_MAX_HISTORY];
    for (int k = start; k < end; k++)
        moves[k - start] = pos->hist[k].move;
    for (int k = end; k > start; k--)
        ct_pos_unmake(pos);

    memset(ri, 0, sizeof *ri);
    ri->checks_all[0] = ri->checks_all[1] = 1;
    ri->chased[0] = ri->chased[1] = ~0ull;
    for (int k = start; k < end; k++) {
        int mover = pos->side;
        bool in_cycle = k >= cycle;
        /* A side whose intersection is already empty cannot chase perpetually any more:
         * skip its (costly) chase sets. */
        bool judge_chase = in_cycle && chases && ri->chased[mover] != 0;
        uint64_t before = 0;
        if (judge_chase)
            before = chase_mask(pos, mover, NULL, NULL);
        ct_pos_make(pos, moves[k - start]);
        bool check = ct_in_check(pos, pos->side);
        pos->hist[k].in_check = check;
        if (check)
            ri->checks_since_capture[mover]++;
        if (!in_cycle)
            continue;
        ri->moves[mover]++;
        if (!check)
            ri->checks_all[mover] = 0;
        if (judge_chase) {
            /* The most serious effect decides: a checking move is a check, not a chase. A
             * chase is a new attack, except on a rook held by a horse (ruling 19). */
            uint64_t held = 0;
            uint64_t after = check ? 0 : chase_mask(pos, mover, ri->attacker_of[mover], &held);
            ri->chased[mover] &= after & ~(before & ~held);
        }
    }
}

static int lowest_piece(uint64_t m)
{
    return __builtin_ctzll(m);
}

ct_verdict ct_rules_judge(ct_pos *pos, ct_rules rules)
{
    ct_verdict v;
    memset(&v, 0, sizeof v);
    v.loser = -1;
    v.occurrences = 1;
    v.mover = -1;
    if (pos->ply > 0) {
        v.captured = pos->hist[pos->ply - 1].captured;
        v.mover = pos->side ^ 1;
    }

    /* 1. No legal move: checkmate or stalemate, both lose, before any other rule. */
    if (!ct_has_legal_move(pos)) {
        bool check = ct_in_check(pos, pos->side);
        v.flags |= check ? CT_ADJ_CHECKMATE : CT_ADJ_STALEMATE;
        game_over(&v, check ? CT_END_CHECKMATE : CT_END_STALEMATE, pos->side);
        return v;
    }

    /* 2. Repetition: the same key (board + side to move) since the last capture. The cycle
     * judged runs from the occurrence that makes this one the 3rd. */
    int lowest = pos->ply - pos->halfmove;
    if (lowest < 0)
        lowest = 0;
    int cycle = -1;
    for (int j = pos->ply - 2; j >= lowest; j -= 2) {
        if (pos->hist[j].move == CT_NO_MOVE || pos->hist[j + 1].move == CT_NO_MOVE)
            break;
        if (pos->hist[j].key == pos->key) {
            v.occurrences++;
            if (v.occurrences == 3)
                cycle = j;
        }
    }
    if (v.occurrences > 1)
        v.flags |= CT_ADJ_REPEATED;

    /* 3. Replay what the rules need: the cycle, and for asian every ply since the capture. */
    int limit = ct_rules_move_limit(rules);
    /* A side needs more than ASIAN_CHECK_CAP checks, so at least 2 * CAP + 1 plies. */
    bool asian_count = rules == CT_RULES_ASIAN && pos->halfmove > 2 * ASIAN_CHECK_CAP;
    int start = cycle >= 0 ? cycle : pos->ply;
    if (asian_count && lowest < start)
        start = lowest;
    replay_info ri;
    memset(&ri, 0, sizeof ri);
    if (start < pos->ply)
        replay(pos, start, cycle >= 0 ? cycle : pos->ply, cycle >= 0 && rules != CT_RULES_CASUAL,
               &ri);

    if (cycle >= 0) {
        if (rules == CT_RULES_CASUAL) {
            v.flags |= CT_ADJ_DRAW_REPETITION;
            game_over(&v, CT_END_REPETITION, -1);
            return v;
        }
        int me = pos->side, opp = me ^ 1;
        bool chk[2] = {ri.checks_all[0] && ri.moves[0] > 0, ri.checks_all[1] && ri.moves[1] > 0};
        if (chk[me] != chk[opp]) {
            int loser = chk[me] ? me : opp;
            v.flags |= CT_ADJ_PERPETUAL_CHECK;
            game_over(&v, CT_END_PERPETUAL_CHECK, loser);
            return v;
        }
        if (chk[me] && chk[opp]) {
            v.flags |= CT_ADJ_DRAW_REPETITION | CT_ADJ_MUTUAL;
            game_over(&v, CT_END_REPETITION, -1);
            return v;
        }
        bool chase[2] = {ri.moves[0] > 0 && ri.chased[0] != 0, ri.moves[1] > 0 && ri.chased[1] != 0};
        if (chase[0] != chase[1]) {
            int loser = chase[0] ? 0 : 1;
            v.flags |= CT_ADJ_PERPETUAL_CHASE;
            v.chased = (uint8_t)lowest_piece(ri.chased[loser]);
            v.chaser = ri.attacker_of[loser][v.chased];
            game_over(&v, CT_END_PERPETUAL_CHASE, loser);
            return v;
        }
        v.flags |= CT_ADJ_DRAW_REPETITION;
        if (chase[0] && chase[1])
            v.flags |= CT_ADJ_MUTUAL;
        game_over(&v, CT_END_REPETITION, -1);
        return v;
    }

    /* 4. Move limit. */
    v.limit_plies = pos->halfmove;
    if (rules == CT_RULES_ASIAN) {
        for (int s = 0; s < 2; s++)
            if (ri.checks_since_capture[s] > ASIAN_CHECK_CAP)
                v.limit_plies -= 2 * (ri.checks_since_capture[s] - ASIAN_CHECK_CAP);
    }
    if (limit > 0 && v.limit_plies >= limit) {
        if (ct_rules_limit_is_claim(rules)) {
            v.flags |= CT_ADJ_CLAIM_MOVE_LIMIT;
        } else {
            v.flags |= CT_ADJ_MOVE_LIMIT;
            game_over(&v, CT_END_MOVE_LIMIT, -1);
            return v;
        }
    }

    /* 5. Nobody can attack any more. */
    if (ct_rules_insufficient_material(pos)) {
        v.flags |= CT_ADJ_MATERIAL;
        game_over(&v, CT_END_MATERIAL, -1);
    }
    return v;
}

ct_verdict ct_rules_play(ct_pos *pos, ct_rules rules, ct_move mv)
{
    ct_verdict v;
    memset(&v, 0, sizeof v);
    v.loser = -1;
    v.mover = pos->side;
    if (pos->ply >= CT_MAX_HISTORY) {
        v.flags = CT_ADJ_ILLEGAL;
        v.why = CT_WHY_LEGAL;
        return v;
    }
    /* One check: ct_why_illegal answers CT_WHY_LEGAL exactly for the legal moves
     * (check_movegen compares it with the generator over every from/to pair). */
    ct_illegal_reason why = ct_why_illegal(pos, mv);
    if (why != CT_WHY_LEGAL) {
        v.flags = CT_ADJ_ILLEGAL;
        v.why = why;
        return v;
    }
    return ct_rules_apply(pos, rules, mv);
}

ct_verdict ct_rules_apply(ct_pos *pos, ct_rules rules, ct_move mv)
{
    ct_verdict v;
    ct_pos_make(pos, mv);
    bool check = ct_in_check(pos, pos->side);
    pos->hist[pos->ply - 1].in_check = check;
    v = ct_rules_judge(pos, rules);
    if (check)
        v.flags |= CT_ADJ_CHECK;
    if (v.captured)
        v.flags |= CT_ADJ_CAPTURE;
    return v;
}

/* ------------------------------------------------------------------ for the search */
ct_rep_status ct_rules_quick_repetition(ct_pos *pos, int search_ply_root, ct_rules rules)
{
    int lowest = pos->ply - pos->halfmove;
    if (lowest < 0)
        lowest = 0;
    int found = 0;
    for (int j = pos->ply - 2; j >= lowest; j -= 2) {
        if (pos->hist[j].move == CT_NO_MOVE || pos->hist[j + 1].move == CT_NO_MOVE)
            return CT_REP_NONE;
        if (pos->hist[j].key != pos->key)
            continue;
        found++;
        if (j < search_ply_root && found < 2)
            continue;
        if (rules == CT_RULES_CASUAL)
            return CT_REP_DRAW;
        /* Moves j, j+2, ... were made by the side to move now; j+1, j+3, ... by the other. */
        bool us_all = true, them_all = true;
        for (int k = j; k < pos->ply; k += 2)
            us_all = us_all && pos->hist[k].in_check;
        for (int k = j + 1; k < pos->ply; k += 2)
            them_all = them_all && pos->hist[k].in_check;
        if (us_all != them_all)
            return us_all ? CT_REP_LOSS : CT_REP_WIN;
        if (us_all)
            return CT_REP_DRAW; /* mutual perpetual check */
        /* 2. Chases, as the referee judges them (the same replay over the same cycle). */
        replay_info ri;
        replay(pos, j, j, true, &ri);
        int me = pos->side;
        bool chase_us = ri.chased[me] != 0, chase_them = ri.chased[me ^ 1] != 0;
        if (chase_us != chase_them)
            return chase_us ? CT_REP_LOSS : CT_REP_WIN;
        return CT_REP_DRAW;
    }
    return CT_REP_NONE;
}

/* ------------------------------------------------------------------ the game-level result */
void ct_match_init(ct_match *m, ct_rules rules)
{
    memset(m, 0, sizeof *m);
    m->rules = rules;
    m->loser = -1;
    m->end_ply = -1;
    m->offer_side = -1;
}

bool ct_match_over(const ct_match *m)
{
    return m->end_ply >= 0;
}

static void match_end(ct_match *m, ct_result result, ct_end_reason reason, int loser, int ply)
{
    m->result = result;
    m->reason = reason;
    m->loser = loser;
    m->end_ply = ply;
    m->offer_side = -1;
}

void ct_match_apply(ct_match *m, const ct_verdict *v, int ply)
{
    if (ct_match_over(m) || (v->flags & CT_ADJ_ILLEGAL))
        return;
    /* A move by the side an offer was made to refuses it. */
    if (m->offer_side >= 0 && v->mover >= 0 && v->mover != m->offer_side)
        m->offer_side = -1;
    if (v->flags & CT_ADJ_GAME_OVER)
        match_end(m, v->result, v->reason, v->loser, ply);
}

ct_status ct_match_resign(ct_match *m, int side, int ply)
{
    if (ct_match_over(m) || (side != CT_RED && side != CT_BLACK))
        return CT_ERR_INVALID;
    match_end(m, ct_result_loss_of(side), CT_END_RESIGNATION, side, ply);
    return CT_OK;
}

ct_status ct_match_offer_draw(ct_match *m, int side, int ply)
{
    if (ct_match_over(m) || (side != CT_RED && side != CT_BLACK))
        return CT_ERR_INVALID;
    m->offer_side = side;
    m->offer_ply = ply;
    return CT_OK;
}

ct_status ct_match_accept_draw(ct_match *m, int side, int ply)
{
    if (ct_match_over(m) || m->offer_side < 0 || m->offer_side == side)
        return CT_ERR_INVALID;
    match_end(m, CT_RESULT_DRAW, CT_END_AGREEMENT, -1, ply);
    return CT_OK;
}

void ct_match_decline_draw(ct_match *m)
{
    m->offer_side = -1;
}

ct_status ct_match_claim(ct_match *m, const ct_verdict *v, int ply)
{
    if (ct_match_over(m) || !(v->flags & CT_ADJ_CLAIM_MOVE_LIMIT))
        return CT_ERR_INVALID;
    match_end(m, CT_RESULT_DRAW, CT_END_MOVE_LIMIT, -1, ply);
    return CT_OK;
}

ct_status ct_match_time_out(ct_match *m, int side, int ply, int plies_played_by_side)
{
    if (ct_match_over(m) || (side != CT_RED && side != CT_BLACK))
        return CT_ERR_INVALID;
    if (m->rules == CT_RULES_ONLINE && plies_played_by_side == 0)
        match_end(m, CT_RESULT_NONE, CT_END_ABORTED, -1, ply);
    else
        match_end(m, ct_result_loss_of(side), CT_END_TIME, side, ply);
    return CT_OK;
}

void ct_match_undo(ct_match *m, int ply)
{
    if (m->end_ply > ply) {
        m->result = CT_RESULT_NONE;
        m->reason = CT_END_NONE;
        m->loser = -1;
        m->end_ply = -1;
    }
    if (m->offer_side >= 0 && m->offer_ply > ply)
        m->offer_side = -1;
}
