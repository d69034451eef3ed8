/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the cờ úp AI: expectimax with alpha-beta (Star1 bounds at chance nodes, Star2
 * probes for tighter ones, a transposition table) on the view of the side to move, a
 * quiescence search over captures, and an evaluation that values a face-down piece by the
 * expectation of its side's pool. It never sees the deal: ct_coup_search() turns whatever
 * position it is given into the mover's view first, and the table's keys come from it. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/coup.h"

/* ------------------------------------------------------------------ tunables
 * Piece values (centipawns) by type; a face-down piece is worth the pool's mean. */
static const int piece_value[CT_PIECE_TYPES] = {0, 0, 220, 230, 420, 900, 470, 110};
enum {
    EV_ROOK_MOB = 4,        /* per square a revealed rook reaches */
    EV_CANNON_MOB = 2,      /* per square a revealed cannon reaches */
    EV_EARLY_DIV = 10,      /* extra mobility weight: face-down pieces on the board / this */
    EV_CANNON_SCREEN = 40,  /* cannon on the enemy king's file with one screen */
    EV_HORSE_HOP = 6,       /* per open horse hop */
    EV_PAWN_CROSSED = 50,   /* a revealed pawn across the river */
    EV_GUARD = 15,          /* advisor or elephant (face up) next to its own king's palace */
    EV_RISK_DIV = 3,        /* an attacked, undefended face-down piece loses value / this */
    EV_TEMPO = 10,
    QS_MAX_PLY = 8,         /* quiescence depth */
    QS_REVEAL_PLY = 1,      /* captures that reveal only this near the leaf, and then... */
    QS_DELTA = 200,
    CHANCE_BOUND = 1500,    /* chance outcomes are clamped to +-this (Star1 needs bounds) */         /* a capture that cannot lift the score near alpha is skipped */
    MAX_PLY = 64,
};
#define SCORE_INF (CT_COUP_MATE + 1)
#define MATE_BOUND (CT_COUP_MATE - MAX_PLY * 2)

/* The transposition table: entries (a power of two), allocated per search. 4 MB. */
#define TT_BITS 18

/* Levels 1..10: the deepest iteration and the node budget (like search.h's levels), and how
 * far below the best a weak level may still choose (by seed; 100000: any move that does not
 * lose at once). The first iteration is never cut, so the lowest levels differ only by their
 * margin. From the start, depth 2 costs 13,132 nodes, depth 3 743,525 and depth 4 149
 * million (every move a chance node; the Star2 probes keep it this low), so strength stops
 * growing with nodes after depth 3: 1M nodes (depth 3 finished) against 400k scored 48.6%
 * (36 games) and 40-42.5% with the reductions tried since. The ladder therefore ends at 400k
 * nodes: level 10 finishes depth 3 in the middle game, level 9 part of it, level 8 stops at
 * depth 2, and levels 1-4 differ by their margin at depth 1. Each level beats the one below
 * by 65% or more over 100 games, and level 10 a one-ply greedy player by 98.5%
 * (tests/coup_ladder.c has the figures and the commands). */
static const int level_depth[10] = {1, 1, 1, 1, 1, 2, 2, 2, 3, 4};
static const long level_nodes[10] = {300,  300,   300,   300,    1000,
                                     3000, 8000, 20000, 150000, CT_COUP_TOP_NODES};
static const int level_margin[10] = {100000, 1000, 600, 400, 200, 120, 80, 25, 30, 15};

/* A transposition entry. The key is the view's key (which ignores face-down identities)
 * mixed with the pool as the searcher knows it: two paths to one board can leave different
 * identities unknown (a piece revealed as a rook on one path and as a cannon on the other,
 * then taken), and the deal never enters it, since the search holds only the view. */
typedef struct {
    uint64_t key;
    int16_t score;
    ct_move move;
    int8_t depth;
    uint8_t bound;        /* TT_LOWER, TT_UPPER or both (exact) */
} tt_entry;
enum { TT_LOWER = 1, TT_UPPER = 2, TT_EXACT = 3 };

typedef struct {
    uint64_t nodes;
    uint64_t limit;       /* 0 = none */
    bool stop;
    ct_coup_poll poll;
    void *poll_arg;
    ct_move killer[MAX_PLY][2];
    tt_entry *tt;         /* NULL: searched without (the allocation failed) */
    ct_coup_pos pos;      /* the mover's view; moves are made on it (last: not cleared) */
} ctx;

/* ------------------------------------------------------------------ evaluation */

static int mean_pool_value(const ct_coup_pos *p, int side)
{
    int n = 0, v = 0;
    for (int t = CT_ADVISOR; t <= CT_PAWN; t++) {
        n += p->pool[side][t];
        v += p->pool[side][t] * piece_value[t];
    }
    return n ? v / n : 0;
}

static int ray_reach(const uint8_t *b, int sq, int d, int own)
{
    int n = 0, t = sq + d;
    while (b[t] == 0) {
        n++;
        t += d;
    }
    return n + (b[t] != CT_OFFBOARD && !(b[t] & own));
}

int ct_coup_evaluate(const ct_coup_pos *p)
{
    static const int orth[4] = {16, -16, 1, -1};
    static const int leg[4] = {16, -16, 1, -1};
    static const int hop[4][2] = {{33, 31}, {-31, -33}, {18, -14}, {14, -18}};
    const uint8_t *b = p->board;
    int mean[2] = {mean_pool_value(p, CT_RED), mean_pool_value(p, CT_BLACK)};
    int score[2] = {0, 0}, down = 0;
    for (int sq = 0; sq < CT_BOARD_SIZE; sq++)
        down += b[sq] != CT_OFFBOARD && (b[sq] & CT_COUP_DOWN);
    int early = down / EV_EARLY_DIV;

    for (int r = 0; r < CT_RANKS; r++)
        for (int f = 0; f < CT_FILES; f++) {
            int sq = CT_SQ(f, r), c = b[sq];
            if (!c)
                continue;
            int side = (c >> 5) & 1, own = CT_SIDE_FLAG(side), s = 0;
            if (c & CT_COUP_DOWN) {
                /* 1. A face-down piece: the mean of what it may be; for the side to move,
                 * less the risk of being taken before it can reveal itself safely (the
                 * other side's hanging pieces are the quiescence search's business). */
                s = mean[side];
                if (side == p->side && ct_coup_sq_attacked(p, (ct_sq)sq, side ^ 1) &&
                    !ct_coup_sq_attacked(p, (ct_sq)sq, side))
                    s -= s / EV_RISK_DIV;
                score[side] += s;
                continue;
            }
            int t = CT_COUP_TYPE(c);
            s = piece_value[t];
            switch (t) {
            case CT_ROOK:
                /* 2. Open lines for revealed rooks and cannons, worth more early. */
                for (int i = 0; i < 4; i++)
                    s += (EV_ROOK_MOB + early) * ray_reach(b, sq, orth[i], own);
                break;
            case CT_CANNON: {
                for (int i = 0; i < 4; i++)
                    s += (EV_CANNON_MOB + early / 2) * ray_reach(b, sq, orth[i], own);
                int ek = p->king[side ^ 1];
                if (CT_SQ_COL(ek) == CT_SQ_COL(sq)) {
                    int d = ek > sq ? 16 : -16, n = 0;
                    for (int x = sq + d; x != ek; x += d)
                        n += b[x] != 0;
                    if (n == 1)
                        s += EV_CANNON_SCREEN;
                }
                break;
            }
            case CT_HORSE:
                for (int i = 0; i < 4; i++)
                    if (b[sq + leg[i]] == 0)
                        for (int j = 0; j < 2; j++) {
                            int to = sq + hop[i][j];
                            s += EV_HORSE_HOP * (b[to] != CT_OFFBOARD && !(b[to] & own));
                        }
                break;
            case CT_PAWN:
                if (side == CT_RED ? r >= 5 : r <= 4)
                    s += EV_PAWN_CROSSED - 8 * (r == (side == CT_RED ? 9 : 0));
                break;
            case CT_ADVISOR:
            case CT_ELEPHANT:
                if (f >= 2 && f <= 6 && (side == CT_RED ? r <= 2 : r >= 7))
                    s += EV_GUARD;
                break;
            default:
                break;
            }
            score[side] += s;
        }
    return score[p->side] - score[p->side ^ 1] + EV_TEMPO;
}

/* ------------------------------------------------------------------ move ordering */

/* What a capture on sq takes, as the mover knows it. */
static int victim_value(const ct_coup_pos *p, int sq)
{
    int c = p->board[sq];
    if (!c)
        return 0;
    if ((c & CT_COUP_DOWN) && !CT_COUP_TYPE(c))
        return mean_pool_value(p, (c >> 5) & 1);
    return piece_value[CT_COUP_TYPE(c)];
}

static void order(const ctx *x, ct_move *mv, int n, int ply, ct_move first)
{
    int key[CT_MAX_MOVES];
    const ct_coup_pos *p = &x->pos;
    for (int i = 0; i < n; i++) {
        int to = CT_TO(mv[i]);
        int k = 0;
        if (mv[i] == first)
            k = 1 << 20;
        else if (p->board[to])
            k = (1 << 16) + victim_value(p, to) * 16 - ct_coup_acting_type(p, CT_FROM(mv[i]));
        else if (ply < MAX_PLY && (mv[i] == x->killer[ply][0] || mv[i] == x->killer[ply][1]))
            k = 1 << 15;
        key[i] = k;
    }
    /* Insertion sort, stable: the generator's order breaks ties the same way every time. */
    for (int i = 1; i < n; i++) {
        ct_move m = mv[i];
        int k = key[i], j = i - 1;
        for (; j >= 0 && key[j] < k; j--) {
            mv[j + 1] = mv[j];
            key[j + 1] = key[j];
        }
        mv[j + 1] = m;
        key[j + 1] = k;
    }
}

/* ------------------------------------------------------------------ search */

static int search(ctx *x, int depth, int alpha, int beta, int ply);
static int qsearch(ctx *x, int alpha, int beta, int ply, int qply);

typedef int (*child_fn)(ctx *x, int depth, int alpha, int beta, int ply);
static int probe_first(ctx *x, int depth, int beta, int ply);

static int search_child(ctx *x, int depth, int alpha, int beta, int ply)
{
    return depth > 0 ? search(x, depth, alpha, beta, ply) : qsearch(x, alpha, beta, ply, 0);
}
static int qsearch_child(ctx *x, int qply, int alpha, int beta, int ply)
{
    return qsearch(x, alpha, beta, ply, qply);
}

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static bool repeated(const ct_coup_pos *p)
{
    for (int i = p->ply - 4, back = 4; i >= 0 && back <= p->halfmove; i -= 2, back += 2)
        if (p->hist[i].key == p->key)
            return true;
    return false;
}

static bool tick(ctx *x)
{
    x->nodes++;
    if (x->limit && x->nodes >= x->limit)
        x->stop = true;
    if (x->poll && (x->nodes & 1023) == 0 && x->poll(x->poll_arg))
        x->stop = true;
    return x->stop;
}

/* The value of mv for the mover. A move that reveals an unknown piece is a chance node: the
 * mean over the pool's identities, weighted by their counts. Star1: each outcome gets the
 * window that could still change the result, given the others' possible extremes. Star2's
 * probe where it is cheap: when the outcomes are leaves (quiescence), each outcome's
 * position is evaluated first; the other side may stand pat there, so minus that evaluation
 * bounds the outcome from above, and a chance node whose bounds average to alpha or less
 * fails low without a capture searched (the usual case at the frontier: most moves of a
 * node that fails low reveal a piece). */
static int value_of(ctx *x, ct_move mv, int arg, int alpha, int beta, int ply, child_fn child,
                    bool likeliest_only)
{
    ct_coup_pos *p = &x->pos;
    int c = p->board[CT_FROM(mv)];
    if (!((c & CT_COUP_DOWN) && !CT_COUP_TYPE(c))) {
        ct_coup_make(p, mv, 0);
        int v = -child(x, arg, -beta, -alpha, ply + 1);
        ct_coup_unmake(p);
        return v;
    }
    int side = (c >> 5) & 1;
    int w_all = ct_coup_pool_count(p, side);
    if (w_all == 0) /* cannot happen in a consistent position (ct_coup_pos_ok) */
        return -CHANCE_BOUND;
    /* Outcomes are bounded (a mate behind a reveal counts as a big win, not a mate): the
     * tighter the bounds, the more Star1 prunes. */
    const int lo = -CHANCE_BOUND, hi = CHANCE_BOUND;
    alpha = clamp(alpha, lo - 1, hi);
    beta = clamp(beta, lo, hi + 1);
    /* The likeliest outcomes first: they narrow the others' windows most. */
    int types[6] = {0}, nt = 0;
    for (int t = CT_ADVISOR; t <= CT_PAWN; t++)
        if (p->pool[side][t]) {
            int j = nt++;
            for (; j > 0 && p->pool[side][types[j - 1]] < p->pool[side][t]; j--)
                types[j] = types[j - 1];
            types[j] = t;
        }
    /* ...the quiescence search takes the likeliest outcome for the whole (a capture's gain
     * is sure; branching on every identity there costs ten times the nodes). */
    if (likeliest_only) {
        nt = 1;
        w_all = p->pool[side][types[0]];
    }
    /* Upper bounds per outcome: hi, or the probe's (see above). up_left sums w * bound over
     * the outcomes not searched yet, w_left their weight. */
    int up[6];
    long up_left = 0;
    bool probe = child == search_child && !likeliest_only;
    for (int ti = 0; ti < nt; ti++) {
        up[ti] = hi;
        if (probe) {
            ct_coup_make(p, mv, types[ti]);
            if (arg <= 0) {
                if (!p->hist[p->ply - 1].in_check)
                    up[ti] = clamp(-ct_coup_evaluate(p), lo, hi);
            } else {
                /* Deeper, the other side's first move (its best by the ordering) bounds
                 * its node from below: searched up to the value that would make this
                 * outcome fail low (a fail-high there is still a lower bound). */
                up[ti] = clamp(-probe_first(x, arg, -alpha + 1, ply + 1), lo, hi);
            }
            ct_coup_unmake(p);
            if (x->stop || tick(x))
                return 0;
        }
        up_left += (long)p->pool[side][types[ti]] * up[ti];
    }
    if (probe && up_left / w_all <= alpha)
        return (int)(up_left / w_all);
    int w_left = w_all;
    long sum = 0;
    for (int ti = 0; ti < nt; ti++) {
        int t = types[ti], w = p->pool[side][t];
        w_left -= w;
        up_left -= (long)w * up[ti];
        long a = ((long)alpha * w_all - sum - up_left) / w - 1;
        long bb = ((long)beta * w_all - sum - (long)w_left * lo) / w + 1;
        int ca = clamp((int)(a < lo ? lo : a), lo - 1, hi), cb = clamp((int)(bb > hi ? hi : bb), lo, hi + 1);
        ct_coup_make(p, mv, t);
        int v = clamp(-child(x, arg, -cb, -ca, ply + 1), lo, up[ti]);
        ct_coup_unmake(p);
        sum += (long)w * v;
        if (x->stop)
            return 0;
        if ((sum + up_left) / w_all <= alpha)
            return (int)((sum + up_left) / w_all);
        if ((sum + (long)w_left * lo) / w_all >= beta)
            return (int)((sum + (long)w_left * lo) / w_all);
    }
    return (int)(sum / w_all);
}

/* ------------------------------------------------------------------ transpositions */

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The view's key with the pool as the searcher knows it. */
static uint64_t tt_key(const ct_coup_pos *p)
{
    uint64_t a, b;
    memcpy(&a, p->pool[0], sizeof a);
    memcpy(&b, p->pool[1], sizeof b);
    return p->key ^ mix64(a + 0x9E3779B97F4A7C15ULL) ^ mix64(b ^ 0xC2B2AE3D27D4EB4FULL);
}

/* Mate scores are stored from the node, not the root, so they stay true elsewhere. */
static int score_to_tt(int v, int ply)
{
    return v >= MATE_BOUND ? v + ply : v <= -MATE_BOUND ? v - ply : v;
}
static int score_from_tt(int v, int ply)
{
    return v >= MATE_BOUND ? v - ply : v <= -MATE_BOUND ? v + ply : v;
}

static tt_entry *tt_slot(const ctx *x, uint64_t key)
{
    return &x->tt[key & ((1u << TT_BITS) - 1)];
}

/* The entry for key, if the table holds one: *move gets its move, and when it is as deep as
 * depth and its bound settles the window (alpha, beta), *v gets its value and the answer is
 * true. */
static bool tt_probe(const ctx *x, uint64_t key, int depth, int alpha, int beta, int ply, int *v,
                     ct_move *move)
{
    if (!x->tt)
        return false;
    const tt_entry *e = tt_slot(x, key);
    if (e->key != key)
        return false;
    *move = e->move;
    *v = score_from_tt(e->score, ply);
    return e->depth >= depth &&
           (((e->bound & TT_LOWER) && *v >= beta) || ((e->bound & TT_UPPER) && *v <= alpha));
}

static void tt_store(ctx *x, uint64_t key, int depth, int v, int alpha, int beta, ct_move mv,
                     int ply)
{
    if (!x->tt || x->stop)
        return;
    tt_entry *e = tt_slot(x, key);
    /* Replace unless the slot holds a deeper result of the same position. */
    if (e->key == key && e->depth > depth)
        return;
    e->key = key;
    e->score = (int16_t)score_to_tt(v, ply);
    e->move = mv;
    e->depth = (int8_t)depth;
    e->bound = (uint8_t)(v >= beta ? TT_LOWER : v <= alpha ? TT_UPPER : TT_EXACT);
}

static int qsearch(ctx *x, int alpha, int beta, int ply, int qply)
{
    if (tick(x))
        return 0;
    ct_coup_pos *p = &x->pos;
    ct_move mv[CT_MAX_MOVES];
    /* 1. In check every move is generated (a mate must be seen); otherwise captures only. */
    bool check = p->ply > 0 ? p->hist[p->ply - 1].in_check : ct_coup_in_check(p, p->side);
    int n = check ? ct_coup_gen_legal(p, mv) : ct_coup_gen_captures(p, mv);
    if (check && n == 0)
        return -CT_COUP_MATE + ply;
    /* 2. Stand pat: the side to move need not capture. */
    int best = ct_coup_evaluate(p);
    if (best >= beta || qply >= QS_MAX_PLY || ply >= MAX_PLY - 1)
        return best;
    if (best > alpha)
        alpha = best;
    /* 3. Captures, most valuable victim first. */
    int k = 0;
    for (int i = 0; i < n; i++) {
        int to = CT_TO(mv[i]);
        if (!p->board[to] || best + victim_value(p, to) + QS_DELTA <= alpha)
            continue;
        /* A reveal multiplies the tree by the pool's types: only near the leaf. */
        if (qply >= QS_REVEAL_PLY && ct_coup_is_reveal(p, mv[i]) &&
            !CT_COUP_TYPE(p->board[CT_FROM(mv[i])]))
            continue;
        mv[k++] = mv[i];
    }
    order(x, mv, k, MAX_PLY, CT_NO_MOVE);
    for (int i = 0; i < k; i++) {
        int v = value_of(x, mv[i], qply + 1, alpha, beta, ply, qsearch_child, true);
        if (x->stop)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
            if (v >= beta)
                break;
        }
    }
    return best;
}

static int search(ctx *x, int depth, int alpha, int beta, int ply)
{
    if (tick(x))
        return 0;
    ct_coup_pos *p = &x->pos;
    /* 1. A repetition inside the tree is scored as a draw (cheap; the referee judges). */
    if (ply > 0 && repeated(p))
        return 0;
    /* 2. The transposition table: a result as deep as this one answers at once if its bound
     * does; otherwise its move is tried first. */
    uint64_t key = tt_key(p);
    ct_move tt_move = CT_NO_MOVE;
    int tt_value;
    if (tt_probe(x, key, depth, alpha, beta, ply, &tt_value, &tt_move))
        return tt_value;
    ct_move mv[CT_MAX_MOVES];
    int n = ct_coup_gen_legal(p, mv);
    /* 3. No move: mate or stalemate, both losses. */
    if (n == 0)
        return -CT_COUP_MATE + ply;
    /* 4. In check: look one ply deeper. */
    int alpha0 = alpha, depth0 = depth;
    if (p->ply > 0 && p->hist[p->ply - 1].in_check && ply < MAX_PLY / 2)
        depth++;
    order(x, mv, n, ply, tt_move);
    int best = -SCORE_INF;
    ct_move best_move = CT_NO_MOVE;
    for (int i = 0; i < n; i++) {
        /* 5. Principal variation search: after the first move a null window proves the
         * rest worse, which also narrows every chance node's windows below. */
        int v;
        if (i == 0) {
            v = value_of(x, mv[i], depth - 1, alpha, beta, ply, search_child, false);
        } else {
            v = value_of(x, mv[i], depth - 1, alpha, alpha + 1, ply, search_child, false);
            if (v > alpha && v < beta && !x->stop)
                v = value_of(x, mv[i], depth - 1, alpha, beta, ply, search_child, false);
        }
        if (x->stop)
            return 0;
        if (v > best) {
            best = v;
            best_move = mv[i];
            if (v > alpha)
                alpha = v;
            if (v >= beta) {
                if (!p->board[CT_TO(mv[i])] && ply < MAX_PLY && x->killer[ply][0] != mv[i]) {
                    x->killer[ply][1] = x->killer[ply][0];
                    x->killer[ply][0] = mv[i];
                }
                break;
            }
        }
    }
    tt_store(x, key, depth0, best, alpha0, beta, best_move, ply);
    return best;
}

/* A lower bound on search(x, depth, ., ., ply) of the position on the board: the value of
 * its first move in search()'s order (with search()'s extension and TT move), searched with
 * no lower end, so that it is exact below beta and a lower bound above it. */
static int probe_first(ctx *x, int depth, int beta, int ply)
{
    ct_coup_pos *p = &x->pos;
    if (repeated(p))
        return 0;
    ct_move tt_move = CT_NO_MOVE;
    int tt_value; /* any lower bound will do */
    if (tt_probe(x, tt_key(p), depth, -SCORE_INF - 1, -SCORE_INF, ply, &tt_value, &tt_move))
        return tt_value;
    ct_move mv[CT_MAX_MOVES];
    int n = ct_coup_gen_legal(p, mv);
    if (n == 0)
        return -CT_COUP_MATE + ply;
    if (p->ply > 0 && p->hist[p->ply - 1].in_check && ply < MAX_PLY / 2)
        depth++;
    order(x, mv, n, ply, tt_move);
    return value_of(x, mv[0], depth - 1, -SCORE_INF, beta, ply, search_child, false);
}

/* ------------------------------------------------------------------ root */

void ct_coup_search(const ct_coup_pos *pos, int level, int depth, uint64_t nodes,
                    uint64_t seed, ct_coup_result *out)
{
    ct_coup_search_poll(pos, level, depth, nodes, seed, NULL, NULL, out);
}

void ct_coup_search_poll(const ct_coup_pos *pos, int level, int depth, uint64_t nodes,
                         uint64_t seed, ct_coup_poll poll, void *arg, ct_coup_result *out)
{
    ctx x;
    memset(&x, 0, offsetof(ctx, pos));
    /* A fresh table each search: what one search stored says nothing wrong to the next, but
     * a search that depends only on its arguments is easier to test (no peeking, levels). */
    x.tt = calloc((size_t)1 << TT_BITS, sizeof *x.tt);
    x.poll = poll;
    x.poll_arg = arg;
    /* 1. The view of the side to move: the search cannot read the deal. */
    ct_coup_view(pos, pos->side, &x.pos);

    level = level < 1 ? 1 : level > 10 ? 10 : level;
    int max_depth = level_depth[level - 1];
    if (depth > 0)
        max_depth = depth;
    x.limit = (uint64_t)level_nodes[level - 1];
    if (nodes > 0)
        x.limit = nodes;
    int margin = depth > 0 || nodes > 0 ? 0 : level_margin[level - 1];

    memset(out, 0, sizeof *out);
    ct_move mv[CT_MAX_MOVES];
    int n = ct_coup_gen_legal(&x.pos, mv);
    if (n == 0) {
        out->score = -CT_COUP_MATE;
        free(x.tt);
        return;
    }
    int score[CT_MAX_MOVES], done_score[CT_MAX_MOVES];
    ct_move done_mv[CT_MAX_MOVES];
    int n_done = 0;
    ct_move best = mv[0];
    int best_score = 0;
    /* 2. Iterative deepening; the first iteration always completes (the budget and the poll
     * apply from the second); a cut-off iteration keeps only the moves it finished. */
    for (int d = 1; d <= max_depth && d < MAX_PLY / 2; d++) {
        uint64_t limit = x.limit;
        ct_coup_poll polling = x.poll;
        if (d == 1) {
            x.limit = 0;
            x.poll = NULL;
        }
        order(&x, mv, n, 0, best);
        int alpha = -SCORE_INF, it_best_score = -SCORE_INF, done = 0;
        ct_move it_best = mv[0];
        for (int i = 0; i < n; i++, done = i) {
            /* Weak levels keep every move within the margin exact, to choose among them. */
            int a = margin ? (it_best_score > -SCORE_INF ? it_best_score - margin - 1 : -SCORE_INF)
                           : alpha;
            int v;
            if (i == 0 || a == -SCORE_INF) {
                v = value_of(&x, mv[i], d - 1, a, SCORE_INF, 0, search_child, false);
            } else {
                v = value_of(&x, mv[i], d - 1, a, a + 1, 0, search_child, false);
                if (v > a && !x.stop)
                    v = value_of(&x, mv[i], d - 1, a, SCORE_INF, 0, search_child, false);
            }
            if (x.stop)
                break;
            score[i] = v;
            if (v > it_best_score) {
                it_best_score = v;
                it_best = mv[i];
                if (v > alpha)
                    alpha = v;
            }
        }
        x.limit = limit;
        x.poll = polling;
        /* A cut-off iteration still answers for the moves it finished: the first is the
         * last iteration's best, so a finished move that beats it is better at this depth.
         * Only those moves are candidates then (scores of two depths do not mix). */
        if (x.stop && d > 1 && done == 0)
            break;
        best = it_best;
        best_score = it_best_score;
        if (!x.stop)
            out->depth = d;
        n_done = x.stop ? done : n;
        memcpy(done_mv, mv, sizeof mv[0] * (size_t)n_done);
        memcpy(done_score, score, sizeof score[0] * (size_t)n_done);
        if (x.stop)
            break;
        if (x.limit && x.nodes >= x.limit)
            break;
        if (best_score >= MATE_BOUND || best_score <= -MATE_BOUND)
            break;
    }
    /* 3. A weak level picks among the moves within its margin of the best, by seed. */
    if (margin && out->depth > 0) {
        int cand[CT_MAX_MOVES], k = 0;
        for (int i = 0; i < n_done; i++)
            if (done_score[i] >= best_score - margin && done_score[i] > -MATE_BOUND)
                cand[k++] = i;
        if (k > 1) {
            uint64_t st = seed ^ x.pos.key;
            int pick = cand[ct_coup_rand(&st) % (uint64_t)k];
            best = done_mv[pick];
            best_score = done_score[pick];
        }
    }
    out->move = best;
    out->score = best_score;
    out->nodes = x.nodes;
    free(x.tt);
}
