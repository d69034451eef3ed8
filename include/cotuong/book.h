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

#endif
