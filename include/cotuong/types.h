/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the small types every core module shares: squares, pieces, sides, moves.
 *
 * Legend of abbreviations used across the core:
 *   sq   square on the padded 16x16 board (CT_SQ(file, rank)); 0 = none
 *   pc   piece index 16..47 (identity of one piece, kept for its whole life)
 *   pt   piece type (CT_KING .. CT_PAWN)
 *   sd   side: CT_RED (0, moves first, bottom) or CT_BLACK (1)
 *   mv   move: from + to * 256; 0 = no move
 *   ply  one half-move
 */
#ifndef COTUONG_TYPES_H
#define COTUONG_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/* Sides. */
enum { CT_RED = 0, CT_BLACK = 1 };

/* Piece types; the order is the order of the 16 slots of a side (see CT_SLOT_*). */
enum {
    CT_NO_TYPE = 0,
    CT_KING = 1,
    CT_ADVISOR = 2,
    CT_ELEPHANT = 3,
    CT_HORSE = 4,
    CT_ROOK = 5,
    CT_CANNON = 6,
    CT_PAWN = 7,
};
#define CT_PIECE_TYPES 8

/* Board geometry. Files a..i are 0..8 from Red's left, ranks 0..9 from Red's back rank.
 * Squares live on a 16x16 grid with a border, so a step off the board lands on a square
 * that holds CT_OFFBOARD and move generation needs no bounds tests. */
#define CT_FILES 9
#define CT_RANKS 10
#define CT_BOARD_SIZE 256
#define CT_SQ(file, rank) ((((rank) + 3) << 4) + (file) + 3)
#define CT_SQ_FILE(sq) (((sq) & 15) - 3)
#define CT_SQ_RANK(sq) (((sq) >> 4) - 3)
#define CT_SQ_ROW(sq) ((sq) >> 4)
#define CT_SQ_COL(sq) ((sq) & 15)
#define CT_NO_SQ 0

typedef uint8_t ct_sq;

/* Piece indices: Red 16..31, Black 32..47; slot = index & 15 decides the type.
 * A board square holds 0 (empty), a piece index, or CT_OFFBOARD, whose two side bits
 * make it look like "own piece" to both sides. */
#define CT_RED_FLAG 16
#define CT_BLACK_FLAG 32
#define CT_SIDE_FLAG(sd) (16 << (sd))
#define CT_OFFBOARD 0x30
#define CT_PIECE_SIDE(pc) (((pc) >> 5) & 1)

enum {
    CT_SLOT_KING = 0,
    CT_SLOT_ADVISOR = 1,  /* 1..2 */
    CT_SLOT_ELEPHANT = 3, /* 3..4 */
    CT_SLOT_HORSE = 5,    /* 5..6 */
    CT_SLOT_ROOK = 7,     /* 7..8 */
    CT_SLOT_CANNON = 9,   /* 9..10 */
    CT_SLOT_PAWN = 11,    /* 11..15 */
};

/* Moves. */
typedef uint16_t ct_move;
#define CT_NO_MOVE 0
#define CT_MOVE(from, to) ((ct_move)((from) | ((to) << 8)))
#define CT_FROM(mv) ((ct_sq)((mv) & 255))
#define CT_TO(mv) ((ct_sq)((mv) >> 8))

/* Upper bound on pseudo-legal moves in any reachable position (rooks and cannons 17 each,
 * horses 8, elephants and advisors 4, king 4, pawns 3: 119). */
#define CT_MAX_MOVES 128

/* Plies kept for unmake and repetition detection inside one position. */
#define CT_MAX_HISTORY 2048

/* Status codes returned by core functions. */
typedef enum {
    CT_OK = 0,
    CT_ERR_SYNTAX,
    CT_ERR_INVALID,
    CT_ERR_ILLEGAL,
    CT_ERR_AMBIGUOUS,
    CT_ERR_NOT_FOUND,
    CT_ERR_FULL,
    CT_ERR_IO,
    CT_ERR_UNSUPPORTED,
} ct_status;

#endif
