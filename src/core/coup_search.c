/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the cờ úp AI: expectimax with alpha-beta (Star1 bounds at chance nodes) on the
 * view of the side to move, a quiescence search over captures, and an evaluation that
 * values a face-down piece by the expectation of its side's pool. It never sees the deal:
 * ct_coup_search() turns whatever position it is given into the mover's view first. */
#include <stddef.h>
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

/* Levels 1..10: the deepest iteration and the node budget (like search.h's levels), and how
 * far below the best a weak level may still choose (by seed). The first iteration is never
 * cut, so the lowest levels differ mostly by their margin. From the start, depth 2 costs
 * about 130,000 nodes and depth 3 about 24 million (every move a chance node): level 6 is
 * the first to finish depth 2 in the opening; above it the levels differ only once pieces
 * are revealed (tests/coup_ladder.c has the figures). */
static const int level_depth[10] = {1, 1, 2, 2, 3, 3, 4, 4, 5, 6};
static const long level_nodes[10] = {300,    1000,   3000,    8000,    20000,
                                     150000, 400000, 1000000, 2000000, 4000000};
static const int level_margin[10] = {400, 200, 120, 80, 50, 30, 15, 0, 0, 0};

typedef struct {
    uint64_t nodes;
    uint64_t limit;       /* 0 = none */
    bool stop;
    ct_coup_poll poll;
    void *poll_arg;
    ct_move killer[MAX_PLY][2];
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

static int search_child(ctx *x, int depth, int alpha, int beta, int ply)
{
    return depth > 0 ? search(x, depth, alpha, beta, ply) : qsearch(x, alpha, beta, ply, 0);
}
static int qsearch_child(ctx *x, int qply, int alpha, int beta, int ply)
{
    return qsearch(x, alpha, beta, ply, qply);
}

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* The value of mv for the mover. A move that reveals an unknown piece is a chance node: the
 * mean over the pool's identities, weighted by their counts. Star1: each outcome gets the
 * window that could still change the result, given the others' possible extremes. */
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
    int w_all = ct_coup_pool_count(p, side), w_left = w_all;
    if (w_all == 0) /* cannot happen in a consistent position (ct_coup_pos_ok) */
        return -CHANCE_BOUND;
    long sum = 0;
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
        w_all = w_left = p->pool[side][types[0]];
    }
    for (int ti = 0; ti < nt; ti++) {
        int t = types[ti], w = p->pool[side][t];
        w_left -= w;
        long a = ((long)alpha * w_all - sum - (long)w_left * hi) / w - 1;
        long bb = ((long)beta * w_all - sum - (long)w_left * lo) / w + 1;
        int ca = clamp((int)(a < lo ? lo : a), lo - 1, hi), cb = clamp((int)(bb > hi ? hi : bb), lo, hi + 1);
        ct_coup_make(p, mv, t);
        int v = clamp(-child(x, arg, -cb, -ca, ply + 1), lo, hi);
        ct_coup_unmake(p);
        sum += (long)w * v;
        if (x->stop)
            return 0;
        if ((sum + (long)w_left * hi) / w_all <= alpha)
            return (int)((sum + (long)w_left * hi) / w_all);
        if ((sum + (long)w_left * lo) / w_all >= beta)
            return (int)((sum + (long)w_left * lo) / w_all);
    }
    return (int)(sum / w_all);
}

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
    ct_move mv[CT_MAX_MOVES];
    int n = ct_coup_gen_legal(p, mv);
    /* 2. No move: mate or stalemate, both losses. */
    if (n == 0)
        return -CT_COUP_MATE + ply;
    /* 3. In check: look one ply deeper. */
    if (p->ply > 0 && p->hist[p->ply - 1].in_check && ply < MAX_PLY / 2)
        depth++;
    order(x, mv, n, ply, CT_NO_MOVE);
    int best = -SCORE_INF;
    for (int i = 0; i < n; i++) {
        /* 4. Principal variation search: after the first move a null window proves the
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
    return best;
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
        return;
    }
    int score[CT_MAX_MOVES], done_score[CT_MAX_MOVES];
    ct_move done_mv[CT_MAX_MOVES];
    ct_move best = mv[0];
    int best_score = 0;
    /* 2. Iterative deepening; the first iteration always completes (the budget and the poll
     * apply from the second), and a cut-off iteration's results are dropped. */
    for (int d = 1; d <= max_depth && d < MAX_PLY / 2; d++) {
        uint64_t limit = x.limit;
        ct_coup_poll polling = x.poll;
        if (d == 1) {
            x.limit = 0;
            x.poll = NULL;
        }
        order(&x, mv, n, 0, best);
        int alpha = -SCORE_INF, it_best_score = -SCORE_INF;
        ct_move it_best = mv[0];
        for (int i = 0; i < n; i++) {
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
        if (x.stop && d > 1)
            break;
        best = it_best;
        best_score = it_best_score;
        out->depth = d;
        memcpy(done_mv, mv, sizeof mv[0] * (size_t)n);
        memcpy(done_score, score, sizeof score[0] * (size_t)n);
        if (x.limit && x.nodes >= x.limit)
            break;
        if (best_score >= MATE_BOUND || best_score <= -MATE_BOUND)
            break;
    }
    /* 3. A weak level picks among the moves within its margin of the best, by seed. */
    if (margin && out->depth > 0) {
        int cand[CT_MAX_MOVES], k = 0;
        for (int i = 0; i < n; i++)
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
}
