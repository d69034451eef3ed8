/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the game record: tags, start position, the moves as a tree (main line first,
 * then variations), a comment and an annotation per move, result and how the game ended.
 *
 * Nodes are addressed by index (int), stable for the life of the record: node 0 is the root
 * (the start position, no move; its comment is the comment before the first move). Every
 * other node holds the move that leads to it. The children of a node are ordered: the
 * first child continues the main line (or the line the node is on), later children are
 * alternatives (variations). Index -1 means "none". Text is UTF-8.
 * Functions that allocate return CT_ERR_FULL when memory runs out, leaving the record valid.
 */
#ifndef COTUONG_RECORD_H
#define COTUONG_RECORD_H

#include <stddef.h>

#include "cotuong/position.h"
#include "cotuong/rules.h"

#define CT_ROOT 0
#define CT_NO_NODE (-1)

/* The result (ct_result: CT_RESULT_NONE "*", RED_WINS "1-0", BLACK_WINS "0-1", DRAW
 * "1/2-1/2") and how the game ended (ct_end_reason, CT_END_*) are the referee's types from
 * rules.h; ct_result_string/ct_result_parse and ct_end_reason_name name them. */

typedef struct {
    ct_move move;     /* the move leading here; CT_NO_MOVE for the root */
    int parent;       /* CT_NO_NODE for the root */
    int first_child;  /* CT_NO_NODE when the line ends here */
    int next_sibling; /* next alternative to this move, CT_NO_NODE if none */
    int nag;          /* annotation glyph: 0 none, 1 "!", 2 "?", 3 "!!", 4 "??", 5 "!?", 6 "?!", or any $n */
    char *comment;    /* comment after the move (NULL if none) */
} ct_node;

typedef struct {
    char *name;
    char *value;
} ct_tag;

typedef struct {
    /* Tags other than those the record holds as fields (Game "Chinese Chess", Result, FEN,
     * Format are fields or derived); kept in the order they were set. */
    ct_tag *tags;
    int ntags, tags_cap;
    /* Start position: FEN (six fields); has_fen is false for the standard start. */
    char start_fen[128];
    bool has_fen;
    ct_node *nodes;
    int nnodes, nodes_cap;
    ct_result result;
    /* How the game ended; written as our own tag [Termination "checkmate"] with the names
     * of ct_end_reason_name. A Termination tag with any other text is kept as a tag and
     * termination stays CT_END_NONE. */
    ct_end_reason termination;
} ct_record;

/* An empty record from the standard start position, no tags, result unknown. */
void ct_record_init(ct_record *r);
void ct_record_free(ct_record *r);
/* Empties r (all moves, tags, comments) and starts it again from the standard position. */
void ct_record_clear(ct_record *r);
/* Deep copy; dst must not be initialised (it is overwritten). */
ct_status ct_record_copy(ct_record *dst, const ct_record *src);

/* Start position. Setting it removes every move. NULL or the standard FEN = standard start.
 * A FEN that ct_fen_read refuses gives CT_ERR_INVALID (details in err). */
ct_status ct_record_set_start(ct_record *r, const char *fen, ct_fen_error *err);
/* The start position (standard or FEN). */
void ct_record_start_position(const ct_record *r, ct_pos *pos);

/* In place: C0 controls (but newline and tab when keep_newline), DEL and C1 controls
 * (U+0080..U+009F in UTF-8) become spaces; CRLF becomes LF. The record's one rule for
 * text it stores, and the PGN writer's for what it writes. */
void ct_text_clean(char *s, bool keep_newline);

/* Tags. Names compare exactly. set with value NULL removes the tag; control characters in
 * a value become spaces (ct_text_clean). The names "Result",
 * "FEN" and "Format" are refused (CT_ERR_INVALID): use the fields / set_start instead. */
const char *ct_record_tag(const ct_record *r, const char *name);
ct_status ct_record_set_tag(ct_record *r, const char *name, const char *value);

/* Tags in the writer's order: the xqbase tags (Game, Event, Round, Date, Site, RedTeam, Red,
 * RedElo, BlackTeam, Black, BlackElo, Result, ECCO, Opening, Variation, FEN, Format,
 * Termination) first, then the others in their present order. ct_record_tag_order(i) is
 * the i-th name of that list, NULL past its end. Readers sort, so records compare equal
 * after a round trip. */
void ct_record_sort_tags(ct_record *r);
const char *ct_record_tag_order(int i);

/* Adds move mv after node parent and returns the new node in *child (may be NULL). If
 * parent already has a child with that move, that child is returned and nothing is added.
 * The new node becomes the last child (a variation unless it is the first).
 * ct_record_add_move checks that mv is legal at parent (CT_ERR_ILLEGAL otherwise);
 * the _unchecked form trusts the caller (readers that replay the game themselves). */
ct_status ct_record_add_move(ct_record *r, int parent, ct_move mv, int *child);
ct_status ct_record_add_move_unchecked(ct_record *r, int parent, ct_move mv, int *child);

/* Navigation. Every function accepts any int and answers CT_NO_NODE / 0 / NULL for an
 * index that is not a live node. */
bool ct_record_valid_node(const ct_record *r, int node);
ct_move ct_record_move(const ct_record *r, int node);
int ct_record_parent(const ct_record *r, int node);
int ct_record_first_child(const ct_record *r, int node);
int ct_record_next_sibling(const ct_record *r, int node);
int ct_record_child_count(const ct_record *r, int node);
int ct_record_child(const ct_record *r, int node, int i); /* i-th child, 0 = main */
int ct_record_find_child(const ct_record *r, int node, ct_move mv);
/* Plies from the root to node (root = 0). */
int ct_record_depth(const ct_record *r, int node);
/* True when node lies on the main line (the first child at every step from the root). */
bool ct_record_on_main_line(const ct_record *r, int node);
/* Last node of the main line (CT_ROOT when there are no moves). */
int ct_record_main_end(const ct_record *r);
/* Main line as moves; returns how many moves it has (writes at most max). */
int ct_record_main_line(const ct_record *r, ct_move *out, int max);
/* Main line as nodes (the root excluded), same convention. */
int ct_record_main_line_nodes(const ct_record *r, int *out, int max);
/* Moves from the root to node; returns the depth of node (writes at most max). */
int ct_record_line_to(const ct_record *r, int node, ct_move *out, int max);
/* The position at node, by replaying from the start. CT_ERR_INVALID for a bad node,
 * CT_ERR_ILLEGAL if a stored move is not legal (only possible after _unchecked adds). */
ct_status ct_record_position(const ct_record *r, int node, ct_pos *pos);

/* Comment and annotation of a node (root: comment before the first move). NULL or ""
 * removes the comment. Comments are stored as PGN holds them: without blanks around,
 * with '}' written as ')', and control characters (C0 but newline and tab, DEL, C1) as
 * spaces, so no comment can carry a terminal escape sequence. */
const char *ct_record_comment(const ct_record *r, int node);
ct_status ct_record_set_comment(ct_record *r, int node, const char *text);
int ct_record_nag(const ct_record *r, int node);
void ct_record_set_nag(ct_record *r, int node, int nag);

/* Editing the tree. delete removes node and everything after it (not the root); its
 * index is not reused. promote makes node's line the main line at every level above it. */
ct_status ct_record_delete(ct_record *r, int node);
void ct_record_promote(ct_record *r, int node);

/* Number of moves (nodes other than the root) in the whole tree. */
int ct_record_count_moves(const ct_record *r);

/* Parses a Termination tag value written by ct_end_reason_name (not "unfinished"):
 * CT_OK or CT_ERR_NOT_FOUND. */
ct_status ct_termination_parse(const char *text, ct_end_reason *out);

/* Structural equality: start, tags (same order), tree (same order), comments, NAGs,
 * result, termination. For tests and round trips. */
bool ct_record_equal(const ct_record *a, const ct_record *b);

#endif
