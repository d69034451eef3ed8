/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the built-in AI: iterative deepening, principal-variation alpha-beta with a
 * transposition table, quiescence, check extensions, null move, late-move reductions and
 * pruning (futility, move count, SEE), killer, countermove and continuation-history
 * ordering, a static score corrected by what the search learnt of its errors (correction
 * history), repetition and perpetual-check verdicts, time management, playing levels and
 * the opening book. All state lives in the ct_search context. */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cotuong/book.h"
#include "cotuong/eval.h"
#include "cotuong/movegen.h"
#include "cotuong/rules.h"
#include "cotuong/search.h"
#include "cotuong/net.h"
#include "board_internal.h"
#include "see.h"
#include "tunables.h"

/* ---------------------------------------------------------------------------------------
 * Transposition table */

enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

/* One entry: the data word (move, score, depth, bound | generation << 2, static score) and
 * the key XOR the data, both relaxed atomics: with several threads writing, a torn entry
 * fails the key test instead of answering with another position's data (lazy SMP shares
 * the table). */
typedef struct {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;
} tt_slot;

typedef struct {
    uint64_t key;
    ct_move move;
    int16_t score;
    uint8_t depth;
    uint8_t flag; /* low 2 bits: bound; high 6 bits: generation */
    int16_t eval; /* ct_eval of the position, TT_NO_EVAL when none was computed (in check) */
} tt_entry;

enum { TT_NO_EVAL = INT16_MIN };

static inline uint64_t tt_pack(const tt_entry *e)
{
    return (uint64_t)e->move | (uint64_t)(uint16_t)e->score << 16 | (uint64_t)e->depth << 32 |
           (uint64_t)e->flag << 40 | (uint64_t)(uint16_t)e->eval << 48;
}

/* Reads slot i into e (e->key 0 when empty or torn by a concurrent write). */
static inline void tt_read(const tt_slot *slot, tt_entry *e)
{
    uint64_t d = atomic_load_explicit(&slot->data, memory_order_relaxed);
    uint64_t c = atomic_load_explicit(&slot->check, memory_order_relaxed);
    e->key = d || c ? c ^ d : 0;
    e->move = (ct_move)(d & 0xffff);
    e->score = (int16_t)(uint16_t)(d >> 16);
    e->depth = (uint8_t)(d >> 32);
    e->flag = (uint8_t)(d >> 40);
    e->eval = (int16_t)(uint16_t)(d >> 48);
}

static inline void tt_write(tt_slot *slot, const tt_entry *e)
{
    uint64_t d = tt_pack(e);
    atomic_store_explicit(&slot->data, d, memory_order_relaxed);
    atomic_store_explicit(&slot->check, e->key ^ d, memory_order_relaxed);
}

/* ---------------------------------------------------------------------------------------
 * Context */

/* A piece type (king..pawn) and a square on the board, packed in 0..PIECE_TO-1: the index
 * of a move in the continuation history. */
enum { PIECE_TO = (CT_PIECE_TYPES - 1) * CT_FILES * CT_RANKS };

/* Each square's index 0..89 (rank * CT_FILES + file), read from a table: the arithmetic
 * costs more, at every move scored. */
#define SQ90_RANK(r)                                                                        \
    [CT_SQ(0, r)] = (r) * 9, (r) * 9 + 1, (r) * 9 + 2, (r) * 9 + 3, (r) * 9 + 4, (r) * 9 + 5, \
    (r) * 9 + 6, (r) * 9 + 7, (r) * 9 + 8
static const uint8_t sq90[CT_BOARD_SIZE] = {
    SQ90_RANK(0), SQ90_RANK(1), SQ90_RANK(2), SQ90_RANK(3), SQ90_RANK(4),
    SQ90_RANK(5), SQ90_RANK(6), SQ90_RANK(7), SQ90_RANK(8), SQ90_RANK(9),
};
#undef SQ90_RANK

static inline int piece_to(int pt, int sq)
{
    return (pt - 1) * CT_RANKS * CT_FILES + sq90[sq];
}

struct ct_search {
    tt_slot *tt;    /* owned, or a helper's view of its main context's table */
    size_t tt_mask; /* entries - 1 (power of two) */
    uint8_t tt_gen;
    atomic_int stop;
    atomic_int stop_requested; /* ct_search_stop since the run started */

    int level;
    uint64_t seed;
    const ct_book *book;
    bool use_book;

    /* Per search. */
    ct_pos pos;
    int root_ply;                  /* pos.ply at the root */
    ct_rules rules;
    int move_limit; /* plies without capture that draw; 0 = none */
    uint64_t nodes, node_limit;
    int64_t start_ns, soft_ns, hard_ns; /* hard_ns 0 = no time limit */
    int64_t last_poll_ns;
    int poll_count;
    bool infinite;
    int seldepth;
    ct_progress_fn progress;
    void *user;
    ct_search_info info; /* last completed iteration, for polls */

    ct_move killers[CT_MAX_PLY + 2][2];
    int history[2][CT_PIECE_TYPES][CT_BOARD_SIZE];
    /* Quiet moves judged by the moves before them. The countermove answers the opponent's
     * last move (indexed by the answering side and the piece_to of that move). Continuation
     * history:
     * [the mover's side][piece and to-square of the move 1 (cont[0]) or 2 (cont[1]) plies
     * back][piece and to-square of this move], pieces and squares packed by piece_to. */
    ct_move countermove[2][PIECE_TO];
    int16_t cont[2][2][PIECE_TO][PIECE_TO];
    int16_t moved[CT_MAX_PLY + 2]; /* piece_to of the move made at each ply, -1: null */
    ct_move pv[CT_MAX_PLY + 1][CT_MAX_PLY + 1];
    int pv_len[CT_MAX_PLY + 1];
    int static_eval[CT_MAX_PLY + 2];

    /* Root. */
    ct_move root_moves[CT_MAX_MOVES];
    int root_scores[CT_MAX_MOVES];
    int root_count;
    ct_move excluded[8];
    int n_excluded;

    /* mirror_tie's parts by the side to move and the square, for the root's lean: the
     * from-square's (its rank and file times 90) and the to-square's. */
    uint16_t tie_from[2][CT_BOARD_SIZE], tie_to[2][CT_BOARD_SIZE];
    int8_t lmr[64][64]; /* late-move reduction by depth and move number (ct_search_new) */

    /* Lazy SMP: helper contexts share the table and search the same root until the main
     * context's search ends (helper_stop); their only output is what they store. */
    int threads;
    ct_search *helper[CT_SEARCH_MAX_THREADS - 1];
    atomic_int helper_stop;
    const atomic_int *shared_stop; /* a helper's: its main context's helper_stop */
    const ct_pos *helper_root;      /* a helper's: the position to search */
    int depth_offset;               /* a helper's: start deeper, to spread the threads */
    pthread_t helper_thread[CT_SEARCH_MAX_THREADS - 1];

    bool (*abort)(void *user); /* ct_search_set_abort: asked at every poll */
    void *abort_user;

    /* Static evaluations already computed (eval_cached): the key's high 48 bits and the
     * score in the low 16, per context (each thread its own). */
    uint64_t eval_cache[1 << 14];

    /* The correction network's first-layer sums (net.h) at each pos.ply of the search from
     * the root's down, and the key of the position each belongs to: eval_cached takes a
     * node's from its parent's across one move when the parent's are there. */
    ct_net_acc net_acc[CT_MAX_PLY + 2];
    uint64_t net_key[CT_MAX_PLY + 2];

    /* Correction history (corrected_eval): [side to move][key] the learnt error of the
     * static score, in 1/TN_CORR_GRAIN cp, by structure and by material; the two keys of
     * the position at each pos.ply of the search, from the root's down. */
    int16_t corr_structure[2][1 << TN_CORR_ENTRIES_LOG2];
    int16_t corr_material[2][1 << TN_CORR_ENTRIES_LOG2];
    uint64_t structure_key[CT_MAX_HISTORY + 1], material_key[CT_MAX_HISTORY + 1];
};

static const int level_depth[10] = TN_LEVEL_DEPTH;
static const long level_nodes[10] = TN_LEVEL_NODES;
static const int level_second[10] = TN_LEVEL_SECOND;
static const int level_margin[10] = TN_LEVEL_MARGIN;
static const int level_blunder[10] = TN_LEVEL_BLUNDER;
static const int level_book[10] = TN_LEVEL_BOOK;
static const int level_default_ms[10] = TN_LEVEL_DEFAULT_MS;

/* Values for capture ordering (MVV/LVA), indexed by piece type. */
static const int order_value[CT_PIECE_TYPES] = {0, 50, 2, 2, 4, 9, 5, 1};

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static uint64_t splitmix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

void ct_limits_init(ct_limits *lim)
{
    memset(lim, 0, sizeof *lim);
    lim->multipv = 1;
}

static size_t entries_for(size_t hash_mb)
{
    if (hash_mb < 1)
        hash_mb = 1;
    if (hash_mb > CT_SEARCH_MAX_HASH_MB)
        hash_mb = CT_SEARCH_MAX_HASH_MB;
    size_t bytes = hash_mb << 20, n = 1;
    while (n * 2 * sizeof(tt_slot) <= bytes)
        n *= 2;
    return n;
}

ct_search *ct_search_new(size_t hash_mb)
{
    ct_search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    size_t n = entries_for(hash_mb);
    s->tt = calloc(n, sizeof *s->tt);
    if (!s->tt) {
        free(s);
        return NULL;
    }
    s->tt_mask = n - 1;
    /* Reductions grow with the log of the depth and of the move number: late moves in deep
     * trees are the least likely to matter. */
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            s->lmr[d][m] = (int8_t)(TN_LMR_BASE / 100.0 + log(d) * log(m) / (TN_LMR_DIV / 100.0));
    s->level = 10;
    s->threads = 1;
    s->use_book = true;
    s->rules = CT_RULES_DEFAULT;
    s->move_limit = ct_rules_move_limit(s->rules);
    atomic_init(&s->stop, 0);
    atomic_init(&s->stop_requested, 0);
    return s;
}

void ct_search_free(ct_search *s)
{
    if (!s)
        return;
    for (int i = 0; i < CT_SEARCH_MAX_THREADS - 1; i++)
        free(s->helper[i]); /* helpers share s->tt, they own nothing else */
    free(s->tt);
    free(s);
}

void ct_search_set_threads(ct_search *s, int threads)
{
    s->threads = threads < 1 ? 1 : threads > CT_SEARCH_MAX_THREADS ? CT_SEARCH_MAX_THREADS : threads;
}

int ct_search_threads(const ct_search *s)
{
    return s->threads;
}

ct_status ct_search_set_hash(ct_search *s, size_t hash_mb)
{
    size_t n = entries_for(hash_mb);
    tt_slot *tt = calloc(n, sizeof *tt);
    if (!tt)
        return CT_ERR_FULL;
    free(s->tt);
    s->tt = tt;
    s->tt_mask = n - 1;
    return CT_OK;
}

void ct_search_clear(ct_search *s)
{
    memset(s->tt, 0, (s->tt_mask + 1) * sizeof *s->tt);
    memset(s->history, 0, sizeof s->history);
    memset(s->countermove, 0, sizeof s->countermove);
    memset(s->cont, 0, sizeof s->cont);
    memset(s->killers, 0, sizeof s->killers);
    memset(s->corr_structure, 0, sizeof s->corr_structure);
    memset(s->corr_material, 0, sizeof s->corr_material);
    s->tt_gen = 0;
}

void ct_search_set_level(ct_search *s, int level, uint64_t seed)
{
    s->level = level < 1 ? 1 : level > 10 ? 10 : level;
    s->seed = seed;
}

int ct_search_level(const ct_search *s)
{
    return s->level;
}

void ct_search_set_book(ct_search *s, const ct_book *book)
{
    s->book = book;
}

void ct_search_use_book(ct_search *s, bool use_book)
{
    s->use_book = use_book;
}

void ct_search_set_rules(ct_search *s, int rules)
{
    if (rules >= 0 && rules < CT_RULES_COUNT)
        s->rules = (ct_rules)rules;
    s->move_limit = ct_rules_move_limit(s->rules);
}

void ct_search_stop(ct_search *s)
{
    atomic_store(&s->stop_requested, 1);
    atomic_store(&s->stop, 1);
}

bool ct_search_stop_requested(const ct_search *s)
{
    return atomic_load(&s->stop_requested) != 0;
}

void ct_search_set_abort(ct_search *s, bool (*abort)(void *user), void *user)
{
    s->abort = abort;
    s->abort_user = user;
}

static bool aborted(ct_search *s)
{
    return s->abort && s->abort(s->abort_user);
}

int ct_search_eval(const ct_pos *pos)
{
    return ct_eval(pos);
}

/* ---------------------------------------------------------------------------------------
 * Table access. Mate scores are stored relative to the node, not the root. */

static inline int score_to_tt(int v, int ply)
{
    return v > CT_SCORE_MATE_BOUND ? v + ply : v < -CT_SCORE_MATE_BOUND ? v - ply : v;
}
static inline int score_from_tt(int v, int ply)
{
    return v > CT_SCORE_MATE_BOUND ? v - ply : v < -CT_SCORE_MATE_BOUND ? v + ply : v;
}

/* Fills e with the entry of key; false when the table has none. */
static bool tt_probe(const ct_search *s, uint64_t key, tt_entry *e)
{
    size_t i = (size_t)key & s->tt_mask;
    tt_read(&s->tt[i], e);
    if (e->key == key)
        return true;
    tt_read(&s->tt[i ^ 1], e);
    return e->key == key;
}

static void tt_store(ct_search *s, uint64_t key, ct_move mv, int score, int depth, int bound,
                     int eval)
{
    size_t i = (size_t)key & s->tt_mask;
    tt_entry a, b;
    tt_read(&s->tt[i], &a);
    tt_read(&s->tt[i ^ 1], &b);
    tt_entry *e;
    size_t at;
    if (a.key == key) {
        e = &a, at = i;
    } else if (b.key == key) {
        e = &b, at = i ^ 1;
    } else {
        /* Replace the entry from an older search, else the shallower one. */
        int ga = (a.flag >> 2) == s->tt_gen, gb = (b.flag >> 2) == s->tt_gen;
        bool pick_b = ga != gb ? ga : a.depth > b.depth;
        e = pick_b ? &b : &a;
        at = pick_b ? i ^ 1 : i;
    }
    if (e->key == key && mv == CT_NO_MOVE)
        mv = e->move;
    if (e->key == key && bound != TT_EXACT && depth < e->depth - 2 && (e->flag >> 2) == s->tt_gen)
        return;
    e->key = key;
    e->move = mv;
    e->score = (int16_t)score;
    e->depth = (uint8_t)(depth < 0 ? 0 : depth);
    e->flag = (uint8_t)(bound | (s->tt_gen << 2));
    e->eval = (int16_t)eval;
    tt_write(&s->tt[at], e);
}

static int hashfull(const ct_search *s)
{
    int used = 0;
    size_t n = s->tt_mask + 1 < 1000 ? s->tt_mask + 1 : 1000;
    for (size_t i = 0; i < n; i++) {
        tt_entry e;
        tt_read(&s->tt[i], &e);
        used += e.key != 0 && (e.flag >> 2) == s->tt_gen;
    }
    return (int)(used * 1000 / n);
}

/* ---------------------------------------------------------------------------------------
 * Repetition: the referee's judgement (rules.h), in one place. A repetition inside the
 * search (2-fold) or a 3rd occurrence counting the game before the root is a draw, unless
 * one side checked on every move of the cycle and the other did not (the checker loses),
 * or, with no such check, one side chased one piece on every move and the other did not
 * (the chaser loses): every rule set but casual forbids both. */

enum { REP_NONE = CT_REP_NONE, REP_DRAW = CT_REP_DRAW, REP_WIN = CT_REP_WIN, REP_LOSS = CT_REP_LOSS };

static inline int repetition(ct_search *s)
{
    return (int)ct_rules_quick_repetition(&s->pos, s->root_ply, s->rules);
}

/* ---------------------------------------------------------------------------------------
 * Clock and progress */

static void report(ct_search *s, ct_progress_kind kind)
{
    if (!s->progress)
        return;
    s->info.kind = kind;
    s->info.nodes = s->nodes;
    s->info.time_ms = (int)((now_ns() - s->start_ns) / 1000000);
    s->info.seldepth = s->seldepth;
    if (kind == CT_PROGRESS_ITERATION)
        s->info.hashfull = hashfull(s);
    if (s->progress(s->user, &s->info))
        atomic_store(&s->stop, 1);
}

/* Called every node; looks at the clock every TN_POLL_NODES nodes. */
static inline bool should_stop(ct_search *s)
{
    if (atomic_load_explicit(&s->stop, memory_order_relaxed))
        return true;
    if (s->shared_stop && atomic_load_explicit(s->shared_stop, memory_order_relaxed)) {
        atomic_store(&s->stop, 1);
        return true;
    }
    if (s->node_limit && s->nodes >= s->node_limit) {
        atomic_store(&s->stop, 1);
        return true;
    }
    if (++s->poll_count < TN_POLL_NODES)
        return false;
    s->poll_count = 0;
    if (aborted(s)) {
        atomic_store(&s->stop, 1);
        return true;
    }
    int64_t t = now_ns();
    if (s->hard_ns && t - s->start_ns >= s->hard_ns) {
        atomic_store(&s->stop, 1);
        return true;
    }
    if (t - s->last_poll_ns >= (int64_t)TN_POLL_MS * 1000000) {
        s->last_poll_ns = t;
        report(s, CT_PROGRESS_POLL);
    }
    return atomic_load(&s->stop) != 0;
}

/* ---------------------------------------------------------------------------------------
 * Move ordering */

/* Each move's place in the order is one number, its key: the ordering score in the high 32
 * bits, and below it the tie-break (mirror_tie, the lower first) complemented, so that the
 * order is a single comparison. The key is negative exactly when the score is. */
typedef struct {
    ct_move mv[CT_MAX_MOVES];
    int64_t key[CT_MAX_MOVES];
    int n;
} move_list;

static inline int64_t order_key(int score, int tie)
{
    return (int64_t)score * ((int64_t)1 << 32) + (int64_t)(UINT32_MAX - (uint32_t)tie);
}

/* Mirror symmetry. A position and its left-right mirror image must get the same score, so
 * the search must treat them alike: its move order may depend on nothing that the mirror
 * changes. Moves of equal ordering score would otherwise be tried in the generator's
 * square order, which the mirror reverses (and with it which move LMR reduces). Ties are
 * broken by the move's squares with the files counted from the side of the board the root
 * position "leans" to: the sign of a sum over the pieces of (file - 4) times a random
 * weight per piece type, side and rank, which the mirror negates. The root's lean holds for
 * the whole tree, so that a symmetric position inside it, searched with history tables that
 * are mirror images, is searched in mirrored orders too; a symmetric root (sum 0) is its own
 * mirror image. */
static uint64_t mirror_weight(int piece_side, int type, int rank)
{
    uint64_t x = (uint64_t)(piece_side * 16 + type) * 16 + (uint64_t)rank + 0x51ed27ULL;
    x = (x ^ (x >> 31)) * 0x7fb5d329728ea185ULL;
    x = (x ^ (x >> 27)) * 0x81dadef4bc2dd44dULL;
    return x ^ (x >> 33);
}

static bool mirror_lean_left(const ct_pos *pos)
{
    uint64_t sum = 0;
    for (int pc = 0; pc < 32; pc++) {
        int sq = pos->sq_of[CT_SIDE_FLAG(pc >> 4) + (pc & 15)];
        if (sq)
            sum += (uint64_t)(int64_t)(CT_SQ_FILE(sq) - 4) *
                   mirror_weight(pc >> 4, ct_piece_type(pc & 15), CT_SQ_RANK(sq));
    }
    return sum != 0 && sum < (uint64_t)0 - sum;
}

/* A number per move, unique among the moves of a position, that the mirror image of the
 * move gets in the mirror image of the position: the generator's order of piece types
 * (king, advisors, elephants, horses, rooks, cannons, pawns), then the squares, ranks from
 * the mover's side and files counted from the root's leaning side. */
static inline int mirror_tie(const ct_search *s, ct_move mv)
{
    int f = CT_FROM(mv), t = CT_TO(mv), side = s->pos.side;
    return ct_piece_type(s->pos.board[f]) * 8100 + s->tie_from[side][f] + s->tie_to[side][t];
}

/* Sets mirror_tie's parts for the root's lean. */
static void set_mirror_ties(ct_search *s)
{
    bool left = mirror_lean_left(&s->pos);
    for (int side = 0; side < 2; side++)
        for (int sq = 0; sq < CT_BOARD_SIZE; sq++) {
            if (!ct_sq_on_board(sq))
                continue;
            int file = left ? CT_SQ_FILE(sq) : 8 - CT_SQ_FILE(sq), rank = CT_SQ_RANK(sq);
            if (side == CT_BLACK)
                rank = 9 - rank;
            s->tie_from[side][sq] = (uint16_t)((rank * 9 + file) * 90);
            s->tie_to[side][sq] = (uint16_t)((9 - rank) * 9 + file);
        }
}

/* What the moves before a node say about its quiet moves: the continuation history rows of
 * the moves 1 and 2 plies back (NULL after a null move or above the root) and the
 * countermove of the last one. */
typedef struct {
    int16_t *cont1, *cont2;
    ct_move counter;
} quiet_context;

static quiet_context quiet_context_at(ct_search *s, int ply)
{
    quiet_context qc = {NULL, NULL, CT_NO_MOVE};
    int side = s->pos.side;
    if (ply >= 1 && s->moved[ply - 1] >= 0) {
        qc.cont1 = s->cont[side][0][s->moved[ply - 1]];
        qc.counter = s->countermove[side][s->moved[ply - 1]];
    }
    if (ply >= 2 && s->moved[ply - 2] >= 0)
        qc.cont2 = s->cont[side][1][s->moved[ply - 2]];
    return qc;
}

/* The history of a quiet move: the butterfly table plus both continuations. */
static inline int quiet_history(const ct_search *s, const quiet_context *qc, int pt, int to)
{
    int h = s->history[s->pos.side][pt][to], i = piece_to(pt, to);
    if (qc->cont1)
        h += qc->cont1[i];
    if (qc->cont2)
        h += qc->cont2[i];
    return h;
}

/* The history rule: a bonus drawn toward +TN_HISTORY_MAX (a malus toward -) the nearer the
 * entry already is to it, so entries stay within the bound. */
static inline void history_add(int *h, int bonus)
{
    *h += bonus - *h * abs(bonus) / TN_HISTORY_MAX;
}

static inline void history_add16(int16_t *h, int bonus)
{
    *h = (int16_t)(*h + bonus - *h * abs(bonus) / TN_HISTORY_MAX);
}

/* A quiet move caused a beta cutoff: it earns history in every table, the quiet moves tried
 * before it lose as much, and it becomes the countermove of the opponent's last move. */
static void reward_quiet(ct_search *s, const quiet_context *qc, int ply, ct_move mv,
                         const ct_move *quiets, int n_quiets, int depth)
{
    const ct_pos *pos = &s->pos;
    int side = pos->side, bonus = TN_HISTORY_BONUS_PER_DEPTH * depth - TN_HISTORY_BONUS_OFFSET;
    if (bonus > TN_HISTORY_BONUS_MAX)
        bonus = TN_HISTORY_BONUS_MAX;
    for (int q = -1; q < n_quiets; q++) {
        ct_move m = q < 0 ? mv : quiets[q];
        int b = q < 0 ? bonus : -bonus;
        int pt = ct_piece_type(pos->board[CT_FROM(m)]), to = CT_TO(m), i = piece_to(pt, to);
        history_add(&s->history[side][pt][to], b);
        if (qc->cont1)
            history_add16(&qc->cont1[i], b);
        if (qc->cont2)
            history_add16(&qc->cont2[i], b);
    }
    if (ply >= 1 && s->moved[ply - 1] >= 0)
        s->countermove[side][s->moved[ply - 1]] = mv;
}

static void score_moves(const ct_search *s, move_list *ml, ct_move tt_move, int ply,
                        const quiet_context *qc, bool see_captures)
{
    const ct_pos *pos = &s->pos;
    for (int i = 0; i < ml->n; i++) {
        ct_move mv = ml->mv[i];
        int pc = pos->board[CT_FROM(mv)], victim = pos->board[CT_TO(mv)];
        int sc;
        if (mv == tt_move)
            sc = 1 << 30;
        else if (victim)
            /* A capture that loses material in its exchange (SEE < 0) goes after the quiet
             * moves (their history stays within +/- 3 TN_HISTORY_MAX). */
            sc = (see_captures && !see_ge(pos, mv, 0) ? -(1 << 20) : (1 << 24)) +
                 order_value[ct_piece_type(victim)] * 64 - order_value[ct_piece_type(pc)];
        else if (mv == s->killers[ply][0])
            sc = (1 << 23);
        else if (mv == s->killers[ply][1])
            sc = (1 << 23) - 1;
        else if (mv == qc->counter)
            sc = (1 << 23) - 2;
        else
            sc = quiet_history(s, qc, ct_piece_type(pc), CT_TO(mv));
        ml->key[i] = order_key(sc, mirror_tie(s, mv));
    }
}

static inline ct_move pick_next(move_list *ml, int i)
{
    int best = i;
    int64_t best_key = ml->key[i];
    for (int j = i + 1; j < ml->n; j++)
        if (ml->key[j] > best_key)
            best = j, best_key = ml->key[j];
    if (best != i) {
        ct_move m = ml->mv[i];
        ml->mv[i] = ml->mv[best];
        ml->mv[best] = m;
        ml->key[best] = ml->key[i];
        ml->key[i] = best_key;
    }
    return ml->mv[i];
}

/* Could `by` take on sq? Where it cannot, a quiet move to sq loses nothing in exchanges
 * (SEE 0). ct_sq_attacked knows the pawns, horses, rooks, cannons and the king along a
 * file; SEE also counts the steps of the advisors, the elephants and the king, added here
 * (an elephant's river is not tested: at worst SEE is asked for nothing). Asked once the
 * move is made, on the board SEE plays its exchange on. */
static inline bool square_taken_by(const ct_pos *pos, int sq, int by)
{
    const uint8_t *sq_of = pos->sq_of + CT_SIDE_FLAG(by);
    for (int slot = CT_SLOT_ADVISOR; slot < CT_SLOT_ADVISOR + 2; slot++) {
        int d = sq - sq_of[slot];
        if (sq_of[slot] && (d == 17 || d == 15 || d == -15 || d == -17))
            return true;
    }
    for (int slot = CT_SLOT_ELEPHANT; slot < CT_SLOT_ELEPHANT + 2; slot++) {
        int d = sq - sq_of[slot];
        if (sq_of[slot] && (d == 34 || d == 30 || d == -30 || d == -34) &&
            pos->board[sq_of[slot] + d / 2] == 0)
            return true;
    }
    int d = sq - sq_of[CT_SLOT_KING];
    if (d == 16 || d == -16 || d == 1 || d == -1)
        return true;
    return ct_sq_attacked(pos, sq, by);
}

/* ---------------------------------------------------------------------------------------
 * Correction history. The static score errs the same way in positions that share their
 * slow-changing part, and the search learns by how much: every node whose score says more
 * than a bound on the wrong side moves the entries of its structure (the squares of the
 * pawns, advisors and elephants) and of its material towards its error, and the static
 * score used for pruning is corrected by the mean of the two. The keys are kept per ply
 * (make_legal, the null move, the root), so a node pays two lookups. */

static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ull;
    x ^= x >> 29;
    return x;
}

/* A piece's share of the structure key: pawns, advisors and elephants only. */
static inline uint64_t structure_term(int pc, int sq)
{
    int slot = pc & 15;
    if (slot < CT_SLOT_ADVISOR || (slot >= CT_SLOT_HORSE && slot < CT_SLOT_PAWN))
        return 0;
    int kind = slot < CT_SLOT_HORSE ? 1 : 2;
    return mix64((uint64_t)(sq | kind << 8 | CT_PIECE_SIDE(pc) << 10));
}

/* A piece's share of the material key: a 4-bit count per piece type and side. */
static inline uint64_t material_term(int pc)
{
    int slot = pc & 15, kind = slot < CT_SLOT_PAWN ? (slot + 1) / 2 : 6;
    return (uint64_t)1 << (4 * kind + 28 * CT_PIECE_SIDE(pc));
}

static void corr_keys_of(const ct_pos *pos, uint64_t *structure, uint64_t *material)
{
    uint64_t k = 0, m = 0;
    for (int pc = 17; pc < 48; pc++) {
        if ((pc & 15) == CT_SLOT_KING || !pos->sq_of[pc])
            continue;
        k ^= structure_term(pc, pos->sq_of[pc]);
        m += material_term(pc);
    }
    *structure = k;
    *material = m;
}

static void corr_root_keys(ct_search *s)
{
    corr_keys_of(&s->pos, &s->structure_key[s->pos.ply], &s->material_key[s->pos.ply]);
}

/* The keys after the move just made, from the keys before it. */
static inline void corr_child_keys(ct_search *s)
{
    const ct_pos *pos = &s->pos;
    const ct_undo *u = &pos->hist[pos->ply - 1];
    int from = CT_FROM(u->move), to = CT_TO(u->move), pc = pos->board[to];
    uint64_t k = s->structure_key[pos->ply - 1] ^ structure_term(pc, from) ^ structure_term(pc, to);
    uint64_t m = s->material_key[pos->ply - 1];
    if (u->captured) {
        k ^= structure_term(u->captured, to);
        m -= material_term(u->captured);
    }
    s->structure_key[pos->ply] = k;
    s->material_key[pos->ply] = m;
}

static inline int16_t *corr_entry(ct_search *s, bool material)
{
#ifdef CT_DEBUG
    uint64_t k, m;
    corr_keys_of(&s->pos, &k, &m);
    assert(k == s->structure_key[s->pos.ply] && m == s->material_key[s->pos.ply]);
#endif
    int shift = 64 - TN_CORR_ENTRIES_LOG2, side = s->pos.side;
    if (material)
        return &s->corr_material[side][mix64(s->material_key[s->pos.ply]) >> shift];
    return &s->corr_structure[side][mix64(s->structure_key[s->pos.ply]) >> shift];
}

static inline int corrected_eval(ct_search *s, int raw)
{
    int c = *corr_entry(s, false) * TN_CORR_STRUCTURE + *corr_entry(s, true) * TN_CORR_MATERIAL;
    int v = raw + c / (TN_CORR_GRAIN * 100);
    int cap = CT_SCORE_MATE_BOUND - 1;
    return v > cap ? cap : v < -cap ? -cap : v;
}

static inline void corr_learn(int16_t *e, int error, int depth)
{
    int rate = depth + 1 < TN_CORR_RATE_MAX ? depth + 1 : TN_CORR_RATE_MAX;
    if (error > TN_CORR_ERROR_MAX)
        error = TN_CORR_ERROR_MAX;
    if (error < -TN_CORR_ERROR_MAX)
        error = -TN_CORR_ERROR_MAX;
    *e = (int16_t)((*e * (256 - rate) + error * TN_CORR_GRAIN * rate) / 256);
}

/* Makes mv if it is legal; records whether it gave check. Returns false (unmade) if not.
 * `in_check`: the mover is in check before the move. The attack tests are skipped where
 * the geometry says the answer (bd_touches_lines): the same verdicts, fewer tests. */
static inline bool make_legal(ct_search *s, ct_move mv, bool in_check, bool *gives_check)
{
    ct_pos *pos = &s->pos;
    int mover = pos->side;
    int from = CT_FROM(mv), to = CT_TO(mv);
    int own_king = ct_pos_king(pos, mover), their_king = ct_pos_king(pos, mover ^ 1);
    bool horse = ct_piece_type(pos->board[from]) == CT_HORSE;
    ct_pos_make(pos, mv);
    /* The child probes the table first: start loading its bucket now. */
    __builtin_prefetch(&s->tt[(size_t)pos->key & s->tt_mask & ~(size_t)1]);
    if ((in_check || from == own_king || bd_touches_lines(own_king, from, to)) &&
        ct_in_check(pos, mover)) {
        ct_pos_unmake(pos);
        return false;
    }
    bool chk = (horse || bd_touches_lines(their_king, from, to)) && ct_in_check(pos, pos->side);
    pos->hist[pos->ply - 1].in_check = chk;
    *gives_check = chk;
    corr_child_keys(s);
    return true;
}

/* Sets aside the moves from place i on that late move pruning would skip without making
 * them (quiet, plainly legal, no check): their keys go to `keys`, the list keeps the
 * others. Returns how many were set aside. */
static int set_aside_plain_quiets(const ct_pos *pos, move_list *ml, int i, int64_t *keys)
{
    int kept = i, aside = 0;
    for (int j = i; j < ml->n; j++) {
        ct_move mv = ml->mv[j];
        if (pos->board[CT_TO(mv)] == 0 && bd_plainly_legal_no_check(pos, mv, false)) {
            keys[aside++] = ml->key[j];
        } else {
            ml->mv[kept] = mv;
            ml->key[kept++] = ml->key[j];
        }
    }
    ml->n = kept;
    return aside;
}

/* How many of the n keys are above `key` (keys are unique: the tie-break tells every move
 * of a position apart). */
static inline int keys_above(const int64_t *keys, int n, int64_t key)
{
    int above = 0;
    for (int j = 0; j < n; j++)
        above += keys[j] > key;
    return above;
}

/* Is the side to move in check? Known from the move that led here inside the tree. */
static inline bool node_in_check(const ct_search *s)
{
    const ct_pos *pos = &s->pos;
    if (pos->ply > s->root_ply && pos->hist[pos->ply - 1].move != CT_NO_MOVE)
        return pos->hist[pos->ply - 1].in_check;
    return pos->ply > s->root_ply ? false : ct_in_check(pos, pos->side);
}

static void update_pv(ct_search *s, int ply, ct_move mv)
{
    s->pv[ply][0] = mv;
    int n = s->pv_len[ply + 1];
    if (n > CT_MAX_PLY - 1)
        n = CT_MAX_PLY - 1;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)n * sizeof(ct_move));
    s->pv_len[ply] = n + 1;
}

/* The score of a repeated position for the side to move: a draw, or a perpetual (check or
 * chase) lost by one side, scored as a mate at this ply: the referee ends the game here, so
 * a side that is mated later anyway resists longer by being mated than by repeating, and
 * the winner takes whichever end comes first. False when the position is no repetition. */
static bool repetition_score(ct_search *s, int ply, int *score)
{
    switch (repetition(s)) {
    case REP_DRAW: *score = TN_DRAW_SCORE; return true;
    case REP_LOSS: *score = -CT_SCORE_MATE + ply; return true;
    case REP_WIN: *score = CT_SCORE_MATE - ply; return true;
    default: return false;
    }
}

/* Has the side to move enough pieces that a null move is not a zugzwang trap? */
static bool null_ok(const ct_pos *pos)
{
    int base = CT_SIDE_FLAG(pos->side), n = 0;
    for (int slot = CT_SLOT_HORSE; slot < CT_SLOT_PAWN; slot++)
        n += pos->sq_of[base + slot] != 0;
    return n >= TN_NULL_MIN_PIECES;
}

/* ---------------------------------------------------------------------------------------
 * Quiescence: captures (all evasions when in check) until the position is quiet. */

/* The network's sums of s->pos in net_acc, brought up to date: every node that asks for
 * its evaluation keeps them, even when a table or the cache answers, so that its
 * children take theirs across one move rather than from all the pieces. */
static const ct_net_acc *net_sums(ct_search *s)
{
    const ct_pos *pos = &s->pos;
    int i = pos->ply - s->root_ply;
    ct_net_acc *acc = &s->net_acc[i];
    if (s->net_key[i] != pos->key) {
        if (i > 0 && s->net_key[i - 1] == pos->hist[pos->ply - 1].key)
            ct_net_update(pos, &s->net_acc[i - 1], acc);
        else
            ct_net_refresh(pos, acc);
        s->net_key[i] = pos->key;
    }
    return acc;
}

/* ct_eval through a small cache: the score depends only on the position (its key). The
 * table's entry of the position holds it as well, when it has one (`tte`, NULL if none). */
static inline int eval_cached(ct_search *s, const tt_entry *tte)
{
    const ct_net_acc *acc = net_sums(s);
    if (tte && tte->eval != TT_NO_EVAL)
        return tte->eval;
    uint64_t key = s->pos.key, *e = &s->eval_cache[key & ((1u << 14) - 1)];
    if (*e && (*e ^ key) >> 16 == 0)
        return (int16_t)(uint16_t)*e;
    int v = ct_eval_with_net(&s->pos, ct_net_output(acc, s->pos.side));
    *e = (key & ~(uint64_t)0xffff) | (uint16_t)(int16_t)v;
    return v;
}

static int qsearch(ct_search *s, int alpha, int beta, int ply, int qply)
{
    ct_pos *pos = &s->pos;
    s->nodes++;
    s->pv_len[ply] = 0;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (should_stop(s))
        return 0;
    if (ply >= CT_MAX_PLY - 1)
        return ct_eval(pos);

    int rep_score;
    if (repetition_score(s, ply, &rep_score))
        return rep_score;

    /* The table: a cutoff outside PV nodes (any stored depth is enough here), else its
     * move first. */
    bool pv_node = beta - alpha > 1;
    int alpha0 = alpha;
    ct_move tt_move = CT_NO_MOVE;
    tt_entry tte;
    bool tt_hit = tt_probe(s, pos->key, &tte);
    if (tt_hit) {
        int tv = score_from_tt(tte.score, ply), bound = tte.flag & 3;
        if (!pv_node && (bound == TT_EXACT || (bound == TT_LOWER && tv >= beta) ||
                         (bound == TT_UPPER && tv <= alpha)))
            return tv;
        tt_move = tte.move;
    }

    bool in_check = node_in_check(s);
    int best = -CT_SCORE_MATE + ply, raw = TT_NO_EVAL;
    ct_move best_move = CT_NO_MOVE;
    move_list ml;
    if (in_check) {
        net_sums(s); /* for the evasions, though this node has no static score */
        ml.n = ct_gen_pseudo(pos, ml.mv);
    } else {
        raw = eval_cached(s, tt_hit ? &tte : NULL);
        int stand = corrected_eval(s, raw);
        if (stand >= beta) {
            if (!tt_hit)
                tt_store(s, pos->key, CT_NO_MOVE, score_to_tt(stand, ply), 0, TT_LOWER, raw);
            return stand;
        }
        if (stand > alpha)
            alpha = stand;
        best = stand;
        ml.n = ct_gen_captures(pos, ml.mv);
    }
    (void)qply;
    /* The table's move only when it is one of the moves generated here (a capture, or any
     * evasion in check). */
    quiet_context qc = quiet_context_at(s, ply);
    score_moves(s, &ml, tt_move, ply, &qc, false);
    for (int i = 0; i < ml.n; i++) {
        ct_move mv = pick_next(&ml, i);
        /* A capture that loses material in the exchange it starts (SEE < 0) is skipped,
         * not in check (a score stands: the stand-pat) and not when it gives check. */
        bool losing = !in_check && !see_ge(pos, mv, 0);
        if (losing && bd_plainly_legal_no_check(pos, mv, in_check))
            continue;
        int moved = piece_to(ct_piece_type(pos->board[CT_FROM(mv)]), CT_TO(mv));
        bool chk;
        if (!make_legal(s, mv, in_check, &chk))
            continue;
        s->moved[ply] = (int16_t)moved;
        if (losing && !chk) {
            ct_pos_unmake(pos);
            continue;
        }
        int v = -qsearch(s, -beta, -alpha, ply + 1, qply + 1);
        ct_pos_unmake(pos);
        if (atomic_load_explicit(&s->stop, memory_order_relaxed))
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                best_move = mv;
                update_pv(s, ply, mv);
                if (v >= beta)
                    break;
            }
        }
    }
    /* Never over a deeper search's entry of the same position. */
    if (!tt_hit || tte.depth == 0)
        tt_store(s, pos->key, best_move, score_to_tt(best, ply), 0,
                 best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER, raw);
    return best;
}

/* ---------------------------------------------------------------------------------------
 * The main search. `cut_node`: a null-window node expected to fail high (its parent's
 * later moves, searched to refute the parent's best so far; the children of a cut node
 * alternate). Such a node has its late moves reduced more, and without a move in the table
 * it is searched a ply shallower, as is a PV node: that search mostly just finds the move. */

static int search(ct_search *s, int alpha, int beta, int depth, int ply, bool allow_null,
                  bool cut_node)
{
    ct_pos *pos = &s->pos;
    bool pv_node = beta - alpha > 1;
    s->pv_len[ply] = 0;

    /* 1. Leaves go to quiescence. */
    if (depth <= 0)
        return qsearch(s, alpha, beta, ply, 0);
    s->nodes++;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (should_stop(s))
        return 0;
    if (ply >= CT_MAX_PLY - 1)
        return ct_eval(pos);

    /* 2. Draws and perpetuals: repetitions, the no-capture limit. Mate-distance pruning. */
    int rep_score;
    if (repetition_score(s, ply, &rep_score))
        return rep_score;
    if (s->move_limit && pos->halfmove >= s->move_limit)
        return TN_DRAW_SCORE;
    int mated = -CT_SCORE_MATE + ply;
    if (alpha < mated)
        alpha = mated;
    if (beta > -mated - 1)
        beta = -mated - 1;
    if (alpha >= beta)
        return alpha;

    /* 3. Transposition table: cut off in non-PV nodes, else take its move first. */
    ct_move tt_move = CT_NO_MOVE;
    tt_entry tte, *te = tt_probe(s, pos->key, &tte) ? &tte : NULL;
    if (te) {
        tt_move = te->move;
        int tv = score_from_tt(te->score, ply);
        int bound = te->flag & 3;
        if (!pv_node && te->depth >= depth &&
            (bound == TT_EXACT || (bound == TT_LOWER && tv >= beta) ||
             (bound == TT_UPPER && tv <= alpha)))
            return tv;
    }

    bool in_check = node_in_check(s);
    if (in_check)
        net_sums(s); /* for the evasions, though this node has no static score */
    int raw_eval = in_check ? -CT_SCORE_INF : eval_cached(s, te);
    int eval = in_check ? -CT_SCORE_INF : corrected_eval(s, raw_eval);
    s->static_eval[ply] = eval;
    /* Better than two plies ago (our last move helped): prune and reduce less. */
    bool improving = !in_check && ply >= 2 && eval > s->static_eval[ply - 2];

    /* 4. Reverse futility: far above beta near the leaves, trust the static score (a
     * smaller margin when improving). Razoring: far below alpha, only captures can help,
     * so ask quiescence and believe a fail low. */
    if (!pv_node && !in_check && depth <= TN_RFP_MAX_DEPTH && beta < CT_SCORE_MATE_BOUND &&
        eval - TN_RFP_MARGIN * (depth - (improving ? 1 : 0)) >= beta)
        return eval;
    if (!pv_node && !in_check && depth <= TN_RAZOR_DEPTH && alpha > -CT_SCORE_MATE_BOUND &&
        eval + TN_RAZOR_MARGIN * depth <= alpha) {
        int v = qsearch(s, alpha, alpha + 1, ply, 0);
        if (v <= alpha)
            return v;
    }

    /* 5. Null move: give the opponent a free move; if we are still above beta, cut. Not in
     * check, not with few pieces (zugzwang), and verified at high depth. */
    if (!pv_node && allow_null && !in_check && depth >= TN_NULL_MIN_DEPTH && eval >= beta &&
        beta > -CT_SCORE_MATE_BOUND && beta < CT_SCORE_MATE_BOUND && null_ok(pos)) {
        /* Deeper the further the static score stands above beta. */
        int margin = (eval - beta) / TN_NULL_EVAL_DIV;
        int r = TN_NULL_REDUCTION + depth / TN_NULL_DEPTH_DIV +
                (margin < TN_NULL_EVAL_MAX ? margin : TN_NULL_EVAL_MAX);
        ct_pos_make_null(pos);
        s->structure_key[pos->ply] = s->structure_key[pos->ply - 1];
        s->material_key[pos->ply] = s->material_key[pos->ply - 1];
        s->moved[ply] = -1;
        int v = -search(s, -beta, -beta + 1, depth - 1 - r, ply + 1, false, !cut_node);
        ct_pos_unmake_null(pos);
        if (atomic_load_explicit(&s->stop, memory_order_relaxed))
            return 0;
        if (v >= beta) {
            if (v > CT_SCORE_MATE_BOUND)
                v = beta;
            if (depth < TN_NULL_VERIFY_DEPTH)
                return v;
            int vv = search(s, beta - 1, beta, depth - r, ply, false, false);
            if (vv >= beta)
                return v;
        }
    }

    /* Internal iterative reduction: no move in the table where one is expected to matter. */
    if (tt_move == CT_NO_MOVE && depth >= TN_IIR_MIN_DEPTH && (pv_node || cut_node))
        depth--;

    /* 6. Moves: TT move, captures by MVV/LVA, killers, the countermove, history. */
    move_list ml;
    ml.n = ct_gen_pseudo(pos, ml.mv);
    quiet_context qc = quiet_context_at(s, ply);
    score_moves(s, &ml, tt_move, ply, &qc, true);
    int best = -CT_SCORE_INF, legal = 0, bound = TT_UPPER;
    ct_move best_move = CT_NO_MOVE;
    ct_move quiets[CT_MAX_MOVES];
    int n_quiets = 0;
    s->killers[ply + 1][0] = s->killers[ply + 1][1] = CT_NO_MOVE;
    /* Once late move pruning applies it applies to every quiet move left (the count of
     * quiets searched only grows): those that are plainly legal and give no check are
     * then set aside unmade and unpicked, and counted into `legal` where the moves still
     * searched would have met them, so that every reduction stays the same. */
    int64_t aside_keys[CT_MAX_MOVES];
    int n_aside = -1, aside_counted = 0;
    /* Late move pruning: this many quiet moves searched, the rest skipped. */
    const int lmp_quiets =
        depth <= TN_LMP_DEPTH ? (TN_LMP_BASE + depth * depth) / (improving ? 1 : 2) : INT_MAX;

    for (int i = 0; i < ml.n; i++) {
        /* Whether the pruning of 6a may act at all. */
        bool may_prune = !pv_node && !in_check && legal >= 1 && best > -CT_SCORE_MATE_BOUND;
        if (n_aside < 0 && may_prune && n_quiets >= lmp_quiets) {
            n_aside = set_aside_plain_quiets(pos, &ml, i, aside_keys);
            if (i >= ml.n)
                break;
        }
        ct_move mv = pick_next(&ml, i);
        bool capture = pos->board[CT_TO(mv)] != 0;
        int pt = ct_piece_type(pos->board[CT_FROM(mv)]);
        int hist = capture ? 0 : quiet_history(s, &qc, pt, CT_TO(mv));
        /* A capture that loses material in its exchange is reduced like a quiet move;
         * score_moves asked its SEE already and ranked it below every quiet move. */
        bool losing_capture = capture && legal >= 1 && !in_check && depth >= TN_LMR_MIN_DEPTH &&
                              ml.key[i] < 0;

        /* 6a. Once a move has been searched and no mate is at stake (not in PV nodes, not in
         * check), a move that does not check is skipped: a quiet one when the static score
         * is too far below alpha for it to make up at the depth it would be searched to
         * after its reduction (futility), after the first few quiets near the leaves (late
         * move pruning: well-ordered moves that late rarely matter), or when it loses more
         * material in exchanges than that reduced depth could win back (SEE); a capture
         * near the leaves when it loses more than a margin per ply. Whether the move checks
         * is known only once it is made, unless the geometry settles it unmade. */
        bool skip = false, quiet_see_asked = false;
        int quiet_see_floor = 0;
        if (may_prune) {
            if (!capture) {
                int lmr_depth =
                    depth - 1 - s->lmr[depth < 64 ? depth : 63][legal < 63 ? legal + 1 : 63];
                if (lmr_depth < 0)
                    lmr_depth = 0;
                skip = (lmr_depth <= TN_FUTILITY_DEPTH &&
                        eval + TN_FUTILITY_MARGIN + TN_FUTILITY_PER_DEPTH * lmr_depth <= alpha) ||
                       n_quiets >= lmp_quiets;
                /* SEE is asked below, and only where the move can lose more than the floor:
                 * a quiet move loses at most its own piece. */
                quiet_see_floor = -TN_SEE_QUIET_MARGIN * lmr_depth * lmr_depth;
                quiet_see_asked = !skip && lmr_depth <= TN_FUTILITY_DEPTH &&
                                  -see_piece_value(pos->side, pt, CT_TO(mv)) < quiet_see_floor;
            } else if (depth <= TN_SEE_CAPTURE_DEPTH) {
                skip = !see_ge(pos, mv, -TN_SEE_CAPTURE_MARGIN * depth);
            }
        }
        if (skip && bd_plainly_legal_no_check(pos, mv, in_check)) {
            legal++;
            continue;
        }
        bool chk;
        if (!make_legal(s, mv, in_check, &chk))
            continue;
        s->moved[ply] = (int16_t)piece_to(pt, CT_TO(mv));
        legal++;
        /* A quiet move's SEE only when the other side can take on its square, seen cheaply
         * once the move is made (SEE copies the board and plays an exchange out, and most
         * late quiet moves go where nothing takes them); unmade to ask SEE, made again if
         * it stands. */
        if (quiet_see_asked && !chk && square_taken_by(pos, CT_TO(mv), pos->side)) {
            ct_pos_unmake(pos);
            if (!see_ge(pos, mv, quiet_see_floor))
                continue;
            ct_pos_make(pos, mv);
        }
        if (skip && !chk) {
            ct_pos_unmake(pos);
            continue;
        }
        if (n_aside > 0) {
            int above = keys_above(aside_keys, n_aside, ml.key[i]);
            legal += above - aside_counted;
            aside_counted = above;
        }

        /* 6b. Check extension; late quiet moves and losing captures reduced (LMR) from the
         * second move (the fourth in PV nodes), re-searched on a fail high. */
        int ext = (chk && ply < TN_CHECK_EXT_MAX_PLY) ? 1 : 0;
        int nd = depth - 1 + ext;
        int v;
        if (legal == 1) {
            v = -search(s, -beta, -alpha, nd, ply + 1, true, !pv_node && !cut_node);
        } else {
            int red = 0;
            if (depth >= TN_LMR_MIN_DEPTH && legal > (pv_node ? TN_LMR_MIN_MOVES_PV : 1) &&
                (!capture || losing_capture) && !in_check) {
                /* Less for moves that look good (killers, a good history, a check, a PV
                 * node), more where the position is not improving. */
                red = s->lmr[depth < 64 ? depth : 63][legal < 64 ? legal : 63];
                if (pv_node)
                    red--;
                if (!improving)
                    red++;
                if (cut_node)
                    red += TN_LMR_CUT_NODE;
                if (chk || mv == s->killers[ply][0] || mv == s->killers[ply][1])
                    red--;
                red -= hist / TN_LMR_HISTORY_DIV;
                if (red > nd - 1)
                    red = nd - 1;
                if (red < 0)
                    red = 0;
            }
            v = -search(s, -alpha - 1, -alpha, nd - red, ply + 1, true, red || !cut_node);
            if (v > alpha && red)
                v = -search(s, -alpha - 1, -alpha, nd, ply + 1, true, !cut_node);
            if (v > alpha && v < beta)
                v = -search(s, -beta, -alpha, nd, ply + 1, true, false);
        }
        ct_pos_unmake(pos);
        if (atomic_load_explicit(&s->stop, memory_order_relaxed))
            return 0;

        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = mv;
                alpha = v;
                bound = TT_EXACT;
                update_pv(s, ply, mv);
                if (v >= beta) {
                    bound = TT_LOWER;
                    /* 6c. A quiet cutoff move becomes a killer, the countermove, and earns
                     * history; the quiet moves tried before it lose some. */
                    if (!capture) {
                        if (s->killers[ply][0] != mv) {
                            s->killers[ply][1] = s->killers[ply][0];
                            s->killers[ply][0] = mv;
                        }
                        reward_quiet(s, &qc, ply, mv, quiets, n_quiets, depth);
                    }
                    break;
                }
            }
        }
        if (!capture && n_quiets < CT_MAX_MOVES)
            quiets[n_quiets++] = mv;
    }

    if (n_aside > 0)
        legal += n_aside - aside_counted;

    /* 7. No legal move: mated or stalemated, both lost in xiangqi. */
    if (legal == 0)
        return mated;
    /* 8. The static score's error, where the search's score tells it: not in check, not a
     * capture's gain, no mate, and not a bound on the wrong side of the static score. */
    if (!in_check && (best_move == CT_NO_MOVE || !pos->board[CT_TO(best_move)]) &&
        best > -CT_SCORE_MATE_BOUND && best < CT_SCORE_MATE_BOUND &&
        !(bound == TT_LOWER && best <= eval) && !(bound == TT_UPPER && best >= eval)) {
        corr_learn(corr_entry(s, false), best - raw_eval, depth);
        corr_learn(corr_entry(s, true), best - raw_eval, depth);
    }
    tt_store(s, pos->key, best_move, score_to_tt(best, ply), depth, bound,
             in_check ? TT_NO_EVAL : raw_eval);
    return best;
}

/* ---------------------------------------------------------------------------------------
 * Root */

static bool excluded(const ct_search *s, ct_move mv)
{
    for (int i = 0; i < s->n_excluded; i++)
        if (s->excluded[i] == mv)
            return true;
    return false;
}

/* Searches the root moves (minus the excluded ones) in their current order. Returns the
 * best score; the best move goes first in root_moves; pv in s->pv[0]. */
static int search_root(ct_search *s, int alpha, int beta, int depth, ct_move *best_out)
{
    ct_pos *pos = &s->pos;
    int best = -CT_SCORE_INF, searched = 0;
    bool in_check = ct_in_check(pos, pos->side);
    s->pv_len[0] = 0;
    s->nodes++;
    for (int i = 0; i < s->root_count; i++) {
        ct_move mv = s->root_moves[i];
        if (excluded(s, mv))
            continue;
        int moved = piece_to(ct_piece_type(pos->board[CT_FROM(mv)]), CT_TO(mv));
        bool chk;
        if (!make_legal(s, mv, in_check, &chk))
            continue;
        s->moved[0] = (int16_t)moved;
        searched++;
        int nd = depth - 1 + (chk ? 1 : 0);
        int v;
        if (searched == 1) {
            v = -search(s, -beta, -alpha, nd, 1, true, false);
        } else {
            int red = (depth >= TN_LMR_MIN_DEPTH && searched > TN_LMR_ROOT_MOVES && !chk &&
                       !in_check && !pos->hist[pos->ply - 1].captured) ? 1 : 0;
            v = -search(s, -alpha - 1, -alpha, nd - red, 1, true, true);
            if (v > alpha && red)
                v = -search(s, -alpha - 1, -alpha, nd, 1, true, true);
            if (v > alpha && v < beta)
                v = -search(s, -beta, -alpha, nd, 1, true, false);
        }
        ct_pos_unmake(pos);
        if (atomic_load_explicit(&s->stop, memory_order_relaxed) && searched > 1)
            break;
        if (atomic_load_explicit(&s->stop, memory_order_relaxed) && searched == 1)
            return best;
        s->root_scores[i] = v;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                update_pv(s, 0, mv);
                *best_out = mv;
                /* Move it to the front so the next iteration tries it first. */
                for (int k = i; k > 0; k--) {
                    s->root_moves[k] = s->root_moves[k - 1];
                    s->root_scores[k] = s->root_scores[k - 1];
                }
                s->root_moves[0] = mv;
                s->root_scores[0] = v;
                if (v >= beta)
                    break;
            }
        }
    }
    return best;
}

/* ---------------------------------------------------------------------------------------
 * Time. A plan (pure arithmetic, ct_search_time_plan) gives the optimum and the maximum
 * for the move; after every iteration the optimum is scaled by how settled the search is
 * (ct_search_time_scale): no new iteration starts once most of the scaled optimum is
 * spent, and the running one is aborted at a multiple of it, never after the maximum. */

ct_time_plan ct_search_time_plan(const ct_limits *lim, int side)
{
    ct_time_plan p = {0, 0, false};
    if (lim->infinite)
        return p;
    int mytime = side == CT_RED ? lim->wtime : lim->btime;
    int myinc = side == CT_RED ? lim->winc : lim->binc;
    if (lim->movetime_ms > 0) {
        /* The time asked for, less what answering costs (at most TN_MOVETIME_OVERHEAD_MS). */
        int over = lim->movetime_ms / 50;
        if (over > TN_MOVETIME_OVERHEAD_MS)
            over = TN_MOVETIME_OVERHEAD_MS;
        p.optimum_ms = p.maximum_ms = lim->movetime_ms - over < 1 ? 1 : lim->movetime_ms - over;
        p.fixed = true;
        return p;
    }
    if (mytime <= 0)
        return p;
    int mtg = lim->movestogo > 0 && lim->movestogo < TN_TIME_MOVES_LEFT ? lim->movestogo
                                                                       : TN_TIME_MOVES_LEFT;
    /* What may be spent: the clock less the pipe overhead, and in sudden death less one
     * overhead per move still to come, so that a long game never runs the clock out. */
    int64_t avail = (int64_t)mytime - TN_TIME_OVERHEAD_MS;
    if (avail < TN_TIME_MIN_MS)
        avail = TN_TIME_MIN_MS;
    int64_t opt = avail / mtg + (int64_t)myinc * TN_TIME_INC_SHARE / 100;
    int64_t cap = avail * (lim->movestogo == 1 ? TN_TIME_LAST_SHARE : TN_TIME_MAX_SHARE) / 100;
    if (opt > cap)
        opt = cap;
    int64_t max = opt * TN_TIME_HARD_FACTOR;
    if (max > cap)
        max = cap;
    if (opt < TN_TIME_MIN_MS)
        opt = TN_TIME_MIN_MS;
    if (max < opt)
        max = opt;
    p.optimum_ms = (int)opt;
    p.maximum_ms = (int)max;
    return p;
}

int ct_search_time_scale(int changes, int prev_changes, int score_drop, int stable_iterations)
{
    int pct = 100;
    /* An unsettled best move: the last iterations disagree, look deeper. */
    pct += TN_TIME_CHANGE_PCT * changes + TN_TIME_CHANGE_PCT / 2 * prev_changes;
    /* A falling score: something was found against the move, look for a better one. */
    if (score_drop >= TN_TIME_DROP_BIG)
        pct += TN_TIME_DROP_BIG_PCT;
    else if (score_drop >= TN_TIME_DROP_SMALL)
        pct += TN_TIME_DROP_SMALL_PCT;
    /* The same move for many iterations and a steady score: clearly best, save time. */
    if (changes == 0 && prev_changes == 0 && score_drop < TN_TIME_DROP_SMALL &&
        stable_iterations >= TN_TIME_STABLE_ITERS)
        pct = TN_TIME_STABLE_PCT;
    return pct > TN_TIME_SCALE_MAX ? TN_TIME_SCALE_MAX : pct;
}

/* Sets the deadlines from the plan and a scale in percent (hard_ns 0: no time limit). */
static void set_deadlines(ct_search *s, const ct_time_plan *p, int scale_pct)
{
    s->soft_ns = s->hard_ns = 0;
    if (p->maximum_ms <= 0)
        return;
    if (p->fixed) {
        s->soft_ns = s->hard_ns = (int64_t)p->maximum_ms * 1000000;
        return;
    }
    int64_t soft = (int64_t)p->optimum_ms * scale_pct / 100;
    int64_t hard = soft * TN_TIME_ABORT_FACTOR;
    if (hard > p->maximum_ms)
        hard = p->maximum_ms;
    if (soft > hard)
        soft = hard;
    s->soft_ns = soft * 1000000;
    s->hard_ns = hard * 1000000;
}

/* ---------------------------------------------------------------------------------------
 * Levels: after the search, weaker levels may take a second-best line or blunder. */

static int choose_line(ct_search *s, const ct_move *line_moves, const int *line_scores, int lines)
{
    if (s->level >= 10 || lines < 2)
        return 0;
    int li = s->level - 1;
    uint64_t r = splitmix(s->seed ^ s->pos.key ^ ((uint64_t)s->pos.ply * 0x9e37ULL));
    int roll = (int)(r % 1000), roll2 = (int)((r >> 20) % 1000);
    (void)line_moves;
    if (line_scores[0] > CT_SCORE_MATE_BOUND)
        return 0; /* a found mate is always played */
    if (roll < level_blunder[li]) {
        /* A blunder: any of the other lines that does not walk into a mate. */
        int pick = 1 + (int)((r >> 40) % (uint64_t)(lines - 1));
        if (line_scores[pick] > -CT_SCORE_MATE_BOUND)
            return pick;
    }
    if (roll2 < level_second[li] && line_scores[1] > -CT_SCORE_MATE_BOUND &&
        line_scores[0] - line_scores[1] <= level_margin[li])
        return 1;
    return 0;
}

/* ---------------------------------------------------------------------------------------
 * Entry point */

/* ---------------------------------------------------------------------------------------
 * Lazy SMP helpers */

static void *helper_main(void *arg)
{
    ct_search *h = arg;
    ct_limits lim;
    ct_limits_init(&lim);
    lim.infinite = true;
    ct_search_result res;
    ct_search_run(h, h->helper_root, &lim, NULL, NULL, &res);
    return NULL;
}

/* Starts the helpers of a full-strength search; returns how many run. */
static int start_helpers(ct_search *s, const ct_pos *root)
{
    if (s->threads < 2 || s->level != 10 || s->shared_stop)
        return 0;
    atomic_store(&s->helper_stop, 0);
    int n = 0;
    for (int i = 0; i < s->threads - 1; i++) {
        if (!s->helper[i] && !(s->helper[i] = calloc(1, sizeof *s->helper[i])))
            break;
        ct_search *h = s->helper[i];
        h->tt = s->tt;
        h->tt_mask = s->tt_mask;
        h->tt_gen = s->tt_gen;
        memcpy(h->lmr, s->lmr, sizeof h->lmr);
        h->level = 10;
        h->threads = 1;
        h->use_book = false;
        h->rules = s->rules;
        h->move_limit = s->move_limit;
        h->shared_stop = &s->helper_stop;
        h->helper_root = root;
        h->depth_offset = (i + 1) & 1;
        if (pthread_create(&s->helper_thread[i], NULL, helper_main, h) != 0)
            break;
        n++;
    }
    return n;
}

/* Stops and joins the helpers; their nodes count in the main search's total. */
static void stop_helpers(ct_search *s, int n)
{
    atomic_store(&s->helper_stop, 1);
    for (int i = 0; i < n; i++) {
        pthread_join(s->helper_thread[i], NULL);
        s->nodes += s->helper[i]->nodes;
    }
}

/* Loads pos into the context, keeping at most the history search can use, and marks which
 * history moves gave check (perpetual-check verdicts need it). */
static void load_position(ct_search *s, const ct_pos *pos)
{
    memcpy(&s->pos, pos, sizeof *pos);
    ct_pos *p = &s->pos;
    int keep_max = CT_MAX_HISTORY - CT_MAX_PLY - 16;
    if (p->ply > keep_max) {
        int drop = p->ply - keep_max;
        memmove(p->hist, p->hist + drop, (size_t)keep_max * sizeof p->hist[0]);
        p->ply = keep_max;
    }
    /* Walk back over the reversible tail, then forward again setting in_check. */
    int back = 0;
    while (back < p->ply && back < 240) {
        const ct_undo *u = &p->hist[p->ply - 1];
        if (u->move == CT_NO_MOVE || u->captured)
            break;
        ct_pos_unmake(p);
        back++;
    }
    ct_move moves[256];
    for (int i = 0; i < back; i++)
        moves[i] = pos->hist[pos->ply - back + i].move;
    for (int i = 0; i < back; i++) {
        ct_pos_make(p, moves[i]);
        p->hist[p->ply - 1].in_check = ct_in_check(p, p->side);
    }
}

ct_status ct_search_run(ct_search *s, const ct_pos *pos, const ct_limits *lim_in,
                        ct_progress_fn progress, void *user, ct_search_result *res)
{
    ct_limits lim;
    if (lim_in)
        lim = *lim_in;
    else
        ct_limits_init(&lim);
    memset(res, 0, sizeof *res);
    /* A stop asked before now is forgotten; an abort question still holds. */
    atomic_store(&s->stop_requested, 0);
    atomic_store(&s->stop, aborted(s) ? 1 : 0);
    s->start_ns = s->last_poll_ns = now_ns();
    s->progress = progress;
    s->user = user;
    s->nodes = 0;
    s->poll_count = 0;
    s->seldepth = 0;
    memset(&s->info, 0, sizeof s->info);
    s->info.multipv = 1;
    if (!ct_pos_ok(pos))
        return CT_ERR_INVALID;
    load_position(s, pos);
    s->root_ply = s->pos.ply;
    corr_root_keys(s);
    if (!s->shared_stop) /* a helper works in its main context's generation */
        s->tt_gen = (uint8_t)((s->tt_gen + 1) & 63);
    memset(s->killers, 0, sizeof s->killers);
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < CT_PIECE_TYPES; t++)
            for (int q = 0; q < CT_BOARD_SIZE; q++)
                s->history[c][t][q] /= 4;
    /* The continuation tables and the countermoves are kept whole from move to move (until
     * ct_search_clear): their entries, pairs of moves, are learnt slowly and stay true. */

    /* 1. Root moves; none means the side to move has lost. */
    s->root_count = ct_gen_legal(&s->pos, s->root_moves);
    if (s->root_count == 0) {
        res->score = -CT_SCORE_MATE;
        return CT_OK;
    }
    /* The first iteration tries them in an order the mirror image shares (mirror_tie). */
    set_mirror_ties(s);
    for (int i = 1; i < s->root_count; i++) {
        ct_move m = s->root_moves[i];
        int j = i;
        for (; j > 0 && mirror_tie(s, s->root_moves[j - 1]) > mirror_tie(s, m); j--)
            s->root_moves[j] = s->root_moves[j - 1];
        s->root_moves[j] = m;
    }
    bool only = false;
    for (int i = 0; i < s->root_count && lim.only_move != CT_NO_MOVE; i++)
        if (s->root_moves[i] == lim.only_move) {
            s->root_moves[0] = lim.only_move;
            s->root_count = 1;
            only = true;
        }

    /* 2. The book, for the levels that use it. */
    if (s->use_book && s->book && level_book[s->level - 1] && !lim.infinite && !only) {
        ct_move bm = ct_book_pick_level(s->book, &s->pos, s->seed, s->level);
        if (bm != CT_NO_MOVE) {
            res->best = bm;
            res->from_book = true;
            res->pv[0] = bm;
            res->pv_len = 1;
            res->time_ms = (int)((now_ns() - s->start_ns) / 1000000);
            return CT_OK;
        }
    }

    /* 3. Limits: the caller's, narrowed by the level. */
    int li = s->level - 1;
    int max_depth = lim.depth > 0 ? lim.depth : CT_MAX_PLY - 8;
    if (level_depth[li] && max_depth > level_depth[li])
        max_depth = level_depth[li];
    if (max_depth > CT_MAX_PLY - 8)
        max_depth = CT_MAX_PLY - 8;
    s->node_limit = lim.nodes;
    if (level_nodes[li] && (s->node_limit == 0 || s->node_limit > (uint64_t)level_nodes[li]))
        s->node_limit = (uint64_t)level_nodes[li];
    s->infinite = lim.infinite;
    ct_time_plan plan = ct_search_time_plan(&lim, s->pos.side);
    if (plan.maximum_ms == 0 && !lim.infinite && lim.depth == 0 && lim.nodes == 0) {
        /* A level's own pace: spent like a clock's optimum, never beyond it. */
        plan.optimum_ms = plan.maximum_ms = level_default_ms[li];
    }
    set_deadlines(s, &plan, 100);
    int changes = 0, prev_changes = 0, stable = 0, prev_best_score = 0;
    ct_move prev_best = CT_NO_MOVE;
    int lines = lim.multipv > 1 ? lim.multipv : 1;
    if (s->level < 10 && lines < 4)
        lines = s->level <= 4 ? 4 : 2;
    if (lines > s->root_count)
        lines = s->root_count;
    if (lines > 8)
        lines = 8;
    int report_lines = lim.multipv > 1 ? (lim.multipv < lines ? lim.multipv : lines) : 1;

    /* Order root moves by a shallow score so iteration 1 starts sensibly. */
    for (int i = 0; i < s->root_count; i++)
        s->root_scores[i] = 0;

    ct_move line_move[8] = {0};
    int line_score[8] = {0};
    int line_pv_len[8] = {0};
    ct_move line_pv[8][CT_MAX_PLY];
    ct_move best = s->root_moves[0];
    int best_score = 0, done_depth = 0;

    /* 4. Iterative deepening, with an aspiration window around the last score. */
    int helpers = start_helpers(s, pos);
    for (int depth = 1 + s->depth_offset; depth <= max_depth; depth++) {
        s->n_excluded = 0;
        int got = 0;
        for (int line = 0; line < lines; line++) {
            int prev = line_score[line];
            int window = TN_ASPIRATION_WINDOW;
            int alpha = -CT_SCORE_INF, beta = CT_SCORE_INF;
            if (depth >= TN_ASPIRATION_MIN_DEPTH && line == 0 && !ct_score_is_mate(prev)) {
                alpha = prev - window;
                beta = prev + window;
            }
            ct_move mv = CT_NO_MOVE;
            int v;
            for (;;) {
                mv = CT_NO_MOVE;
                v = search_root(s, alpha, beta, depth, &mv);
                if (atomic_load(&s->stop))
                    break;
                if (v <= alpha) {
                    alpha = alpha - window < -CT_SCORE_INF ? -CT_SCORE_INF : alpha - window;
                    window *= 2;
                } else if (v >= beta) {
                    beta = beta + window > CT_SCORE_INF ? CT_SCORE_INF : beta + window;
                    window *= 2;
                } else {
                    break;
                }
                if (window > 1000) {
                    alpha = -CT_SCORE_INF;
                    beta = CT_SCORE_INF;
                }
            }
            bool stopped = atomic_load(&s->stop) != 0;
            if (stopped) {
                /* A move that beat the first one in an unfinished iteration is still good. */
                if (line == 0 && mv != CT_NO_MOVE && s->pv_len[0] > 0 &&
                    (done_depth == 0 || v > line_score[0])) {
                    best = mv;
                    best_score = v;
                    line_pv_len[0] = s->pv_len[0];
                    memcpy(line_pv[0], s->pv[0], (size_t)s->pv_len[0] * sizeof(ct_move));
                }
                break;
            }
            if (mv == CT_NO_MOVE)
                break;
            line_move[line] = mv;
            line_score[line] = v;
            line_pv_len[line] = s->pv_len[0];
            memcpy(line_pv[line], s->pv[0], (size_t)s->pv_len[0] * sizeof(ct_move));
            s->excluded[s->n_excluded++] = mv;
            got++;
            if (line == 0) {
                best = mv;
                best_score = v;
            }
            if (line < report_lines) {
                s->info.depth = depth;
                s->info.multipv = line + 1;
                s->info.score = v;
                s->info.pv_len = line_pv_len[line];
                memcpy(s->info.pv, line_pv[line], (size_t)line_pv_len[line] * sizeof(ct_move));
                report(s, CT_PROGRESS_ITERATION);
            }
        }
        if (atomic_load(&s->stop) || got < lines)
            break;
        done_depth = depth;
        /* Keep the lines in score order for the next iteration's root ordering. */
        for (int k = lines - 1; k >= 0; k--) {
            for (int i = 0; i < s->root_count; i++)
                if (s->root_moves[i] == line_move[k]) {
                    ct_move m = s->root_moves[i];
                    for (int j = i; j > 0; j--)
                        s->root_moves[j] = s->root_moves[j - 1];
                    s->root_moves[0] = m;
                    break;
                }
        }
        /* A proven mate needs no deeper search (except when analysing). */
        if (!s->infinite && ct_score_is_mate(best_score) &&
            depth >= CT_SCORE_MATE - abs(best_score) + 2)
            break;
        /* Time: a fixed time is spent to the end (the unfinished iteration still counts);
         * with a clock, the optimum is rescaled by how settled the search is, and no new
         * iteration starts when it would most likely not end before the deadline. */
        if (!plan.fixed && plan.maximum_ms > 0) {
            prev_changes = changes;
            changes = depth > 1 && best != prev_best;
            stable = changes ? 0 : stable + 1;
            int drop = depth > 1 ? prev_best_score - best_score : 0;
            prev_best = best;
            prev_best_score = best_score;
            if (s->root_count == 1 && !only && depth >= TN_TIME_FORCED_DEPTH)
                break; /* one legal move: a score to show is all that is left to find */
            set_deadlines(s, &plan, ct_search_time_scale(changes, prev_changes, drop, stable));
            if (now_ns() - s->start_ns >= s->soft_ns * TN_TIME_NEW_ITER_PCT / 100)
                break;
        }
    }

    stop_helpers(s, helpers);

    /* 5. Result: the best line, or for weaker levels sometimes another one. */
    int pick = 0;
    if (done_depth > 0 && lines > 1)
        pick = choose_line(s, line_move, line_score, lines);
    if (pick > 0) {
        best = line_move[pick];
        best_score = line_score[pick];
        line_pv_len[0] = line_pv_len[pick];
        memcpy(line_pv[0], line_pv[pick], (size_t)line_pv_len[pick] * sizeof(ct_move));
    }
    res->best = best;
    res->score = done_depth > 0 || pick ? best_score : 0;
    res->depth = done_depth;
    res->nodes = s->nodes;
    res->time_ms = (int)((now_ns() - s->start_ns) / 1000000);
    if (done_depth > 0 && line_pv_len[0] > 0 && line_pv[0][0] == best) {
        res->pv_len = line_pv_len[0];
        memcpy(res->pv, line_pv[0], (size_t)res->pv_len * sizeof(ct_move));
    } else {
        res->pv[0] = best;
        res->pv_len = 1;
    }
    res->ponder = res->pv_len > 1 ? res->pv[1] : CT_NO_MOVE;
    return CT_OK;
}
