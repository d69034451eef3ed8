/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the opening classifier's decision tree: learnt from the master games' codes,
 * stored in the index image, walked to classify a line (see ecco_tree.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/movegen.h"
#include "ecco_tree.h"

#define LEAF 0xffu
#define NO_CODE 0xffffu

/* ---------------------------------------------------------------- lines */

static ct_move mirror_move(ct_move mv)
{
    ct_sq f = CT_FROM(mv), t = CT_TO(mv);
    return CT_MOVE(CT_SQ(CT_FILES - 1 - CT_SQ_FILE(f), CT_SQ_RANK(f)),
                   CT_SQ(CT_FILES - 1 - CT_SQ_FILE(t), CT_SQ_RANK(t)));
}

void ecco_line_of(const ct_move *moves, int nmoves, ecco_line *out)
{
    memset(out, 0, sizeof *out);
    if (!moves || nmoves <= 0)
        return;
    /* Red's first move from files a to d is the mirror image of one from f to i. */
    bool mirror = CT_SQ_FILE(CT_FROM(moves[0])) < 4;
    ct_pos pos;
    ct_pos_start(&pos);
    for (int p = 0; p < nmoves && p < 2 * ECCO_TREE_MOVES; p++) {
        if (!ct_is_legal(&pos, moves[p]))
            break;
        ct_pos_make(&pos, moves[p]);
        out->side[p & 1][out->count[p & 1]++] = mirror ? mirror_move(moves[p]) : moves[p];
    }
}

/* ---------------------------------------------------------------- questions */

/* A question as a number: kind << 21 | side << 20 | i << 16 | move (22 bits, so that with
 * a code below it, it sorts in one 32-bit word). */
#define Q(kind, side, i, mv) ((uint32_t)(kind) << 21 | (uint32_t)(side) << 20 | (uint32_t)(i) << 16 | (mv))
#define Q_KIND(q) ((q) >> 21 & 1)
#define Q_SIDE(q) ((q) >> 20 & 1)
#define Q_INDEX(q) ((int)((q) >> 16 & 15))
#define Q_MOVE(q) ((ct_move)((q) & 0xffff))
#define CODE_BITS 9
/* at most 2 x 10 "at" and 2 x (10 + 9 + ... + 1) "by" questions are true of a line */
#define MAX_TRUE (2 * ECCO_TREE_MOVES + ECCO_TREE_MOVES * (ECCO_TREE_MOVES + 1))

/* The questions a whole game answers yes, each once. */
static int true_questions(const ecco_line *l, uint32_t *out)
{
    int n = 0;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < l->count[s]; i++) {
            ct_move m = l->side[s][i];
            out[n++] = Q(0, s, i, m);
            bool first = true;
            for (int j = 0; j < i && first; j++)
                first = l->side[s][j] != m;
            for (int k = i; first && k < ECCO_TREE_MOVES; k++)
                out[n++] = Q(1, s, k, m);
        }
    return n;
}

/* 1 yes, 0 no, -1 not known yet (the game may go on and answer it either way). */
static int answer(int kind, int side, int i, ct_move m, const ecco_line *l, bool ended)
{
    int c = l->count[side];
    if (kind == 0) {
        if (i < c)
            return l->side[side][i] == m;
    } else {
        for (int j = 0; j <= i && j < c; j++)
            if (l->side[side][j] == m)
                return 1;
        if (i < c)
            return 0;
    }
    return ended ? 0 : -1;
}

/* ---------------------------------------------------------------- learning */

/* n ln n with + - * / only, which IEEE 754 rounds the same everywhere (a library log need
 * not), so the learnt tree and the index's bytes do not depend on the machine. */
static double n_ln_n(double n)
{
    if (n < 2)
        return 0.0;
    int e;
    double m = frexp(n, &e); /* n = m 2^e, m in [1/2, 1): exact */
    double z = (m - 1) / (m + 1), z2 = z * z, term = z, sum = 0;
    for (int k = 1; k < 48; k += 2) { /* ln m = 2 atanh z, |z| <= 1/3 */
        sum += term / k;
        term *= z2;
    }
    return n * (2 * sum + e * 0.69314718055994530942);
}

typedef struct {
    const ecco_sample *s;
    uint32_t *pairs; /* question << CODE_BITS | code, for one node at a time */
    double *nln;     /* n_ln_n of 0..nsamples */
    int *scratch;    /* room for one node's samples */
    uint8_t *out;
    uint32_t count, cap;
    bool failed;
} learner;

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static uint8_t *new_node(learner *L)
{
    if (L->count >= ECCO_TREE_MAX_NODES) {
        L->failed = true;
        return NULL;
    }
    if (L->count == L->cap) {
        uint32_t cap = L->cap ? L->cap * 2 : 256;
        uint8_t *p = realloc(L->out, (size_t)cap * ECCO_TREE_NODE_SIZE);
        if (!p) {
            L->failed = true;
            return NULL;
        }
        L->out = p;
        L->cap = cap;
    }
    uint8_t *nd = L->out + (size_t)L->count++ * ECCO_TREE_NODE_SIZE;
    memset(nd, 0, ECCO_TREE_NODE_SIZE);
    return nd;
}

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

/* The question that splits the samples idx[0..n) with the least entropy left (n H summed
 * over both parts, in nats), if it leaves less than the node has; the smallest such
 * question on a tie. */
static bool best_question(learner *L, const int *idx, int n, const unsigned *cnt, uint32_t *best)
{
    size_t np = 0;
    for (int k = 0; k < n; k++) {
        uint32_t q[MAX_TRUE];
        int nq = true_questions(&L->s[idx[k]].line, q);
        for (int j = 0; j < nq; j++)
            L->pairs[np++] = q[j] << CODE_BITS | (uint32_t)L->s[idx[k]].code;
    }
    qsort(L->pairs, np, sizeof *L->pairs, cmp_u32);
    double sum_cnt = 0;
    for (int c = 0; c < CT_ECCO_CODES; c++)
        sum_cnt += L->nln[cnt[c]];
    double left = L->nln[n] - sum_cnt, best_v = left - 1e-9;
    bool found = false;
    for (size_t a = 0; a < np;) {
        uint32_t q = L->pairs[a] >> CODE_BITS;
        int t = 0;
        double yes = 0, adjust = 0;
        size_t b = a;
        while (b < np && L->pairs[b] >> CODE_BITS == q) {
            size_t e = b;
            while (e < np && L->pairs[e] == L->pairs[b])
                e++;
            unsigned c = L->pairs[b] & ((1u << CODE_BITS) - 1), tc = (unsigned)(e - b);
            t += (int)tc;
            yes += L->nln[tc];
            adjust += L->nln[cnt[c] - tc] - L->nln[cnt[c]];
            b = e;
        }
        if (t < n) {
            double v = (L->nln[t] - yes) + (L->nln[n - t] - (sum_cnt + adjust));
            if (v < best_v) {
                best_v = v;
                *best = q;
                found = true;
            }
        }
        a = b;
    }
    return found;
}

static bool sample_says_yes(const ecco_sample *s, uint32_t q)
{
    return answer((int)Q_KIND(q), (int)Q_SIDE(q), Q_INDEX(q), Q_MOVE(q), &s->line, true) == 1;
}

static void grow(learner *L, int *idx, int n)
{
    uint32_t id = L->count;
    uint8_t *nd = new_node(L);
    unsigned *cnt = calloc(CT_ECCO_CODES, sizeof *cnt);
    if (!nd || !cnt) {
        L->failed = true;
        free(cnt);
        return;
    }
    int major = 0;
    for (int k = 0; k < n; k++)
        cnt[L->s[idx[k]].code]++;
    for (int c = 1; c < CT_ECCO_CODES; c++)
        if (cnt[c] > cnt[major])
            major = c;
    uint32_t q = 0;
    bool split = cnt[major] < (unsigned)n && best_question(L, idx, n, cnt, &q);
    free(cnt);
    if (!split) {
        nd[0] = LEAF;
        put16(nd + 6, (uint32_t)major);
        return;
    }
    /* the samples that answer yes first, in their order, then the others */
    int yes = 0, no = 0;
    for (int k = 0; k < n; k++) {
        if (sample_says_yes(&L->s[idx[k]], q))
            idx[yes++] = idx[k];
        else
            L->scratch[no++] = idx[k];
    }
    memcpy(idx + yes, L->scratch, (size_t)no * sizeof *idx);
    nd[0] = (uint8_t)(Q_KIND(q) << 7 | Q_SIDE(q) << 6 | (uint32_t)Q_INDEX(q));
    put16(nd + 2, Q_MOVE(q));
    put16(nd + 6, NO_CODE);
    grow(L, idx, yes);
    if (L->failed)
        return;
    put16(L->out + (size_t)id * ECCO_TREE_NODE_SIZE + 4, L->count);
    grow(L, idx + yes, n - yes);
}

ct_status ecco_tree_learn(const ecco_sample *samples, int n, uint8_t **nodes, uint32_t *count)
{
    *nodes = NULL;
    *count = 0;
    if (n <= 0)
        return CT_OK;
    learner L = {.s = samples};
    int *idx = malloc((size_t)n * sizeof *idx);
    L.pairs = malloc((size_t)n * MAX_TRUE * sizeof *L.pairs);
    L.nln = malloc(((size_t)n + 1) * sizeof *L.nln);
    L.scratch = malloc((size_t)n * sizeof *L.scratch);
    if (idx && L.pairs && L.nln && L.scratch) {
        for (int k = 0; k <= n; k++)
            L.nln[k] = n_ln_n(k);
        for (int k = 0; k < n; k++)
            idx[k] = k;
        grow(&L, idx, n);
    } else {
        L.failed = true;
    }
    free(idx);
    free(L.pairs);
    free(L.nln);
    free(L.scratch);
    if (L.failed) {
        free(L.out);
        return CT_ERR_FULL;
    }
    *nodes = L.out;
    *count = L.count;
    return CT_OK;
}

/* ---------------------------------------------------------------- reading */

static uint32_t get16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

bool ecco_tree_valid(const uint8_t *nodes, uint32_t count)
{
    if (count > ECCO_TREE_MAX_NODES)
        return false;
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *nd = nodes + (size_t)i * ECCO_TREE_NODE_SIZE;
        if (nd[1])
            return false;
        if (nd[0] == LEAF) {
            if (get16(nd + 2) || get16(nd + 4) || get16(nd + 6) >= CT_ECCO_CODES)
                return false;
        } else if ((nd[0] & 0x3f) >= ECCO_TREE_MOVES || get16(nd + 6) != NO_CODE ||
                   i + 1 >= count || get16(nd + 4) <= i + 1 || get16(nd + 4) >= count) {
            return false;
        }
    }
    return true;
}

int ecco_tree_classify(const uint8_t *nodes, uint32_t count, const ecco_line *l, bool ended,
                       int *lo, int *hi)
{
    *lo = *hi = CT_ECCO_NONE;
    uint8_t *reach = count ? calloc(count, 1) : NULL;
    if (!reach)
        return CT_ECCO_NONE;
    /* Children come after their parent, so one pass in node order visits every node a
     * way of going on can reach. */
    reach[0] = 1;
    for (uint32_t i = 0; i < count; i++) {
        if (!reach[i])
            continue;
        const uint8_t *nd = nodes + (size_t)i * ECCO_TREE_NODE_SIZE;
        if (nd[0] == LEAF) {
            int code = (int)get16(nd + 6);
            if (*lo == CT_ECCO_NONE || code < *lo)
                *lo = code;
            if (code > *hi)
                *hi = code;
            continue;
        }
        int a = answer(nd[0] >> 7, nd[0] >> 6 & 1, nd[0] & 15, (ct_move)get16(nd + 2), l, ended);
        if (a != 0)
            reach[i + 1] = 1;
        if (a != 1)
            reach[get16(nd + 4)] = 1;
    }
    free(reach);
    return *lo == *hi ? *lo : CT_ECCO_NONE;
}
