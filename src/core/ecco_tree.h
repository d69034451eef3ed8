/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the opening classifier's decision tree (core internals, shared by explorer.c,
 * which learns it when building the master-games index and stores it in the image, and
 * ecco.c, which classifies with it).
 *
 * The tree asks about what each side has played in its first ECCO_TREE_MOVES moves, the
 * line normalised so that Red's first move starts on files e to i (a line and its mirror
 * image get the same code in the source). Two kinds of question:
 *   at: the side's i-th move (0-based) was m;
 *   by: the side had played m within its first i + 1 moves.
 * "by" questions do not depend on the order the two sides' moves were interleaved in, nor
 * on a side's own order before move i + 1, so a transposed order that reaches the same
 * position mostly answers them alike; "at" questions let the tree follow move order where
 * the source's codes do.
 *
 * A node is NODE_SIZE bytes, in preorder (a question's "yes" child follows it):
 *   [0]    question: LEAF, or kind << 7 | side << 6 | i (kind 0 = at, 1 = by; i < 10)
 *   [1]    0
 *   [2..3] the move m (little-endian)
 *   [4..5] the "no" child's node number (a question); 0 for a leaf
 *   [6..7] the ECCO code (a leaf); 0xffff for a question */
#ifndef COTUONG_ECCO_TREE_H
#define COTUONG_ECCO_TREE_H

#include "cotuong/explorer.h"

#define ECCO_TREE_MOVES 10
#define ECCO_TREE_NODE_SIZE 8u
#define ECCO_TREE_MAX_NODES 65535u

/* A line as the tree sees it: each side's first moves, normalised. */
typedef struct {
    ct_move side[2][ECCO_TREE_MOVES];
    int count[2];
} ecco_line;

/* The first plies of moves (from the standard start) as a line; an illegal move ends it. */
void ecco_line_of(const ct_move *moves, int nmoves, ecco_line *out);

typedef struct {
    ecco_line line;
    int code; /* 0..499 */
} ecco_sample;

/* Learns the tree from the samples (their order does not matter for the result beyond ties,
 * which are broken by the questions' encoding, so the same samples give the same bytes on
 * every machine) into new nodes (*nodes, free with free(); *count of them, 0 for no
 * samples). CT_ERR_FULL on memory or when the tree would exceed ECCO_TREE_MAX_NODES. */
ct_status ecco_tree_learn(const ecco_sample *samples, int n, uint8_t **nodes, uint32_t *count);

/* Whether count nodes form a tree walkable without leaving them (children after their
 * parent, fields in range). */
bool ecco_tree_valid(const uint8_t *nodes, uint32_t count);

/* The code of a line. ended: the line is the whole game, so a move it lacks was never
 * played: one leaf decides. Otherwise the game may go on: every leaf that some way of going
 * on reaches counts; *lo and *hi get the smallest and largest of their codes, and the code
 * is returned only when they agree. CT_ECCO_NONE (and *lo = *hi = CT_ECCO_NONE) for an
 * empty tree. */
int ecco_tree_classify(const uint8_t *nodes, uint32_t count, const ecco_line *l, bool ended,
                       int *lo, int *hi);

/* The tree stored in an index image (explorer.c). */
const uint8_t *ecco_tree_of(const ct_explorer *x, uint32_t *count);

#endif
