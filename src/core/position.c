/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the position: placing pieces, make/unmake with an incremental Zobrist key,
 * and the invariant check that debug builds run after every make and unmake. */
#include <assert.h>
#include <string.h>

#include "cotuong/movegen.h"
#include "cotuong/position.h"
#include "eval_internal.h"

#ifdef CT_DEBUG
#define CT_ASSERT_OK(pos) assert(ct_pos_ok(pos))
#else
#define CT_ASSERT_OK(pos) ((void)0)
#endif

/* Zobrist keys are a fixed hash of (side, type, square) rather than a table of random
 * numbers: the same quality for hashing, nothing to initialise, nothing mutable. The hash is
 * written as macros so that the compiler folds it into a constant table for make (a hash
 * at every make cost some 40 instructions); the functions below evaluate the same macros at
 * run time, and ct_pos_ok compares the incremental key (from the table) against them. */
#define ZK_STEP1(x) ((x) + 0x9e3779b97f4a7c15ULL)
#define ZK_STEP2(x) (((x) ^ ((x) >> 30)) * 0xbf58476d1ce4e5b9ULL)
#define ZK_STEP3(x) (((x) ^ ((x) >> 27)) * 0x94d049bb133111ebULL)
#define ZK_STEP4(x) ((x) ^ ((x) >> 31))
#define ZK_MIX64(x) ZK_STEP4(ZK_STEP3(ZK_STEP2(ZK_STEP1((uint64_t)(x)))))
/* Kind = side * 8 + type. */
#define ZK_PIECE(kind, sq)                                                                    \
    ZK_MIX64((((uint64_t)(kind) << 8) | (uint64_t)(sq)) ^ 0x636f74756f6e67ULL)
#define ZK_SIDE ZK_MIX64(0x5a5a5a5a5a5a5a5aULL)

/* The table covers the padded rows 3..12 (the board's ten ranks), squares 48..207. */
#define ZK_FIRST_SQ 48
#define ZK_SQUARES 160
#define ZK_ROW(k, r)                                                                          \
    ZK_PIECE(k, 48 + 16 * (r) + 0), ZK_PIECE(k, 48 + 16 * (r) + 1),                           \
        ZK_PIECE(k, 48 + 16 * (r) + 2), ZK_PIECE(k, 48 + 16 * (r) + 3),                       \
        ZK_PIECE(k, 48 + 16 * (r) + 4), ZK_PIECE(k, 48 + 16 * (r) + 5),                       \
        ZK_PIECE(k, 48 + 16 * (r) + 6), ZK_PIECE(k, 48 + 16 * (r) + 7),                       \
        ZK_PIECE(k, 48 + 16 * (r) + 8), ZK_PIECE(k, 48 + 16 * (r) + 9),                       \
        ZK_PIECE(k, 48 + 16 * (r) + 10), ZK_PIECE(k, 48 + 16 * (r) + 11),                     \
        ZK_PIECE(k, 48 + 16 * (r) + 12), ZK_PIECE(k, 48 + 16 * (r) + 13),                     \
        ZK_PIECE(k, 48 + 16 * (r) + 14), ZK_PIECE(k, 48 + 16 * (r) + 15)
#define ZK_KIND(k)                                                                            \
    {ZK_ROW(k, 0), ZK_ROW(k, 1), ZK_ROW(k, 2), ZK_ROW(k, 3), ZK_ROW(k, 4),                    \
     ZK_ROW(k, 5), ZK_ROW(k, 6), ZK_ROW(k, 7), ZK_ROW(k, 8), ZK_ROW(k, 9)}

/* Indexed by side * 8 + type; kinds 0 and 8 (no type) are never read. */
static const uint64_t zobrist_keys[16][ZK_SQUARES] = {
    ZK_KIND(0),  ZK_KIND(1),  ZK_KIND(2),  ZK_KIND(3),  ZK_KIND(4),  ZK_KIND(5),
    ZK_KIND(6),  ZK_KIND(7),  ZK_KIND(8),  ZK_KIND(9),  ZK_KIND(10), ZK_KIND(11),
    ZK_KIND(12), ZK_KIND(13), ZK_KIND(14), ZK_KIND(15),
};

uint64_t ct_zobrist_piece(int side, int type, ct_sq sq)
{
    return ZK_PIECE(side * 8 + type, sq);
}

uint64_t ct_zobrist_side(void)
{
    return ZK_SIDE;
}

/* The key of a piece index on a board square, from the table. */
static inline uint64_t piece_key(int pc, ct_sq sq)
{
    return zobrist_keys[CT_PIECE_SIDE(pc) * 8 + ct_piece_type(pc)][sq - ZK_FIRST_SQ];
}

static inline void occ_set(ct_pos *pos, ct_sq sq)
{
    pos->row_occ[CT_SQ_ROW(sq)] |= (uint16_t)(1u << CT_SQ_COL(sq));
    pos->col_occ[CT_SQ_COL(sq)] |= (uint16_t)(1u << CT_SQ_ROW(sq));
}

static inline void occ_clear(ct_pos *pos, ct_sq sq)
{
    pos->row_occ[CT_SQ_ROW(sq)] &= (uint16_t)~(1u << CT_SQ_COL(sq));
    pos->col_occ[CT_SQ_COL(sq)] &= (uint16_t)~(1u << CT_SQ_ROW(sq));
}

void ct_pos_clear(ct_pos *pos)
{
    memset(pos->board, CT_OFFBOARD, sizeof pos->board);
    for (int r = 0; r < CT_RANKS; r++)
        for (int f = 0; f < CT_FILES; f++)
            pos->board[CT_SQ(f, r)] = 0;
    memset(pos->sq_of, 0, sizeof pos->sq_of);
    memset(pos->row_occ, 0, sizeof pos->row_occ);
    memset(pos->col_occ, 0, sizeof pos->col_occ);
    pos->key = 0;
    pos->pst = 0;
    pos->side = CT_RED;
    pos->halfmove = 0;
    pos->fullmove = 1;
    pos->ply = 0;
}

void ct_pos_start(ct_pos *pos)
{
    ct_status st = ct_fen_read(pos, CT_START_FEN, NULL);
    assert(st == CT_OK);
    (void)st;
}

static const uint8_t first_slot[CT_PIECE_TYPES] = {0, 0, 1, 3, 5, 7, 9, 11};
static const uint8_t slot_count[CT_PIECE_TYPES] = {0, 1, 2, 2, 2, 2, 2, 5};

ct_status ct_pos_put(ct_pos *pos, int side, int type, ct_sq sq)
{
    if (!ct_sq_on_board(sq) || type < CT_KING || type > CT_PAWN || (side != 0 && side != 1))
        return CT_ERR_INVALID;
    if (pos->board[sq] != 0)
        ct_pos_remove(pos, sq);
    int base = CT_SIDE_FLAG(side) + first_slot[type];
    for (int i = 0; i < slot_count[type]; i++) {
        int pc = base + i;
        if (pos->sq_of[pc] == 0) {
            pos->sq_of[pc] = sq;
            pos->board[sq] = (uint8_t)pc;
            occ_set(pos, sq);
            pos->key ^= piece_key(pc, sq);
            pos->pst += eval_pst_share(pc, sq);
            return CT_OK;
        }
    }
    return CT_ERR_FULL;
}

void ct_pos_remove(ct_pos *pos, ct_sq sq)
{
    int pc = pos->board[sq];
    if (pc == 0 || pc == CT_OFFBOARD)
        return;
    pos->key ^= piece_key(pc, sq);
    pos->pst -= eval_pst_share(pc, sq);
    pos->sq_of[pc] = 0;
    pos->board[sq] = 0;
    occ_clear(pos, sq);
}

void ct_pos_set_side(ct_pos *pos, int side)
{
    if (pos->side != side)
        pos->key ^= ZK_SIDE;
    pos->side = side;
}

/* Toggles a square's bit in the occupancy masks: make and unmake flip squares known to be
 * occupied or empty, so a toggle is a set or a clear. */
static inline void occ_flip(ct_pos *pos, ct_sq sq)
{
    pos->row_occ[CT_SQ_ROW(sq)] ^= (uint16_t)(1u << CT_SQ_COL(sq));
    pos->col_occ[CT_SQ_COL(sq)] ^= (uint16_t)(1u << CT_SQ_ROW(sq));
}

void ct_pos_make(ct_pos *pos, ct_move mv)
{
    ct_sq from = CT_FROM(mv), to = CT_TO(mv);
    int pc = pos->board[from];
    int cap = pos->board[to];
    assert(pos->ply < CT_MAX_HISTORY);
    assert(pc != 0 && pc != CT_OFFBOARD && CT_PIECE_SIDE(pc) == pos->side);

    /* Read the fields into locals before writing the undo record, which lies inside *pos:
     * the compiler would otherwise reload them after each write. */
    uint64_t key = pos->key;
    int64_t pst = pos->pst;
    int halfmove = pos->halfmove, side = pos->side;
    ct_undo *u = &pos->hist[pos->ply++];
    u->key = key;
    u->move = mv;
    u->captured = (uint8_t)cap;
    u->in_check = 0;
    u->halfmove = (uint16_t)halfmove;
    u->pst = pst;

    key ^= piece_key(pc, from) ^ piece_key(pc, to) ^ ZK_SIDE;
    pst += eval_pst_move(pc, from, to);
    if (cap) {
        key ^= piece_key(cap, to);
        pst -= eval_pst_share(cap, to);
        pos->sq_of[cap] = 0;
        halfmove = 0;
    } else {
        occ_flip(pos, to);
        halfmove++;
    }
    occ_flip(pos, from);
    pos->board[to] = (uint8_t)pc;
    pos->board[from] = 0;
    pos->sq_of[pc] = to;
    pos->key = key;
    pos->pst = pst;
    pos->halfmove = halfmove;
    pos->fullmove += side; /* after Black's move (CT_BLACK is 1) */
    pos->side = side ^ 1;
    CT_ASSERT_OK(pos);
}

void ct_pos_unmake(ct_pos *pos)
{
    assert(pos->ply > 0);
    const ct_undo *u = &pos->hist[--pos->ply];
    ct_sq from = CT_FROM(u->move), to = CT_TO(u->move);
    int cap = u->captured;
    uint64_t key = u->key;
    int64_t pst = u->pst;
    int halfmove = u->halfmove;
    int pc = pos->board[to];

    pos->board[from] = (uint8_t)pc;
    pos->sq_of[pc] = from;
    occ_flip(pos, from);
    pos->board[to] = (uint8_t)cap;
    if (cap)
        pos->sq_of[cap] = to;
    else
        occ_flip(pos, to);
    int side = pos->side ^ 1;
    pos->side = side;
    pos->fullmove -= side; /* undoing Black's move (CT_BLACK is 1) */
    pos->key = key;
    pos->pst = pst;
    pos->halfmove = halfmove;
    CT_ASSERT_OK(pos);
}

void ct_pos_make_null(ct_pos *pos)
{
    assert(pos->ply < CT_MAX_HISTORY);
    ct_undo *u = &pos->hist[pos->ply++];
    u->key = pos->key;
    u->move = CT_NO_MOVE;
    u->captured = 0;
    u->in_check = 0;
    u->halfmove = (uint16_t)pos->halfmove;
    pos->key ^= ZK_SIDE;
    if (pos->side == CT_BLACK)
        pos->fullmove++;
    pos->side ^= 1;
    pos->halfmove++;
}

void ct_pos_unmake_null(ct_pos *pos)
{
    assert(pos->ply > 0 && pos->hist[pos->ply - 1].move == CT_NO_MOVE);
    const ct_undo *u = &pos->hist[--pos->ply];
    pos->side ^= 1;
    if (pos->side == CT_BLACK)
        pos->fullmove--;
    pos->key = u->key;
    pos->halfmove = u->halfmove;
}

ct_status ct_pos_play(ct_pos *pos, ct_move mv)
{
    if (pos->ply >= CT_MAX_HISTORY)
        return CT_ERR_FULL;
    if (!ct_is_legal(pos, mv))
        return CT_ERR_ILLEGAL;
    ct_pos_make(pos, mv);
    return CT_OK;
}

uint64_t ct_pos_compute_key(const ct_pos *pos)
{
    uint64_t key = pos->side == CT_BLACK ? ZK_SIDE : 0;
    for (int pc = 16; pc < 48; pc++)
        if (pos->sq_of[pc])
            key ^= ct_zobrist_piece(CT_PIECE_SIDE(pc), ct_piece_type(pc), pos->sq_of[pc]);
    return key;
}

bool ct_pos_ok(const ct_pos *pos)
{
    uint16_t rows[16] = {0}, cols[16] = {0};
    int seen = 0;
    for (int sq = 0; sq < CT_BOARD_SIZE; sq++) {
        int pc = pos->board[sq];
        if (!ct_sq_on_board(sq)) {
            if (pc != CT_OFFBOARD)
                return false;
            continue;
        }
        if (pc == 0)
            continue;
        if (pc < 16 || pc >= 48 || pos->sq_of[pc] != sq)
            return false;
        rows[CT_SQ_ROW(sq)] |= (uint16_t)(1u << CT_SQ_COL(sq));
        cols[CT_SQ_COL(sq)] |= (uint16_t)(1u << CT_SQ_ROW(sq));
        seen++;
    }
    int listed = 0;
    for (int pc = 16; pc < 48; pc++)
        if (pos->sq_of[pc]) {
            if (pos->board[pos->sq_of[pc]] != pc)
                return false;
            listed++;
        }
    if (listed != seen || memcmp(rows, pos->row_occ, sizeof rows) != 0 ||
        memcmp(cols, pos->col_occ, sizeof cols) != 0)
        return false;
    if (pos->side != CT_RED && pos->side != CT_BLACK)
        return false;
    if (!pos->sq_of[16] || !pos->sq_of[32])
        return false;
    if (pos->key != ct_pos_compute_key(pos))
        return false;
    int64_t pst = 0;
    for (int pc = 16; pc < 48; pc++)
        if (pos->sq_of[pc])
            pst += eval_pst_share(pc, pos->sq_of[pc]);
    return pst == pos->pst;
}

int ct_pos_count(const ct_pos *pos, int side, int type)
{
    int n = 0, base = CT_SIDE_FLAG(side) + first_slot[type];
    for (int i = 0; i < slot_count[type]; i++)
        n += pos->sq_of[base + i] != 0;
    return n;
}

ct_sq ct_sq_parse(const char *s)
{
    if (s[0] < 'a' || s[0] > 'i' || s[1] < '0' || s[1] > '9')
        return CT_NO_SQ;
    return (ct_sq)CT_SQ(s[0] - 'a', s[1] - '0');
}

void ct_sq_name(ct_sq sq, char out[3])
{
    out[0] = (char)('a' + CT_SQ_FILE(sq));
    out[1] = (char)('0' + CT_SQ_RANK(sq));
    out[2] = '\0';
}

ct_move ct_move_parse_coord(const char *s)
{
    ct_sq from = ct_sq_parse(s);
    if (from == CT_NO_SQ)
        return CT_NO_MOVE;
    ct_sq to = ct_sq_parse(s + 2);
    if (to == CT_NO_SQ || s[4] != '\0')
        return CT_NO_MOVE;
    return CT_MOVE(from, to);
}

void ct_move_coord(ct_move mv, char out[5])
{
    if (mv == CT_NO_MOVE) {
        memcpy(out, "0000", 5);
        return;
    }
    ct_sq_name(CT_FROM(mv), out);
    ct_sq_name(CT_TO(mv), out + 2);
}
