/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the opening book: parses lines of coordinate moves from the start position
 * into a sorted table of (position key, move, weight), or reads the master-games index
 * and chooses among the masters' moves by level; picks a move by weight. */
#include <stdlib.h>
#include <string.h>

#include "cotuong/book.h"
#include "cotuong/explorer.h"
#include "cotuong/movegen.h"

/* The master book (ct_book_new_masters). Top levels (MASTER_TOP_LEVEL and up) play only
 * moves that enough masters played with a result close to the best; lower levels take
 * any move a few masters played that did not do much worse, with flatter weights. A
 * position fewer games reached is left to the search. */
#define MASTER_TOP_LEVEL 8
#define MASTER_TOP_MIN_POSITION 30 /* games that reached the position */
#define MASTER_TOP_MIN_MOVE 8      /* games that played the move ... */
#define MASTER_TOP_MIN_SHARE 20    /* ... and at least 1/20 of the position's games */
#define MASTER_TOP_SLACK 2         /* percentage points below the position's mean score */
#define MASTER_LOW_MIN_POSITION 10
#define MASTER_LOW_MIN_MOVE 3
#define MASTER_LOW_SLACK 10

typedef struct {
    uint64_t key;
    ct_move move;
    uint32_t weight;
} book_entry;

struct ct_book {
    book_entry *e;
    size_t n, cap;
    void *bytes;    /* master book: the index image (owned) */
    ct_explorer *x; /* and its reader */
};

static int entry_cmp(const void *a, const void *b)
{
    const book_entry *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (int)x->move - (int)y->move;
}

static bool push(ct_book *b, uint64_t key, ct_move mv, uint32_t w)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 256;
        book_entry *e = realloc(b->e, cap * sizeof *e);
        if (!e)
            return false;
        b->e = e;
        b->cap = cap;
    }
    b->e[b->n++] = (book_entry){key, mv, w};
    return true;
}

ct_book *ct_book_new(const char *text, size_t len, int *bad_lines)
{
    ct_book *b = calloc(1, sizeof *b);
    ct_pos *pos = malloc(sizeof *pos);
    if (!b || !pos) {
        free(b);
        free(pos);
        return NULL;
    }
    if (bad_lines)
        *bad_lines = 0;
    size_t i = 0;
    while (i < len) {
        size_t end = i;
        while (end < len && text[end] != '\n')
            end++;
        ct_pos_start(pos);
        uint32_t weight = 1;
        size_t j = i;
        bool bad = false;
        while (j < end) {
            while (j < end && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r'))
                j++;
            if (j >= end || text[j] == '#')
                break;
            size_t k = j;
            while (k < end && text[k] != ' ' && text[k] != '\t' && text[k] != '\r')
                k++;
            char tok[16];
            size_t tl = k - j < sizeof tok - 1 ? k - j : sizeof tok - 1;
            memcpy(tok, text + j, tl);
            tok[tl] = 0;
            j = k;
            if (tl >= 2 && tok[tl - 1] == ':') {
                long w = strtol(tok, NULL, 10);
                weight = w > 0 && w < 1000000 ? (uint32_t)w : 1;
                continue;
            }
            ct_move mv = ct_move_parse_coord(tok);
            if (mv == CT_NO_MOVE || pos->ply >= 200 || !ct_is_legal(pos, mv)) {
                bad = true;
                break;
            }
            if (!push(b, pos->key, mv, weight)) {
                free(pos);
                ct_book_free(b);
                return NULL;
            }
            ct_pos_make(pos, mv);
        }
        if (bad && bad_lines)
            (*bad_lines)++;
        i = end + 1;
    }
    free(pos);
    /* Merge duplicates: sort, then add up the weights of equal (key, move) pairs. */
    if (b->n) {
        qsort(b->e, b->n, sizeof *b->e, entry_cmp);
        size_t o = 0;
        for (size_t k = 1; k < b->n; k++) {
            if (b->e[k].key == b->e[o].key && b->e[k].move == b->e[o].move)
                b->e[o].weight += b->e[k].weight;
            else
                b->e[++o] = b->e[k];
        }
        b->n = o + 1;
    }
    return b;
}

ct_book *ct_book_new_masters(void *bytes, size_t len)
{
    ct_book *b = calloc(1, sizeof *b);
    if (!b || ct_explorer_open(bytes, len, &b->x) != CT_OK) {
        free(b);
        free(bytes);
        return NULL;
    }
    b->bytes = bytes;
    return b;
}

void ct_book_free(ct_book *book)
{
    if (!book)
        return;
    free(book->e);
    ct_explorer_free(book->x);
    free(book->bytes);
    free(book);
}

/* Integer square root, for the flatter weights of the lower levels. */
static int isqrt(unsigned v)
{
    unsigned r = 0;
    while ((r + 1) * (r + 1) <= v)
        r++;
    return (int)r;
}

/* The masters' moves kept for level, with weights. Scores are the mover's points per
 * decided game in percent (a win 100, a draw 50). */
static int master_moves(const ct_book *book, const ct_pos *pos, int level, ct_move *moves,
                        int *weights, int max)
{
    ct_explorer_move m[CT_MAX_MOVES];
    int n = ct_explorer_lookup(book->x, pos, m, CT_MAX_MOVES);
    unsigned total = 0, decided = 0, points2 = 0; /* points2: half-points */
    int score[CT_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        unsigned win = pos->side == CT_RED ? m[i].red : m[i].black;
        unsigned d = m[i].red + m[i].draw + m[i].black;
        total += m[i].games;
        decided += d;
        points2 += 2 * win + m[i].draw;
        score[i] = d ? (int)((100 * (2 * win + m[i].draw)) / (2 * d)) : -1;
    }
    bool top = level >= MASTER_TOP_LEVEL;
    if (decided == 0 || total < (unsigned)(top ? MASTER_TOP_MIN_POSITION : MASTER_LOW_MIN_POSITION))
        return 0;
    int mean = (int)((100 * points2) / (2 * decided));
    int k = 0;
    for (int i = 0; i < n && k < max; i++) {
        if (score[i] < 0)
            continue;
        if (top) {
            if (m[i].games < MASTER_TOP_MIN_MOVE || m[i].games * MASTER_TOP_MIN_SHARE < total ||
                score[i] < mean - MASTER_TOP_SLACK)
                continue;
            weights[k] = (int)m[i].games * score[i] * score[i] / 100 + 1;
        } else {
            if (m[i].games < MASTER_LOW_MIN_MOVE || score[i] < mean - MASTER_LOW_SLACK)
                continue;
            weights[k] = 1 + isqrt(16 * m[i].games);
        }
        moves[k++] = m[i].move;
    }
    return k;
}

size_t ct_book_entries(const ct_book *book)
{
    return book ? book->n : 0;
}

bool ct_book_is_masters(const ct_book *book)
{
    return book && book->x;
}

int ct_book_moves(const ct_book *book, const ct_pos *pos, ct_move *moves, int *weights, int max)
{
    return ct_book_moves_level(book, pos, 10, moves, weights, max);
}

int ct_book_moves_level(const ct_book *book, const ct_pos *pos, int level, ct_move *moves,
                        int *weights, int max)
{
    if (book && book->x)
        return master_moves(book, pos, level, moves, weights, max);
    if (!book || !book->n)
        return 0;
    size_t lo = 0, hi = book->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (book->e[mid].key < pos->key)
            lo = mid + 1;
        else
            hi = mid;
    }
    int n = 0;
    for (size_t k = lo; k < book->n && book->e[k].key == pos->key && n < max; k++) {
        if (!ct_is_legal(pos, book->e[k].move))
            continue;
        moves[n] = book->e[k].move;
        weights[n] = (int)book->e[k].weight;
        n++;
    }
    return n;
}

static uint64_t splitmix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

ct_move ct_book_pick(const ct_book *book, const ct_pos *pos, uint64_t seed)
{
    return ct_book_pick_level(book, pos, seed, 10);
}

ct_move ct_book_pick_level(const ct_book *book, const ct_pos *pos, uint64_t seed, int level)
{
    ct_move mv[CT_MAX_MOVES];
    int w[CT_MAX_MOVES];
    int n = ct_book_moves_level(book, pos, level, mv, w, CT_MAX_MOVES);
    if (n == 0)
        return CT_NO_MOVE;
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += (uint64_t)w[i];
    if (total == 0)
        return mv[0];
    uint64_t r = splitmix(seed ^ pos->key ^ ((uint64_t)pos->ply << 48)) % total;
    for (int i = 0; i < n; i++) {
        if (r < (uint64_t)w[i])
            return mv[i];
        r -= (uint64_t)w[i];
    }
    return mv[n - 1];
}
