/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the position: board, pieces, side to move, Zobrist key, make/unmake, FEN. */
#ifndef COTUONG_POSITION_H
#define COTUONG_POSITION_H

#include <stddef.h>

#include "cotuong/types.h"

/* What make() must remember to unmake a move, and the key history for repetitions. */
typedef struct {
    uint64_t key;       /* key of the position before the move */
    ct_move move;       /* the move made (CT_NO_MOVE for a null move) */
    uint8_t captured;   /* piece index captured, 0 if none */
    uint8_t in_check;   /* 1 if the side that moved gave check (filled by callers that know) */
    uint16_t halfmove;  /* plies since the last capture, before the move */
    int64_t pst;        /* ct_pos's pst before the move */
} ct_undo;

typedef struct {
    uint8_t board[CT_BOARD_SIZE]; /* 0, a piece index, or CT_OFFBOARD */
    uint8_t sq_of[48];            /* square of each piece index, 0 when captured/absent */
    uint16_t row_occ[16];         /* bit (col) set when that square of the row is occupied */
    uint16_t col_occ[16];         /* bit (row) set when that square of the column is occupied */
    uint64_t key;                 /* Zobrist key of board + side to move */
    /* The evaluation's piece-square tables summed over the pieces (Red minus Black, times
     * their weights), kept up to date by make, unmake, put and remove so that ct_eval need
     * not: the opening table's sum times 2^32 plus the endgame table's (eval_internal.h),
     * one word so that make and unmake read and write it whole (two halves written apart
     * and read as one stall the processor's store forwarding). */
    int64_t pst;
    int side;                     /* side to move */
    int halfmove;                 /* plies since the last capture (FEN field 5) */
    int fullmove;                 /* full-move number (FEN field 6) */
    int ply;                      /* entries used in hist */
    ct_undo hist[CT_MAX_HISTORY];
} ct_pos;

/* The standard start position. */
#define CT_START_FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

/* Why a FEN was rejected, as a code with its parameters (in ct_fen_error) for callers that
 * word it in another language; message holds the English words. */
typedef enum {
    CT_FEN_OK = 0,
    CT_FEN_EMPTY,           /* no field at all */
    CT_FEN_TOO_MANY_FIELDS, /* more than 6 fields */
    CT_FEN_FIELD_COUNT,     /* count fields, not 2, 4 or 6 */
    CT_FEN_RANK_POINTS,     /* rank has count points, not 9 */
    CT_FEN_TOO_MANY_RANKS,  /* more than 10 ranks */
    CT_FEN_RANK_LONG,       /* rank has more than 9 points */
    CT_FEN_LETTER,          /* letter is no piece letter (on rank) */
    CT_FEN_RANK_COUNT,      /* count ranks, not 10 */
    CT_FEN_PLACEMENT,       /* a piece (side, type) where it can never stand (file, rank) */
    CT_FEN_TOO_MANY,        /* more pieces (side, type) than a set holds */
    CT_FEN_NO_KING,         /* side has no king */
    CT_FEN_SIDE,            /* the side to move is not w, r or b */
    CT_FEN_PLACEHOLDER,     /* field 3 or 4 is not '-' */
    CT_FEN_HALFMOVE,        /* the half-move clock is not a number */
    CT_FEN_FULLMOVE,        /* the move number is not a number */
    CT_FEN_IN_CHECK,        /* side, the side not to move, is in check */
} ct_fen_problem;

/* Details of a rejected FEN: which field (1..6, 0 = whole string) and why; the parameters
 * not named by the code are 0. */
typedef struct {
    int field;
    char message[120];
    ct_fen_problem code;
    int side, type;   /* CT_RED/CT_BLACK, CT_KING..CT_PAWN */
    int file, rank;   /* 0..8, 0..9 */
    int count;
    char letter;      /* the byte of the FEN (not checked to be printable) */
} ct_fen_error;

void ct_pos_clear(ct_pos *pos);
void ct_pos_start(ct_pos *pos);

/* Reads a FEN (2, 4 or 6 fields; N/H, B/E; w/r/b). On failure pos is unchanged and err
 * (if not NULL) says which field is wrong. Validation follows spec §2. */
ct_status ct_fen_read(ct_pos *pos, const char *fen, ct_fen_error *err);
/* Writes the six-field FEN (N/B letters, w/b) into buf; returns the length or the length
 * needed when size is too small (like snprintf). */
int ct_fen_write(const ct_pos *pos, char *buf, size_t size);

/* Places or removes a piece, keeping every invariant; used by FEN reading and editors. */
ct_status ct_pos_put(ct_pos *pos, int side, int type, ct_sq sq);
void ct_pos_remove(ct_pos *pos, ct_sq sq);
void ct_pos_set_side(ct_pos *pos, int side);

/* Make/unmake for moves known to be pseudo-legal. make() does not test king safety. */
void ct_pos_make(ct_pos *pos, ct_move mv);
void ct_pos_unmake(ct_pos *pos);
void ct_pos_make_null(ct_pos *pos);
void ct_pos_unmake_null(ct_pos *pos);

/* Checked entry point for moves from users or files: plays mv if it is legal. */
ct_status ct_pos_play(ct_pos *pos, ct_move mv);

/* Piece queries. */
static inline int ct_piece_type(int pc)
{
    static const uint8_t slot_type[16] = {CT_KING,   CT_ADVISOR, CT_ADVISOR, CT_ELEPHANT,
                                          CT_ELEPHANT, CT_HORSE, CT_HORSE,   CT_ROOK,
                                          CT_ROOK,   CT_CANNON,  CT_CANNON,  CT_PAWN,
                                          CT_PAWN,   CT_PAWN,    CT_PAWN,    CT_PAWN};
    return slot_type[pc & 15];
}
static inline int ct_pos_type_at(const ct_pos *pos, ct_sq sq)
{
    int pc = pos->board[sq];
    return (pc == 0 || pc == CT_OFFBOARD) ? CT_NO_TYPE : ct_piece_type(pc);
}
static inline int ct_pos_side_at(const ct_pos *pos, ct_sq sq) /* -1 when empty */
{
    int pc = pos->board[sq];
    return (pc == 0 || pc == CT_OFFBOARD) ? -1 : CT_PIECE_SIDE(pc);
}
static inline ct_sq ct_pos_king(const ct_pos *pos, int side)
{
    return pos->sq_of[CT_SIDE_FLAG(side) + CT_SLOT_KING];
}
static inline bool ct_sq_on_board(int sq)
{
    return (unsigned)(CT_SQ_FILE(sq)) < CT_FILES && (unsigned)(CT_SQ_RANK(sq)) < CT_RANKS &&
           sq >= 0 && sq < CT_BOARD_SIZE;
}

/* Zobrist contribution of a piece type of a side on a square, and of Black to move. */
uint64_t ct_zobrist_piece(int side, int type, ct_sq sq);
uint64_t ct_zobrist_side(void);
/* Recomputes the key from scratch (for invariant checks and tests). */
uint64_t ct_pos_compute_key(const ct_pos *pos);

/* True when every invariant holds (board/piece lists/occupancy/key agree). */
bool ct_pos_ok(const ct_pos *pos);

/* Counts a side's pieces of one type. */
int ct_pos_count(const ct_pos *pos, int side, int type);

/* Squares in coordinate notation: "e2" (file a-i, rank 0-9). Returns CT_NO_SQ on error. */
ct_sq ct_sq_parse(const char *s);
void ct_sq_name(ct_sq sq, char out[3]);

/* Moves in coordinate notation "h2e2" (UCCI / Pikafish). Parsing checks only the syntax. */
ct_move ct_move_parse_coord(const char *s);
void ct_move_coord(ct_move mv, char out[5]);

#endif
