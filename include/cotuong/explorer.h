/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the master-games index: what masters played in a position, with the results and
 * an example game. Built from game records (ct_explorer_build, used by tools/mkindex) into a
 * compact, reproducible byte image; read back from a byte buffer the caller owns
 * (ct_explorer_open validates it, so a damaged image is an error, never a crash).
 *
 * Image format (little-endian, version 3; docs in man/cotuong.6, FILES):
 *   header   64 bytes: "CTMI", version, plies, ngames, npos, nmulti, nmoves, strings size,
 *            Zobrist key of the start position, FNV-1a 64 checksum of everything after it,
 *            ntree
 *   games    ngames x (18 + plies) bytes: red, black, event (string offsets), year, ECCO,
 *            result, number of moves, then each move as its index among the legal moves
 *            sorted by ct_move value
 *   pos      npos x 8: upper 32 bits of the Zobrist key, game << 8 | ply of one game that
 *            reaches the position (sorted); the game is replayed to verify the position, so
 *            a key collision can never show another position's moves
 *   multi    nmulti x 10: position index, first move entry, move entries -- positions
 *            reached by more than one game; the others take the move and result of their
 *            game
 *   moves    nmoves x 17: move (16 bits), then 24-bit games, red wins, draws, black wins,
 *            example game
 *   strings  NUL-terminated UTF-8; offset 0 is ""
 *   tree     ntree x 8: the opening classifier's decision tree, learnt from the games'
 *            ECCO codes (src/core/ecco_tree.h)
 */
#ifndef COTUONG_EXPLORER_H
#define COTUONG_EXPLORER_H

#include <stddef.h>

#include "cotuong/position.h"
#include "cotuong/rules.h"

/* Plies of each game that the index covers (positions before ply 0..CT_EXPLORER_PLIES-1 and
 * the move played there): 30 plies = the first 15 moves of each side, past the opening
 * phase that ECCO codes describe (the archive's codes are all settled by ply 16); 40 plies
 * would not fit in 8 MB. */
#define CT_EXPLORER_PLIES 30
/* ECCO codes as numbers: letter A..E times 100 plus the two digits (A00 = 0, E99 = 499). */
#define CT_ECCO_NONE (-1)
#define CT_ECCO_CODES 500

/* One game given to the builder. Strings may be NULL (= ""); moves from the standard start. */
typedef struct {
    const ct_move *moves;
    int nmoves;
    ct_result result;
    int ecco; /* CT_ECCO_NONE or 0..499 */
    const char *red, *black, *event;
    int year; /* 0 when unknown */
} ct_explorer_input;

/* Builds the image from games (duplicates by whole move list counted once, the first kept)
 * into a new buffer (*out, *out_len; free with free()). The bytes depend only on the games
 * and their order. CT_ERR_FULL on memory, CT_ERR_ILLEGAL if a game has an illegal move. */
ct_status ct_explorer_build(const ct_explorer_input *games, int ngames, uint8_t **out,
                            size_t *out_len, int *unique_games);

typedef struct ct_explorer ct_explorer;

/* Validates the image (sizes, offsets, order, checksum, key scheme) and returns a reader
 * that points into buf: keep buf alive and unchanged until ct_explorer_free.
 * CT_ERR_INVALID when the image is damaged or of another version; CT_ERR_FULL on memory. */
ct_status ct_explorer_open(const void *buf, size_t len, ct_explorer **out);
void ct_explorer_free(ct_explorer *x);
int ct_explorer_games(const ct_explorer *x);
int ct_explorer_positions(const ct_explorer *x);

typedef struct {
    ct_move move;
    unsigned games, red, draw, black; /* games - red - draw - black = unfinished / unknown */
    int example;                      /* a game that played the move (ct_explorer_game) */
} ct_explorer_move;

/* The master moves of pos, most played first (ties by move value); returns how many (at
 * most max), 0 when the position is not in the index. */
int ct_explorer_lookup(const ct_explorer *x, const ct_pos *pos, ct_explorer_move *out, int max);
typedef struct {
    const char *red, *black, *event; /* UTF-8 as in the source (may be ""; unsanitised) */
    int year;                        /* 0 when unknown */
    int ecco;
    ct_result result;
} ct_explorer_game_info;

/* Facts of game i (0 <= i < ct_explorer_games); CT_ERR_INVALID for another i. */
ct_status ct_explorer_game(const ct_explorer *x, int i, ct_explorer_game_info *out);

#endif
