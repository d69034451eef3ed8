/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the master-games index: builds the byte image from game records (dedupe, replay,
 * group the positions, count the moves) and reads it back with full validation. The format
 * is described in cotuong/explorer.h. */
#include <stdlib.h>
#include <string.h>

#include "cotuong/explorer.h"
#include "cotuong/movegen.h"
#include "ecco_tree.h"

#define MAGIC "CTMI"
#define VERSION 3u
#define HEADER_SIZE 64u
#define GAME_FIXED 18u
#define POS_SIZE 8u
#define MULTI_SIZE 10u
#define MOVE_SIZE 17u
#define NO_ECCO 0xffffu

/* ---------------------------------------------------------------- bytes */

static uint32_t rd16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}
static uint32_t rd24(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
}
static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t rd64(const uint8_t *p)
{
    return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}
static void wr16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static void wr24(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 3; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static void wr64(uint8_t *p, uint64_t v)
{
    wr32(p, (uint32_t)v);
    wr32(p + 4, (uint32_t)(v >> 32));
}

static uint64_t fnv64(const uint8_t *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

/* Legal moves in a canonical order (by value), so a move is stored as one byte that does
 * not depend on the generator's order. */
static int sorted_legal(const ct_pos *pos, ct_move *mv)
{
    int n = ct_gen_legal(pos, mv);
    for (int i = 1; i < n; i++) {
        ct_move m = mv[i];
        int j = i;
        while (j > 0 && mv[j - 1] > m) {
            mv[j] = mv[j - 1];
            j--;
        }
        mv[j] = m;
    }
    return n;
}

/* Two positions are the same when every square holds the same kind of piece of the same
 * side and the same side is to move (piece identities and history do not matter). */
static bool same_position(const ct_pos *a, const ct_pos *b)
{
    if (a->side != b->side)
        return false;
    for (int r = 0; r < CT_RANKS; r++)
        for (int f = 0; f < CT_FILES; f++) {
            ct_sq sq = (ct_sq)CT_SQ(f, r);
            if (ct_pos_type_at(a, sq) != ct_pos_type_at(b, sq) ||
                ct_pos_side_at(a, sq) != ct_pos_side_at(b, sq))
                return false;
        }
    return true;
}

/* A hash of the board independent of the Zobrist tables: together with the Zobrist key it
 * separates positions while building. */
static uint64_t board_hash(const ct_pos *pos)
{
    uint8_t cells[CT_RANKS * CT_FILES + 1];
    int k = 0;
    for (int r = 0; r < CT_RANKS; r++)
        for (int f = 0; f < CT_FILES; f++) {
            ct_sq sq = (ct_sq)CT_SQ(f, r);
            cells[k++] = (uint8_t)(ct_pos_type_at(pos, sq) * 2 + (ct_pos_side_at(pos, sq) == 1));
        }
    cells[k++] = (uint8_t)pos->side;
    return fnv64(cells, (size_t)k);
}

/* ---------------------------------------------------------------- building */

typedef struct {
    uint64_t key, hash2;
    uint32_t game;
    uint8_t ply;
    ct_move move;
} occurrence;

typedef struct {
    const char *s;
    uint32_t off;
    uint32_t count; /* games of this player (for the example's fame) */
} pooled;

static int cmp_occ(const void *a, const void *b)
{
    const occurrence *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    if (x->hash2 != y->hash2)
        return x->hash2 < y->hash2 ? -1 : 1;
    if (x->game != y->game)
        return x->game < y->game ? -1 : 1;
    return (int)x->ply - (int)y->ply;
}

static int cmp_pooled(const void *a, const void *b)
{
    return strcmp(((const pooled *)a)->s, ((const pooled *)b)->s);
}

static const char *nz(const char *s)
{
    return s ? s : "";
}

static pooled *pool_find(pooled *pool, size_t n, const char *s)
{
    pooled key = {nz(s), 0, 0};
    return bsearch(&key, pool, n, sizeof *pool, cmp_pooled);
}

typedef struct {
    uint64_t hash;
    int index;
} game_hash;

static uint64_t moves_hash(const ct_explorer_input *g)
{
    uint64_t h = 0xcbf29ce484222325ULL ^ (uint64_t)g->nmoves;
    for (int i = 0; i < g->nmoves; i++)
        h = ((h ^ g->moves[i]) * 0x100000001b3ULL) ^ (h >> 29);
    return h;
}

static int cmp_game_hash(const void *a, const void *b)
{
    const game_hash *x = a, *y = b;
    if (x->hash != y->hash)
        return x->hash < y->hash ? -1 : 1;
    return x->index - y->index;
}

static bool same_moves(const ct_explorer_input *a, const ct_explorer_input *b)
{
    return a->nmoves == b->nmoves &&
           (a->nmoves == 0 || !memcmp(a->moves, b->moves, (size_t)a->nmoves * sizeof *a->moves));
}

typedef struct {
    ct_move move;
    unsigned games, red, draw, black;
    uint32_t example;
    uint64_t fame;
} move_stat;

static int cmp_move_stat(const void *a, const void *b)
{
    const move_stat *x = a, *y = b;
    if (x->games != y->games)
        return x->games > y->games ? -1 : 1;
    return (int)x->move - (int)y->move;
}

ct_status ct_explorer_build(const ct_explorer_input *games, int ngames, uint8_t **out,
                            size_t *out_len, int *unique_games)
{
    *out = NULL;
    *out_len = 0;
    ct_status st = CT_ERR_FULL;
    game_hash *gh = NULL;
    int *keep = NULL;
    occurrence *occ = NULL;
    pooled *pool = NULL;
    uint8_t *img = NULL;
    uint8_t **enc = NULL;
    move_stat *ms = NULL;
    uint8_t *encbuf = NULL;
    ecco_sample *samples = NULL;
    uint8_t *tree = NULL;
    uint32_t ntree = 0;
    ct_pos *pos = malloc(sizeof *pos);
    if (ngames < 0)
        ngames = 0;
    gh = malloc(((size_t)ngames + 1) * sizeof *gh);
    keep = malloc(((size_t)ngames + 1) * sizeof *keep);
    if (!pos || !gh || !keep)
        goto done;

    /* 1. Unique games by whole move list; the first of equal games is kept, in input order. */
    for (int i = 0; i < ngames; i++)
        gh[i] = (game_hash){moves_hash(&games[i]), i};
    qsort(gh, (size_t)ngames, sizeof *gh, cmp_game_hash);
    bool *dup = calloc((size_t)ngames + 1, 1);
    if (!dup)
        goto done;
    for (int i = 0; i < ngames; i++) {
        for (int j = i - 1; j >= 0 && gh[j].hash == gh[i].hash; j--)
            if (!dup[gh[j].index] && same_moves(&games[gh[j].index], &games[gh[i].index])) {
                dup[gh[i].index] = true;
                break;
            }
    }
    int nkeep = 0;
    for (int i = 0; i < ngames; i++)
        if (!dup[i])
            keep[nkeep++] = i;
    free(dup);
    if (unique_games)
        *unique_games = nkeep;
    if (nkeep >= (1 << 24))
        goto done; /* game numbers and counts are 24-bit fields */

    /* 2. Replay the first plies of every kept game: one occurrence per position and game
     *    (a position repeated inside one game counts once, with its first move). */
    size_t nocc = 0, cap_occ = (size_t)nkeep * CT_EXPLORER_PLIES + 1;
    occ = malloc(cap_occ * sizeof *occ);
    enc = calloc((size_t)nkeep + 1, sizeof *enc);
    encbuf = calloc((size_t)nkeep * CT_EXPLORER_PLIES + 1, 1);
    if (!occ || !enc || !encbuf)
        goto done;
    for (int g = 0; g < nkeep; g++) {
        const ct_explorer_input *in = &games[keep[g]];
        enc[g] = encbuf + (size_t)g * CT_EXPLORER_PLIES;
        int n = in->nmoves < CT_EXPLORER_PLIES ? in->nmoves : CT_EXPLORER_PLIES;
        ct_pos_start(pos);
        size_t first = nocc;
        for (int p = 0; p < n; p++) {
            ct_move legal[CT_MAX_MOVES];
            int nl = sorted_legal(pos, legal);
            int k = 0;
            while (k < nl && legal[k] != in->moves[p])
                k++;
            if (k == nl) {
                st = CT_ERR_ILLEGAL;
                goto done;
            }
            enc[g][p] = (uint8_t)k;
            uint64_t h2 = board_hash(pos);
            bool seen = false;
            for (size_t q = first; q < nocc && !seen; q++)
                seen = occ[q].key == pos->key && occ[q].hash2 == h2;
            if (!seen)
                occ[nocc++] = (occurrence){pos->key, h2, (uint32_t)g, (uint8_t)p, in->moves[p]};
            ct_pos_make(pos, in->moves[p]);
        }
    }
    qsort(occ, nocc, sizeof *occ, cmp_occ);

    /* 3. The string pool: distinct strings sorted, so offsets depend only on the text. */
    size_t npool = 0;
    pool = malloc(((size_t)nkeep * 3 + 1) * sizeof *pool);
    if (!pool)
        goto done;
    pool[npool++] = (pooled){"", 0, 0};
    for (int g = 0; g < nkeep; g++) {
        const ct_explorer_input *in = &games[keep[g]];
        const char *s3[3] = {nz(in->red), nz(in->black), nz(in->event)};
        for (int k = 0; k < 3; k++)
            if (*s3[k])
                pool[npool++] = (pooled){s3[k], 0, 0};
    }
    qsort(pool, npool, sizeof *pool, cmp_pooled);
    size_t o = 0;
    for (size_t i = 1; i < npool; i++)
        if (strcmp(pool[i].s, pool[o].s))
            pool[++o] = pool[i];
    npool = o + 1;
    size_t strings_len = 0;
    for (size_t i = 0; i < npool; i++) {
        pool[i].off = (uint32_t)strings_len;
        strings_len += strlen(pool[i].s) + 1;
    }
    for (int g = 0; g < nkeep; g++) {
        const ct_explorer_input *in = &games[keep[g]];
        if (*nz(in->red))
            pool_find(pool, npool, in->red)->count++;
        if (*nz(in->black))
            pool_find(pool, npool, in->black)->count++;
    }

    /* 4. Group occurrences into positions; count the multi-game ones and their moves. */
    size_t npos = 0, nmulti = 0, nmoves = 0;
    for (size_t i = 0; i < nocc;) {
        size_t j = i + 1;
        while (j < nocc && occ[j].key == occ[i].key && occ[j].hash2 == occ[i].hash2)
            j++;
        npos++;
        if (j - i > 1) {
            nmulti++;
            /* distinct moves: count by scanning (groups are small except near the start) */
            for (size_t a = i; a < j; a++) {
                bool first = true;
                for (size_t b = i; b < a && first; b++)
                    first = occ[b].move != occ[a].move;
                nmoves += first;
            }
        }
        i = j;
    }
    /* 5. The opening classifier's tree, learnt from the kept games that carry a code. */
    samples = malloc(((size_t)nkeep + 1) * sizeof *samples);
    if (!samples)
        goto done;
    int nsamples = 0;
    for (int g = 0; g < nkeep; g++) {
        const ct_explorer_input *in = &games[keep[g]];
        if (in->ecco < 0 || in->ecco >= CT_ECCO_CODES)
            continue;
        ecco_line_of(in->moves, in->nmoves, &samples[nsamples].line);
        samples[nsamples++].code = in->ecco;
    }
    if (ecco_tree_learn(samples, nsamples, &tree, &ntree) != CT_OK)
        goto done;

    size_t games_size = (size_t)nkeep * (GAME_FIXED + CT_EXPLORER_PLIES);
    size_t total = HEADER_SIZE + games_size + npos * POS_SIZE + nmulti * MULTI_SIZE +
                   nmoves * MOVE_SIZE + strings_len + ntree * ECCO_TREE_NODE_SIZE;
    img = calloc(total, 1);
    ms = malloc((size_t)nkeep * sizeof *ms + sizeof *ms);
    if (!img || !ms)
        goto done;

    uint8_t *gp = img + HEADER_SIZE;
    uint8_t *pp = gp + games_size;
    uint8_t *mp = pp + npos * POS_SIZE;
    uint8_t *vp = mp + nmulti * MULTI_SIZE;
    uint8_t *sp = vp + nmoves * MOVE_SIZE;

    for (int g = 0; g < nkeep; g++) {
        const ct_explorer_input *in = &games[keep[g]];
        uint8_t *r = gp + (size_t)g * (GAME_FIXED + CT_EXPLORER_PLIES);
        wr32(r, pool_find(pool, npool, in->red)->off);
        wr32(r + 4, pool_find(pool, npool, in->black)->off);
        wr32(r + 8, pool_find(pool, npool, in->event)->off);
        wr16(r + 12, in->year > 0 && in->year < 65536 ? (uint32_t)in->year : 0);
        wr16(r + 14, in->ecco >= 0 && in->ecco < 500 ? (uint32_t)in->ecco : NO_ECCO);
        r[16] = (uint8_t)in->result;
        int n = in->nmoves < CT_EXPLORER_PLIES ? in->nmoves : CT_EXPLORER_PLIES;
        r[17] = (uint8_t)n;
        memcpy(r + GAME_FIXED, enc[g], (size_t)n);
    }
    for (size_t i = 0; i < npool; i++)
        memcpy(sp + pool[i].off, pool[i].s, strlen(pool[i].s) + 1);
    if (ntree)
        memcpy(sp + strings_len, tree, (size_t)ntree * ECCO_TREE_NODE_SIZE);

    size_t pi = 0, mi = 0, vi = 0;
    for (size_t i = 0; i < nocc;) {
        size_t j = i + 1;
        while (j < nocc && occ[j].key == occ[i].key && occ[j].hash2 == occ[i].hash2)
            j++;
        wr32(pp + pi * POS_SIZE, (uint32_t)(occ[i].key >> 32));
        wr32(pp + pi * POS_SIZE + 4, occ[i].game << 8 | occ[i].ply);
        if (j - i > 1) {
            size_t n = 0;
            for (size_t a = i; a < j; a++) {
                const ct_explorer_input *in = &games[keep[occ[a].game]];
                size_t k = 0;
                while (k < n && ms[k].move != occ[a].move)
                    k++;
                if (k == n)
                    ms[n++] = (move_stat){occ[a].move, 0, 0, 0, 0, occ[a].game, 0};
                ms[k].games++;
                ms[k].red += in->result == CT_RESULT_RED_WINS;
                ms[k].draw += in->result == CT_RESULT_DRAW;
                ms[k].black += in->result == CT_RESULT_BLACK_WINS;
                /* The example: the game whose two players have the most games in the
                 * collection (the best-known pairing), the earliest such game on a tie. */
                uint64_t fame = 0;
                if (*nz(in->red))
                    fame += pool_find(pool, npool, in->red)->count;
                if (*nz(in->black))
                    fame += pool_find(pool, npool, in->black)->count;
                if (fame > ms[k].fame) {
                    ms[k].fame = fame;
                    ms[k].example = occ[a].game;
                }
            }
            qsort(ms, n, sizeof *ms, cmp_move_stat);
            uint8_t *m = mp + mi * MULTI_SIZE;
            wr32(m, (uint32_t)pi);
            wr32(m + 4, (uint32_t)vi);
            wr16(m + 8, (uint32_t)n);
            for (size_t k = 0; k < n; k++) {
                uint8_t *v = vp + (vi + k) * MOVE_SIZE;
                wr16(v, ms[k].move);
                wr24(v + 2, ms[k].games);
                wr24(v + 5, ms[k].red);
                wr24(v + 8, ms[k].draw);
                wr24(v + 11, ms[k].black);
                wr24(v + 14, ms[k].example);
            }
            vi += n;
            mi++;
        }
        pi++;
        i = j;
    }

    ct_pos_start(pos);
    memcpy(img, MAGIC, 4);
    wr32(img + 4, VERSION);
    wr32(img + 8, CT_EXPLORER_PLIES);
    wr32(img + 12, (uint32_t)nkeep);
    wr32(img + 16, (uint32_t)npos);
    wr32(img + 20, (uint32_t)nmulti);
    wr32(img + 24, (uint32_t)nmoves);
    wr32(img + 28, (uint32_t)strings_len);
    wr64(img + 32, pos->key);
    wr32(img + 48, ntree);
    wr64(img + 40, fnv64(img + HEADER_SIZE, total - HEADER_SIZE));
    *out = img;
    *out_len = total;
    img = NULL;
    st = CT_OK;
done:
    free(enc);
    free(pos);
    free(gh);
    free(keep);
    free(occ);
    free(pool);
    free(img);
    free(ms);
    free(encbuf);
    free(samples);
    free(tree);
    return st;
}

/* ---------------------------------------------------------------- reading */

struct ct_explorer {
    const uint8_t *games, *pos, *multi, *moves, *strings, *tree;
    uint32_t plies, ngames, npos, nmulti, nmoves, strings_len, ntree;
};

static const uint8_t *game_rec(const ct_explorer *x, uint32_t g)
{
    return x->games + (size_t)g * (GAME_FIXED + x->plies);
}

ct_status ct_explorer_open(const void *buf, size_t len, ct_explorer **out)
{
    *out = NULL;
    const uint8_t *b = buf;
    if (!b || len < HEADER_SIZE || memcmp(b, MAGIC, 4) || rd32(b + 4) != VERSION)
        return CT_ERR_INVALID;
    ct_explorer x;
    x.plies = rd32(b + 8);
    x.ngames = rd32(b + 12);
    x.npos = rd32(b + 16);
    x.nmulti = rd32(b + 20);
    x.nmoves = rd32(b + 24);
    x.strings_len = rd32(b + 28);
    x.ntree = rd32(b + 48);
    if (x.plies == 0 || x.plies > 255 || x.ngames >= (1u << 24) || x.strings_len == 0 ||
        x.ntree > ECCO_TREE_MAX_NODES)
        return CT_ERR_INVALID;
    uint64_t size = HEADER_SIZE + (uint64_t)x.ngames * (GAME_FIXED + x.plies) +
                    (uint64_t)x.npos * POS_SIZE + (uint64_t)x.nmulti * MULTI_SIZE +
                    (uint64_t)x.nmoves * MOVE_SIZE + x.strings_len +
                    (uint64_t)x.ntree * ECCO_TREE_NODE_SIZE;
    if (size != len)
        return CT_ERR_INVALID;
    ct_pos start;
    ct_pos_start(&start);
    if (rd64(b + 32) != start.key || rd64(b + 40) != fnv64(b + HEADER_SIZE, len - HEADER_SIZE))
        return CT_ERR_INVALID;
    for (unsigned i = 52; i < HEADER_SIZE; i++)
        if (b[i]) /* reserved */
            return CT_ERR_INVALID;
    x.games = b + HEADER_SIZE;
    x.pos = x.games + (size_t)x.ngames * (GAME_FIXED + x.plies);
    x.multi = x.pos + (size_t)x.npos * POS_SIZE;
    x.moves = x.multi + (size_t)x.nmulti * MULTI_SIZE;
    x.strings = x.moves + (size_t)x.nmoves * MOVE_SIZE;
    x.tree = x.strings + x.strings_len;
    if (x.strings[0] || x.strings[x.strings_len - 1] || !ecco_tree_valid(x.tree, x.ntree))
        return CT_ERR_INVALID;

    /* Every field that indexes something must point inside its table. Move bytes are
     * checked when a game is replayed (they depend on the position). */
    for (uint32_t g = 0; g < x.ngames; g++) {
        const uint8_t *r = game_rec(&x, g);
        if (rd32(r) >= x.strings_len || rd32(r + 4) >= x.strings_len ||
            rd32(r + 8) >= x.strings_len || (rd16(r + 14) >= 500 && rd16(r + 14) != NO_ECCO) ||
            r[16] > CT_RESULT_DRAW || r[17] > x.plies)
            return CT_ERR_INVALID;
    }
    uint32_t prev_fp = 0;
    for (uint32_t i = 0; i < x.npos; i++) {
        const uint8_t *p = x.pos + (size_t)i * POS_SIZE;
        uint32_t fp = rd32(p), gp = rd32(p + 4);
        if (fp < prev_fp || (gp >> 8) >= x.ngames || (gp & 255) >= game_rec(&x, gp >> 8)[17])
            return CT_ERR_INVALID;
        prev_fp = fp;
    }
    uint32_t next_move = 0;
    for (uint32_t i = 0; i < x.nmulti; i++) {
        const uint8_t *m = x.multi + (size_t)i * MULTI_SIZE;
        uint32_t n = rd16(m + 8);
        if (rd32(m) >= x.npos || (i > 0 && rd32(m) <= rd32(m - MULTI_SIZE)) ||
            rd32(m + 4) != next_move || n == 0 || n > x.nmoves - next_move)
            return CT_ERR_INVALID;
        next_move += n;
    }
    if (next_move != x.nmoves)
        return CT_ERR_INVALID;
    for (uint32_t i = 0; i < x.nmoves; i++) {
        const uint8_t *v = x.moves + (size_t)i * MOVE_SIZE;
        uint64_t sum = (uint64_t)rd24(v + 5) + rd24(v + 8) + rd24(v + 11);
        if (sum > rd24(v + 2) || rd24(v + 2) == 0 || rd24(v + 14) >= x.ngames)
            return CT_ERR_INVALID;
    }
    ct_explorer *r = malloc(sizeof *r);
    if (!r)
        return CT_ERR_FULL;
    *r = x;
    *out = r;
    return CT_OK;
}

void ct_explorer_free(ct_explorer *x)
{
    free(x);
}

int ct_explorer_games(const ct_explorer *x)
{
    return x ? (int)x->ngames : 0;
}

int ct_explorer_positions(const ct_explorer *x)
{
    return x ? (int)x->npos : 0;
}

/* Replays game g for ply plies into pos; false when a stored move byte is not a legal
 * move (a damaged image). With next, also decodes the move played at that ply. */
static bool replay(const ct_explorer *x, uint32_t g, uint32_t ply, ct_pos *pos, ct_move *next)
{
    const uint8_t *r = game_rec(x, g);
    ct_pos_start(pos);
    for (uint32_t p = 0; p < ply + (next != NULL); p++) {
        ct_move legal[CT_MAX_MOVES];
        int nl = sorted_legal(pos, legal);
        if (p >= r[17] || r[GAME_FIXED + p] >= nl)
            return false;
        ct_move mv = legal[r[GAME_FIXED + p]];
        if (p == ply) {
            *next = mv;
            return true;
        }
        ct_pos_make(pos, mv);
    }
    return true;
}

/* Index of the position entry for pos, or -1. */
static long find_position(const ct_explorer *x, const ct_pos *pos)
{
    if (!x)
        return -1;
    uint32_t fp = (uint32_t)(pos->key >> 32);
    uint32_t lo = 0, hi = x->npos;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (rd32(x->pos + (size_t)mid * POS_SIZE) < fp)
            lo = mid + 1;
        else
            hi = mid;
    }
    ct_pos *tmp = malloc(sizeof *tmp);
    if (!tmp)
        return -1;
    long found = -1;
    for (uint32_t i = lo; i < x->npos && rd32(x->pos + (size_t)i * POS_SIZE) == fp; i++) {
        uint32_t gp = rd32(x->pos + (size_t)i * POS_SIZE + 4);
        if (replay(x, gp >> 8, gp & 255, tmp, NULL) && tmp->key == pos->key &&
            same_position(tmp, pos)) {
            found = (long)i;
            break;
        }
    }
    free(tmp);
    return found;
}

static const uint8_t *find_multi(const ct_explorer *x, uint32_t pi)
{
    uint32_t lo = 0, hi = x->nmulti;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        uint32_t v = rd32(x->multi + (size_t)mid * MULTI_SIZE);
        if (v == pi)
            return x->multi + (size_t)mid * MULTI_SIZE;
        if (v < pi)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

int ct_explorer_lookup(const ct_explorer *x, const ct_pos *pos, ct_explorer_move *out, int max)
{
    long pi = find_position(x, pos);
    if (pi < 0 || max <= 0)
        return 0;
    const uint8_t *m = find_multi(x, (uint32_t)pi);
    if (!m) {
        uint32_t gp = rd32(x->pos + (size_t)pi * POS_SIZE + 4);
        ct_pos *tmp = malloc(sizeof *tmp);
        ct_move mv = CT_NO_MOVE;
        bool ok = tmp && replay(x, gp >> 8, gp & 255, tmp, &mv);
        free(tmp);
        if (!ok)
            return 0;
        ct_result res = game_rec(x, gp >> 8)[16];
        out[0] = (ct_explorer_move){mv, 1, res == CT_RESULT_RED_WINS, res == CT_RESULT_DRAW,
                                    res == CT_RESULT_BLACK_WINS, (int)(gp >> 8)};
        return 1;
    }
    uint32_t first = rd32(m + 4), n = rd16(m + 8);
    int k = 0;
    for (uint32_t i = 0; i < n && k < max; i++) {
        const uint8_t *v = x->moves + (size_t)(first + i) * MOVE_SIZE;
        ct_move mv = (ct_move)rd16(v);
        if (!ct_is_legal(pos, mv))
            continue; /* only in a damaged image */
        out[k++] = (ct_explorer_move){mv, rd24(v + 2), rd24(v + 5), rd24(v + 8), rd24(v + 11),
                                      (int)rd24(v + 14)};
    }
    return k;
}

const uint8_t *ecco_tree_of(const ct_explorer *x, uint32_t *count)
{
    *count = x ? x->ntree : 0;
    return x ? x->tree : NULL;
}

ct_status ct_explorer_game(const ct_explorer *x, int i, ct_explorer_game_info *out)
{
    if (!x || i < 0 || (uint32_t)i >= x->ngames)
        return CT_ERR_INVALID;
    const uint8_t *r = game_rec(x, (uint32_t)i);
    out->red = (const char *)x->strings + rd32(r);
    out->black = (const char *)x->strings + rd32(r + 4);
    out->event = (const char *)x->strings + rd32(r + 8);
    out->year = (int)rd16(r + 12);
    out->ecco = rd16(r + 14) == NO_ECCO ? CT_ECCO_NONE : (int)rd16(r + 14);
    out->result = (ct_result)r[16];
    return CT_OK;
}
