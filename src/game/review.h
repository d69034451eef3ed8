/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the review model: one or many games opened from a file, a current game and a
 * current node in its move tree, and every operation of the review screen (step, jump,
 * enter and leave variations, play on as a new variation, comments, analysis marks, save).
 * No curses here: src/ui/review_view.c draws it and src/tui/mode_review.c maps keys to it,
 * so the navigation is tested without a terminal (tests/check_review.c). */
#ifndef COTUONG_APP_REVIEW_H
#define COTUONG_APP_REVIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "cotuong/annotate.h"
#include "cotuong/notation.h"
#include "cotuong/record.h"

typedef struct {
    ct_record *games; /* owned */
    int ngames;
    int game;         /* current game, 0-based */
    int node;         /* current node of games[game] (CT_ROOT = the start) */
    ct_pos *pos;      /* position at node (heap) */
    bool modified;    /* a comment, mark or move was added since the last save/open */
    char path[1024];  /* the file opened, "" for a new record */
    /* Analysis of the current game's main line (from review_analyse_game), or NULL. */
    ct_move_annotation *ann;
    int nann;
    int ann_game;
} review_state;

/* Opens path (PGN or XQF). On failure returns -1 with a message in err and leaves rs as
 * it was (an open review keeps its game). */
int review_open(review_state *rs, const char *path, char *err, size_t errsize);
/* Takes over games (an array of n records, ownership passes) as if opened from path. */
void review_adopt(review_state *rs, ct_record *games, int n, const char *path);
void review_close(review_state *rs);

/* Navigation; each returns true when the current node changed. */
bool review_select_game(review_state *rs, int game);
bool review_forward(review_state *rs);             /* first child: on along the current line */
bool review_back(review_state *rs);                /* to the parent */
bool review_first(review_state *rs);               /* to the start */
bool review_last(review_state *rs);                /* to the end of the current line */
bool review_goto(review_state *rs, int node);      /* any live node */
/* The alternatives to the current move (siblings): next/previous variation at this ply. */
bool review_next_variation(review_state *rs);
bool review_prev_variation(review_state *rs);
/* Into the i-th alternative (1 = the first variation) of the move after the current node. */
bool review_enter_variation(review_state *rs, int i);
/* Out of the current variation: back to the move it replaces, on the line it branched from. */
bool review_leave_variation(review_state *rs);

/* Plays mv from the current node: follows an existing child with that move, or adds it as a
 * new variation (or the continuation when the node has none). CT_ERR_ILLEGAL if illegal. */
ct_status review_play(review_state *rs, ct_move mv);
/* Comment of the current node (the root: comment before the first move); NULL/"" removes. */
ct_status review_set_comment(review_state *rs, const char *text);
void review_set_nag(review_state *rs, int nag);
/* Deletes the current node and what follows (not the root) and goes to its parent. */
bool review_delete(review_state *rs);
/* Makes the current line the main line. */
void review_promote(review_state *rs);

/* Nodes of the current line from the first move to its end (the main continuation of the
 * current node): out[0..n), also giving the index of the current node in *cur (-1 at the
 * root). Returns n (at most max). */
int review_line(const review_state *rs, int *out, int max, int *cur);
/* Variation depth of a node: 0 on the main line, 1 inside a variation, and so on. */
int review_depth(const review_state *rs, int node);

/* Analyses the main line of the current game (see ct_annotate_line) and marks each move
 * with its NAG (only moves without a mark of their own). Returns the moves analysed. */
int review_analyse_game(review_state *rs, ct_search *s, const ct_limits *lim,
                        ct_annotate_progress_fn progress, void *user);
/* The analysis of node, or NULL (the node is not on the analysed main line). */
const ct_move_annotation *review_annotation(const review_state *rs, int node);

/* Saves every game to path (NULL = the file it came from) as PGN in notation n, atomically. */
int review_save(review_state *rs, const char *path, ct_notation n, char *err, size_t errsize);

#endif
