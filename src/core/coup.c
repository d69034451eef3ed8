/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — cờ úp rules: the deal, the position with face-down cells, move generation,
 * attacks, make/unmake with reveals, the end of the game, and the player's view.
 * The piece geometry is the standard game's; what a piece moves as comes from its cell. */
#include <stddef.h>
#include <string.h>

#include "cotuong/coup.h"

#include "board_internal.h"
#include "chase_internal.h"

/* ------------------------------------------------------------------ geometry */

static inline bool is_piece(int c) { return c != 0 && c != CT_OFFBOARD; }
static inline int cell_side(int c) { return (c >> 5) & 1; }

/* The standard set-up's type on each square of the padded board (kept as a table: the
 * generator asks it for every face-down piece). Rows are ranks 0..9 from the fourth row. */
static const uint8_t home_table[CT_BOARD_SIZE] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 5, 4, 3, 2, 1, 2, 3, 4, 5, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0,
    0, 0, 0, 7, 0, 7, 0, 7, 0, 7, 0, 7, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 7, 0, 7, 0, 7, 0, 7, 0, 7, 0, 0, 0, 0,
    0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 5, 4, 3, 2, 1, 2, 3, 4, 5, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

int ct_coup_home_type(ct_sq sq)
{
    return home_table[sq];
}

int ct_coup_home_side(ct_sq sq)
{
    if (ct_coup_home_type(sq) == CT_NO_TYPE)
        return -1;
    return CT_SQ_RANK(sq) <= 4 ? CT_RED : CT_BLACK;
}

/* The acting type of a cell on sq. */
static inline int acting(int c, int sq)
{
    return (c & CT_COUP_DOWN) ? home_table[sq] : CT_COUP_TYPE(c);
}

int ct_coup_acting_type(const ct_coup_pos *pos, ct_sq sq)
{
    int c = pos->board[sq];
    return is_piece(c) ? acting(c, sq) : CT_NO_TYPE;
}

/* ------------------------------------------------------------------ PRNG and deal */

uint64_t ct_coup_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

ct_sq ct_coup_deal_square(int side, int i)
{
    static const uint8_t file_of[CT_COUP_DEALT] = {0, 1, 2, 3, 5, 6, 7, 8, 1, 7, 0, 2, 4, 6, 8};
    static const uint8_t rank_of[CT_COUP_DEALT] = {0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 3, 3, 3, 3, 3};
    if (i < 0 || i >= CT_COUP_DEALT)
        return CT_NO_SQ;
    int r = rank_of[i];
    return (ct_sq)CT_SQ(file_of[i], side == CT_RED ? r : 9 - r);
}

void ct_coup_deal_standard(ct_coup_deal *deal)
{
    for (int sd = 0; sd < 2; sd++)
        for (int i = 0; i < CT_COUP_DEALT; i++)
            deal->type[sd][i] = (uint8_t)ct_coup_home_type(ct_coup_deal_square(sd, i));
}

void ct_coup_deal_random(ct_coup_deal *deal, uint64_t seed)
{
    uint64_t st = seed;
    ct_coup_deal_standard(deal);
    for (int sd = 0; sd < 2; sd++)
        for (int i = CT_COUP_DEALT - 1; i > 0; i--) {
            int j = (int)(ct_coup_rand(&st) % (uint64_t)(i + 1));
            uint8_t t = deal->type[sd][i];
            deal->type[sd][i] = deal->type[sd][j];
            deal->type[sd][j] = t;
        }
}

static const uint8_t set_count[CT_PIECE_TYPES] = {0, 1, 2, 2, 2, 2, 2, 5};

bool ct_coup_deal_ok(const ct_coup_deal *deal)
{
    for (int sd = 0; sd < 2; sd++) {
        int n[CT_PIECE_TYPES] = {0};
        for (int i = 0; i < CT_COUP_DEALT; i++) {
            int t = deal->type[sd][i];
            if (t <= CT_KING || t > CT_PAWN)
                return false;
            n[t]++;
        }
        for (int t = CT_ADVISOR; t <= CT_PAWN; t++)
            if (n[t] != set_count[t])
                return false;
    }
    return true;
}

/* ------------------------------------------------------------------ keys */

/* Face-down identities do not enter the key, so a view and the referee's position share
 * keys (and the history of keys) and repetition is judged alike on both. */
static inline uint64_t cell_key(int c, int sq)
{
    if (c & CT_COUP_DOWN)
        c &= ~7;
    uint64_t st = (uint64_t)(sq << 8 | c) * 0xD1B54A32D192ED03ULL;
    return ct_coup_rand(&st);
}
static const uint64_t side_key = 0x6A09E667F3BCC909ULL;

uint64_t ct_coup_compute_key(const ct_coup_pos *pos)
{
    uint64_t k = pos->side == CT_BLACK ? side_key : 0;
    for (int sq = 0; sq < CT_BOARD_SIZE; sq++)
        if (is_piece(pos->board[sq]))
            k ^= cell_key(pos->board[sq], sq);
    return k;
}

/* ------------------------------------------------------------------ set-up */

void ct_coup_clear(ct_coup_pos *pos)
{
    memset(pos, 0, offsetof(ct_coup_pos, hist));
    for (int sq = 0; sq < CT_BOARD_SIZE; sq++)
        pos->board[sq] = ct_sq_on_board(sq) ? 0 : CT_OFFBOARD;
    pos->fullmove = 1;
}

void ct_coup_start(ct_coup_pos *pos, const ct_coup_deal *deal)
{
    ct_coup_clear(pos);
    for (int sd = 0; sd < 2; sd++) {
        int flag = CT_SIDE_FLAG(sd);
        pos->king[sd] = (ct_sq)CT_SQ(4, sd == CT_RED ? 0 : 9);
        pos->board[pos->king[sd]] = (uint8_t)(flag | CT_KING);
        for (int i = 0; i < CT_COUP_DEALT; i++) {
            int t = deal ? deal->type[sd][i] : 0;
            pos->board[ct_coup_deal_square(sd, i)] = (uint8_t)(flag | CT_COUP_DOWN | t);
        }
        for (int t = CT_ADVISOR; t <= CT_PAWN; t++)
            pos->pool[sd][t] = set_count[t];
    }
    pos->key = ct_coup_compute_key(pos);
}

void ct_coup_put(ct_coup_pos *pos, ct_sq sq, int cell)
{
    if (!ct_sq_on_board(sq))
        return;
    if (is_piece(pos->board[sq]))
        pos->key ^= cell_key(pos->board[sq], sq);
    pos->board[sq] = (uint8_t)cell;
    if (is_piece(cell)) {
        pos->key ^= cell_key(cell, sq);
        if (cell == (CT_SIDE_FLAG(cell_side(cell)) | CT_KING))
            pos->king[cell_side(cell)] = sq;
    }
}

void ct_coup_set_side(ct_coup_pos *pos, int side)
{
    if (side != pos->side)
        pos->key ^= side_key;
    pos->side = side;
}

int ct_coup_pool_count(const ct_coup_pos *pos, int side)
{
    int n = 0;
    for (int t = 0; t < CT_PIECE_TYPES; t++)
        n += pos->pool[side][t];
    return n;
}

bool ct_coup_pos_ok(const ct_coup_pos *pos)
{
    int up[2][CT_PIECE_TYPES] = {{0}}, known_down[2][CT_PIECE_TYPES] = {{0}}, down[2] = {0};
    for (int sq = 0; sq < CT_BOARD_SIZE; sq++) {
        int c = pos->board[sq];
        if (!ct_sq_on_board(sq)) {
            if (c != CT_OFFBOARD)
                return false;
            continue;
        }
        if (c == 0)
            continue;
        if (c == CT_OFFBOARD || (c & 0x30) == 0 || (c & 0xC0))
            return false;
        int sd = cell_side(c), t = CT_COUP_TYPE(c);
        if (c & CT_COUP_DOWN) {
            if (ct_coup_home_side((ct_sq)sq) != sd || t == CT_KING)
                return false;
            if (ct_coup_home_type((ct_sq)sq) == CT_KING)
                return false;
            down[sd]++;
            known_down[sd][t]++;
        } else {
            if (t == CT_NO_TYPE)
                return false;
            up[sd][t]++;
            if (t == CT_KING && (pos->king[sd] != sq || !bd_in_palace(sq)))
                return false;
        }
    }
    for (int sd = 0; sd < 2; sd++) {
        if (up[sd][CT_KING] != 1 || pos->pool[sd][CT_KING] || pos->pool[sd][0])
            return false;
        int taken_known[CT_PIECE_TYPES] = {0};
        for (int i = 0; i < pos->ntaken[sd]; i++) {
            int c = pos->taken[sd][i];
            if (!(c & CT_COUP_DOWN) || CT_COUP_TYPE(c))
                taken_known[CT_COUP_TYPE(c)]++;
        }
        if (ct_coup_pool_count(pos, sd) < down[sd])
            return false;
        for (int t = CT_ADVISOR; t <= CT_PAWN; t++) {
            if (known_down[sd][t] > pos->pool[sd][t])
                return false;
            if (up[sd][t] + pos->pool[sd][t] + taken_known[t] > set_count[t])
                return false;
        }
    }
    return pos->key == ct_coup_compute_key(pos) && (pos->side == CT_RED || pos->side == CT_BLACK);
}

/* ------------------------------------------------------------------ generation */

typedef struct {
    ct_move *out;
    int n;
} sink;

static inline void step(const uint8_t *b, sink *s, int from, int to, int own)
{
    if (!(b[to] & own))
        s->out[s->n++] = CT_MOVE(from, to);
}

static void slide(const uint8_t *b, sink *s, int from, int own, bool cannon)
{
    for (int i = 0; i < 4; i++) {
        int d = bd_orth[i], to = from + d;
        while (b[to] == 0) {
            s->out[s->n++] = CT_MOVE(from, to);
            to += d;
        }
        if (cannon) {
            if (b[to] == CT_OFFBOARD)
                continue;
            to += d;
            while (b[to] == 0)
                to += d;
        }
        if (b[to] != CT_OFFBOARD && !(b[to] & own))
            s->out[s->n++] = CT_MOVE(from, to);
    }
}

static void gen_from(const uint8_t *b, sink *s, int from)
{
    int c = b[from], side = cell_side(c), own = CT_SIDE_FLAG(side);
    bool down = c & CT_COUP_DOWN;
    switch (acting(c, from)) {
    case CT_KING:
        for (int i = 0; i < 4; i++)
            if (bd_in_palace(from + bd_orth[i]))
                step(b, s, from, from + bd_orth[i], own);
        break;
    case CT_ADVISOR:
        /* Face down it keeps the advisor's palace; revealed it goes anywhere. */
        for (int i = 0; i < 4; i++)
            if (!down || bd_in_palace(from + bd_diag[i]))
                step(b, s, from, from + bd_diag[i], own);
        break;
    case CT_ELEPHANT:
        /* The eye rule always; the river only while face down. */
        for (int i = 0; i < 4; i++) {
            int eye = from + bd_diag[i], to = eye + bd_diag[i];
            if (b[eye] == 0 && (!down || bd_own_half(side, to)))
                step(b, s, from, to, own);
        }
        break;
    case CT_HORSE:
        for (int i = 0; i < 4; i++)
            if (b[from + bd_horse_leg[i]] == 0) {
                step(b, s, from, from + bd_horse_to[i][0], own);
                step(b, s, from, from + bd_horse_to[i][1], own);
            }
        break;
    case CT_ROOK:
        slide(b, s, from, own, false);
        break;
    case CT_CANNON:
        slide(b, s, from, own, true);
        break;
    case CT_PAWN:
        step(b, s, from, from + (side == CT_RED ? 16 : -16), own);
        if (bd_crossed(side, from)) {
            step(b, s, from, from + 1, own);
            step(b, s, from, from - 1, own);
        }
        break;
    default:
        break;
    }
}

int ct_coup_gen_pseudo(const ct_coup_pos *pos, ct_move *out)
{
    sink s = {out, 0};
    int own = CT_SIDE_FLAG(pos->side);
    for (int r = 0; r < CT_RANKS; r++)
        for (int f = 0; f < CT_FILES; f++) {
            int sq = CT_SQ(f, r), c = pos->board[sq];
            if (c && (c & 0x30) == own)
                gen_from(pos->board, &s, sq);
        }
    return s.n;
}

/* ------------------------------------------------------------------ attacks */

static inline bool enemy_acting(const uint8_t *b, int sq, int by, int type)
{
    int c = b[sq];
    return is_piece(c) && cell_side(c) == by && acting(c, sq) == type;
}

/* Is sq attacked by side `by` on board b? Every attacker acts as its cell says: a face-down
 * piece as its square's piece, with that piece's area limits; revealed advisors and
 * elephants attack anywhere (eye rule kept). */
static bool attacked(const uint8_t *b, int sq, int by)
{
    /* 1. Lines: rook (or the facing king on a file) first, cannon behind one screen. */
    for (int i = 0; i < 4; i++) {
        int d = bd_orth[i], t = sq + d;
        while (b[t] == 0)
            t += d;
        if (b[t] == CT_OFFBOARD)
            continue;
        if (enemy_acting(b, t, by, CT_ROOK) || (i < 2 && enemy_acting(b, t, by, CT_KING)))
            return true;
        t += d;
        while (b[t] == 0)
            t += d;
        if (enemy_acting(b, t, by, CT_CANNON))
            return true;
    }
    /* 2. Horses: the leg is the target's diagonal neighbour on the horse's side. */
    for (int i = 0; i < 4; i++) {
        int leg = sq + bd_diag[i];
        if (b[leg] != 0)
            continue;
        int v = bd_diag[i] > 0 ? 16 : -16, h = bd_diag[i] - v;
        if (enemy_acting(b, leg + v, by, CT_HORSE) || enemy_acting(b, leg + h, by, CT_HORSE))
            return true;
    }
    /* 3. Pawns: from behind (as the pawn sees it), or beside once across the river. */
    if (enemy_acting(b, sq + (by == CT_RED ? -16 : 16), by, CT_PAWN))
        return true;
    if (bd_crossed(by, sq) && (enemy_acting(b, sq + 1, by, CT_PAWN) || enemy_acting(b, sq - 1, by, CT_PAWN)))
        return true;
    /* 4. Advisors and elephants (face down: palace / own half only). */
    for (int i = 0; i < 4; i++) {
        int a = sq + bd_diag[i];
        if (enemy_acting(b, a, by, CT_ADVISOR) && (!(b[a] & CT_COUP_DOWN) || bd_in_palace(sq)))
            return true;
        int e = a + bd_diag[i];
        if (b[a] == 0 && enemy_acting(b, e, by, CT_ELEPHANT) &&
            (!(b[e] & CT_COUP_DOWN) || bd_own_half(by, sq)))
            return true;
    }
    return false;
}

bool ct_coup_sq_attacked(const ct_coup_pos *pos, ct_sq sq, int by)
{
    return attacked(pos->board, sq, by);
}

bool ct_coup_in_check(const ct_coup_pos *pos, int side)
{
    return attacked(pos->board, pos->king[side], side ^ 1);
}

/* The mover's safety does not depend on what a revealed piece turns out to be (a piece never
 * attacks its own king), so legality is decided on the board with the mover's cell moved. */
static bool legal_on(uint8_t *b, int side, int ksq, ct_move mv)
{
    int from = CT_FROM(mv), to = CT_TO(mv);
    uint8_t cf = b[from], ct = b[to];
    b[to] = cf;
    b[from] = 0;
    bool ok = !attacked(b, from == ksq ? to : ksq, side ^ 1);
    b[from] = cf;
    b[to] = ct;
    return ok;
}

static int filter_legal(const ct_coup_pos *pos, ct_move *out, int n, bool caps)
{
    uint8_t b[CT_BOARD_SIZE];
    memcpy(b, pos->board, sizeof b);
    int ksq = pos->king[pos->side], k = 0;
    bool check = attacked(b, ksq, pos->side ^ 1);
    for (int i = 0; i < n; i++) {
        int from = CT_FROM(out[i]), to = CT_TO(out[i]);
        if (caps && !b[to])
            continue;
        if ((!check && !bd_touches_lines(ksq, from, to)) || legal_on(b, pos->side, ksq, out[i]))
            out[k++] = out[i];
    }
    return k;
}

int ct_coup_gen_legal(const ct_coup_pos *pos, ct_move *out)
{
    return filter_legal(pos, out, ct_coup_gen_pseudo(pos, out), false);
}

int ct_coup_gen_captures(const ct_coup_pos *pos, ct_move *out)
{
    return filter_legal(pos, out, ct_coup_gen_pseudo(pos, out), true);
}

bool ct_coup_is_legal(const ct_coup_pos *pos, ct_move mv)
{
    int from = CT_FROM(mv);
    if (!ct_sq_on_board(from) || !ct_sq_on_board(CT_TO(mv)))
        return false;
    int c = pos->board[from];
    if (!is_piece(c) || cell_side(c) != pos->side)
        return false;
    ct_move moves[CT_MAX_MOVES];
    sink s = {moves, 0};
    gen_from(pos->board, &s, from);
    for (int i = 0; i < s.n; i++)
        if (moves[i] == mv) {
            uint8_t b[CT_BOARD_SIZE];
            memcpy(b, pos->board, sizeof b);
            return legal_on(b, pos->side, pos->king[pos->side], mv);
        }
    return false;
}

bool ct_coup_is_reveal(const ct_coup_pos *pos, ct_move mv)
{
    int c = pos->board[CT_FROM(mv)];
    return is_piece(c) && (c & CT_COUP_DOWN);
}

/* ------------------------------------------------------------------ make / unmake */

int ct_coup_make(ct_coup_pos *pos, ct_move mv, int reveal)
{
    int from = CT_FROM(mv), to = CT_TO(mv);
    int c = pos->board[from], cap = pos->board[to], side = cell_side(c);
    int moved = c, revealed = 0;
    if (c & CT_COUP_DOWN) {
        int known = CT_COUP_TYPE(c);
        revealed = known ? known : reveal;
        if ((known && reveal && reveal != known) || revealed <= CT_KING || revealed > CT_PAWN ||
            pos->pool[side][revealed] == 0)
            return -1;
        pos->pool[side][revealed]--;
        c = CT_SIDE_FLAG(side) | revealed;
    }
    ct_coup_undo *u = &pos->hist[pos->ply++];
    u->key = pos->key;
    u->move = mv;
    u->moved = (uint8_t)moved;
    u->captured = (uint8_t)cap;
    u->halfmove = (uint16_t)pos->halfmove;
    u->in_check = 0;

    pos->key ^= cell_key(moved, from) ^ cell_key(c, to) ^ side_key;
    if (cap) {
        pos->key ^= cell_key(cap, to);
        pos->taken[side ^ 1][pos->ntaken[side ^ 1]++] = (uint8_t)cap;
        /* A face-down piece whose identity the holder knows leaves the pool; an unknown one
         * stays in it (the holder still does not know which identity is gone). */
        if ((cap & CT_COUP_DOWN) && CT_COUP_TYPE(cap))
            pos->pool[side ^ 1][CT_COUP_TYPE(cap)]--;
        pos->halfmove = 0;
    } else {
        pos->halfmove++;
    }
    pos->board[to] = (uint8_t)c;
    pos->board[from] = 0;
    if (CT_COUP_TYPE(c) == CT_KING && !(c & CT_COUP_DOWN))
        pos->king[side] = (ct_sq)to;
    if (side == CT_BLACK)
        pos->fullmove++;
    pos->side ^= 1;
    u->in_check = ct_coup_in_check(pos, pos->side);
    return revealed;
}

void ct_coup_unmake(ct_coup_pos *pos)
{
    ct_coup_undo *u = &pos->hist[--pos->ply];
    int from = CT_FROM(u->move), to = CT_TO(u->move);
    int side = cell_side(u->moved);
    if (u->moved & CT_COUP_DOWN)
        pos->pool[side][CT_COUP_TYPE(pos->board[to])]++;
    if (u->captured) {
        pos->ntaken[side ^ 1]--;
        if ((u->captured & CT_COUP_DOWN) && CT_COUP_TYPE(u->captured))
            pos->pool[side ^ 1][CT_COUP_TYPE(u->captured)]++;
    }
    pos->board[from] = u->moved;
    pos->board[to] = u->captured;
    if (u->moved == (CT_SIDE_FLAG(side) | CT_KING))
        pos->king[side] = (ct_sq)from;
    if (side == CT_BLACK)
        pos->fullmove--;
    pos->side = side;
    pos->key = u->key;
    pos->halfmove = u->halfmove;
}

ct_status ct_coup_play(ct_coup_pos *pos, ct_move mv, int reveal)
{
    if (pos->ply >= CT_MAX_HISTORY || !ct_coup_is_legal(pos, mv))
        return CT_ERR_ILLEGAL;
    if (!ct_coup_is_reveal(pos, mv) && reveal)
        return CT_ERR_INVALID;
    return ct_coup_make(pos, mv, reveal) < 0 ? CT_ERR_INVALID : CT_OK;
}

/* The outcome a perft uses for a reveal: the known identity, else the pool's first type.
 * The chase rule's recapture test uses it too (whether the taken piece can be taken back
 * does not depend on what it turns out to be). */
static int some_reveal(const ct_coup_pos *pos, ct_move mv)
{
    int c = pos->board[CT_FROM(mv)];
    if (!(c & CT_COUP_DOWN) || CT_COUP_TYPE(c))
        return 0;
    for (int t = CT_ADVISOR; t <= CT_PAWN; t++)
        if (pos->pool[cell_side(c)][t])
            return t;
    return 0;
}

uint64_t ct_coup_perft(ct_coup_pos *pos, int depth)
{
    ct_move moves[CT_MAX_MOVES];
    if (depth <= 0)
        return 1;
    int n = ct_coup_gen_legal(pos, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        if (ct_coup_make(pos, moves[i], some_reveal(pos, moves[i])) < 0)
            continue;
        total += ct_coup_perft(pos, depth - 1);
        ct_coup_unmake(pos);
    }
    return total;
}

/* ------------------------------------------------------------------ perpetual chase
 * chase.c's rule on the cờ úp board. Every piece chases and is chased as it acts now: a
 * face-down piece as the piece of its square (it cannot leave its square without being
 * revealed, and a cycle of positions holds no reveal). The board questions are asked of a
 * scratch copy of the position, with the chasing side set to move. */

static bool coup_hits_back(void *board, ct_move capture)
{
    ct_coup_pos *pos = board;
    ct_coup_set_side(pos, pos->side ^ 1);
    bool ok = ct_coup_is_legal(pos, CT_MOVE(CT_TO(capture), CT_FROM(capture)));
    ct_coup_set_side(pos, pos->side ^ 1);
    return ok;
}

static bool coup_recaptured(void *board, ct_move capture)
{
    ct_coup_pos *pos = board;
    if (pos->ply >= CT_MAX_HISTORY || ct_coup_make(pos, capture, some_reveal(pos, capture)) < 0)
        return true; /* cannot tell: count no chase */
    ct_move caps[CT_MAX_MOVES];
    int n = ct_coup_gen_captures(pos, caps);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        found = CT_TO(caps[i]) == CT_TO(capture);
    ct_coup_unmake(pos);
    return found;
}

/* Ruling 19 on this board: the rook (acting) on sq stands on the leg of an enemy horse's
 * (acting) jump onto its king. */
static bool coup_rook_held(const ct_coup_pos *pos, int sq)
{
    int c = pos->board[sq];
    if (!is_piece(c) || acting(c, sq) != CT_ROOK)
        return false;
    int side = cell_side(c);
    for (int r = 0; r < CT_RANKS; r++)
        for (int f = 0; f < CT_FILES; f++) {
            int h = CT_SQ(f, r), hc = pos->board[h];
            if (is_piece(hc) && cell_side(hc) != side && acting(hc, h) == CT_HORSE &&
                chase_horse_holds((ct_sq)h, pos->king[side], (ct_sq)sq))
                return true;
        }
    return false;
}

/* The pieces (by their ids on the board ids[]) that `by` chases now; *held gets those that
 * are rooks held by a horse (chased anew by every move: they cannot escape). */
static uint64_t chase_set(ct_coup_pos *pos, int by, const uint8_t *ids, uint64_t *held)
{
    int side = pos->side;
    ct_coup_set_side(pos, by);
    ct_move caps[CT_MAX_MOVES];
    int n = ct_coup_gen_captures(pos, caps);
    chase_probe probe = {pos, coup_hits_back, coup_recaptured};
    uint64_t m = 0;
    if (held)
        *held = 0;
    for (int i = 0; i < n; i++) {
        int from = CT_FROM(caps[i]), to = CT_TO(caps[i]);
        uint64_t bit = 1ull << ids[to];
        if (m & bit)
            continue;
        int at = acting(pos->board[from], from), tt = acting(pos->board[to], to);
        if (at == CT_ROOK && coup_rook_held(pos, from))
            continue; /* a held rook does not chase */
        if (!chase_capture_chases(at, tt, by ^ 1, caps[i], &probe))
            continue;
        m |= bit;
        if (held && coup_rook_held(pos, to))
            *held |= bit;
    }
    ct_coup_set_side(pos, side);
    return m;
}

/* Replays the cycle from ply `first` to the end: which side chased a piece with every one
 * of its moves (a new attack each time, not a check), as rules.c judges the standard game.
 * Returns that side, or -1 when neither or both did. */
static int perpetual_chaser(const ct_coup_pos *pos, int first)
{
    ct_coup_pos cp;
    memcpy(&cp, pos, offsetof(ct_coup_pos, hist) + (size_t)pos->ply * sizeof pos->hist[0]);
    int end = cp.ply;
    while (cp.ply > first)
        ct_coup_unmake(&cp);
    /* Pieces keep their ids while they move (no capture in a cycle: it is within the
     * half-move clock). */
    uint8_t ids[CT_BOARD_SIZE] = {0};
    int next = 0;
    for (int sq = 0; sq < CT_BOARD_SIZE; sq++)
        if (is_piece(cp.board[sq]))
            ids[sq] = (uint8_t)next++;
    uint64_t chased[2] = {~0ull, ~0ull};
    int moves[2] = {0, 0};
    for (int k = first; k < end; k++) {
        ct_move mv = pos->hist[k].move;
        int mover = cp.side;
        uint64_t before = chased[mover] ? chase_set(&cp, mover, ids, NULL) : 0;
        if (ct_coup_make(&cp, mv, 0) < 0)
            return -1; /* a reveal: not a cycle after all */
        ids[CT_TO(mv)] = ids[CT_FROM(mv)];
        ids[CT_FROM(mv)] = 0;
        moves[mover]++;
        if (!chased[mover])
            continue;
        uint64_t held = 0;
        uint64_t after = cp.hist[cp.ply - 1].in_check ? 0 : chase_set(&cp, mover, ids, &held);
        chased[mover] &= after & ~(before & ~held);
    }
    bool chase[2] = {moves[0] > 0 && chased[0] != 0, moves[1] > 0 && chased[1] != 0};
    return chase[0] == chase[1] ? -1 : chase[0] ? CT_RED : CT_BLACK;
}

/* ------------------------------------------------------------------ the end of the game */

enum { COUP_MOVE_LIMIT = 120 };

ct_result ct_coup_judge(const ct_coup_pos *pos, ct_end_reason *reason)
{
    ct_end_reason why = CT_END_NONE;
    ct_result res = CT_RESULT_NONE;
    ct_move moves[CT_MAX_MOVES];
    if (ct_coup_gen_legal(pos, moves) == 0) {
        why = ct_coup_in_check(pos, pos->side) ? CT_END_CHECKMATE : CT_END_STALEMATE;
        res = ct_result_loss_of(pos->side);
    } else {
        /* 2. Repetition: the third occurrence since the last capture. A reveal changes the
         * key for good, so cycles hold only revealed pieces' moves. Whoever checked with
         * every move of the cycle loses; if both did, it is a draw; if neither did, whoever
         * chased with every move loses (chase.c's rule), else it is a draw. */
        int seen = 0, first = -1;
        for (int i = pos->ply - 2, back = 2; i >= 0 && back <= pos->halfmove; i -= 2, back += 2)
            if (pos->hist[i].key == pos->key && ++seen == 2) {
                first = i;
                break;
            }
        if (first >= 0) {
            bool all_check[2] = {true, true};
            for (int i = first; i < pos->ply; i++)
                if (!pos->hist[i].in_check)
                    all_check[cell_side(pos->hist[i].moved)] = false;
            int chaser = -1;
            if (all_check[0] != all_check[1]) {
                why = CT_END_PERPETUAL_CHECK;
                res = ct_result_loss_of(all_check[0] ? CT_RED : CT_BLACK);
            } else if (!all_check[0] && (chaser = perpetual_chaser(pos, first)) >= 0) {
                why = CT_END_PERPETUAL_CHASE;
                res = ct_result_loss_of(chaser);
            } else {
                why = CT_END_REPETITION;
                res = CT_RESULT_DRAW;
            }
        } else if (pos->halfmove >= COUP_MOVE_LIMIT) {
            why = CT_END_MOVE_LIMIT;
            res = CT_RESULT_DRAW;
        }
    }
    if (reason)
        *reason = why;
    return res;
}

/* ------------------------------------------------------------------ information */

void ct_coup_view(const ct_coup_pos *full, int viewer, ct_coup_pos *out)
{
    if (out != full)
        memcpy(out, full, offsetof(ct_coup_pos, hist) + (size_t)full->ply * sizeof out->hist[0]);
    /* 1. No face-down identity on the board. */
    for (int sq = 0; sq < CT_BOARD_SIZE; sq++)
        if (is_piece(out->board[sq]) && (out->board[sq] & CT_COUP_DOWN))
            out->board[sq] &= (uint8_t)~7;
    /* 2. Pieces taken face down: known to the capturer only; the owner (and a watcher) puts
     * them back among the identities it does not know. */
    for (int sd = 0; sd < 2; sd++) {
        if (viewer != sd && viewer != CT_COUP_WATCHER)
            continue;
        for (int i = 0; i < out->ntaken[sd]; i++) {
            int c = out->taken[sd][i];
            if ((c & CT_COUP_DOWN) && CT_COUP_TYPE(c)) {
                out->pool[sd][CT_COUP_TYPE(c)]++;
                out->taken[sd][i] = (uint8_t)(c & ~7);
            }
        }
    }
    /* 3. The history says the same as the board: a face-down mover's identity is cleared
     * (unmake puts the revealed type back into the pool), a capture keeps the identity only
     * for the capturer. */
    for (int i = 0; i < out->ply; i++) {
        ct_coup_undo *u = &out->hist[i];
        if (u->moved & CT_COUP_DOWN)
            u->moved &= (uint8_t)~7;
        if (u->captured & CT_COUP_DOWN) {
            int owner = cell_side(u->captured);
            if (viewer == owner || viewer == CT_COUP_WATCHER)
                u->captured &= (uint8_t)~7;
        }
    }
    /* The key ignores face-down identities: nothing to recompute. */
}
