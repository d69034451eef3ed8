/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the opening book: parses lines of coordinate moves from the start position
 * into a sorted table of (position key, move, weight), and picks a move by weight. */
#include <stdlib.h>
#include <string.h>

#include "cotuong/book.h"
#include "cotuong/movegen.h"

typedef struct {
    uint64_t key;
    ct_move move;
    uint32_t weight;
} book_entry;

struct ct_book {
    book_entry *e;
    size_t n, cap;
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

void ct_book_free(ct_book *book)
{
    if (!book)
        return;
    free(book->e);
    free(book);
}

size_t ct_book_entries(const ct_book *book)
{
    return book ? book->n : 0;
}

int ct_book_moves(const ct_book *book, const ct_pos *pos, ct_move *moves, int *weights, int max)
{
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
    ct_move mv[64];
    int w[64];
    int n = ct_book_moves(book, pos, mv, w, 64);
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
