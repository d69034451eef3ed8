/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — cờ úp (揭棋, Jieqi): the face-down variant's position, rules, deal, views, FEN
 * and the AI that searches a player's view (../shared/spec/coup.md).
 *
 * Usage:
 *     ct_coup_deal deal;
 *     ct_coup_deal_random(&deal, seed);          // the seed goes into the record
 *     ct_coup_pos full;                          // the referee's position: knows the deal
 *     ct_coup_start(&full, &deal);
 *     ct_coup_pos red;                           // what Red may know
 *     ct_coup_view(&full, CT_RED, &red);
 *     ct_move moves[CT_MAX_MOVES];
 *     int n = ct_coup_gen_legal(&red, moves);    // the same moves from either position
 *     int t = ct_coup_make(&full, moves[0], 0);  // plays; returns the type revealed (or 0)
 *     ct_coup_result r;                          // the AI for the side to move: it views
 *     ct_coup_search(&full, level, 0, 0, seed, &r);  // the position itself, never the deal
 *     // a record keeps the seed and the moves: replaying ct_coup_play(&full, mv, 0) from
 *     // ct_coup_start(&full, &deal) gives the same reveals on every machine.
 *
 * Representation (why not ct_pos): ct_pos gives each piece index a fixed type slot (two
 * rooks per side), but a face-down piece on a rook's square moves as a rook while both real
 * rooks may already stand revealed elsewhere. So a cờ úp position keeps one cell per square:
 *     0 empty, CT_OFFBOARD, or side flag (16 Red, 32 Black) | CT_COUP_DOWN (face down) | type
 * where the type of a face-up piece is what it is, and the type of a face-down piece is its
 * identity when the holder of this position knows it, 0 when not. A face-down piece moves,
 * checks, pins and screens as ct_coup_home_type() of its square (it never left its square).
 * Squares, moves (ct_move) and coordinates are the standard game's (types.h).
 *
 * Moves and chance: a move is from/to as in the standard game. A move of a face-down piece
 * reveals it; what it turns out to be is a separate outcome (a chance event): the referee's
 * position knows it, a view does not and the caller passes it to ct_coup_make() (the AI
 * enumerates it, weighted by the pool). ct_coup_perft() counts move choices only: a reveal is
 * resolved by the position's deal, never branched on.
 *
 * The pool: pool[side][type] counts that side's pieces whose identity the holder of the
 * position does not know from the board: every piece still face down on the board, plus, in
 * a player's view, the player's own pieces captured while face down (the capturer learned
 * what they were; the owner did not). Both players know the pool of the pieces on the board
 * ("no Red face-down piece can be a rook once both red rooks are revealed").
 *
 * What is hidden from whom (spec DECISIONs):
 *   - the identity of a face-down piece on the board: from both players and the watchers;
 *     only the referee's position (from ct_coup_start with a deal) holds it;
 *   - a piece captured while face down: the capturer learns it, its owner does not, and a
 *     watcher does not (a watcher could tell the owner);
 *   - everything else (moves, reveals, face-up captures) is public.
 * ct_coup_view() is the one function that turns the referee's position into what a player or
 * a watcher may see; whatever is sent to a player, a seat, an engine or a file meant for one
 * player must come from it. ct_coup_search() applies it itself before searching, so the AI
 * cannot read the deal even when handed the referee's position.
 *
 * Ownership: positions are plain values (copy them freely; 33 KB with the history). Nothing
 * here prints or keeps state (the PRNG state is passed in); only ct_coup_search allocates,
 * its 4 MB transposition table for the one search (freed before it returns; without memory
 * it searches without a table).
 */
#ifndef COTUONG_COUP_H
#define COTUONG_COUP_H

#include <stddef.h>
#include <stdint.h>

#include "cotuong/rules.h"
#include "cotuong/types.h"

#define CT_COUP_DOWN 8         /* cell flag: the piece is face down */
#define CT_COUP_TYPE(cell) ((cell) & 7)
#define CT_COUP_WATCHER 2      /* viewer of ct_coup_view() who plays neither side */
#define CT_COUP_DEALT 15       /* face-down pieces per side at the start */

/* One move's undo record (and the key history for repetitions). */
typedef struct {
    uint64_t key;       /* key before the move */
    ct_move move;
    uint8_t moved;      /* cell on the from-square before the move */
    uint8_t captured;   /* cell on the to-square before the move (0: no capture) */
    uint8_t in_check;   /* the move gave check (set by ct_coup_make) */
    uint8_t pad;
    uint16_t halfmove;  /* halfmove clock before the move */
} ct_coup_undo;

typedef struct {
    uint8_t board[CT_BOARD_SIZE]; /* cells, see above */
    uint8_t pool[2][CT_PIECE_TYPES]; /* identities not known to the holder, per side/type */
    uint8_t taken[2][16];          /* pieces of a side captured, in order: their cell as
                                    * captured (DOWN kept; type 0 = not known to the holder) */
    uint8_t ntaken[2];
    ct_sq king[2];
    int side;
    int halfmove;                  /* plies since the last capture */
    int fullmove;
    int ply;
    uint64_t key;                  /* ignores face-down identities: a view has the same key */
    ct_coup_undo hist[CT_MAX_HISTORY];
} ct_coup_pos;

/* The deal: the identity of the piece on each of a side's 15 starting squares, in the order
 * of ct_coup_deal_square() (back rank a..i without the king, cannons b then h, pawns a..i). */
typedef struct {
    uint8_t type[2][CT_COUP_DEALT];
} ct_coup_deal;

/* ------------------------------------------------------------------ deal and set-up */
/* The small deterministic PRNG of the variant (splitmix64): advances *state, returns 64 bits. */
uint64_t ct_coup_rand(uint64_t *state);
/* A uniformly random deal (Fisher-Yates per side, Red first) from seed: the same seed gives
 * the same deal on every machine. */
void ct_coup_deal_random(ct_coup_deal *deal, uint64_t seed);
/* The deal that puts every piece on its own square (the standard set-up, for tests). */
void ct_coup_deal_standard(ct_coup_deal *deal);
/* True when each side's 15 identities are the set's (2 A, 2 B, 2 N, 2 R, 2 C, 5 P). */
bool ct_coup_deal_ok(const ct_coup_deal *deal);
/* The i-th (0..14) starting square of a side's face-down pieces. */
ct_sq ct_coup_deal_square(int side, int i);
/* The start position: kings face up, the rest face down; with deal NULL the identities are
 * unknown (the start position as both players see it). */
void ct_coup_start(ct_coup_pos *pos, const ct_coup_deal *deal);
/* An empty board (no kings), Red to move, empty pools: for FEN readers, editors and tests.
 * ct_coup_put() places a cell (side flag | CT_COUP_DOWN? | type; 0 empties) keeping the key
 * and the kings' squares; the caller fills the pools and checks ct_coup_pos_ok(). */
void ct_coup_clear(ct_coup_pos *pos);
void ct_coup_put(ct_coup_pos *pos, ct_sq sq, int cell);
void ct_coup_set_side(ct_coup_pos *pos, int side);
/* The standard piece on sq at the start (CT_NO_TYPE for other squares), side-independent:
 * the piece a face-down piece on sq moves as. */
int ct_coup_home_type(ct_sq sq);
/* The side whose starting square sq is (-1 when none). */
int ct_coup_home_side(ct_sq sq);

/* ------------------------------------------------------------------ queries */
static inline int ct_coup_side_at(const ct_coup_pos *pos, ct_sq sq) /* -1 when empty */
{
    int c = pos->board[sq];
    return (c == 0 || c == CT_OFFBOARD) ? -1 : ((c >> 5) & 1);
}
static inline bool ct_coup_is_down(const ct_coup_pos *pos, ct_sq sq)
{
    int c = pos->board[sq];
    return c != CT_OFFBOARD && (c & CT_COUP_DOWN);
}
/* The type the piece on sq moves as now (its square's for a face-down piece). */
int ct_coup_acting_type(const ct_coup_pos *pos, ct_sq sq);
/* The pieces of a side in the pool (sum over types). */
int ct_coup_pool_count(const ct_coup_pos *pos, int side);
/* True when every invariant holds (cells, kings, pool against the board and the set, key). */
bool ct_coup_pos_ok(const ct_coup_pos *pos);
uint64_t ct_coup_compute_key(const ct_coup_pos *pos);

/* ------------------------------------------------------------------ moves */
int ct_coup_gen_pseudo(const ct_coup_pos *pos, ct_move *out);
/* Legal moves of the side to move; 0 = the side to move has lost (mate or stalemate). */
int ct_coup_gen_legal(const ct_coup_pos *pos, ct_move *out);
/* Legal captures only (for the quiescence search). */
int ct_coup_gen_captures(const ct_coup_pos *pos, ct_move *out);
bool ct_coup_is_legal(const ct_coup_pos *pos, ct_move mv); /* any 16-bit value is safe */
bool ct_coup_in_check(const ct_coup_pos *pos, int side);
/* Would sq be attacked by `by` (pieces as they act now, the king along an open file)? */
bool ct_coup_sq_attacked(const ct_coup_pos *pos, ct_sq sq, int by);
/* True when mv moves a face-down piece (the move will reveal it). */
bool ct_coup_is_reveal(const ct_coup_pos *pos, ct_move mv);
/* Plays a legal mv. When it moves a face-down piece: if the position knows its identity,
 * reveal must be 0 or that identity; if not, reveal must be a type with pool count > 0 (the
 * outcome, from the referee or enumerated by a search). Returns the type revealed, 0 when
 * the move revealed nothing, -1 (position unchanged) when reveal contradicts the position. */
int ct_coup_make(ct_coup_pos *pos, ct_move mv, int reveal);
void ct_coup_unmake(ct_coup_pos *pos);
/* Checked entry point for moves from users or files: CT_ERR_ILLEGAL when mv is not legal,
 * CT_ERR_INVALID when reveal contradicts the position (see ct_coup_make). */
ct_status ct_coup_play(ct_coup_pos *pos, ct_move mv, int reveal);
/* Move choices at depth (reveals resolved by the position's deal; a position that does not
 * know an identity resolves it to the pool's first type, which does not change the count at
 * depth 1 and is documented as such). */
uint64_t ct_coup_perft(ct_coup_pos *pos, int depth);

/* ------------------------------------------------------------------ the end of the game */
/* The board verdict after the last move, as rules.h words it: checkmate / stalemate (the
 * side to move loses), the 3rd occurrence of a position (perpetual check loses for the
 * checking side; else perpetual chase, as chase.c defines a chase, loses for the chasing
 * side; otherwise a draw), 120 plies without a capture (draw). A face-down piece chases and
 * is chased as the piece it moves as. *reason gets the CT_END_* (CT_END_NONE while the game
 * goes on). */
ct_result ct_coup_judge(const ct_coup_pos *pos, ct_end_reason *reason);

/* ------------------------------------------------------------------ information */
/* The position as `viewer` (CT_RED, CT_BLACK or CT_COUP_WATCHER) may know it: face-down
 * identities cleared on the board and in the history; the viewer's own pieces captured face
 * down lose their identity and go back into the viewer's pool of that side (a watcher: both
 * sides'); pieces the viewer captured face down keep theirs. full may be any position (a
 * view of a view is the same view). */
void ct_coup_view(const ct_coup_pos *full, int viewer, ct_coup_pos *out);

/* ------------------------------------------------------------------ FEN (Jieqi tools) */
/* board with X/x for face-down pieces, then the pool field letter+count (A B N R C P, upper
 * case Red, "-" for none), then side, "-", "-", halfmove, fullmove:
 *   xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1
 * The reader also takes JieqiBox's newer order (board, side, pool, captured pool, halfmove,
 * fullmove), ignoring the captured field. A FEN carries no identity of a face-down piece. */
typedef enum {
    CT_COUP_FEN_OK = 0,
    CT_COUP_FEN_EMPTY,        /* no field at all */
    CT_COUP_FEN_FIELD_COUNT,  /* count fields: not 2 (board, pool), 3, 4, 6 or 7 */
    CT_COUP_FEN_RANK_POINTS,  /* rank has count points, not 9 */
    CT_COUP_FEN_RANK_COUNT,   /* count ranks, not 10 */
    CT_COUP_FEN_LETTER,       /* letter is no piece letter of the board (on rank) */
    CT_COUP_FEN_NO_KING,      /* side has no king (or more than one: count) */
    CT_COUP_FEN_KING_PLACE,   /* side's king outside its palace (file, rank) */
    CT_COUP_FEN_DOWN_PLACE,   /* a face-down piece of side off its starting squares (file, rank) */
    CT_COUP_FEN_POOL_SYNTAX,  /* the pool field is not letter+count pairs (letter) */
    CT_COUP_FEN_POOL_SHORT,   /* side has count face-down pieces, more than its pool holds */
    CT_COUP_FEN_TOO_MANY,     /* side has count pieces of type (face up + pool), more than a set */
    CT_COUP_FEN_SIDE,         /* the side to move is not w, r or b */
    CT_COUP_FEN_PLACEHOLDER,  /* a field that must be '-' is not */
    CT_COUP_FEN_HALFMOVE,     /* the half-move clock is not a number */
    CT_COUP_FEN_FULLMOVE,     /* the move number is not a number */
    CT_COUP_FEN_IN_CHECK,     /* side, the side not to move, is in check */
} ct_coup_fen_problem;

typedef struct {
    int field;            /* 1-based field of the problem, 0 = whole string */
    char message[120];    /* English words, for logs; callers word the code themselves */
    ct_coup_fen_problem code;
    int side, type, file, rank, count;
    char letter;
} ct_coup_fen_error;

/* On failure pos is unchanged and err (if not NULL) says why. Face-down identities unknown. */
ct_status ct_coup_fen_read(ct_coup_pos *pos, const char *fen, ct_coup_fen_error *err);
/* Writes the 7-field FEN (like snprintf: returns the length needed). Write a view's FEN for a
 * player: the referee's pool leaves out the captured face-down pieces, which the owner must
 * not learn. */
int ct_coup_fen_write(const ct_coup_pos *pos, char *buf, size_t size);

/* ------------------------------------------------------------------ the AI */
/* Searches the view of the side to move (ct_coup_view is applied first: pos may be the
 * referee's). Expectimax with alpha-beta: reveals are chance nodes over the pool. Levels 1..10
 * bound the depth and nodes as the standard game's do; depth/nodes (> 0) narrow them further,
 * so a test can fix the work exactly. seed picks among near-equal moves at weak levels. */
typedef struct {
    ct_move move;        /* CT_NO_MOVE when the side to move has no legal move */
    int score;           /* centipawns for the side to move (expected value) */
    int depth;           /* last completed depth */
    uint64_t nodes;
} ct_coup_result;

#define CT_COUP_MATE 30000
/* The top level's node budget. Passed as `nodes` with level 10 it gives that level's work
 * with no margin: the best move found, never a near-equal one picked by seed (the hint). */
#define CT_COUP_TOP_NODES 400000

void ct_coup_search(const ct_coup_pos *pos, int level, int depth, uint64_t nodes,
                    uint64_t seed, ct_coup_result *out);
/* The same with a poll: poll(arg) runs on the searching thread every 1024 nodes; returning
 * true stops the search, which then answers with the last completed depth's move, or a move
 * the cut-off depth finished and found better (depth 1 always completes; out->depth counts
 * completed depths). For a seat that thinks off the UI thread and must stop on undo/quit. */
typedef bool (*ct_coup_poll)(void *arg);
void ct_coup_search_poll(const ct_coup_pos *pos, int level, int depth, uint64_t nodes,
                         uint64_t seed, ct_coup_poll poll, void *arg, ct_coup_result *out);
/* Static evaluation of a view for its side to move (exposed for tests and tools). */
int ct_coup_evaluate(const ct_coup_pos *view);

#endif
