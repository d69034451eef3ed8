/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the opening book: lines of moves from the start position, given as text by the
 * caller (the app reads assets/book.txt), looked up by Zobrist key so transpositions meet.
 *
 * Text format: one line per opening line, moves in coordinate notation separated by
 * spaces ("h2e2 h9g7 h0g2"); an optional weight prefix "N:" repeats the line N times in
 * the statistics; '#' starts a comment; blank lines are ignored. */
#ifndef COTUONG_BOOK_H
#define COTUONG_BOOK_H

#include <stddef.h>

#include <stdbool.h>

#include "cotuong/position.h"

typedef struct ct_book ct_book;

/* Parses the book text. Returns NULL when memory is short. A line with an illegal or
 * unreadable move is kept up to that move; *bad_lines (if not NULL) counts such lines. */
ct_book *ct_book_new(const char *text, size_t len, int *bad_lines);
void ct_book_free(ct_book *book);
/* Number of (position, move) entries. */
size_t ct_book_entries(const ct_book *book);
/* The book moves for pos, legal in pos, with their weights; returns how many (<= max). */
int ct_book_moves(const ct_book *book, const ct_pos *pos, ct_move *moves, int *weights, int max);
/* Picks one book move for pos by weight, deterministically from seed; CT_NO_MOVE if none. */
ct_move ct_book_pick(const ct_book *book, const ct_pos *pos, uint64_t seed);

/* The master book: the moves of the master-games index (cotuong/explorer.h). The book
 * takes bytes (from malloc; freed with the book, also on failure); NULL when the image
 * is not a valid index or memory is short. Its choice depends on the level: from level 8
 * on only moves at least 8 masters (and 1 in 20 of the position's games) played, scoring
 * at most 2 points below the position's mean, weighted by games and score; below level 8
 * any move 3 masters played, scoring at most 10 points below, with flatter weights. A
 * position that fewer than 30 (below level 8: 10) games reached has no book move. */
ct_book *ct_book_new_masters(void *bytes, size_t len);
bool ct_book_is_masters(const ct_book *book);
/* The same as ct_book_moves / ct_book_pick for a playing level 1-10 (the text book ignores
 * the level; ct_book_moves and ct_book_pick mean level 10). */
int ct_book_moves_level(const ct_book *book, const ct_pos *pos, int level, ct_move *moves,
                        int *weights, int max);
ct_move ct_book_pick_level(const ct_book *book, const ct_pos *pos, uint64_t seed, int level);

#endif
